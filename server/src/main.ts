// The only reader of the environment: builds the config, starts (or connects to) PostgreSQL,
// migrates, seeds, listens, and shuts everything down cleanly on Ctrl+C.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy, selectLogFormat, type Config } from './core/config.ts';
import { buildApp, closeGracefully } from './app.ts';
import { findPgTools, scheduleDailyBackups, serverMajorOf, type PgTools } from './db/backup.ts';
import { connectDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { seedReference, seedDemo, ensureFirstAdmin } from './db/seed/index.ts';

const env = process.env;
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = resolve(env.DATA_DIR ?? join(projectRoot, 'data'));
mkdirSync(dataDir, { recursive: true });

/** Secrets not given in the environment are made once and kept in the data directory. */
function persistentSecrets(): { jwtSecret: string; encryptionKey: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { jwtSecret: randomBytes(48).toString('base64'), encryptionKey: randomBytes(32).toString('base64') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

const stored = persistentSecrets();
const config: Config = {
  port: Number(env.PORT ?? 3000),
  host: env.HOST ?? '0.0.0.0',
  jwtSecret: env.JWT_SECRET ?? stored.jwtSecret,
  encryptionKey: Buffer.from(env.ENCRYPTION_KEY ?? stored.encryptionKey, 'base64'),
  accessTokenSeconds: Number(env.ACCESS_TOKEN_SECONDS ?? 900),
  refreshTokenDays: Number(env.REFRESH_TOKEN_DAYS ?? 14),
  corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  staticRoot: resolve(env.STATIC_ROOT ?? join(projectRoot, 'dist')),
  authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 10),
  authLockoutFailures: Number(env.AUTH_LOCKOUT_FAILURES ?? 10),
  authLockoutMinutes: Number(env.AUTH_LOCKOUT_MINUTES ?? 15),
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  requestTimeoutSeconds: Number(env.REQUEST_TIMEOUT_SECONDS ?? 30),
  maxConnectionsPerAddress: Number(env.MAX_CONNECTIONS_PER_ADDRESS ?? 300),
  logLevel: env.LOG_LEVEL ?? 'info',
  logFormat: selectLogFormat(env.LOG_FORMAT, process.stdout.isTTY),
};
if (config.encryptionKey.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, base64-encoded');

const embedded = env.DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir, log: () => {}, notice: (line) => console.warn(line) });
const database = connectDatabase(env.DATABASE_URL ?? embedded!.url, Number(env.DATABASE_POOL_SIZE ?? 20));
await runMigrations(database.db);
await seedReference(database.pool, { encryptionKey: config.encryptionKey });
const admin = await ensureFirstAdmin(database.pool, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
if (env.SEED_DEMO !== 'false') await seedDemo(database.pool, { encryptionKey: config.encryptionKey });

const app = await buildApp(config, database);
await app.listen({ port: config.port, host: config.host });

const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
console.log(`\n  Kurban back office: http://${shown}:${config.port}/`);
console.log(`  Database: ${embedded ? `embedded PostgreSQL in ${dataDir}` : 'DATABASE_URL'}`);
if (admin.createdPassword) console.log(`  Sign in as ${admin.email} with password ${admin.createdPassword} (shown once; change it after signing in)`);
else console.log(`  Sign in as ${admin.email}${env.ADMIN_PASSWORD ? ' with ADMIN_PASSWORD' : ''}`);
console.log('  Ctrl+C stops the server and the database.\n');

// The embedded database is backed up daily by the server that runs it (backup.dailyKeep); an
// external one is the business of its own operators.
let tools: Promise<PgTools> | undefined;
const dailyBackups = embedded
  ? scheduleDailyBackups({
      pool: database.pool,
      url: embedded.url,
      dir: join(dataDir, 'backups'),
      tools: () => (tools ??= serverMajorOf(embedded.url).then((major) => findPgTools(major, env.PG_BIN_DIR))).catch((err) => {
        tools = undefined;
        throw err;
      }),
      log: app.log,
    })
  : undefined;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing the requests under way');
  await dailyBackups?.stop();
  // Requests under way get SHUTDOWN_GRACE_SECONDS to finish (a supervisor's own limit is often 30 s).
  await closeGracefully(app, Number(env.SHUTDOWN_GRACE_SECONDS ?? 10) * 1000);
  await database.close();
  await embedded?.stop();
  app.log.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
