// Access ends when it should (issue 9, point 2): a user set passive or locked, a removed claim or
// group (directly, through a group, by the permission operations or the generic CRUD), a renamed
// claim, a new password and "sign out everywhere" refuse the user's access tokens on their very
// next request (401 error.auth.sessionChanged), on every server instance, not when they expire;
// the refresh then re-reads the claims or refuses the user. Signing out, or a refresh token
// presented twice, ends that session's access tokens the same way (401 error.auth.sessionEnded)
// while the user's other sessions go on (issue 15, point 6). The check costs no query per request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ADMIN, call, startTestServer, type TestServer } from '../support/app.ts';
import { buildApp } from '../../server/src/app.ts';
import { AccessVersions } from '../../server/src/plugins/access-versions.ts';
import { connectDatabase, type Database } from '../../server/src/db/client.ts';

let server: TestServer;
/** A second server instance on the same database (its own pool), as behind a load balancer. */
let other: { app: FastifyInstance; database: Database };
let A: FastifyInstance;
let B: FastifyInstance;
beforeAll(async () => {
  server = await startTestServer();
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
const admin = (method: string, url: string, payload?: unknown) => call(A, server.adminToken, method, url, payload);
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { claims: string[]; ver?: number; sid?: string };
const claimId = async (name: string) => (await sql('SELECT id FROM operation_claims WHERE name = $1', [name]))[0].id as number;

interface Person {
  id: number;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}
let seq = 0;
/** A user made through the API with `claims` of their own (and `groups`), signed in. */
async function person(claims: string[], groups: number[] = []): Promise<Person> {
  const email = `revoke${++seq}@test.local`;
  const password = 'a-long-password-1';
  const made = await admin('POST', 'Users', { firstName: 'Oturum', lastName: `Test ${seq}`, email, password, status: 'active' });
  expect(made.status).toBe(200);
  const id = made.body.data.id as number;
  if (claims.length) expect((await admin('POST', `Users/${id}/claims`, { add: await Promise.all(claims.map(claimId)), remove: [] })).status).toBe(200);
  if (groups.length) expect((await admin('POST', `Users/${id}/groups`, { add: groups, remove: [] })).status).toBe(200);
  const login = await call(A, undefined, 'POST', 'Auth/login', { email, password });
  expect(login.status).toBe(200);
  return { id, email, password, token: login.body.data.token, refreshToken: login.body.data.refreshToken };
}
async function group(claims: string[]): Promise<number> {
  const made = await admin('POST', 'Groups', { name: `Oturum grubu ${++seq}` });
  expect(made.status).toBe(200);
  if (claims.length) expect((await admin('POST', `Groups/${made.body.data.id}/claims`, { add: await Promise.all(claims.map(claimId)), remove: [] })).status).toBe(200);
  return made.body.data.id;
}
const refresh = (p: Person, app = A) => call(app, undefined, 'POST', 'Auth/refresh-token', { refreshToken: p.refreshToken });
/** Sets fields of a user through the generic update (the Users screen). */
async function updateUser(id: number, fields: Record<string, unknown>) {
  const current = (await admin('GET', `Users/${id}`)).body.data;
  return admin('PUT', 'Users', { id, rowVersion: current.rowVersion, firstName: current.firstName, lastName: current.lastName, email: current.email, ...fields });
}
const refused = (res: { status: number; body: any }, code = 'error.auth.sessionChanged') => {
  expect(res.status).toBe(401);
  expect(res.body.error.code).toBe(code);
};
const ended = (res: { status: number; body: any }) => refused(res, 'error.auth.sessionEnded');
/** Asks `app` with the token until it is refused with `code`; answers how long that took after `start`. */
async function refusedBy(app: FastifyInstance, token: string, start: number, code = 'error.auth.sessionChanged'): Promise<number> {
  for (;;) {
    const res = await call(app, token, 'GET', 'Languages');
    const elapsed = performance.now() - start;
    if (res.status === 401) {
      expect(res.body.error.code).toBe(code);
      return elapsed;
    }
    expect(res.status).toBe(200);
    if (elapsed > 5000) throw new Error('still accepted after 5 s');
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('a user set passive or locked', () => {
  it.each(['passive', 'locked'])('%s: the old token is refused at once, the refresh and sign-in too', async (status) => {
    const p = await person(['Languages.Read']);
    expect((await call(A, p.token, 'GET', 'Languages')).status).toBe(200);
    expect((await updateUser(p.id, { status })).status).toBe(200);
    refused(await call(A, p.token, 'GET', 'Languages'));
    const again = await refresh(p);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('error.auth.invalidRefreshToken');
    expect((await call(A, undefined, 'POST', 'Auth/login', { email: p.email, password: p.password })).body.error.code).toBe(`error.auth.${status}`);
    // Set active again: the refresh tokens stay revoked, a new sign-in works.
    expect((await updateUser(p.id, { status: 'active' })).status).toBe(200);
    expect((await refresh(p)).status).toBe(400);
    const login = await call(A, undefined, 'POST', 'Auth/login', { email: p.email, password: p.password });
    expect((await call(A, login.body.data.token, 'GET', 'Languages')).status).toBe(200);
  });
});

describe('a removed claim', () => {
  it('own claim, removed by the permission operation: refused, and the refresh gives a token without it', async () => {
    const p = await person(['Languages.Read', 'Users.Read']);
    expect((await call(A, p.token, 'GET', 'Users')).status).toBe(200);
    expect((await admin('POST', `Users/${p.id}/claims`, { add: [], remove: [await claimId('Users.Read')] })).status).toBe(200);
    refused(await call(A, p.token, 'GET', 'Languages'));
    const renewed = await refresh(p);
    expect(renewed.status).toBe(200);
    const pair = renewed.body.data.data;
    expect(claimsOf(pair.token).claims).toEqual(['Languages.Read']);
    expect(pair.claims).toEqual(['Languages.Read']);
    expect(claimsOf(pair.token).ver).toBeGreaterThan(claimsOf(p.token).ver ?? 0);
    expect((await call(A, pair.token, 'GET', 'Languages')).status).toBe(200);
    expect((await call(A, pair.token, 'GET', 'Users')).status).toBe(403);
  });

  it('own claim, deleted through the generic CRUD (UserClaims)', async () => {
    const p = await person(['Languages.Read', 'Groups.Read']);
    const [link] = await sql('SELECT id FROM user_claims WHERE user_id = $1 AND operation_claim_id = $2', [p.id, await claimId('Groups.Read')]);
    expect((await admin('DELETE', `UserClaims/${link.id}`)).status).toBe(200);
    refused(await call(A, p.token, 'GET', 'Languages'));
    expect(claimsOf((await refresh(p)).body.data.data.token).claims).toEqual(['Languages.Read']);
  });

  it('a claim re-pointed through the generic update (UserClaims) ends the old holder\'s access', async () => {
    const p = await person(['Languages.Read', 'Groups.Read']);
    const [link] = await sql('SELECT id, row_version FROM user_claims WHERE user_id = $1 AND operation_claim_id = $2', [p.id, await claimId('Groups.Read')]);
    const moved = await admin('PUT', 'UserClaims', { id: link.id, rowVersion: link.row_version, userId: p.id, operationClaimId: await claimId('Products.Read') });
    expect(moved.status).toBe(200);
    refused(await call(A, p.token, 'GET', 'Languages'));
    expect(claimsOf((await refresh(p)).body.data.data.token).claims).toEqual(['Languages.Read', 'Products.Read']);
  });

  it('a group\'s claim removed: every member is refused, a member of another group is not', async () => {
    const g = await group(['Languages.Read', 'Groups.Read']);
    const otherGroup = await group(['Languages.Read', 'Groups.Read']);
    const [m1, m2, outsider] = [await person([], [g]), await person([], [g]), await person([], [otherGroup])];
    expect((await admin('POST', `Groups/${g}/claims`, { add: [], remove: [await claimId('Groups.Read')] })).status).toBe(200);
    for (const m of [m1, m2]) {
      refused(await call(A, m.token, 'GET', 'Languages'));
      expect(claimsOf((await refresh(m)).body.data.data.token).claims).toEqual(['Languages.Read']);
    }
    expect((await call(A, outsider.token, 'GET', 'Groups')).status).toBe(200);
  });

  it('a group\'s claim deleted through the generic CRUD (GroupClaims)', async () => {
    const g = await group(['Languages.Read', 'Groups.Read']);
    const m = await person([], [g]);
    const [link] = await sql('SELECT id FROM group_claims WHERE group_id = $1 AND operation_claim_id = $2', [g, await claimId('Groups.Read')]);
    expect((await admin('DELETE', `GroupClaims/${link.id}`)).status).toBe(200);
    refused(await call(A, m.token, 'GET', 'Languages'));
    expect(claimsOf((await refresh(m)).body.data.data.token).claims).toEqual(['Languages.Read']);
  });

  it('a renamed claim: its holders are refused, and the refresh carries the new name', async () => {
    const made = await admin('POST', 'OperationClaims', { name: `Revocation${++seq}.Read` });
    const g = await group([made.body.data.name]);
    const direct = await person([made.body.data.name]);
    const member = await person([], [g]);
    const bystander = await person(['Languages.Read']);
    const renamed = await admin('PUT', 'OperationClaims', { id: made.body.data.id, rowVersion: made.body.data.rowVersion, name: `Renamed${seq}.Read` });
    expect(renamed.status).toBe(200);
    for (const p of [direct, member]) {
      refused(await call(A, p.token, 'GET', 'Languages'));
      expect(claimsOf((await refresh(p)).body.data.data.token).claims).toEqual([`Renamed${seq}.Read`]);
    }
    expect((await call(A, bystander.token, 'GET', 'Languages')).status).toBe(200);
  });
});

describe('a removed group', () => {
  it('by the permission operation (a user\'s groups) and by the generic CRUD (UserGroups)', async () => {
    const g = await group(['Languages.Read']);
    const h = await group(['Groups.Read']);
    const p = await person([], [g, h]);
    expect((await admin('POST', `Users/${p.id}/groups`, { add: [], remove: [h] })).status).toBe(200);
    refused(await call(A, p.token, 'GET', 'Languages'));
    const renewed = (await refresh(p)).body.data.data;
    expect(claimsOf(renewed.token).claims).toEqual(['Languages.Read']);

    const [link] = await sql('SELECT id FROM user_groups WHERE user_id = $1 AND group_id = $2', [p.id, g]);
    expect((await admin('DELETE', `UserGroups/${link.id}`)).status).toBe(200);
    refused(await call(A, renewed.token, 'GET', 'Languages'));
    const last = await call(A, undefined, 'POST', 'Auth/refresh-token', { refreshToken: renewed.refreshToken });
    expect(last.status).toBe(200);
    expect(claimsOf(last.body.data.data.token).claims).toEqual([]);
  });

  it('by the group\'s own dialog (a group\'s users)', async () => {
    const g = await group(['Languages.Read']);
    const [stays, leaves] = [await person([], [g]), await person([], [g])];
    expect((await admin('POST', `Groups/${g}/users`, { add: [], remove: [leaves.id] })).status).toBe(200);
    refused(await call(A, leaves.token, 'GET', 'Languages'));
    expect((await call(A, stays.token, 'GET', 'Languages')).status).toBe(200);
  });
});

describe('a changed password', () => {
  it('refuses the old token and revokes the refresh tokens; the new password signs in', async () => {
    const p = await person(['Languages.Read']);
    expect((await updateUser(p.id, { password: 'another-password-2' })).status).toBe(200);
    refused(await call(A, p.token, 'GET', 'Languages'));
    expect((await refresh(p)).status).toBe(400);
    expect((await call(A, undefined, 'POST', 'Auth/login', { email: p.email, password: p.password })).status).toBe(401);
    const login = await call(A, undefined, 'POST', 'Auth/login', { email: p.email, password: 'another-password-2' });
    expect((await call(A, login.body.data.token, 'GET', 'Languages')).status).toBe(200);
  });

  it('an update that leaves the password out ends nothing', async () => {
    const p = await person(['Languages.Read']);
    expect((await updateUser(p.id, { firstName: 'Yeni ad' })).status).toBe(200);
    expect((await call(A, p.token, 'GET', 'Languages')).status).toBe(200);
    expect((await refresh(p)).status).toBe(200);
  });
});

describe('sign out everywhere', () => {
  it('for oneself: every session of the user ends, the token that asked included', async () => {
    const p = await person(['Languages.Read']);
    const second = (await call(A, undefined, 'POST', 'Auth/login', { email: p.email, password: p.password })).body.data;
    const bystander = await person(['Languages.Read']);
    const res = await call(A, p.token, 'POST', 'Auth/logout-everywhere');
    expect(res.status).toBe(200);
    refused(await call(A, p.token, 'GET', 'Languages'));
    refused(await call(A, second.token, 'GET', 'Languages'));
    expect((await refresh(p)).status).toBe(400);
    expect((await call(A, undefined, 'POST', 'Auth/refresh-token', { refreshToken: second.refreshToken })).status).toBe(400);
    expect((await call(A, bystander.token, 'GET', 'Languages')).status).toBe(200);
    expect((await refresh(bystander)).status).toBe(200);
    // Signing in again works.
    expect((await call(A, undefined, 'POST', 'Auth/login', { email: p.email, password: p.password })).status).toBe(200);
  });

  it('needs a sign-in for oneself, and Users.Update for another user', async () => {
    expect((await call(A, undefined, 'POST', 'Auth/logout-everywhere')).status).toBe(401);
    const target = await person(['Languages.Read']);
    const clerk = await person(['Users.Read']);
    expect((await call(A, clerk.token, 'POST', `Users/${target.id}/logout-everywhere`)).status).toBe(403);
    expect((await call(A, target.token, 'GET', 'Languages')).status).toBe(200);
    expect((await admin('POST', 'Users/999999/logout-everywhere')).status).toBe(404);
    expect((await admin('POST', `Users/${target.id}/logout-everywhere`)).status).toBe(200);
    refused(await call(A, target.token, 'GET', 'Languages'));
    expect((await refresh(target)).status).toBe(400);
  });
});

describe('a deleted user', () => {
  it('is refused at once (a guest with no claim or group can be deleted)', async () => {
    const q = await person([]);
    expect((await admin('DELETE', `Users/${q.id}`)).status).toBe(200);
    refused(await call(A, q.token, 'POST', 'Auth/logout-everywhere'));
    expect((await refresh(q)).status).toBe(400);
  });
});

describe('two server instances on one database', () => {
  it('a revocation through one is enforced by the other within 5 s, from what it announced (no query)', async () => {
    const timings: number[] = [];
    for (const [via, at] of [[A, B], [B, A]] as const) {
      const p = await person(['Languages.Read', 'Groups.Read']);
      // Each instance knows the user's version already: the refusal must come from the announcement.
      expect((await call(at, p.token, 'GET', 'Languages')).status).toBe(200);
      expect((await call(via, p.token, 'GET', 'Languages')).status).toBe(200);
      const reads = at.accessVersions.reads;
      const adminToken = via === A ? server.adminToken : (await call(B, undefined, 'POST', 'Auth/login', ADMIN)).body.data.token;
      const res = await call(via, adminToken, 'POST', `Users/${p.id}/claims`, { add: [], remove: [await claimId('Groups.Read')] });
      expect(res.status).toBe(200);
      const start = performance.now();
      timings.push(await refusedBy(at, p.token, start));
      expect(at.accessVersions.reads).toBe(reads);
      // The refresh through the other instance works and drops the claim.
      expect(claimsOf((await refresh(p, at)).body.data.data.token).claims).toEqual(['Languages.Read']);
    }
    console.log(`revocation seen by the other instance after ${timings.map((t) => `${t.toFixed(1)} ms`).join(', ')}`);
    for (const t of timings) expect(t).toBeLessThan(5000);
  });

  it('sign out everywhere through one ends the sessions the other serves', async () => {
    const p = await person(['Languages.Read']);
    expect((await call(B, p.token, 'GET', 'Languages')).status).toBe(200);
    expect((await call(A, p.token, 'POST', 'Auth/logout-everywhere')).status).toBe(200);
    const elapsed = await refusedBy(B, p.token, performance.now());
    expect(elapsed).toBeLessThan(5000);
  });

  it('a user deleted through one is refused by the other, from the announcement', async () => {
    // A guest (no claim, no group) can be deleted; B knows their version from a first request.
    const r = await person([]);
    expect((await call(B, r.token, 'GET', 'Languages')).status).toBe(403);
    const reads = B.accessVersions.reads;
    expect((await admin('DELETE', `Users/${r.id}`)).status).toBe(200);
    const start = performance.now();
    for (;;) {
      const res = await call(B, r.token, 'GET', 'Languages');
      if (res.status === 401) {
        expect(res.body.error.code).toBe('error.auth.sessionChanged');
        break;
      }
      expect(performance.now() - start).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(B.accessVersions.reads).toBe(reads);
  });

  it('an announcement too long for one notice makes every instance forget, and read again once', async () => {
    const p = await person(['Languages.Read']);
    expect((await call(B, p.token, 'GET', 'Languages')).status).toBe(200);
    const reads = B.accessVersions.reads;
    await sql(`SELECT pg_notify('kurban_access', '*')`);
    for (let i = 0; i < 250 && B.accessVersions.known(p.id) !== undefined; i++) await new Promise((r) => setTimeout(r, 10));
    expect(B.accessVersions.known(p.id)).toBeUndefined();
    for (let i = 0; i < 5; i++) expect((await call(B, p.token, 'GET', 'Languages')).status).toBe(200);
    expect(B.accessVersions.reads).toBe(reads + 1);
  });

  it('an instance whose listener lost its connection trusts nothing it remembers, then listens again', async () => {
    const access = B.accessVersions;
    const p = await person(['Languages.Read']);
    expect((await call(B, p.token, 'GET', 'Languages')).status).toBe(200);
    const pid = access.listenerPid!;
    expect(pid).toBeGreaterThan(0);
    await sql('SELECT pg_terminate_backend($1)', [pid]);
    for (let i = 0; i < 250 && access.listenerPid === pid; i++) await new Promise((r) => setTimeout(r, 20));
    // Revoked while B may not be listening: B reads the version rather than trust its memory.
    await sql('SELECT kurban_end_sessions(ARRAY[$1]::int[])', [p.id]);
    refused(await call(B, p.token, 'GET', 'Languages'));
    // Listening again: later revocations arrive as announcements.
    for (let i = 0; i < 250 && !(access.listening && access.listenerPid !== pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(access.listening).toBe(true);
    const q = await person(['Languages.Read']);
    expect((await call(B, q.token, 'GET', 'Languages')).status).toBe(200);
    const reads = access.reads;
    await sql('SELECT kurban_end_sessions(ARRAY[$1]::int[])', [q.id]);
    expect(await refusedBy(B, q.token, performance.now())).toBeLessThan(5000);
    expect(access.reads).toBe(reads);
  });
});

describe('signing out', () => {
  /** Another sign-in of the same user: another session. */
  const signInAgain = async (p: Person) => (await call(A, undefined, 'POST', 'Auth/login', { email: p.email, password: p.password })).body.data as { token: string; refreshToken: string };

  it('ends that session\'s access token at once on this instance, and on the other from its announcement; other sessions go on', async () => {
    for (const [via, at] of [[A, B], [B, A]] as const) {
      const p = await person(['Languages.Read']);
      const other = await signInAgain(p);
      // Both instances know the session already: the other's refusal must come from the announcement.
      for (const app of [A, B]) expect((await call(app, p.token, 'GET', 'Languages')).status).toBe(200);
      const reads = at.accessVersions.reads;
      expect((await call(via, undefined, 'POST', 'Auth/logout', { refreshToken: p.refreshToken })).status).toBe(200);
      ended(await call(via, p.token, 'GET', 'Languages'));
      expect(await refusedBy(at, p.token, performance.now(), 'error.auth.sessionEnded')).toBeLessThan(5000);
      expect(at.accessVersions.reads).toBe(reads);
      // The refresh token is refused; the user's other session goes on, on both, and renews.
      expect((await refresh(p)).status).toBe(400);
      for (const app of [A, B]) expect((await call(app, other.token, 'GET', 'Languages')).status).toBe(200);
      expect((await call(at, undefined, 'POST', 'Auth/refresh-token', { refreshToken: other.refreshToken })).status).toBe(200);
    }
  });

  it('a refresh token presented twice ends its family\'s access tokens at once, on both instances; other sessions go on', async () => {
    const p = await person(['Languages.Read']);
    const other = await signInAgain(p);
    const renewed = (await refresh(p)).body.data.data as { token: string; refreshToken: string };
    for (const app of [A, B]) expect((await call(app, renewed.token, 'GET', 'Languages')).status).toBe(200);
    // The spent token again (copied by someone): the family is revoked, the newest access token with it.
    expect((await refresh(p, B)).status).toBe(400);
    ended(await call(B, renewed.token, 'GET', 'Languages'));
    ended(await call(B, p.token, 'GET', 'Languages'));
    expect(await refusedBy(A, renewed.token, performance.now(), 'error.auth.sessionEnded')).toBeLessThan(5000);
    expect((await call(A, undefined, 'POST', 'Auth/refresh-token', { refreshToken: renewed.refreshToken })).status).toBe(400);
    for (const app of [A, B]) expect((await call(app, other.token, 'GET', 'Languages')).status).toBe(200);
  });

  it('a session not known here is read from the database once', async () => {
    const p = await person(['Languages.Read']);
    expect((await call(A, undefined, 'POST', 'Auth/logout', { refreshToken: p.refreshToken })).status).toBe(200);
    // B remembers nothing (as after its listener reconnects): it reads, and keeps what it read.
    B.accessVersions.forget();
    const reads = B.accessVersions.reads;
    for (let i = 0; i < 3; i++) ended(await call(B, p.token, 'GET', 'Languages'));
    expect(B.accessVersions.reads).toBe(reads + 1);
  });

  it('sessions are remembered while their tokens live: one unseen for two token lifetimes is forgotten (read again if it comes back)', async () => {
    const p = await person(['Languages.Read']);
    const sid = claimsOf(p.token).sid!;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    const access = new AccessVersions(server.database.pool, A.log, 0.2); // tokens of 200 ms
    await access.start();
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      expect(await access.read(p.id, sid)).toEqual({ version: 0, ended: false });
      await sleep(300);
      expect(access.sessionKnown(sid)).toBe(false); // seen again within two lifetimes: kept
      await sleep(500);
      expect(access.sessionKnown(sid)).toBeUndefined();
      expect((await call(A, undefined, 'POST', 'Auth/logout', { refreshToken: p.refreshToken })).status).toBe(200);
      expect(await access.read(p.id, sid)).toEqual({ version: 0, ended: true });
      expect(access.sessionKnown(sid)).toBe(true);
    } finally {
      await access.close();
    }
  });

  it('a family with a revoked token has ended: a token of it left unrevoked (issued during the revocation) is refused', async () => {
    const p = await person(['Languages.Read']);
    const renewed = (await refresh(p)).body.data.data as { token: string; refreshToken: string };
    expect((await call(A, undefined, 'POST', 'Auth/logout', { refreshToken: renewed.refreshToken })).status).toBe(200);
    // A refresh that committed while the sign-out ran would leave its new token unrevoked.
    await sql('UPDATE refresh_tokens SET revoked_at = NULL WHERE token_hash = encode(sha256(convert_to($1, \'UTF8\')), \'hex\')', [renewed.refreshToken]);
    const again = await call(A, undefined, 'POST', 'Auth/refresh-token', { refreshToken: renewed.refreshToken });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('error.auth.invalidRefreshToken');
  });
});

describe('the Monitor\'s event stream', () => {
  it('ends when its user\'s access does, and its reconnection is refused', async () => {
    const viewer = await person(['Monitor.Read']);
    const feed = A.monitorFeed;
    const before = feed.streamCount;
    const stream = A.inject({ method: 'GET', url: `/api/v1/Monitor/events?date=2026-05-27&access_token=${encodeURIComponent(viewer.token)}` });
    for (let i = 0; i < 250 && feed.streamCount === before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(feed.streamCount).toBe(before + 1);
    const start = performance.now();
    expect((await admin('PUT', 'Users', await (async () => {
      const u = (await admin('GET', `Users/${viewer.id}`)).body.data;
      return { id: u.id, rowVersion: u.rowVersion, firstName: u.firstName, lastName: u.lastName, email: u.email, status: 'locked' };
    })())).status).toBe(200);
    const res = await stream;
    expect(performance.now() - start).toBeLessThan(5000);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('event: snapshot');
    expect(feed.streamCount).toBe(before);
    const again = await A.inject({ method: 'GET', url: `/api/v1/Monitor/events?date=2026-05-27&access_token=${encodeURIComponent(viewer.token)}` });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('error.auth.sessionChanged');
  });
});

describe('the Monitor\'s event stream, signed out', () => {
  it('ends when its session is signed out, on the instance that serves it', async () => {
    const viewer = await person(['Monitor.Read']);
    const feed = B.monitorFeed;
    const before = feed.streamCount;
    const stream = B.inject({ method: 'GET', url: `/api/v1/Monitor/events?date=2026-05-27&access_token=${encodeURIComponent(viewer.token)}` });
    for (let i = 0; i < 250 && feed.streamCount === before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(feed.streamCount).toBe(before + 1);
    const start = performance.now();
    expect((await call(A, undefined, 'POST', 'Auth/logout', { refreshToken: viewer.refreshToken })).status).toBe(200);
    const res = await stream;
    expect(performance.now() - start).toBeLessThan(5000);
    expect(res.body).toContain('event: snapshot');
    expect(feed.streamCount).toBe(before);
  });
});

describe('the check on every request', () => {
  it('costs no database query once the user\'s version is known', async () => {
    const p = await person(['Languages.Read']);
    const access = A.accessVersions;
    expect((await call(A, p.token, 'GET', 'Languages')).status).toBe(200);
    // Count every query that reads a version, whoever sends it.
    const pool = server.database.pool;
    const query = pool.query.bind(pool);
    let versionQueries = 0;
    (pool as any).query = (...args: any[]) => {
      if (typeof args[0] === 'string' && args[0].includes('access_versions')) versionQueries++;
      return (query as any)(...args);
    };
    const reads = access.reads;
    try {
      for (let i = 0; i < 200; i++) expect((await call(A, p.token, 'GET', 'Languages')).status).toBe(200);
    } finally {
      (pool as any).query = query;
    }
    expect(access.reads).toBe(reads);
    expect(versionQueries).toBe(0);
  });

  it('an unaffected user keeps working through every change above', async () => {
    const p = await person(['Languages.Read']);
    const g = await group(['Groups.Read']);
    const q = await person([], [g]);
    expect((await admin('POST', `Groups/${g}/users`, { add: [], remove: [q.id] })).status).toBe(200);
    expect((await updateUser(q.id, { status: 'passive' })).status).toBe(200);
    expect((await call(A, p.token, 'GET', 'Languages')).status).toBe(200);
    expect((await call(B, p.token, 'GET', 'Languages')).status).toBe(200);
    expect((await refresh(p)).status).toBe(200);
  });
});
