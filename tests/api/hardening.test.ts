// The smaller holes of issue 15 (point 7): request bodies that never finish are cut and one
// address cannot hold every connection; secrets in a query string stay out of the log whatever
// their spelling; a translation must be a message the browser can show; a new password is long
// and not a common one, on every path that sets one; and answers carrying personal data are
// never stored by a browser or a proxy. (Hand ledger entries naming their writer: ledger.test.ts.)
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalogs from '../../generated/server/messages.json' with { type: 'json' };
import { buildApp } from '../../server/src/app.ts';
import { messageSyntaxError } from '../../server/src/domain/translates.ts';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { testConfig } from '../support/config.ts';

const lines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ logLevel: 'info', logFormat: 'json', logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown, token: string | undefined = server.adminToken) => call(server.app, token, method, url, payload);
const one = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows[0];

describe('query-string secrets in the log', () => {
  it.each([
    ['secret', '/api/v1/Netgsm/call-webhook?secret=plain-guess-1&uniqueid=1'],
    ['a percent-encoded secret', '/api/v1/Netgsm/call-webhook?%73ecret=encoded-guess-2&uniqueid=1'],
    ['a fully encoded secret', '/api/v1/Netgsm/call-webhook?%73%65%63%72%65%74=encoded-guess-3&uniqueid=1'],
    ['an upper-case secret', '/api/v1/Netgsm/call-webhook?SECRET=upper-guess-4&uniqueid=1'],
    ['a percent-encoded access token', '/api/v1/Monitor/events?access%5Ftoken=encoded-token-5'],
    ['an access token after another parameter', '/api/v1/Monitor/events?date=2026-05-27&access_token=plain-token-6'],
  ])('%s is redacted', async (_name, url) => {
    const value = /=([a-z]+-[a-z]+-\d)/.exec(url)![1];
    const before = lines.length;
    await server.app.inject({ method: 'GET', url });
    const written = lines.slice(before).join('\n');
    expect(written).toContain('[redacted]');
    expect(written).not.toContain(value);
  });
});

describe('translations', () => {
  const tr = async () => (await one(`SELECT id FROM languages WHERE code = 'tr-TR'`)).id as number;

  it.each(['{', 'Merhaba {', 'Merhaba }', '{ad soyad}', 'a {b', '{count, plural, one {# hisse}'])('refuses %j as a message, on the field, with the parser\'s reason', async (value) => {
    const res = await api('POST', 'Translates', { LanguageId: await tr(), Code: `test.bad.${encodeURIComponent(value)}`, Value: value });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([expect.objectContaining({ field: 'value', code: 'validation.messageSyntax', params: { reason: expect.any(String) } })]);
    expect(res.body.error.fields[0].params.reason.length).toBeGreaterThan(3);
    expect(await one('SELECT count(*)::int AS n FROM translates WHERE code = $1', [`test.bad.${encodeURIComponent(value)}`])).toEqual({ n: 0 });
  });

  it('keeps the value it had when an edit is refused, and takes a valid one', async () => {
    const made = await api('POST', 'Translates', { LanguageId: await tr(), Code: 'test.edit', Value: 'Merhaba {name}' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const row = made.body.data;
    const edit = (value: string) => api('PUT', 'Translates', { Id: row.id, rowVersion: row.rowVersion, LanguageId: row.languageId, Code: row.code, Value: value });
    const bad = await edit('Merhaba {name');
    expect(bad.status).toBe(400);
    expect((await api('GET', 'Translates/languages/tr-TR', undefined, undefined)).body.data['test.edit']).toBe('Merhaba {name}');
    const good = await edit("Hisse '{'{count}'}' {count, plural, one {# adet} other {# adet}}");
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });

  it('takes every message the product ships (quoted braces, plurals, placeholders)', () => {
    for (const [language, catalog] of Object.entries(catalogs as Record<string, Record<string, string>>)) {
      const bad = Object.entries(catalog).map(([key, text]) => [key, messageSyntaxError(text)]).filter(([, reason]) => reason);
      expect(bad, language).toEqual([]);
    }
  });

  it('has the refusal in every language', () => {
    for (const catalog of Object.values(catalogs as Record<string, Record<string, string>>)) expect(catalog['validation.messageSyntax']).toContain('{reason}');
  });
});

describe('a write that runs into another one', () => {
  // The database breaks a deadlock (or a serialization failure) by undoing one transaction whole;
  // a trigger stands in for the other writer here, raising what PostgreSQL raises then.
  it.each([['a deadlock', '40P01'], ['a serialization failure', '40001']])('%s is a 503 error.writeConflict, translated, with nothing written', async (_name, code) => {
    const account = await one(`INSERT INTO accounts (code, title, account_type_id) SELECT $1, 'Çakışma', min(id) FROM account_types RETURNING id`, [`WC${code}`]);
    const addressType = await one(`SELECT min(id) AS id FROM address_types`);
    await server.database.pool.query(`
      CREATE FUNCTION test_write_conflict() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'conflict stand-in' USING ERRCODE = '${code}'; END $$;
      CREATE TRIGGER test_write_conflict BEFORE INSERT ON account_addresses FOR EACH ROW
        WHEN (NEW.address_line = 'çakışma') EXECUTE FUNCTION test_write_conflict();`);
    try {
      const before = lines.length;
      const res = await api('POST', 'AccountAddresses', { accountId: account.id, addressTypeId: addressType.id, city: 'Konya', addressLine: 'çakışma', isDefault: false });
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'error.writeConflict', message: expect.stringContaining('hiçbir şey kaydedilmedi') });
      expect((catalogs as Record<string, Record<string, string>>)['en-US']['error.writeConflict']).toContain('nothing was saved');
      expect((await one(`SELECT count(*)::int AS n FROM account_addresses WHERE account_id = $1`, [account.id])).n).toBe(0);
      // Logged as a warning of the moment, not as a fault of the server.
      const logged = lines.slice(before).map((l) => JSON.parse(l)).find((l) => l.msg === 'a write ran into another one and was undone');
      expect(logged?.level).toBe(40);
    } finally {
      await server.database.pool.query(`DROP TRIGGER test_write_conflict ON account_addresses; DROP FUNCTION test_write_conflict()`);
    }
  });
});

describe('a new password', () => {
  let seq = 0;
  const register = (password: string) =>
    api('POST', 'Auth/register', { email: `strong${++seq}@test.local`, password, firstName: 'Şifre', lastName: 'Deneme' }, undefined);
  const expectRefused = (res: { status: number; body: any }, code: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual([expect.objectContaining({ field: 'password', code })]);
  };

  it('on registration: at least 10 characters and not a common password', async () => {
    expectRefused(await register('12345678'), 'validation.minLength');
    expectRefused(await register('kısa-1234'), 'validation.minLength');
    for (const common of ['1234567890', 'password123', 'qwertyuiop', 'Galatasaray', 'QWERTYUIOP']) expectRefused(await register(common), 'validation.commonPassword');
    expect((await register('kuzu-otlatan-çoban')).status).toBe(200);
  });

  it('on a user created or given a new password, the same rule', async () => {
    let n = 0;
    const create = (password: string) => api('POST', 'Users', { firstName: 'Yeni', lastName: 'Kullanıcı', email: `rule${++n}@test.local`, password });
    expectRefused(await create('12345678'), 'validation.minLength');
    expectRefused(await create('1234567890'), 'validation.commonPassword');
    const made = await create('saman-balyası-42');
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const edit = (password: string) => api('PUT', 'Users', { ...made.body.data, password });
    expectRefused(await edit('password123'), 'validation.commonPassword');
    expectRefused(await edit('kısa'), 'validation.minLength');
    expect((await edit('yeni-saman-balyası-43')).status).toBe(200);
    // A user edited without a new password keeps theirs, whatever it was.
    expect((await api('PUT', 'Users', { ...(await api('GET', `Users/${made.body.data.id}`)).body.data, firstName: 'Değişti' })).status).toBe(200);
  });

  it('has the refusal in every language', () => {
    for (const catalog of Object.values(catalogs as Record<string, Record<string, string>>)) expect(catalog['validation.commonPassword']).toBeTruthy();
  });
});

describe('answers carrying personal data', () => {
  it.each([
    ['GET', 'Users/1'],
    ['POST', 'Users/GetListForPaging', { PageNumber: 1, PageSize: 5 }],
    ['GET', 'Accounts'],
    ['GET', 'AuditLogs'],
    ['GET', 'Users/999999'], // an error answer too
  ])('%s %s: Cache-Control no-store', async (method, url, payload?: object) => {
    const res = await server.app.inject({ method: method as 'GET', url: `/api/v1/${url}`, headers: { authorization: `Bearer ${server.adminToken}` }, ...(payload ? { payload } : {}) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the sign-in and its tokens: Cache-Control no-store', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/Auth/login', payload: { email: 'admin@test.local', password: 'admin-password-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('connections', () => {
  /** An app listening on loopback with the limits of `overrides`. */
  async function listening(overrides: Parameters<typeof testConfig>[0]) {
    const app = await buildApp(testConfig(overrides), server.database);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    return { app, port: typeof address === 'object' && address ? address.port : 0 };
  }
  const open = (port: number) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      socket.on('error', reject);
    });
  /** Resolves with what the server wrote before closing the socket, or 'open' after `ms`. */
  const outcome = (socket: Socket, ms: number) =>
    new Promise<string>((resolve) => {
      let written = '';
      socket.on('data', (d) => (written += d.toString()));
      socket.on('close', () => resolve(`closed:${written}`));
      setTimeout(() => resolve('open'), ms);
    });

  it('cuts a request whose body has not arrived within the limit, on a public route too', async () => {
    const { app, port } = await listening({ requestTimeoutSeconds: 1 });
    try {
      const socket = await open(port);
      socket.write('POST /api/v1/Auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":');
      const started = Date.now();
      const result = await outcome(socket, 8000);
      expect(result).toMatch(/^closed:/);
      expect(result).toContain('408');
      expect(Date.now() - started).toBeLessThan(6000);
      socket.destroy();
      // A request that arrives whole is answered as usual.
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(ok.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('holds at most the cap of open connections per address; closing one makes room', async () => {
    const { app, port } = await listening({ maxConnectionsPerAddress: 5 });
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 5; i++) sockets.push(await open(port));
      const sixth = await open(port);
      sockets.push(sixth);
      expect(await outcome(sixth, 2000)).toMatch(/^closed:/);
      for (const s of sockets.slice(0, 5)) expect(s.destroyed).toBe(false);
      sockets[0].destroy();
      await new Promise((r) => setTimeout(r, 200));
      const again = await open(port);
      sockets.push(again);
      expect(await outcome(again, 1000)).toBe('open');
    } finally {
      for (const s of sockets) s.destroy();
      await app.close();
    }
  });

  it('does not count the connections of a proxy TRUST_PROXY names (its clients are many)', async () => {
    const { app, port } = await listening({ maxConnectionsPerAddress: 2, trustProxy: '127.0.0.1' });
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 4; i++) sockets.push(await open(port));
      expect(await outcome(sockets[3], 1000)).toBe('open');
    } finally {
      for (const s of sockets) s.destroy();
      await app.close();
    }
  });
});
