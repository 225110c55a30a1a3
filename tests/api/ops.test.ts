// Operating the server: the probes (/health, /ready), the request id that ties an error answer
// to its log line, the answers the router gives before any handler (in the envelope and in the
// contract), a shutdown that lets requests finish and ends the Monitor's streams, and the choice
// of log format.
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { buildApp, closeGracefully } from '../../server/src/app.ts';
import { selectLogFormat } from '../../server/src/core/config.ts';
import { connectDatabase } from '../../server/src/db/client.ts';
import { findFreePort } from '../../server/src/db/embedded.ts';
import { startTestServer, type TestServer } from '../support/app.ts';
import { testConfig } from '../support/config.ts';

const lines: Record<string, any>[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ logLevel: 'info', logFormat: 'json', logStream: { write: (line) => lines.push(JSON.parse(line)) } });
});
afterAll(() => server?.close());

type Answer = { status: number; headers: Record<string, unknown>; body: any };
async function inject(method: string, url: string, opts: { headers?: Record<string, string>; payload?: string | object; app?: TestServer['app'] } = {}): Promise<Answer> {
  const res = await (opts.app ?? server.app).inject({ method: method as 'GET', url, headers: opts.headers, payload: opts.payload as string });
  let body: unknown = res.body;
  try { body = res.json(); } catch { /* not JSON */ }
  return { status: res.statusCode, headers: res.headers, body };
}

/** The contract's operation for a method and a concrete path under /api/v1. */
function operationOf(method: string, url: string): Record<string, any> {
  const path = url.replace(/^\/api\/v1/, '').split('?')[0];
  for (const [template, item] of Object.entries(contract.paths as Record<string, Record<string, any>>)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(path) && item[method.toLowerCase()]) return item[method.toLowerCase()];
  }
  throw new Error(`no operation for ${method} ${url}`);
}
const declares = (method: string, url: string, status: number) => String(status) in operationOf(method, url).responses;

/** An error answer: the envelope, its request id in the header and in the log line of the request. */
function expectErrorAnswer(res: Answer, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ success: false, data: null, error: { code, requestId: expect.any(String) } });
  expect(res.headers['x-request-id']).toBe(res.body.error.requestId);
  const line = lines.find((l) => l.reqId === res.body.error.requestId && l.res?.statusCode === status);
  expect(line, `log line of ${res.body.error.requestId}`).toBeDefined();
  expect(line!.errorCode).toBe(code);
}

describe('probes', () => {
  it('GET /health answers while the process is up, without sign-in', async () => {
    const res = await inject('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: 'ok' }, error: null });
  });

  it('GET /ready answers when the database is reachable and every migration is applied', async () => {
    const res = await inject('GET', '/api/v1/ready');
    expect(res.status).toBe(200);
    const [{ n }] = (await server.database.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows;
    expect(res.body).toEqual({ success: true, data: { status: 'ready', migrations: n }, error: null });
  });

  it('GET /ready is a 503 while a migration is pending', async () => {
    const pool = server.database.pool;
    const [{ last }] = (await pool.query('SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations')).rows;
    await pool.query('UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = $1', [last]);
    try {
      const res = await inject('GET', '/api/v1/ready');
      expectErrorAnswer(res, 503, 'error.notReady');
      expect(res.body.error.params).toEqual({ migrations: 'pending' });
    } finally {
      await pool.query('UPDATE drizzle.__drizzle_migrations SET created_at = $1 WHERE created_at = $2', [last, Number(last) - 1]);
    }
    expect((await inject('GET', '/api/v1/ready')).status).toBe(200);
  });

  it('GET /ready is a 503 when the database is unreachable; /health still answers, and operations say 503, not 500', async () => {
    const nowhere = connectDatabase(`postgres://nobody:nothing@127.0.0.1:${await findFreePort()}/none`, 2);
    const app = await buildApp(server.config, nowhere);
    try {
      const ready = await inject('GET', '/api/v1/ready', { app });
      expectErrorAnswer(ready, 503, 'error.notReady');
      expect(ready.body.error.params).toEqual({ database: 'unreachable' });
      expect((await inject('GET', '/api/v1/health', { app })).status).toBe(200);
      const login = await inject('POST', '/api/v1/Auth/login', { app, payload: { email: 'admin@test.local', password: 'whatever-1' } });
      expectErrorAnswer(login, 503, 'error.unavailable');
      expect(declares('POST', '/api/v1/Auth/login', 503)).toBe(true);
    } finally {
      await app.close();
      await nowhere.close();
    }
  });

  it('the probes are public operations of the contract', () => {
    for (const url of ['/api/v1/health', '/api/v1/ready']) {
      expect(operationOf('GET', url)['x-claim']).toBe('public');
      expect(operationOf('GET', url).security).toEqual([]);
    }
  });
});

describe('request id', () => {
  it('an error answer names the request id that its log line names', async () => {
    const res = await inject('GET', '/api/v1/Accounts');
    expectErrorAnswer(res, 401, 'error.unauthorized');
  });

  it('a well-formed X-Request-Id is kept, anything else replaced by one of the server', async () => {
    const kept = await inject('GET', '/api/v1/nothing-here', { headers: { 'x-request-id': 'lb-7f3a.9c:01_x' } });
    expectErrorAnswer(kept, 404, 'error.notFound');
    expect(kept.body.error.requestId).toBe('lb-7f3a.9c:01_x');
    for (const bad of ['two words', 'x'.repeat(129), 'a"b', '{"injected":true}']) {
      const res = await inject('GET', '/api/v1/nothing-here', { headers: { 'x-request-id': bad } });
      expect(res.body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-request-id']).toBe(res.body.error.requestId);
    }
  });

  it('a successful answer carries the id too, and its log line is one line with method, path, status and time', async () => {
    const res = await inject('GET', '/api/v1/health', { headers: { 'x-request-id': 'probe-1' } });
    expect(res.headers['x-request-id']).toBe('probe-1');
    const mine = lines.filter((l) => l.reqId === 'probe-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, msg: expect.stringMatching(/^GET \/api\/v1\/health 200 \d+ ms$/), res: { statusCode: 200 } });
  });

  it('secrets in a query string stay out of the log', async () => {
    await inject('GET', '/api/v1/Monitor/board?access_token=very-secret-token', { headers: { 'x-request-id': 'secret-1' } });
    const line = lines.find((l) => l.reqId === 'secret-1')!;
    expect(JSON.stringify(line)).not.toContain('very-secret-token');
    expect(line.msg).toContain('access_token=[redacted]');
  });
});

describe('answers before any handler: in the envelope and declared by the contract', () => {
  const auth = () => ({ authorization: `Bearer ${server.adminToken}` });

  it('a path parameter over the router limit is a 414 (a 100-character id on a delete)', async () => {
    const url = `/api/v1/Accounts/${'9'.repeat(101)}`;
    const res = await inject('DELETE', url, { headers: auth() });
    expectErrorAnswer(res, 414, 'error.uriTooLong');
    expect(lines.find((l) => l.reqId === res.body.error.requestId)!.msg).toMatch(/^DELETE \/api\/v1\/Accounts\/9+ 414 \d+ ms error\.uriTooLong$/);
    expect(declares('DELETE', url, 414)).toBe(true);
  });

  it('an undecodable path parameter is a 400', async () => {
    const url = '/api/v1/Accounts/%E0%A4%A';
    const res = await inject('GET', url, { headers: auth() });
    expectErrorAnswer(res, 400, 'error.badRequest');
    expect(declares('GET', url, 400)).toBe(true);
  });

  it('a body over 512 KiB is a 413, a body that is not JSON a 415, malformed JSON a 400, on any method that takes a body', async () => {
    for (const [method, url] of [['POST', '/api/v1/Accounts'], ['PUT', '/api/v1/Accounts'], ['DELETE', '/api/v1/Accounts/1'], ['POST', '/api/v1/Auth/login']]) {
      const big = await inject(method, url, { headers: { ...auth(), 'content-type': 'application/json' }, payload: JSON.stringify({ title: 'x'.repeat(600 * 1024) }) });
      expectErrorAnswer(big, 413, 'error.tooLarge');
      const text = await inject(method, url, { headers: { ...auth(), 'content-type': 'text/plain' }, payload: 'hello' });
      expectErrorAnswer(text, 415, 'error.unsupportedMediaType');
      const broken = await inject(method, url, { headers: { ...auth(), 'content-type': 'application/json' }, payload: '{"title":' });
      expectErrorAnswer(broken, 400, 'error.badRequest');
      for (const status of [400, 413, 415, 503]) expect(declares(method, url, status), `${method} ${url} ${status}`).toBe(true);
    }
  });

  it('a query string the server refuses is a declared 400 on any operation, query parameters declared or not', async () => {
    for (const url of ['/api/v1/health?x=%00', '/api/v1/AccountTypes?unknown%00=1', '/api/v1/Translates/dtos?a=%00']) {
      const res = await inject('GET', url, { headers: auth() });
      expectErrorAnswer(res, 400, 'error.validation');
      expect(declares('GET', url.split('?')[0], 400), url).toBe(true);
    }
  });

  it('every operation declares 400 and 503, and every operation with a path parameter 414', () => {
    for (const [path, item] of Object.entries(contract.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.responses['503'], `${method} ${path}`).toBeDefined();
        expect(op.responses['400'], `${method} ${path}`).toBeDefined();
        if (path.includes('{')) expect(op.responses['414'], `${method} ${path}`).toBeDefined();
        if (['post', 'put', 'delete', 'patch'].includes(method)) expect([op.responses['413'], op.responses['415']], `${method} ${path}`).not.toContain(undefined);
      }
    }
  });

  it('a malformed HTTP request is answered in the envelope with a request id', async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      let got = '';
      socket.on('data', (d) => (got += d));
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ success: false, data: null, error: { code: 'error.badRequest', requestId: expect.any(String) } });
    expect(raw).toContain(`X-Request-Id: ${body.error.requestId}`);
  });

  it('a request line over 16 KiB (a long query string) is a 431 in the envelope, and every operation declares it', async () => {
    if (!server.app.server.listening) await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as { port: number };
    // access_token may be 4096 characters: as percent-encoded non-ASCII letters, 24 KiB of URL.
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/Monitor/events?access_token=${encodeURIComponent('ğ'.repeat(4096))}`);
    expect(res.status).toBe(431);
    const body = (await res.json()) as { error: { code: string; requestId: string } };
    expect(body).toMatchObject({ success: false, data: null, error: { code: 'error.headersTooLarge', requestId: expect.any(String) } });
    for (const [path, item] of Object.entries(contract.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) expect(op.responses['431'], `${method} ${path}`).toBeDefined();
    }
  });
});

describe('shutdown', () => {
  it('lets the request under way finish, answers 503 to one that arrives meanwhile, and ends an open Monitor stream', async () => {
    const database = connectDatabase(server.database.pool.options.connectionString!, 5);
    const app = await buildApp(server.config, database);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const locker = new pg.Client({ connectionString: server.database.pool.options.connectionString });
    await locker.connect();
    try {
      // A Monitor stream, open until the server ends it.
      const stream = await fetch(`http://127.0.0.1:${port}/api/v1/Monitor/events?date=2026-05-27`, { headers: { authorization: `Bearer ${server.adminToken}` } });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let seen = '';
      while (!seen.includes('event: snapshot')) seen += decoder.decode((await reader.read()).value);
      const streamEnded = (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })();

      // A request under way: an update that waits for a row lock held elsewhere.
      const [setting] = (await server.database.pool.query(`SELECT id, key, value, value_type AS "valueType", row_version AS "rowVersion" FROM settings WHERE key = 'company.name'`)).rows;
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM settings WHERE id = $1 FOR UPDATE', [setting.id]);
      const socket = connect(port, '127.0.0.1');
      let raw = '';
      socket.on('data', (d) => (raw += d));
      const socketClosed = new Promise((resolve) => socket.on('close', resolve));
      const body = JSON.stringify({ ...setting, value: 'Kapanırken Çiftlik' });
      socket.write(`PUT /api/v1/Settings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.adminToken}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      await waitFor(async () => (await server.database.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`)).rows[0].n > 0);

      let closed = false;
      const closing = closeGracefully(app, 10_000).then(() => (closed = true));
      expect(await streamEnded).toBe(true);
      // Another request on the same (busy) connection, once shutdown began: refused in the envelope.
      socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((r) => setTimeout(r, 300));
      expect(closed).toBe(false); // still waiting for the update
      await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow(); // no new connections

      await locker.query('COMMIT');
      await closing;
      await socketClosed;
      const answers = raw.split(/(?=HTTP\/1\.1 )/);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
      expect(JSON.parse(answers[0].slice(answers[0].indexOf('\r\n\r\n') + 4)).data.value).toBe('Kapanırken Çiftlik');
      expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
      expect(JSON.parse(answers[1].slice(answers[1].indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, error: { code: 'error.unavailable', requestId: expect.any(String) } });
    } finally {
      await locker.end();
      await app.close();
      await database.close();
    }
  });

  it('cuts what is still open at the end of the grace period', async () => {
    const database = connectDatabase(server.database.pool.options.connectionString!, 5);
    const app = await buildApp(server.config, database);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const locker = new pg.Client({ connectionString: server.database.pool.options.connectionString });
    await locker.connect();
    try {
      const [setting] = (await server.database.pool.query(`SELECT id, key, value, value_type AS "valueType", row_version AS "rowVersion" FROM settings WHERE key = 'company.name'`)).rows;
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM settings WHERE id = $1 FOR UPDATE', [setting.id]);
      const stuck = fetch(`http://127.0.0.1:${port}/api/v1/Settings`, { method: 'PUT', headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' }, body: JSON.stringify(setting) })
        .then(() => 'answered', () => 'cut');
      await waitFor(async () => (await server.database.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`)).rows[0].n > 0);
      const started = Date.now();
      await closeGracefully(app, 300);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await stuck).toBe('cut');
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
      await database.close();
    }
  });
});

describe('log format', () => {
  it('is JSON unless a terminal reads it; LOG_FORMAT decides when set', () => {
    expect(selectLogFormat(undefined, true)).toBe('pretty');
    expect(selectLogFormat(undefined, false)).toBe('json');
    expect(selectLogFormat(undefined, undefined)).toBe('json');
    expect(selectLogFormat('json', true)).toBe('json');
    expect(selectLogFormat('JSON', true)).toBe('json');
    expect(selectLogFormat('pretty', false)).toBe('pretty');
    expect(selectLogFormat('', true)).toBe('pretty');
    expect(() => selectLogFormat('jsn', true)).toThrow(/LOG_FORMAT/);
  });

  it('pretty: one readable line per request, naming its id', async () => {
    const out: string[] = [];
    const app = await buildApp(testConfig({ logLevel: 'info', logFormat: 'pretty', logStream: { write: (s) => out.push(s) } }), server.database);
    try {
      await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'pretty-1' } });
      await app.inject({ method: 'GET', url: '/api/v1/nothing', headers: { 'x-request-id': 'pretty-2' } });
    } finally {
      await app.close();
    }
    const text = out.join('');
    const mine = text.split('\n').filter((l) => l.includes('pretty-'));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/v1\/health 200 \d+ ms \[pretty-1\]$/);
    expect(mine[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/v1\/nothing 404 \d+ ms error\.notFound \[pretty-2\]$/);
    expect(text).not.toMatch(/^\{/m); // no JSON
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 5000) {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 25))) if (await check()) return;
  throw new Error('timed out');
}
