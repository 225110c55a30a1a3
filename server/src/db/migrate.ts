// Brings the database to this version, under one advisory lock (instances starting together on
// one database wait for each other: drizzle's migrator takes no lock, and two replacing one
// function at once fail with "tuple concurrently updated"):
// 1. the migrations drizzle-kit wrote (migrations/), each once: tables, constraints, triggers and
//    one-time data repairs;
// 2. the database rules (rules/*.sql, one file per domain, each `CREATE OR REPLACE FUNCTION` of
//    trigger functions and their helpers), on every start: a rule's next change edits one file;
// 3. then, in the same transaction, the search documents' functions and triggers, generated from
//    the contract (generated/server/search-documents.sql: codegen/search-documents.ts), which
//    also make the documents of rows that have none.
// Rule functions change in their rule file, never in a migration (a test keeps it so); a
// migration that calls one runs the body the database holds at that point.
// Between the two, the job queue's own schema (`graphile_worker`, its migrations run by the
// library, each once): the rules call `graphile_worker.add_job` (rules/messages.sql).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { Logger, runMigrations as installJobQueue } from 'graphile-worker';
import type { Db } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
export const RULES_DIR = fileURLToPath(new URL('./rules', import.meta.url));
const SEARCH_DOCUMENTS = fileURLToPath(new URL('../../../generated/server/search-documents.sql', import.meta.url));
/** The rule files in the order they are applied: what every rule reads first. */
export const RULE_FILES = ['context.sql', 'numbers.sql', 'ledger.sql', 'orders.sql', 'payments.sql', 'sales.sql', 'phones.sql', 'rate-limits.sql', 'search.sql', 'messages.sql', 'bookings.sql', 'queue.sql', 'tracking.sql', 'message-events.sql', 'access.sql', 'audit.sql'];
const MIGRATION_LOCK = 'kurban-migrations';
/** The job queue's schema installs silently (its warnings would read as the server's). */
const QUIET = new Logger(() => () => {});

// Read once: the same on every instance of one version.
let shippedLatest: number | undefined;
/** The time of the newest migration this version ships (its `created_at` once applied). */
export const latestShippedMigration = (): number =>
  (shippedLatest ??= Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis)));

export async function runMigrations(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
      await installJobQueue({ connectionString: db.$client.options.connectionString, maxPoolSize: 1, logger: QUIET });
      await applyRules(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Every rule file and the search documents' SQL, all or none (one transaction). Not when the
 * database holds a migration this version does not ship: a newer version migrated it and put its
 * own rules, which an older instance restarted during an upgrade must not take back.
 */
async function applyRules(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query('SELECT coalesce(max(created_at), 0)::float8 AS last FROM drizzle.__drizzle_migrations');
  if (Number(rows[0].last) > latestShippedMigration()) return;
  const rules = [...RULE_FILES.map((name) => readFileSync(`${RULES_DIR}/${name}`, 'utf8')), readFileSync(SEARCH_DOCUMENTS, 'utf8')];
  await client.query('BEGIN');
  try {
    for (const sql of rules) await client.query(sql);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
