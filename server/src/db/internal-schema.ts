// Tables of the server's own that the contract does not expose as entities.
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, victimOrders } from '../../../generated/server/schema.ts';

/**
 * Refresh tokens: opaque, stored as a SHA-256 hash, spent on use (rotation). Tokens issued from
 * one sign-in share a family, the session its access tokens name (`sid`); presenting a spent
 * token again revokes the whole family, and a family with a revoked token has ended (migration
 * session_revocations).
 */
export const refreshTokens = pgTable('refresh_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  familyId: uuid('family_id').notNull(),
  tokenHash: text('token_hash').notNull().unique('uq_refresh_tokens__token_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  spentAt: timestamp('spent_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // A user's tokens go with the user: they are credentials, not business records.
  foreignKey({ name: 'fk_refresh_tokens__user_id', columns: [t.userId], foreignColumns: [users.id] }).onDelete('cascade'),
  index('ix_refresh_tokens__family_id').on(t.familyId),
  index('ix_refresh_tokens__user_id').on(t.userId),
]);

/**
 * Per-user access version, carried in every access token (`ver`): bumped by the database on
 * every change that should end a user's access at once (triggers in migration access_versions),
 * so a server refuses older tokens on the next request instead of when they expire. No row
 * means version 0.
 */
export const accessVersions = pgTable('access_versions', {
  userId: integer('user_id').primaryKey(),
  version: integer('version').notNull().default(0),
}, (t) => [
  foreignKey({ name: 'fk_access_versions__user_id', columns: [t.userId], foreignColumns: [users.id] }).onDelete('cascade'),
]);

/**
 * The counters of attempts (db/rate-limits.ts), shared by every server instance on the
 * database: one row per key (what is counted and by whom: a client address, a hashed e-mail),
 * counting the hits of the window that ends at `expires_at`. UNLOGGED in its migration (drizzle-kit cannot say so): no
 * write-ahead log for a counter that may be lost in a crash, at worst a window starts again.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('ix_rate_limits__expires_at').on(t.expiresAt),
]);

/**
 * The first answer of a write sent with an `Idempotency-Key` (db/idempotency.ts): a retry with the
 * same key (by the same user, to the same operation) within a day gets this answer again instead
 * of a second write. The row is written in the write's own transaction, so it exists exactly when
 * the write committed; a request carrying the key while the first is under way waits for it.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: integer('user_id').notNull(),
  operation: text('operation').notNull(),
  key: text('key').notNull(),
  /** SHA-256 of the request body: the same key with another body is refused (422). */
  requestHash: text('request_hash').notNull(),
  status: integer('status'),
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'pk_idempotency_keys', columns: [t.userId, t.operation, t.key] }),
  index('ix_idempotency_keys__created_at').on(t.createdAt),
]);

/**
 * Gapless numbers of a series (`order:2026`, `receipt:2026`): the last number given. The next one
 * is taken by one `UPDATE … SET value = value + 1 … RETURNING` in the writing transaction, so two
 * writes never share a number, a rolled-back write gives its number back, and the cost does not
 * grow with the rows already numbered (rules/numbers.sql).
 */
export const numberSeries = pgTable('number_series', {
  series: text('series').primaryKey(),
  value: integer('value').notNull(),
});

/**
 * The links of the public tracking page (`/takip/{token}`, domain/tracking.ts): one per order,
 * written with its first text message that carries it (rules/messages.sql). The token is 16
 * random URL-safe characters (96 bits, `gen_random_bytes`): not guessable, short enough to keep an
 * SMS in one segment, and revocable, which a signed token is not; it opens the order's view until
 * `expires_at`.
 */
export const trackingLinks = pgTable('tracking_links', {
  token: text('token').primaryKey(),
  victimOrderId: integer('victim_order_id').notNull().unique('uq_tracking_links__victim_order_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  foreignKey({ name: 'fk_tracking_links__victim_order_id', columns: [t.victimOrderId], foreignColumns: [victimOrders.id] }).onDelete('cascade'),
]);
