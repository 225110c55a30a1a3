// Sign-in, registration as a guest, refresh-token rotation and reuse detection, sign-out,
// passive and locked users, and the permission matrix of every operation (rate limits:
// rate-limits.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import claims from '../../generated/server/claims.json' with { type: 'json' };
import contract from '../../generated/openapi.json' with { type: 'json' };
import { ADMIN, call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ authRateLimit: 20 });
});
afterAll(() => server?.close());

const api = (token: string | undefined, method: string, url: string, payload?: unknown) => call(server.app, token, method, url, payload);
let n = 0;
const newUser = () => ({ email: `person${++n}@Example.com`, password: 'long-enough-1', firstName: 'Ayşe', lastName: 'Yılmaz' });

describe('sign-in', () => {
  it('answers the session record of the specification', async () => {
    const res = await api(undefined, 'POST', 'Auth/login', ADMIN);
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(Object.keys(s).sort()).toEqual(['claims', 'refreshToken', 'token', 'userInfo']);
    expect(s.claims).toContain('Admin');
    expect(s.userInfo.isGuest).toBe(false);
    expect(s.userInfo.userInfo).toMatchObject({ email: ADMIN.email });
    expect(s.userInfo.userInfo.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const wrong = await api(undefined, 'POST', 'Auth/login', { ...ADMIN, password: 'not-the-password' });
    const unknown = await api(undefined, 'POST', 'Auth/login', { email: 'nobody@example.com', password: 'whatever-1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect({ ...wrong.body.error, requestId: 'each its own' }).toEqual({ ...unknown.body.error, requestId: 'each its own' });
    expect(wrong.body.error.code).toBe('error.auth.invalidCredentials');
  });

  it('refuses passive and locked users', async () => {
    for (const status of ['passive', 'locked']) {
      const user = newUser();
      await api(undefined, 'POST', 'Auth/register', user);
      await server.database.pool.query('UPDATE users SET status = $1 WHERE email = $2', [status, user.email.toLowerCase()]);
      const res = await api(undefined, 'POST', 'Auth/login', user);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(`error.auth.${status}`);
    }
  });
});

describe('registration', () => {
  it('signs the new user in as a guest who can reach nothing', async () => {
    const user = newUser();
    const res = await api(undefined, 'POST', 'Auth/register', user);
    expect(res.status).toBe(200);
    expect(res.body.data.claims).toEqual([]);
    expect(res.body.data.userInfo.isGuest).toBe(true);
    expect(res.body.data.userInfo.userInfo.email).toBe(user.email.toLowerCase());
    expect((await api(res.body.data.token, 'GET', 'Languages')).status).toBe(403);
    // Signing in again works with the same password, whatever the email's case.
    expect((await api(undefined, 'POST', 'Auth/login', { ...user, email: user.email.toUpperCase() })).status).toBe(200);
  });

  it('refuses an email already in use, naming the field', async () => {
    const user = newUser();
    await api(undefined, 'POST', 'Auth/register', user);
    const again = await api(undefined, 'POST', 'Auth/register', { ...user, email: user.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.error.fields[0].field).toBe('email');
  });

  it('refuses names of white space only, as POST Users does, and stores names trimmed', async () => {
    for (const blank of [' ', '\t \n', '\u00a0\u3000']) {
      const user = newUser();
      const res = await api(undefined, 'POST', 'Auth/register', { ...user, firstName: blank, lastName: 'Yılmaz' });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.fields).toEqual([expect.objectContaining({ field: 'firstName', code: 'validation.minLength' })]);
      const both = await api(undefined, 'POST', 'Auth/register', { ...user, firstName: blank, lastName: blank });
      expect(both.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(['firstName', 'lastName']);
      const stored = await server.database.pool.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [user.email.toLowerCase()]);
      expect(stored.rows[0].n).toBe(0);
    }
    const user = newUser();
    expect((await api(undefined, 'POST', 'Auth/register', { ...user, firstName: '  Ayşe ', lastName: '\tKaya\n' })).status).toBe(200);
    const row = await server.database.pool.query('SELECT first_name, last_name FROM users WHERE email = $1', [user.email.toLowerCase()]);
    expect(row.rows[0]).toEqual({ first_name: 'Ayşe', last_name: 'Kaya' });
  });

  it('gains claims once an administrator adds the user to a group', async () => {
    const user = newUser();
    const reg = await api(undefined, 'POST', 'Auth/register', user);
    const userId = (await server.database.pool.query('SELECT id FROM users WHERE email = $1', [user.email.toLowerCase()])).rows[0].id;
    const group = await api(server.adminToken, 'POST', 'Groups', { name: `Kesimhane ${n}`, description: 'Kesim ekibi' });
    const claimId = (await server.database.pool.query("SELECT id FROM operation_claims WHERE name = 'Languages.Read'")).rows[0].id;
    expect((await api(server.adminToken, 'POST', 'GroupClaims', { groupId: group.body.data.id, operationClaimId: claimId })).status).toBe(200);
    expect((await api(server.adminToken, 'POST', 'UserGroups', { userId, groupId: group.body.data.id })).status).toBe(200);
    // The old token still carries no claim; a refresh picks up the group's.
    const refreshed = await api(undefined, 'POST', 'Auth/refresh-token', { refreshToken: reg.body.data.refreshToken });
    const token = refreshed.body.data.data.token;
    expect((await api(token, 'GET', 'Languages')).status).toBe(200);
    expect((await api(token, 'POST', 'Languages', { Name: 'Deutsch', Code: 'de-DE', Flag: 'DE' })).status).toBe(403);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use, and a reused one revokes its whole family', async () => {
    const login = (await api(undefined, 'POST', 'Auth/login', ADMIN)).body.data;
    const first = await api(undefined, 'POST', 'Auth/refresh-token', { refreshToken: login.refreshToken });
    expect(first.status).toBe(200);
    const pair = first.body.data.data;
    expect(pair.refreshToken).not.toBe(login.refreshToken);
    expect((await api(pair.token, 'GET', 'Languages')).status).toBe(200);

    // The spent token is presented again: refused, and the newer token of its family dies too.
    const reuse = await api(undefined, 'POST', 'Auth/refresh-token', { refreshToken: login.refreshToken });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error.code).toBe('error.auth.invalidRefreshToken');
    expect((await api(undefined, 'POST', 'Auth/refresh-token', { refreshToken: pair.refreshToken })).status).toBe(400);

    // Another sign-in (another family) is untouched.
    const other = (await api(undefined, 'POST', 'Auth/login', ADMIN)).body.data;
    expect((await api(undefined, 'POST', 'Auth/refresh-token', { refreshToken: other.refreshToken })).status).toBe(200);
  });

  it('lets only one of two concurrent uses of the same token through', async () => {
    const login = (await api(undefined, 'POST', 'Auth/login', ADMIN)).body.data;
    const results = await Promise.all([1, 2].map(() => api(undefined, 'POST', 'Auth/refresh-token', { refreshToken: login.refreshToken })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('are refused when unknown, and revoked by sign-out', async () => {
    expect((await api(undefined, 'POST', 'Auth/refresh-token', { refreshToken: 'x'.repeat(43) })).status).toBe(400);
    const login = (await api(undefined, 'POST', 'Auth/login', ADMIN)).body.data;
    expect((await api(undefined, 'POST', 'Auth/logout', { refreshToken: login.refreshToken })).status).toBe(200);
    expect((await api(undefined, 'POST', 'Auth/refresh-token', { refreshToken: login.refreshToken })).status).toBe(400);
  });

  it('are stored hashed', async () => {
    const login = (await api(undefined, 'POST', 'Auth/login', ADMIN)).body.data;
    const { rows } = await server.database.pool.query('SELECT token_hash FROM refresh_tokens');
    expect(rows.some((r) => r.token_hash === login.refreshToken)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('access tokens', () => {
  it('are required: none, a forged one and an expired one get 401', async () => {
    expect((await api(undefined, 'GET', 'Languages')).status).toBe(401);
    const forged = server.adminToken.replace(/\.[^.]+$/, '.AAAA');
    expect((await api(forged, 'GET', 'Languages')).status).toBe(401);
    const expired = server.app.jwt.sign({ sub: '1', guid: '00000000-0000-0000-0000-000000000000', email: ADMIN.email, claims: ['Admin'] }, { expiresIn: -10 });
    expect((await api(expired, 'GET', 'Languages')).status).toBe(401);
  });
});

describe('permission matrix', () => {
  type Op = { id: string; method: string; path: string; stream: boolean };
  const operations: Op[] = [];
  for (const [path, item] of Object.entries<Record<string, { operationId: string; responses: Record<string, { content?: object }> }>>((contract as any).paths)) {
    for (const [method, op] of Object.entries(item)) {
      const stream = 'text/event-stream' in (op.responses['200']?.content ?? {});
      operations.push({ id: op.operationId, method: method.toUpperCase(), path: path.replace('{id}', '999999').replace('{code}', 'tr-TR'), stream });
    }
  }
  const guarded = operations.filter((op) => !['public', 'authenticated'].includes((claims as Record<string, string>)[op.id]));
  // An event stream lasts as long as its token: a short-lived one lets the answer end.
  const token = (list: string[], op?: Op) =>
    server.app.jwt.sign({ sub: '1', guid: '00000000-0000-0000-0000-000000000000', email: ADMIN.email, claims: list }, op?.stream ? { expiresIn: 1 } : {});

  it('covers every operation of the contract', () => {
    expect(operations.length).toBe(Object.keys(claims).length);
    expect(guarded.length).toBeGreaterThan(200);
  });

  it('answers 401 without a token and 403 without the claim, for every guarded operation', async () => {
    const unrelated = token(['Unrelated.Read']);
    for (const op of guarded) {
      expect((await api(undefined, op.method, op.path, op.method === 'GET' || op.method === 'DELETE' ? undefined : {})).status, `${op.id} without token`).toBe(401);
      expect((await api(unrelated, op.method, op.path, op.method === 'GET' || op.method === 'DELETE' ? undefined : {})).status, `${op.id} without claim`).toBe(403);
    }
  });

  it('lets an operation through with exactly its claim, and with Admin', async () => {
    for (const op of guarded) {
      const claim = (claims as Record<string, string>)[op.id];
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      const own = await api(token([claim], op), op.method, op.path, body);
      expect(own.status, `${op.id} with ${claim}`).not.toBe(403);
      expect(own.status, `${op.id} with ${claim}`).not.toBe(401);
      expect(own.status, `${op.id} with ${claim}`).toBeLessThan(500);
      expect((await api(token(['Admin'], op), op.method, op.path, body)).status, `${op.id} with Admin`).not.toBe(403);
    }
  });
});
