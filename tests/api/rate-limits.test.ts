// Limits that cannot lock an office out (issue 15, point 3). Failures are counted, successes are
// not: per client address for failed sign-ins (unknown e-mails and wrong passwords alike), failed
// refreshes and wrong webhook secrets, each apart; per e-mail address for sign-ins, with a
// lock-out that ends by itself. Others' failures from the same address (an office behind one
// address) never refuse a right password, a valid refresh token or the right webhook secret.
// Registration keeps a budget of its own. Every 429 carries Retry-After and the seconds in the
// error's params. Counted across instances: instances.test.ts.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, startTestServer, type TestServer } from '../support/app.ts';

/** Failures per address and minute. */
const LIMIT = 5;
/** Sign-ins per e-mail address in the lock-out window. */
const LOCKOUT = 4;
const LOCKOUT_MINUTES = 15;
const SECRET = 'netgsm-webhook-secret-1';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ authRateLimit: LIMIT, authLockoutFailures: LOCKOUT, authLockoutMinutes: LOCKOUT_MINUTES });
  const [setting] = await sql(`SELECT id, row_version FROM settings WHERE key = 'netgsm.webhookSecret'`);
  const saved = await call(server.app, server.adminToken, 'PUT', 'Settings', {
    id: setting.id, rowVersion: setting.row_version, key: 'netgsm.webhookSecret', valueType: 'string', isSecret: true, value: SECRET,
  });
  expect(saved.status).toBe(200);
});
afterAll(() => server?.close());

const sql = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows;

let seq = 0;
/** A client address of its own, so that each test starts with fresh counts. */
const newAddress = () => `10.1.${Math.floor(++seq / 250)}.${seq % 250}`;
const unknownEmail = () => `nobody${++seq}@test.local`;

interface Answer { status: number; headers: Record<string, unknown>; body: any }
async function post(address: string, url: string, payload: object): Promise<Answer> {
  const res = await server.app.inject({ method: 'POST', url: `/api/v1/${url}`, remoteAddress: address, payload });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}
const signIn = (address: string, email: string, password: string) => post(address, 'Auth/login', { email, password });
const statusesOf = (answers: Answer[]) => answers.map((a) => a.status);

/** A person who can sign in. */
async function person() {
  const user = { email: `person${++seq}@test.local`, password: 'a-long-password-1' };
  const made = await call(server.app, server.adminToken, 'POST', 'Users', { firstName: 'Sınır', lastName: `Test ${seq}`, ...user, status: 'active' });
  expect(made.status).toBe(200);
  return user;
}

/** A 429 with Retry-After, and the same seconds in the translated error's params. */
function expectLimited(res: Answer, code = 'error.tooManyRequests', maxSeconds = 60) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ success: false, data: null, error: { code, requestId: expect.any(String) } });
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(res.body.error.params.seconds).toBe(seconds);
}
const expectLockedOut = (res: Answer) => {
  expectLimited(res, 'error.auth.tooManyFailures', LOCKOUT_MINUTES * 60);
  expect(res.body.error.params.minutes).toBe(Math.ceil(res.body.error.params.seconds / 60));
};
/** Ends the lock-out window of an e-mail address now, as the database's clock would. */
const endLockout = (email: string) =>
  sql(`UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key = $1`, [`sign-in:account:${createHash('sha256').update(email).digest('hex')}`]);

describe('sign-in, per address', () => {
  it('junk sign-ins with unknown e-mails: 429 past the budget, and a right password from the same address still signs in', async () => {
    const address = newAddress();
    const junk: Answer[] = [];
    for (let i = 0; i < LIMIT + 3; i++) junk.push(await signIn(address, unknownEmail(), 'whatever-1'));
    expect(statusesOf(junk)).toEqual([...Array(LIMIT).fill(401), 429, 429, 429]);
    expect(junk[0].body.error.code).toBe('error.auth.invalidCredentials');
    expectLimited(junk[LIMIT]);
    const right = await signIn(address, ADMIN.email, ADMIN.password);
    expect(right.status).toBe(200);
    expect((await call(server.app, right.body.data.token, 'GET', 'Languages')).status).toBe(200);
    // Past the budget every failure reads the same, an existing account's wrong password too.
    expectLimited(await signIn(address, ADMIN.email, 'not-the-password'));
    expectLimited(await signIn(address, unknownEmail(), 'whatever-1'));
  });

  it('counts wrong passwords of existing accounts as unknown e-mails are counted (nothing tells which exist)', async () => {
    const address = newAddress();
    const p = await person();
    const answers: Answer[] = [];
    for (let i = 0; i < LIMIT + 1; i++) answers.push(await signIn(address, i % 2 ? p.email : unknownEmail(), 'not-the-password'));
    expect(statusesOf(answers)).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  it('answers exactly N of many parallel failures from one address with 401, the rest 429', async () => {
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 4 * LIMIT }, () => signIn(address, unknownEmail(), 'whatever-1')));
    expect(statusesOf(answers).filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statusesOf(answers).filter((s) => s === 429)).toHaveLength(3 * LIMIT);
    for (const res of answers.filter((a) => a.status === 429)) expectLimited(res);
  });
});

describe('sign-in, per account', () => {
  it('locks the account after N sign-ins that failed, from any address, whatever the password, until the window ends by itself', async () => {
    const p = await person();
    const other = await person();
    for (let i = 0; i < LOCKOUT; i++) expect((await signIn(newAddress(), p.email, `wrong-${i}`)).status).toBe(401);
    // Locked: the right password too, from an address that never failed.
    expectLockedOut(await signIn(newAddress(), p.email, p.password));
    expectLockedOut(await signIn(newAddress(), p.email, 'wrong-again'));
    // Another account is not affected.
    expect((await signIn(newAddress(), other.email, other.password)).status).toBe(200);
    // The window ends (moved in the database's time rather than waited for): the right password signs in.
    await endLockout(p.email);
    expect((await signIn(newAddress(), p.email, p.password)).status).toBe(200);
  });

  it('locks an e-mail no account has alike', async () => {
    const email = unknownEmail();
    for (let i = 0; i < LOCKOUT; i++) expect((await signIn(newAddress(), email, 'whatever-1')).status).toBe(401);
    expectLockedOut(await signIn(newAddress(), email, 'whatever-1'));
  });

  it('starts the count over after a success', async () => {
    const p = await person();
    for (let i = 0; i < LOCKOUT - 1; i++) expect((await signIn(newAddress(), p.email, 'not-the-password')).status).toBe(401);
    expect((await signIn(newAddress(), p.email, p.password)).status).toBe(200);
    for (let i = 0; i < LOCKOUT; i++) expect((await signIn(newAddress(), p.email, 'not-the-password')).status).toBe(401);
    expectLockedOut(await signIn(newAddress(), p.email, p.password));
  });

  it('tries exactly N of many parallel wrong passwords (401), the rest are refused untried (429)', async () => {
    const p = await person();
    // Count the accounts looked up for a password check: only attempts within the budget get one.
    const pool = server.database.pool;
    const query = pool.query.bind(pool);
    let tried = 0;
    (pool as any).query = (...args: any[]) => {
      if (typeof args[0] === 'string' && args[0].includes('FROM users WHERE email = $1')) tried++;
      return (query as any)(...args);
    };
    let answers: Answer[];
    try {
      answers = await Promise.all(Array.from({ length: 5 * LOCKOUT }, (_, i) => signIn(newAddress(), p.email, `wrong-${i}`)));
    } finally {
      (pool as any).query = query;
    }
    expect(tried).toBe(LOCKOUT);
    expect(statusesOf(answers).filter((s) => s === 401)).toHaveLength(LOCKOUT);
    expect(statusesOf(answers).filter((s) => s === 429)).toHaveLength(4 * LOCKOUT);
    for (const res of answers.filter((a) => a.status === 429)) expectLockedOut(res);
  });
});

describe('refresh', () => {
  it('junk refreshes from one address: 429 past the budget, while a valid refresh token from the same address is renewed', async () => {
    const address = newAddress();
    const session = (await signIn(newAddress(), ADMIN.email, ADMIN.password)).body.data;
    const junk: Answer[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) junk.push(await post(address, 'Auth/refresh-token', { refreshToken: `junk-refresh-token-${i}` }));
    expect(statusesOf(junk)).toEqual([...Array(LIMIT).fill(400), ...Array(LIMIT).fill(429)]);
    expect(junk[0].body.error.code).toBe('error.auth.invalidRefreshToken');
    expectLimited(junk[LIMIT]);
    const renewed = await post(address, 'Auth/refresh-token', { refreshToken: session.refreshToken });
    expect(renewed.status).toBe(200);
    expect((await call(server.app, renewed.body.data.data.token, 'GET', 'Languages')).status).toBe(200);
    // Sign-in failures are not refresh failures: the address may still fail to sign in (401).
    expect((await signIn(address, unknownEmail(), 'whatever-1')).status).toBe(401);
  });
});

describe('registration', () => {
  it('has a budget of its own per address: failed sign-ins do not use it, registrations do', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT + 1; i++) await signIn(address, unknownEmail(), 'whatever-1');
    const register = () => post(address, 'Auth/register', { email: `new${++seq}@test.local`, password: 'long-enough-1', firstName: 'Yeni', lastName: 'Kişi' });
    for (let i = 0; i < LIMIT; i++) expect((await register()).status).toBe(200);
    expectLimited(await register());
    // Registrations do not use the sign-in's budget either.
    expect((await signIn(newAddress(), ADMIN.email, ADMIN.password)).status).toBe(200);
    const other = newAddress();
    for (let i = 0; i < LIMIT; i++) await post(other, 'Auth/register', { email: `new${++seq}@test.local`, password: 'long-enough-1', firstName: 'Yeni', lastName: 'Kişi' });
    expect((await signIn(other, unknownEmail(), 'whatever-1')).status).toBe(401);
  });
});

describe('the Netgsm webhook', () => {
  const hook = async (address: string, secret: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/Netgsm/call-webhook?${new URLSearchParams({ secret, uniqueid: `limit-${++seq}`, caller: '05001112233', direction: 'IN', status: 'NOANSWER' })}`,
      remoteAddress: address,
    });
    return { status: res.statusCode, headers: res.headers, body: res.json() } as Answer;
  };

  it('answers wrong secrets 429 past the budget, while the right secret from the same address is never refused', async () => {
    const address = newAddress();
    const wrong = await Promise.all(Array.from({ length: 4 * LIMIT }, (_, i) => hook(address, `wrong-${i}`)));
    expect(statusesOf(wrong).filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statusesOf(wrong).filter((s) => s === 429)).toHaveLength(3 * LIMIT);
    for (const res of wrong.filter((a) => a.status === 429)) expectLimited(res);
    const right = await hook(address, SECRET);
    expect(right.status).toBe(200);
    expect(right.body.data.duplicate).toBe(false);
    expectLimited(await hook(address, 'wrong-again'));
    // The webhook's count is its own: sign-in failures from the address are still 401.
    expect((await signIn(address, unknownEmail(), 'whatever-1')).status).toBe(401);
  });
});
