// Backups: a full round trip (seed, back up, wipe, restore, compare every table's rows and the
// ledger), one snapshot even while entries are being written, a restore that refuses a database
// with data, backups readable by their owner alone, the same round trip on an older PostgreSQL
// installed on the machine (Debian's, in a cluster of its own), and the daily backup of an embedded
// database (once a day, the newest N kept, one server at a time).
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { backupDatabase, describeArchive, findPgTools, relationsIn, restoreDatabase, scheduleDailyBackups, serverMajorOf, type PgTools } from '../../server/src/db/backup.ts';
import { connectDatabase } from '../../server/src/db/client.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
import { ensureFirstAdmin, seedDemo, seedReference } from '../../server/src/db/seed/index.ts';
import { ADMIN, call, startTestServer, type TestServer } from '../support/app.ts';
import { startSystemPostgres, type SystemPostgres } from '../support/system-postgres.ts';

let server: TestServer;
let url: string;
let tools: PgTools;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  url = server.database.pool.options.connectionString!;
  await seedDemo(server.database.pool, { encryptionKey: server.config.encryptionKey });
  tools = await findPgTools(await serverMajorOf(url), process.env.PG_BIN_DIR);
  dir = await mkdtemp(join(tmpdir(), 'kurban-backups-'));
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function sql(text: string, params: unknown[] = [], at = url) {
  const client = new pg.Client({ connectionString: at });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Rows of every table of the app (and of the migrations' record and the outbox's job queue), by table. */
async function rowCounts(at = url): Promise<Record<string, number>> {
  const tables = await sql(`SELECT schemaname, tablename FROM pg_tables WHERE schemaname IN ('public', 'drizzle', 'graphile_worker') ORDER BY 1, 2`, [], at);
  const counts: Record<string, number> = {};
  for (const t of tables) counts[`${t.schemaname}.${t.tablename}`] = (await sql(`SELECT count(*)::int AS n FROM "${t.schemaname}"."${t.tablename}"`, [], at))[0].n;
  return counts;
}
const ledger = async (at = url) => (await sql(`SELECT (SELECT sum(amount) FROM transactions)::text AS entries, (SELECT sum(balance) FROM accounts)::text AS balances`, [], at))[0];
/** Accounts whose stored balance is not the sum of their ledger entries. */
const unbalanced = (at = url) => sql(`
  SELECT a.id FROM accounts a
  WHERE a.balance <> coalesce((SELECT sum(tt.direction * t.amount) FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
                               WHERE t.account_id = a.id AND t.currency_type_id = kurban_default_currency()), 0)`, [], at);

/** Empties the database as a lost disk would, the cluster itself kept. */
async function wipe(at = url) {
  await sql('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS graphile_worker CASCADE; CREATE SCHEMA public', [], at);
  expect(await relationsIn(at)).toBe(0);
}

describe('backup and restore', () => {
  it('round trip: seed, back up, wipe, restore; every table has its rows back and the ledger its sums', async () => {
    const counts = await rowCounts();
    const sums = await ledger();
    expect(counts['public.transactions']).toBeGreaterThan(10);
    expect(Number(sums.entries)).not.toBe(0);

    const { file, bytes } = await backupDatabase({ url, dir, tools });
    expect(file).toMatch(/kurban-\d{8}T\d{6}Z\.dump$/);
    expect(bytes).toBeGreaterThan(1000);
    expect((await readdir(dir)).filter((n) => n.endsWith('.partial'))).toEqual([]);

    // A database with data is never restored over.
    await expect(restoreDatabase({ url, file, tools })).rejects.toThrow(/not empty/);

    // The busy backup: ledger entries are written all the while it is taken.
    let writing = true;
    const writer = (async () => {
      let n = 0;
      for (; writing; n++) {
        await server.database.pool.query(`
          INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date)
          SELECT a.id, (SELECT min(id) FROM transaction_types WHERE system_code IS NULL), 1.25, kurban_default_currency(), current_date
          FROM accounts a ORDER BY a.id LIMIT 3`);
      }
      return n;
    })();
    const busy = await backupDatabase({ url, dir, tools });
    writing = false;
    expect(await writer).toBeGreaterThan(0);
    expect(busy.file).not.toBe(file);

    await wipe();
    await restoreDatabase({ url, file, tools });
    expect(await rowCounts()).toEqual(counts);
    expect(await ledger()).toEqual(sums);
    expect(await unbalanced()).toEqual([]);

    // The restored database serves: the administrator signs in, a new row gets a fresh id.
    const again = await startAppOn(url);
    try {
      const login = await call(again.app, undefined, 'POST', 'Auth/login', { email: 'admin@test.local', password: 'admin-password-1' });
      expect(login.status).toBe(200);
      const created = await call(again.app, login.body.data.token, 'POST', 'Categories', { name: 'Geri yüklendikten sonra' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    } finally {
      await again.close();
    }

    // The busy one is one snapshot: every balance is the sum of its entries.
    await wipe();
    await restoreDatabase({ url, file: busy.file, tools });
    expect(await unbalanced()).toEqual([]);
    expect((await rowCounts())['public.transactions']).toBeGreaterThanOrEqual(counts['public.transactions']);
  }, 120_000);

  it('a file that is not a backup is refused before anything is touched', async () => {
    const bogus = join(dir, 'bogus.dump');
    await writeFile(bogus, 'not a dump');
    await expect(restoreDatabase({ url, file: bogus, tools })).rejects.toThrow(/not a backup/);
  });

  it('is readable by its owner alone: the folder 0700 and every file 0600, whatever the umask', async () => {
    const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
    const umask = process.umask(0o000); // the most open one: anything made with default modes is world-readable
    try {
      const fresh = join(dir, 'private', 'backups');
      const made = await backupDatabase({ url, dir: fresh, tools });
      expect(await modeOf(fresh)).toBe(0o700);
      // Nothing changes the file's mode once pg_dump has written it: 0600 here means it was made so.
      expect(await modeOf(made.file)).toBe(0o600);

      // A folder made before with open modes is closed.
      const open = join(dir, 'open');
      await mkdir(open, { mode: 0o777 });
      await chmod(open, 0o755);
      const again = await backupDatabase({ url, dir: open, tools });
      expect(await modeOf(open)).toBe(0o700);
      expect(await modeOf(again.file)).toBe(0o600);
    } finally {
      process.umask(umask);
    }
  });
});

// The user's own PostgreSQL, older than the bundled tools (Debian's 15 here and in CI): a private
// cluster of the installed package with a database that a role (no superuser) owns.
describe('on the machine\'s own PostgreSQL', () => {
  let system: SystemPostgres;
  let own: string;
  let major: number;
  beforeAll(async () => {
    system = await startSystemPostgres();
    own = system.url;
    const database = connectDatabase(own, 3);
    try {
      await runMigrations(database.db);
      await seedReference(database.pool, { encryptionKey: server.config.encryptionKey });
      await ensureFirstAdmin(database.pool, ADMIN);
      await seedDemo(database.pool, { encryptionKey: server.config.encryptionKey });
    } finally {
      await database.close();
    }
    major = await serverMajorOf(own);
    expect((await rowCounts(own))['public.transactions']).toBeGreaterThan(10);
  }, 120_000);
  afterAll(() => system?.stop());

  /** Backs up with `dumpTools`, wipes, restores with `restoreTools`: every row and sum is back. */
  async function roundTrip(dumpTools: PgTools, restoreTools: PgTools): Promise<string> {
    const counts = await rowCounts(own);
    const sums = await ledger(own);
    const { file } = await backupDatabase({ url: own, dir, tools: dumpTools });
    await wipe(own);
    await restoreDatabase({ url: own, file, tools: restoreTools });
    expect(await rowCounts(own)).toEqual(counts);
    expect(await ledger(own)).toEqual(sums);
    expect(await unbalanced(own)).toEqual([]);
    return file;
  }

  it('round trip with the server\'s own pg_dump and pg_restore, where they are installed', async () => {
    const ownTools = await findPgTools(major);
    // Debian and Ubuntu install each major's tools in their own directory: those are the ones.
    if (existsSync(`/usr/lib/postgresql/${major}/bin/pg_restore`)) expect(ownTools).toMatchObject({ major, pgRestore: `/usr/lib/postgresql/${major}/bin/pg_restore` });
    await roundTrip(ownTools, ownTools);

    // The restored database serves: the administrator signs in, a new row gets a fresh id.
    const again = await startAppOn(own);
    try {
      const login = await call(again.app, undefined, 'POST', 'Auth/login', ADMIN);
      expect(login.status).toBe(200);
      const created = await call(again.app, login.body.data.token, 'POST', 'Categories', { name: 'Geri yüklendikten sonra' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('round trip with newer tools (a backup taken before the server\'s own were installed)', async () => {
    const newer = await findPgTools(major + 1);
    expect(newer.major).toBeGreaterThan(major);
    // Newer tools set what the server does not know (pg_restore 17+: transaction_timeout).
    const file = await roundTrip(newer, newer);
    // To restore such a file, tools that read it are chosen (the server's own may not: a newer
    // pg_dump writes a newer archive format).
    const chosen = await findPgTools(major, undefined, file);
    await expect(describeArchive(file, chosen)).resolves.toContain('TOC Entries');
  }, 120_000);
});

describe('daily backup', () => {
  const log = { info: () => {}, warn: () => {}, error: () => {} };

  it('takes one a day while backup.dailyKeep is above 0, keeps the newest ones, leaves backups made by hand alone', async () => {
    const daily = await mkdtemp(join(tmpdir(), 'kurban-daily-'));
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    const scheduled = scheduleDailyBackups({ pool, url, dir: daily, tools: async () => tools, log, firstAfterMs: 3_600_000 });
    try {
      await pool.query(`UPDATE settings SET value = '0' WHERE key = 'backup.dailyKeep'`);
      expect(await scheduled.check()).toBeUndefined();
      expect(await readdir(daily)).toEqual([]);

      await pool.query(`UPDATE settings SET value = '2' WHERE key = 'backup.dailyKeep'`);
      const old = ['kurban-daily-20240101T010000Z.dump', 'kurban-daily-20240102T010000Z.dump', 'kurban-daily-20240103T010000Z.dump', 'kurban-20240101T010000Z.dump'];
      for (const name of old) await writeFile(join(daily, name), 'x');
      const made = await scheduled.check();
      expect(made?.file).toMatch(/kurban-daily-\d{8}T\d{6}Z\.dump$/);
      expect(await scheduled.check()).toBeUndefined(); // today's is there
      const names = (await readdir(daily)).sort();
      expect(names).toEqual(['kurban-20240101T010000Z.dump', 'kurban-daily-20240103T010000Z.dump', made!.file.slice(daily.length + 1)].sort());
    } finally {
      await scheduled.stop();
      await pool.end();
      await rm(daily, { recursive: true, force: true });
    }
  }, 60_000);

  it('is taken by one server at a time: another holding the lock skips it', async () => {
    const daily = await mkdtemp(join(tmpdir(), 'kurban-daily-'));
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const scheduled = scheduleDailyBackups({ pool, url, dir: daily, tools: async () => tools, log, firstAfterMs: 3_600_000 });
    try {
      await pool.query(`UPDATE settings SET value = '3' WHERE key = 'backup.dailyKeep'`);
      await other.query(`SELECT pg_advisory_lock(hashtext('kurban.backup.daily'))`);
      expect(await scheduled.check()).toBeUndefined();
      expect(existsSync(daily) && (await readdir(daily))).toEqual([]);
      await other.query(`SELECT pg_advisory_unlock(hashtext('kurban.backup.daily'))`);
      expect(await scheduled.check()).toBeDefined();
    } finally {
      await scheduled.stop();
      await other.end();
      await pool.end();
      await rm(daily, { recursive: true, force: true });
    }
  }, 60_000);

  it('the setting takes whole numbers only', async () => {
    const again = await startAppOn(url);
    try {
      const login = await call(again.app, undefined, 'POST', 'Auth/login', { email: 'admin@test.local', password: 'admin-password-1' });
      const token = login.body.data.token;
      const [row] = await sql(`SELECT id, key, value_type AS "valueType", row_version AS "rowVersion" FROM settings WHERE key = 'backup.dailyKeep'`);
      for (const value of ['1.5', '-1', 'seven', '1000']) {
        const res = await call(again.app, token, 'PUT', 'Settings', { ...row, value });
        expect(res.status, value).toBe(400);
      }
      expect((await call(again.app, token, 'PUT', 'Settings', { ...row, value: '14' })).status).toBe(200);
    } finally {
      await again.close();
    }
  });
});

/** A fresh app on the restored database (the test server's connections saw it wiped). */
async function startAppOn(connectionString: string) {
  const database = connectDatabase(connectionString, 3);
  const app = await buildApp(server.config, database);
  await app.ready();
  return { app, close: async () => { await app.close(); await database.close(); } };
}
