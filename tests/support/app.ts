// A real server on a real, fresh PostgreSQL: migrated, reference data seeded, one administrator.
// Tests talk to it through fastify.inject (the whole HTTP pipeline, without a socket).
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import type { Config } from '../../server/src/core/config.ts';
import { testConfig } from './config.ts';
import { connectDatabase, type Database } from '../../server/src/db/client.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
import { ensureFirstAdmin, seedReference } from '../../server/src/db/seed/index.ts';
import { startTestPostgres, type TestDatabase } from './database.ts';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** An access token of the administrator (claim Admin). */
  adminToken: string;
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const pg: TestDatabase = await startTestPostgres();
  const database = connectDatabase(pg.url, 10);
  const config = testConfig(overrides);
  await runMigrations(database.db);
  await seedReference(database.pool, { encryptionKey: config.encryptionKey });
  await ensureFirstAdmin(database.pool, ADMIN);
  const app = await buildApp(config, database);
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/v1/Auth/login', payload: ADMIN });
  if (login.statusCode !== 200) throw new Error(`admin login failed: ${login.body}`);
  return {
    app,
    database,
    config,
    adminToken: login.json().data.token,
    async close() {
      await app.close();
      await database.close();
      await pg.stop();
    },
  };
}

/** inject with a bearer token; answers status and parsed body. */
export async function call(app: FastifyInstance, token: string | undefined, method: string, url: string, payload?: unknown) {
  const res = await app.inject({
    method: method as 'GET',
    url: `/api/v1/${url.replace(/^\//, '')}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  let body: any;
  try { body = res.json(); } catch { body = res.body; }
  return { status: res.statusCode, body };
}
