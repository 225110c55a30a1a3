// Nobody locks the farm out (issue 9, point 7b): the last active user holding `Admin` (with a
// password, directly or through a group) cannot be deleted, set passive or locked, or lose the
// claim, on any path: the generic CRUD of Users, UserClaims, UserGroups, GroupClaims, Groups and
// OperationClaims, and the permission operations. Each is a 409 error.conflict.lastAdmin with
// nothing changed, and allowed when another active administrator remains. Two administrators
// removing each other at the same time leave exactly one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
let adminId: number;
let administrators: number;
let adminClaim: number;
let languagesRead: number;
beforeAll(async () => {
  server = await startTestServer();
  adminId = (await one('SELECT id FROM users WHERE email = $1', [ADMIN.email])).id;
  administrators = (await one(`SELECT id FROM groups WHERE name = 'Administrators'`)).id;
  adminClaim = (await one(`SELECT id FROM operation_claims WHERE name = 'Admin'`)).id;
  languagesRead = (await one(`SELECT id FROM operation_claims WHERE name = 'Languages.Read'`)).id;
});
afterAll(() => server?.close());

const sql = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows;
const one = async (text: string, params: unknown[] = []) => (await sql(text, params))[0];
const admins = async () => (await sql('SELECT id FROM kurban_admin_user_ids() AS a(id) ORDER BY 1')).map((r) => r.id as number);
const login = async (email: string, password: string) => {
  const res = await call(server.app, undefined, 'POST', 'Auth/login', { email, password });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
};
/** A fresh token of the first administrator (changes to their links end older ones). */
const adminToken = () => login(ADMIN.email, ADMIN.password);
const api = async (method: string, url: string, payload?: unknown, token?: string) => call(server.app, token ?? await adminToken(), method, url, payload);

/**
 * Nobody changes their own claims or groups (403 error.permissions.own, the delegation rule), so
 * the last administrator's own links are out of their reach before this rule is asked. The rule
 * still holds there, for a writer whose token says Admin while the database no longer counts them
 * (their Admin taken a moment ago): such a token, of a user who is no administrator.
 */
async function uncountedAdminToken(): Promise<string> {
  const u = await user();
  return server.app.jwt.sign({ sub: String(u.id), guid: '00000000-0000-0000-0000-000000000000', email: u.email, claims: ['Admin'] });
}
function expectOwn(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.error.code).toBe('error.permissions.own');
}

function expectLastAdmin(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.error.code).toBe('error.conflict.lastAdmin');
  expect(res.body.error.message).toMatch(/Admin/);
}

let seq = 0;
/** A user who can sign in, holding nothing yet. */
async function user(): Promise<{ id: number; email: string; password: string }> {
  const email = `last-admin${++seq}@test.local`;
  const password = 'a-long-password-1';
  const res = await api('POST', 'Users', { firstName: 'Yönetici', lastName: `Aday ${seq}`, email, password, status: 'active' });
  expect(res.status).toBe(200);
  return { id: res.body.data.id, email, password };
}
async function group(name: string, claims: number[]) {
  const res = await api('POST', 'Groups', { name: `${name} ${++seq}` });
  expect(res.status).toBe(200);
  for (const c of claims) await sql('INSERT INTO group_claims (group_id, operation_claim_id) VALUES ($1, $2)', [res.body.data.id, c]);
  return res.body.data.id as number;
}
const userRow = async (id: number) => (await api('GET', `Users/${id}`)).body.data;
const setStatus = async (id: number, status: string, token?: string) => {
  const u = await userRow(id);
  return api('PUT', 'Users', { id, rowVersion: u.rowVersion, firstName: u.firstName, lastName: u.lastName, email: u.email, status }, token);
};
const membership = async (userId: number, groupId: number) => (await one('SELECT id, row_version FROM user_groups WHERE user_id = $1 AND group_id = $2', [userId, groupId]));
const claimLink = async (table: 'user_claims' | 'group_claims', owner: 'user_id' | 'group_id', ownerId: number, claimId: number) =>
  one(`SELECT id, row_version FROM ${table} WHERE ${owner} = $1 AND operation_claim_id = $2`, [ownerId, claimId]);

/** The first administrator holds Admin directly instead of through Administrators (for the UserClaims paths). */
async function adminHoldsAdminDirectly(direct: boolean) {
  if (direct) {
    await sql('INSERT INTO user_claims (user_id, operation_claim_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [adminId, adminClaim]);
    await sql('DELETE FROM user_groups WHERE user_id = $1 AND group_id = $2', [adminId, administrators]);
  } else {
    await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [adminId, administrators]);
    await sql('DELETE FROM user_claims WHERE user_id = $1 AND operation_claim_id = $2', [adminId, adminClaim]);
  }
}

describe('the only administrator', () => {
  it('is the first administrator, through the Administrators group', async () => {
    expect(await admins()).toEqual([adminId]);
  });

  it('cannot be set passive or locked (Users update); another administrator can', async () => {
    for (const status of ['passive', 'locked']) {
      expectLastAdmin(await setStatus(adminId, status));
      expect((await one('SELECT status FROM users WHERE id = $1', [adminId])).status).toBe('active');
    }
    expect((await setStatus(adminId, 'active')).status).toBe(200); // not a change of status
    const second = await user();
    await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)', [second.id, administrators]);
    expect(await admins()).toEqual([adminId, second.id]);
    expect((await setStatus(second.id, 'locked')).status).toBe(200);
    expect(await admins()).toEqual([adminId]);
  });

  it('cannot be deleted (Users delete); another administrator is refused only as referenced', async () => {
    expectLastAdmin(await api('DELETE', `Users/${adminId}`));
    const second = await user();
    await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)', [second.id, administrators]);
    const res = await api('DELETE', `Users/${second.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.conflict.referenced');
    await sql('DELETE FROM user_groups WHERE user_id = $1', [second.id]);
    expect((await api('DELETE', `Users/${second.id}`)).status).toBe(200);
    expect(await admins()).toEqual([adminId]);
  });

  it('cannot leave the Administrators group (UserGroups delete and update); another member can', async () => {
    const plain = await group('Sıradan', [languagesRead]);
    const link = await membership(adminId, administrators);
    expectOwn(await api('DELETE', `UserGroups/${link.id}`));
    const other = await uncountedAdminToken();
    expectLastAdmin(await api('DELETE', `UserGroups/${link.id}`, undefined, other));
    expectLastAdmin(await api('PUT', 'UserGroups', { id: link.id, rowVersion: link.row_version, userId: adminId, groupId: plain }, other));
    expect(await membership(adminId, administrators)).toEqual(link);

    const [second, third] = [await user(), await user()];
    await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $3), ($2, $3)', [second.id, third.id, administrators]);
    expect((await api('DELETE', `UserGroups/${(await membership(second.id, administrators)).id}`)).status).toBe(200);
    const l3 = await membership(third.id, administrators);
    expect((await api('PUT', 'UserGroups', { id: l3.id, rowVersion: l3.row_version, userId: third.id, groupId: plain })).status).toBe(200);
    expect(await admins()).toEqual([adminId]);
  });

  it('cannot leave through the permission operations (a user\'s groups, a group\'s users); another member can', async () => {
    expectOwn(await api('POST', `Users/${adminId}/groups`, { add: [], remove: [administrators] }));
    expectOwn(await api('POST', `Groups/${administrators}/users`, { add: [], remove: [adminId] }));
    const other = await uncountedAdminToken();
    expectLastAdmin(await api('POST', `Users/${adminId}/groups`, { add: [], remove: [administrators] }, other));
    expectLastAdmin(await api('POST', `Groups/${administrators}/users`, { add: [], remove: [adminId] }, other));
    expect(await admins()).toEqual([adminId]);
    const [second, third] = [await user(), await user()];
    await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $3), ($2, $3)', [second.id, third.id, administrators]);
    expect((await api('POST', `Users/${second.id}/groups`, { add: [], remove: [administrators] })).status).toBe(200);
    expect((await api('POST', `Groups/${administrators}/users`, { add: [], remove: [third.id] })).status).toBe(200);
    expect(await admins()).toEqual([adminId]);
  });

  it('keeps Admin when a change moves it in one request (removed from one group, held through another)', async () => {
    const other = await group('Yedek yöneticiler', [adminClaim]);
    const writer = await uncountedAdminToken();
    const res = await api('POST', `Users/${adminId}/groups`, { add: [other], remove: [administrators] }, writer);
    expect(res.status).toBe(200);
    expect(await admins()).toEqual([adminId]);
    // …and back, after which the spare group can go without harm.
    expect((await api('POST', `Users/${adminId}/groups`, { add: [administrators], remove: [other] }, writer)).status).toBe(200);
    expect((await api('POST', `Groups/${other}/claims`, { add: [], remove: [adminClaim] })).status).toBe(200);
    expect(await admins()).toEqual([adminId]);
  });

  it('keeps the group\'s Admin claim (GroupClaims delete and update, a group\'s claims); another group can lose it', async () => {
    const link = await claimLink('group_claims', 'group_id', administrators, adminClaim);
    expectLastAdmin(await api('DELETE', `GroupClaims/${link.id}`));
    expectLastAdmin(await api('PUT', 'GroupClaims', { id: link.id, rowVersion: link.row_version, groupId: administrators, operationClaimId: languagesRead }));
    expectLastAdmin(await api('POST', `Groups/${administrators}/claims`, { add: [], remove: [adminClaim] }));
    expect(await claimLink('group_claims', 'group_id', administrators, adminClaim)).toEqual(link);

    const second = await user();
    const spare = await group('İkinci yöneticiler', [adminClaim]);
    await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)', [second.id, spare]);
    expect(await admins()).toEqual([adminId, second.id]);
    const l2 = await claimLink('group_claims', 'group_id', spare, adminClaim);
    expect((await api('PUT', 'GroupClaims', { id: l2.id, rowVersion: l2.row_version, groupId: spare, operationClaimId: languagesRead })).status).toBe(200);
    expect(await admins()).toEqual([adminId]);
    await sql('INSERT INTO group_claims (group_id, operation_claim_id) VALUES ($1, $2)', [spare, adminClaim]);
    expect((await api('DELETE', `GroupClaims/${(await claimLink('group_claims', 'group_id', spare, adminClaim)).id}`)).status).toBe(200);
    await sql('INSERT INTO group_claims (group_id, operation_claim_id) VALUES ($1, $2)', [spare, adminClaim]);
    expect((await api('POST', `Groups/${spare}/claims`, { add: [], remove: [adminClaim] })).status).toBe(200);
    expect(await admins()).toEqual([adminId]);
  });

  it('keeps a directly held Admin (UserClaims delete and update, a user\'s claims); another holder can lose it', async () => {
    await adminHoldsAdminDirectly(true);
    try {
      expect(await admins()).toEqual([adminId]);
      const link = await claimLink('user_claims', 'user_id', adminId, adminClaim);
      expectOwn(await api('DELETE', `UserClaims/${link.id}`));
      expectOwn(await api('POST', `Users/${adminId}/claims`, { add: [], remove: [adminClaim] }));
      const other = await uncountedAdminToken();
      expectLastAdmin(await api('DELETE', `UserClaims/${link.id}`, undefined, other));
      expectLastAdmin(await api('PUT', 'UserClaims', { id: link.id, rowVersion: link.row_version, userId: adminId, operationClaimId: languagesRead }, other));
      expectLastAdmin(await api('POST', `Users/${adminId}/claims`, { add: [], remove: [adminClaim] }, other));
      expect(await claimLink('user_claims', 'user_id', adminId, adminClaim)).toEqual(link);

      const second = await user();
      const grant = async () => {
        await sql('INSERT INTO user_claims (user_id, operation_claim_id) VALUES ($1, $2)', [second.id, adminClaim]);
        expect(await admins()).toEqual([adminId, second.id]);
        return claimLink('user_claims', 'user_id', second.id, adminClaim);
      };
      expect((await api('DELETE', `UserClaims/${(await grant()).id}`)).status).toBe(200);
      const l2 = await grant();
      expect((await api('PUT', 'UserClaims', { id: l2.id, rowVersion: l2.row_version, userId: second.id, operationClaimId: languagesRead })).status).toBe(200);
      await grant();
      expect((await api('POST', `Users/${second.id}/claims`, { add: [], remove: [adminClaim] })).status).toBe(200);
      expect(await admins()).toEqual([adminId]);
    } finally {
      await adminHoldsAdminDirectly(false);
    }
    expect(await admins()).toEqual([adminId]);
  });

  it('keeps the Admin claim and the Administrators group (OperationClaims and Groups update and delete)', async () => {
    const claim = (await api('GET', `OperationClaims/${adminClaim}`)).body.data;
    // A renamed Admin is Admin for nobody: refused even while two administrators remain.
    const second = await user();
    await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)', [second.id, administrators]);
    expectLastAdmin(await api('PUT', 'OperationClaims', { id: adminClaim, rowVersion: claim.rowVersion, name: 'Yonetici' }));
    // Its description can change.
    expect((await api('PUT', 'OperationClaims', { id: adminClaim, rowVersion: claim.rowVersion, name: 'Admin', description: 'Her işlem' })).status).toBe(200);
    // Deleting the claim or the group is refused while anything references them.
    expect((await api('DELETE', `OperationClaims/${adminClaim}`)).status).toBe(409);
    expect((await api('DELETE', `Groups/${administrators}`)).status).toBe(409);
    await sql('DELETE FROM user_groups WHERE user_id = $1', [second.id]);
    expect(await admins()).toEqual([adminId]);
  });

  it('is refused the same way by hand-run SQL (the database holds the rule)', async () => {
    await expect(sql(`UPDATE users SET status = 'passive' WHERE id = $1`, [adminId])).rejects.toMatchObject({ constraint: 'ck_last_admin' });
    await expect(sql('DELETE FROM group_claims WHERE group_id = $1', [administrators])).rejects.toMatchObject({ constraint: 'ck_last_admin' });
    expect(await admins()).toEqual([adminId]);
  });

  it('a user without a password does not count as an administrator', async () => {
    const [nopass] = await sql(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Şifresiz', 'Yönetici') RETURNING id`, [`nopass${++seq}@test.local`]);
    await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)', [nopass.id, administrators]);
    expect(await admins()).toEqual([adminId]);
    expectLastAdmin(await setStatus(adminId, 'passive'));
    await sql('DELETE FROM user_groups WHERE user_id = $1', [nopass.id]);
  });
});

describe('two administrators removing each other at the same time', () => {
  /** Two administrators, the first and one more; answers the other's id and a token of each. */
  async function pair() {
    const second = await user();
    await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)', [second.id, administrators]);
    expect(await admins()).toEqual([adminId, second.id]);
    return { second, tokens: [await adminToken(), await login(second.email, second.password)] };
  }
  /** The one of the two still an administrator gets the other back (set active, in the group again). */
  async function restore(secondId: number) {
    await sql(`UPDATE users SET status = 'active' WHERE id IN ($1, $2)`, [adminId, secondId]);
    await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $3), ($2, $3) ON CONFLICT DO NOTHING', [adminId, secondId, administrators]);
  }

  /**
   * Runs both requests so that both are inside their transactions when the rule is checked: the
   * check's lock is held here until both wait for it, then let go.
   */
  async function atOnce(requests: (() => Promise<{ status: number; body: any }>)[]) {
    const holder = await server.database.pool.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(7378224301)');
      const pending = requests.map((r) => r());
      let waiting = 0;
      for (let i = 0; i < 500 && waiting < requests.length; i++) {
        await new Promise((r) => setTimeout(r, 10));
        waiting = (await holder.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)).rows[0].n;
      }
      expect(waiting).toBe(requests.length);
      await holder.query('SELECT pg_advisory_unlock(7378224301)');
      return await Promise.all(pending);
    } finally {
      holder.release();
    }
  }

  it('through the Users screen (each sets the other passive): exactly one stays, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const { second, tokens } = await pair();
      const [rowA, rowB] = [await userRow(adminId), await userRow(second.id)];
      const body = (u: any) => ({ id: u.id, rowVersion: u.rowVersion, firstName: u.firstName, lastName: u.lastName, email: u.email, status: 'passive' });
      const results = await atOnce([
        () => call(server.app, tokens[0], 'PUT', 'Users', body(rowB)),
        () => call(server.app, tokens[1], 'PUT', 'Users', body(rowA)),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expectLastAdmin(results.find((r) => r.status === 409)!);
      expect(await admins()).toHaveLength(1);
      expect((await one(`SELECT count(*)::int AS n FROM users WHERE id IN ($1, $2) AND status = 'active'`, [adminId, second.id])).n).toBe(1);
      await restore(second.id);
      await sql('DELETE FROM user_groups WHERE user_id = $1', [second.id]);
    }
    expect(await admins()).toEqual([adminId]);
  });

  it('through the permission operations (each removes the other from the group): exactly one stays', async () => {
    for (let round = 0; round < 5; round++) {
      const { second, tokens } = await pair();
      const results = await atOnce([
        () => call(server.app, tokens[0], 'POST', `Groups/${administrators}/users`, { add: [], remove: [second.id] }),
        () => call(server.app, tokens[1], 'POST', `Users/${adminId}/groups`, { add: [], remove: [administrators] }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expectLastAdmin(results.find((r) => r.status === 409)!);
      expect(await admins()).toHaveLength(1);
      await restore(second.id);
      await sql('DELETE FROM user_groups WHERE user_id = $1', [second.id]);
    }
    expect(await admins()).toEqual([adminId]);
  });

  it('sent together without any help: never fewer than one, whoever wins', async () => {
    const outcomes: number[] = [];
    for (let round = 0; round < 10; round++) {
      const { second, tokens } = await pair();
      const [rowA, rowB] = [await userRow(adminId), await userRow(second.id)];
      const body = (u: any) => ({ id: u.id, rowVersion: u.rowVersion, firstName: u.firstName, lastName: u.lastName, email: u.email, status: 'locked' });
      const results = await Promise.all([
        call(server.app, tokens[0], 'PUT', 'Users', body(rowB)),
        call(server.app, tokens[1], 'PUT', 'Users', body(rowA)),
      ]);
      // The loser is refused by the rule (409), or, when the winner committed before the loser's
      // request was checked, because its own access has just ended (401).
      const statuses = results.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      outcomes.push(statuses[1]);
      expect(await admins()).toHaveLength(1);
      await restore(second.id);
      await sql('DELETE FROM user_groups WHERE user_id = $1', [second.id]);
    }
    console.log(`losers: ${outcomes.filter((s) => s === 409).length} × 409, ${outcomes.filter((s) => s === 401).length} × 401`);
    expect(await admins()).toEqual([adminId]);
  });

  it('with both transactions open at once before either commits: the second to commit is refused', async () => {
    const { second } = await pair();
    const [c1, c2] = [await server.database.pool.connect(), await server.database.pool.connect()];
    try {
      await c1.query('BEGIN');
      await c2.query('BEGIN');
      await c1.query(`UPDATE users SET status = 'passive' WHERE id = $1`, [second.id]);
      await c2.query(`UPDATE users SET status = 'locked' WHERE id = $1`, [adminId]);
      // Both changes are made; each alone would leave an administrator. Committed together:
      const outcomes = await Promise.allSettled([c1.query('COMMIT'), c2.query('COMMIT')]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const failure = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(failure.reason).toMatchObject({ constraint: 'ck_last_admin' });
      expect(await admins()).toHaveLength(1);
    } finally {
      await c1.query('ROLLBACK').catch(() => {});
      await c2.query('ROLLBACK').catch(() => {});
      c1.release();
      c2.release();
    }
    await restore(second.id);
    await sql('DELETE FROM user_groups WHERE user_id = $1', [second.id]);
    expect(await admins()).toEqual([adminId]);
  });
});
