// Several server instances on one database behave as one (issue 9, point 4). Two apps built as
// main.ts builds them, each with its own pool, share nothing but PostgreSQL:
// - the rate limits' counts are kept once for both (db/rate-limits.ts), exactly, also under
//   concurrent attempts;
// - what staff edit (here a translation) is read from the database by the other at once;
// - instances starting together on a database with migrations pending both come up (a lock);
// - behind a load balancer the client's address comes from X-Forwarded-For when TRUST_PROXY
//   says so (else every sign-in shares the balancer's count).
// Revocations through one refused on the other: revocation.test.ts ("two server instances on one
// database"); a Monitor change made through one on the other's stream: monitor.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { connectDatabase, type Database } from '../../server/src/db/client.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
import { parseTrustProxy } from '../../server/src/core/config.ts';
import { RateLimits } from '../../server/src/db/rate-limits.ts';
import { ADMIN, call, startTestServer, type TestServer } from '../support/app.ts';
import { startTestPostgres } from '../support/database.ts';

const LIMIT = 5;
let server: TestServer;
let other: { app: FastifyInstance; database: Database };
let A: FastifyInstance;
let B: FastifyInstance;
beforeAll(async () => {
  server = await startTestServer({ authRateLimit: LIMIT });
  const database = connectDatabase(server.database.pool.options.connectionString!, 5);
  const app = await buildApp(server.config, database);
  await app.ready();
  other = { app, database };
  A = server.app;
  B = app;
});
afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
  await server?.close();
});

const sql = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows;

let addresses = 0;
/** A client address of its own, so that each test starts with a fresh count. */
const newAddress = () => `10.0.9.${++addresses}`;
/** A sign-in attempt (a wrong password) from `address`. */
async function attempt(app: FastifyInstance, address: string, url = '/api/v1/Auth/login', payload: object = { email: ADMIN.email, password: 'wrong-password-1' }) {
  const res = await app.inject({ method: 'POST', url, remoteAddress: address, payload });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}
function expectLimited(res: Awaited<ReturnType<typeof attempt>>) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ success: false, data: null, error: { code: 'error.tooManyRequests', requestId: expect.any(String) } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(res.body.error.params).toEqual({ seconds: Number(res.headers['retry-after']) });
}

describe('the sign-in rate limit', () => {
  it('counts failures across both instances: N in turn, the next refused on either, while the right password signs in', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT; i++) expect((await attempt(i % 2 ? B : A, address)).status, `attempt ${i + 1}`).toBe(401);
    expectLimited(await attempt(B, address));
    expectLimited(await attempt(A, address));
    // A success is not a failure: the right password signs in from the same address, on either;
    // and another address is not affected.
    expect((await attempt(A, address, '/api/v1/Auth/login', ADMIN)).status).toBe(200);
    expect((await attempt(B, address, '/api/v1/Auth/login', ADMIN)).status).toBe(200);
    expect((await attempt(B, newAddress())).status).toBe(401);
  });

  it('answers exactly N of many concurrent failures with 401, spread over both', async () => {
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 4 * LIMIT }, (_, i) => attempt(i % 2 ? B : A, address)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3 * LIMIT);
    expect((await sql(`SELECT hits FROM rate_limits WHERE key = 'sign-in:address:' || $1`, [address]))[0].hits).toBe(4 * LIMIT);
  });

  it('counts sign-in, refresh and registration apart, and starts again when the window has passed', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT; i++) await attempt(A, address);
    expectLimited(await attempt(B, address));
    // The refresh and the registration have their own counts.
    expect((await attempt(B, address, '/api/v1/Auth/refresh-token', { refreshToken: 'unknown-token' })).status).toBe(400);
    const registered = await attempt(A, address, '/api/v1/Auth/register', { email: `new-${address}@test.local`, password: 'long-enough-1', firstName: 'Yeni', lastName: 'Kişi' });
    expect(registered.status).toBe(200);
    // The window ends in the database's time, for both instances alike.
    await sql(`UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key = 'sign-in:address:' || $1`, [address]);
    expect((await attempt(B, address)).status).toBe(401);
  });

  it('keeps one row per key in an unlogged table, and expired rows are removed', async () => {
    expect((await sql(`SELECT relpersistence FROM pg_class WHERE oid = 'rate_limits'::regclass`))[0].relpersistence).toBe('u');
    const address = newAddress();
    await attempt(A, address);
    await attempt(B, address);
    expect(await sql(`SELECT key, hits FROM rate_limits WHERE key LIKE '%' || $1`, [address])).toEqual([{ key: `sign-in:address:${address}`, hits: 2 }]);
    // Counters that sweep at every count (the app's sweep at most once a minute).
    await sql(`INSERT INTO rate_limits (key, hits, expires_at) VALUES ('gone', 3, now() - interval '1 minute')`);
    const limits = new RateLimits(server.database.pool, { perAddress: { max: LIMIT, seconds: 60 }, perAccount: { max: LIMIT, seconds: 60 } }, undefined, 0);
    await limits.count('x', { max: 1, seconds: 60 });
    const [counted] = await sql(`SELECT hits, extract(epoch FROM expires_at - now()) AS left FROM rate_limits WHERE key = 'x'`);
    expect(counted.hits).toBe(1);
    expect(Number(counted.left)).toBeGreaterThan(59);
    await expect(limits.count('x', { max: 1, seconds: 60 })).rejects.toMatchObject({ status: 429, params: { seconds: 60 } });
    for (let i = 0; i < 50 && (await sql(`SELECT 1 FROM rate_limits WHERE key = 'gone'`)).length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await sql(`SELECT 1 FROM rate_limits WHERE key = 'gone'`)).toEqual([]);
  });
});

describe('what staff edit', () => {
  it('is read by the other instance at once: a translation changed through one is served by the other', async () => {
    const tr = (await sql(`SELECT id FROM languages WHERE code = 'tr-TR'`))[0].id;
    const before = await call(B, undefined, 'GET', 'Translates/languages/tr-TR');
    expect(before.body.data['test.instances']).toBeUndefined();
    expect((await call(A, server.adminToken, 'POST', 'Translates', { LanguageId: tr, Code: 'test.instances', Value: 'Bir kez' })).status).toBe(200);
    expect((await call(B, undefined, 'GET', 'Translates/languages/tr-TR')).body.data['test.instances']).toBe('Bir kez');
  });
});

describe('starting together', () => {
  it('three instances migrating one empty database at once all come up, each migration applied once', async () => {
    const pg = await startTestPostgres();
    const databases = [1, 2, 3].map(() => connectDatabase(pg.url, 2));
    try {
      const outcomes = await Promise.allSettled(databases.map((d) => runMigrations(d.db)));
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const applied = (await databases[0].pool.query('SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash')).rows;
      expect(applied.length).toBeGreaterThan(6);
      expect(applied.filter((r) => r.n !== 1)).toEqual([]);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await pg.stop();
    }
  });
});

describe('behind a load balancer', () => {
  it('TRUST_PROXY is read as none, any, a hop count or a list of addresses', () => {
    expect([undefined, '', 'false', ' FALSE '].map(parseTrustProxy)).toEqual([false, false, false, false]);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8,127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1');
  });

  it("counts each client's address from X-Forwarded-For when the balancer is trusted, and the balancer's otherwise", async () => {
    const login = (app: FastifyInstance, client: string) =>
      app.inject({ method: 'POST', url: '/api/v1/Auth/login', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client }, payload: { email: ADMIN.email, password: 'wrong-password-1' } });
    // Through a trusted balancer (named by address, or as one hop): two clients, each with their own count.
    for (const [n, setting] of ['127.0.0.1', '1'].entries()) {
      const trusted = await buildApp({ ...server.config, trustProxy: parseTrustProxy(setting) }, server.database);
      try {
        for (let i = 0; i < LIMIT; i++) expect((await login(trusted, `192.0.2.${2 * n + 1}`)).statusCode, setting).toBe(401);
        expect((await login(trusted, `192.0.2.${2 * n + 1}`)).statusCode, setting).toBe(429);
        expect((await login(trusted, `192.0.2.${2 * n + 2}`)).statusCode, setting).toBe(401);
      } finally {
        await trusted.close();
      }
    }
    // Not trusted (the default): the header is ignored and the balancer's address is counted.
    await sql(`DELETE FROM rate_limits WHERE key LIKE '%127.0.0.1'`);
    for (let i = 0; i < LIMIT; i++) expect((await login(A, `198.51.100.${i}`)).statusCode).toBe(401);
    expect((await login(A, '198.51.100.99')).statusCode).toBe(429);
  });
});

