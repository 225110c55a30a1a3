// The database rules (server/src/db/rules) are put back on every start, after the migrations, by
// the runner every instance calls (server/src/db/migrate.ts): whatever body a function has, the
// next start gives it its file's; all files or none; safe with several instances starting at once;
// and an older version's instance leaves a newer database's rules alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../server/src/db/client.ts';
import { latestShippedMigration, runMigrations } from '../../server/src/db/migrate.ts';
import { startTestPostgres, type TestDatabase } from '../support/database.ts';
import { ruleFunctions } from '../support/db-rules.ts';

let pg: TestDatabase;
let databases: Database[];
const sql = async (text: string, params: unknown[] = []) => (await databases[0].pool.query(text, params)).rows;
beforeAll(async () => {
  pg = await startTestPostgres();
  databases = [1, 2, 3].map(() => connectDatabase(pg.url, 2));
});
afterAll(async () => {
  await Promise.all((databases ?? []).map((d) => d.close()));
  await pg?.stop();
});

const rules = ruleFunctions();
/** Three instances starting together. */
const startThree = async () =>
  (await Promise.allSettled(databases.map((d) => runMigrations(d.db)))).map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'));
/** The functions whose body in the database is not their rule file's. */
async function differing(): Promise<string[]> {
  const held = new Map((await sql(`SELECT proname, prosrc FROM pg_proc WHERE proname LIKE 'kurban\\_%'`)).map((r) => [r.proname, r.prosrc]));
  return rules.filter((f) => held.get(f.name) !== f.body).map((f) => f.name);
}
/** A body the file does not have, as an older version or a hand-run statement would leave. */
const drift = (name: string) => sql(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`);

describe('the database rules', () => {
  it('hold their files\' bodies once three instances started together on an empty database', async () => {
    expect(rules.length).toBeGreaterThan(40);
    expect(await startThree()).toEqual(['ok', 'ok', 'ok']);
    expect(await differing()).toEqual([]);
  });

  it('take their files\' bodies at the next start, with nothing left to migrate, on every instance starting then', async () => {
    await drift('kurban_queue_day');
    await drift('kurban_booking_count');
    expect(await differing()).toEqual(['kurban_booking_count', 'kurban_queue_day']);
    expect(await startThree()).toEqual(['ok', 'ok', 'ok']);
    expect(await differing()).toEqual([]);
    // Still the trigger's function: a slot's booked count follows its bookings.
    const [{ n }] = await sql(`SELECT count(*)::int AS n FROM pg_trigger WHERE tgname = 'victim_appointments_count' AND tgfoid = 'kurban_booking_count'::regproc`);
    expect(n).toBe(1);
  });

  it('are applied all or none: one that cannot be made leaves every function as it was', async () => {
    await drift('kurban_queue_day'); // queue.sql, applied before access.sql
    // access.sql's kurban_admin_user_ids reads group_claims: without it the function cannot be made.
    await sql('ALTER TABLE group_claims RENAME TO group_claims_away');
    try {
      await expect(runMigrations(databases[0].db)).rejects.toThrow(/group_claims/);
      expect(await differing()).toEqual(['kurban_queue_day']);
    } finally {
      await sql('ALTER TABLE group_claims_away RENAME TO group_claims');
    }
    await runMigrations(databases[0].db);
    expect(await differing()).toEqual([]);
  });

  it('are left alone by an instance older than the database (a newer version migrated it)', async () => {
    await sql('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', ['newer', latestShippedMigration() + 1]);
    try {
      await drift('kurban_queue_day');
      expect(await startThree()).toEqual(['ok', 'ok', 'ok']);
      expect(await differing()).toEqual(['kurban_queue_day']);
    } finally {
      await sql(`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'newer'`);
    }
    await runMigrations(databases[0].db);
    expect(await differing()).toEqual([]);
  });
});
