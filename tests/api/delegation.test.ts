// Rights are delegated, never created (issue 15, point 1). Driven by the contract: every operation
// that writes users, groups, claims or the links between them is walked by a user holding each
// permission-management claim alone and in the combinations that made an administrator of
// themselves before. Every attempt to give anyone more than its writer holds, to change one's own
// claims or groups, or to edit a user or group holding more than the writer is a 403 naming the
// claim, and the database is exactly as it was. What may be delegated still is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import catalogs from '../../generated/server/messages.json' with { type: 'json' };
import { effectiveClaims } from '../../server/src/domain/auth.ts';
import { ADMIN, call, startTestServer, type TestServer } from '../support/app.ts';

const MANAGED = ['Users', 'Groups', 'OperationClaims', 'UserClaims', 'GroupClaims', 'UserGroups'];
const ACTIONS = ['Read', 'Create', 'Update', 'Delete'];
const MANAGEMENT_CLAIMS = MANAGED.flatMap((e) => ACTIONS.map((a) => `${e}.${a}`));
const DELEGATION_CODES = ['error.permissions.notHeld', 'error.permissions.own', 'error.permissions.userAbove', 'error.permissions.groupAbove'];

/** The contract's operations that write one of the managed entities (or their links), by operationId. */
const writes = Object.values(contract.paths as Record<string, Record<string, { operationId: string; 'x-claim'?: string }>>)
  .flatMap((item) => Object.entries(item))
  .filter(([method, op]) => MANAGED.includes(op['x-claim']?.split('.')[0] ?? '') && method !== 'get' && !op.operationId.endsWith('ForPaging'))
  .map(([, op]) => op.operationId);

let server: TestServer;
const sql = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows;
const one = async (text: string, params: unknown[] = []) => (await sql(text, params))[0];
const api = (token: string, method: string, url: string, payload?: unknown) => call(server.app, token, method, url, payload);
const claimId = async (name: string) => (await one('SELECT id FROM operation_claims WHERE name = $1', [name])).id as number;

/** A token for a real user, as a sign-in makes it: their effective claims and access version. */
async function tokenOf(userId: number): Promise<string> {
  const u = await one(`SELECT u.guid, u.email, coalesce(av.version, 0) AS ver FROM users u LEFT JOIN access_versions av ON av.user_id = u.id WHERE u.id = $1`, [userId]);
  return server.app.jwt.sign({ sub: String(userId), guid: u.guid, email: u.email, claims: await effectiveClaims(server.database.pool, userId), ver: Number(u.ver) });
}

let seq = 0;
async function newUser(claims: string[] = []): Promise<number> {
  const id = (await one(`INSERT INTO users (email, first_name, last_name, password_hash) VALUES ($1, 'Yetki', 'Deneme', 'x') RETURNING id`, [`delegation${++seq}@test.local`])).id as number;
  for (const name of claims) await sql('INSERT INTO user_claims (user_id, operation_claim_id) VALUES ($1, $2)', [id, await claimId(name)]);
  return id;
}
async function newGroup(claims: string[] = [], members: number[] = []): Promise<number> {
  const id = (await one('INSERT INTO groups (name) VALUES ($1) RETURNING id', [`delegation-group-${++seq}`])).id as number;
  for (const name of claims) await sql('INSERT INTO group_claims (group_id, operation_claim_id) VALUES ($1, $2)', [id, await claimId(name)]);
  for (const member of members) await sql('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)', [member, id]);
  return id;
}

/** Everything a refused attempt must leave as it was. */
const STATE_TABLES = ['users', 'groups', 'operation_claims', 'user_claims', 'group_claims', 'user_groups'];
async function state(): Promise<string> {
  const parts = await Promise.all(STATE_TABLES.map((t) => sql(`SELECT to_jsonb(t) AS row FROM ${t} t ORDER BY id`)));
  return JSON.stringify(parts);
}

/** The world the attempts aim at: two administrators (one through Administrators, one directly), a plain user and a plain group. */
interface World {
  admin: number; admin2: number; victim: number;
  administrators: number; plain: number;
  adminClaim: number; held: number; notHeld: number;
  /** Link rows: admin2's direct Admin, the victim's claim, the plain group's claim, Administrators' Admin, memberships. */
  admin2Admin: number; victimClaim: number; plainClaim: number; administratorsAdmin: number; adminMembership: number; victimMembership: number;
}
let w: World;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = server.adminToken;
  const admin = (await one('SELECT id FROM users WHERE email = $1', [ADMIN.email])).id as number;
  const administrators = (await one(`SELECT id FROM groups WHERE name = 'Administrators'`)).id as number;
  const admin2 = await newUser(['Admin']);
  // Products.Read: a claim the victim and the plain group hold, which no attacker below holds.
  const victim = await newUser(['Products.Read']);
  const plain = await newGroup(['Products.Read'], [victim]);
  const link = (table: string, where: string, params: unknown[]) => one(`SELECT id FROM ${table} WHERE ${where}`, params).then((r) => r.id as number);
  const adminClaim = await claimId('Admin');
  const held = await claimId('Products.Read');
  w = {
    admin, admin2, victim, administrators, plain, adminClaim, held, notHeld: await claimId('Products.Delete'),
    admin2Admin: await link('user_claims', 'user_id = $1 AND operation_claim_id = $2', [admin2, adminClaim]),
    victimClaim: await link('user_claims', 'user_id = $1 AND operation_claim_id = $2', [victim, held]),
    plainClaim: await link('group_claims', 'group_id = $1 AND operation_claim_id = $2', [plain, held]),
    administratorsAdmin: await link('group_claims', 'group_id = $1 AND operation_claim_id = $2', [administrators, adminClaim]),
    adminMembership: await link('user_groups', 'user_id = $1 AND group_id = $2', [admin, administrators]),
    victimMembership: await link('user_groups', 'user_id = $1 AND group_id = $2', [victim, plain]),
  };
});
afterAll(() => server?.close());

type Request = [method: string, url: string, body?: Record<string, unknown>];
/** A row's current rowVersion (read as the administrator), so that an update is judged on its rule, not refused as stale. */
const current = async (plural: string, id: number) => (await api(adminToken, 'GET', `${plural}/${id}`)).body.data as Record<string, unknown>;
const put = async (plural: string, id: number, changes: Record<string, unknown>): Promise<Request> => {
  const row = await current(plural, id);
  return ['PUT', plural, { ...row, ...changes, id, rowVersion: row.rowVersion }];
};
const delta = (add: number[] = [], remove: number[] = []) => ({ add, remove });
const send = (token: string, [method, url, body]: Request) => api(token, method, url, body);
const sorted = (names: string[]) => [...names].sort();

/**
 * For every writing operation, the requests by which `self` would give themselves or someone else
 * more than they hold, or touch someone above them. Operations that cannot give anything are
 * named with the reason.
 */
const GRANTS_NOTHING: Record<string, string> = {
  createUser: 'a new user holds no claims (claims and groups are not fields of a user)',
  createGroup: 'a new group carries no claims',
};
const attempts: Record<string, (self: number) => Promise<Request[]>> = {
  createUserClaim: async (self) => [
    ['POST', 'UserClaims', { userId: self, operationClaimId: w.adminClaim }],
    ['POST', 'UserClaims', { userId: w.victim, operationClaimId: w.adminClaim }],
    ['POST', 'UserClaims', { userId: w.victim, operationClaimId: w.notHeld }],
    ['POST', 'UserClaims', { userId: w.admin2, operationClaimId: w.notHeld }],
  ],
  updateUserClaim: async (self) => [
    await put('UserClaims', w.victimClaim, { operationClaimId: w.adminClaim }),
    await put('UserClaims', w.victimClaim, { userId: self }),
    await put('UserClaims', w.admin2Admin, { userId: w.victim }),
  ],
  deleteUserClaim: async () => [['DELETE', `UserClaims/${w.admin2Admin}`], ['DELETE', `UserClaims/${w.victimClaim}`]],
  createGroupClaim: async () => [
    ['POST', 'GroupClaims', { groupId: w.plain, operationClaimId: w.adminClaim }],
    ['POST', 'GroupClaims', { groupId: w.plain, operationClaimId: w.notHeld }],
    ['POST', 'GroupClaims', { groupId: w.administrators, operationClaimId: w.notHeld }],
  ],
  updateGroupClaim: async () => [
    await put('GroupClaims', w.plainClaim, { operationClaimId: w.adminClaim }),
    await put('GroupClaims', w.administratorsAdmin, { groupId: w.plain }),
  ],
  deleteGroupClaim: async () => [['DELETE', `GroupClaims/${w.administratorsAdmin}`], ['DELETE', `GroupClaims/${w.plainClaim}`]],
  createUserGroup: async (self) => [
    ['POST', 'UserGroups', { userId: self, groupId: w.administrators }],
    ['POST', 'UserGroups', { userId: self, groupId: w.plain }],
    ['POST', 'UserGroups', { userId: w.victim, groupId: w.administrators }],
  ],
  updateUserGroup: async (self) => [
    await put('UserGroups', w.victimMembership, { groupId: w.administrators }),
    await put('UserGroups', w.victimMembership, { userId: self }),
    await put('UserGroups', w.adminMembership, { userId: self }),
  ],
  deleteUserGroup: async () => [['DELETE', `UserGroups/${w.adminMembership}`], ['DELETE', `UserGroups/${w.victimMembership}`]],
  changeUserClaims: async (self) => [
    ['POST', `Users/${self}/claims`, delta([w.adminClaim])],
    ['POST', `Users/${self}/claims`, delta([w.notHeld])],
    ['POST', `Users/${w.victim}/claims`, delta([w.adminClaim])],
    ['POST', `Users/${w.victim}/claims`, delta([], [w.held])],
    ['POST', `Users/${w.admin2}/claims`, delta([], [w.adminClaim])],
  ],
  changeUserGroups: async (self) => [
    ['POST', `Users/${self}/groups`, delta([w.administrators])],
    ['POST', `Users/${self}/groups`, delta([w.plain])],
    ['POST', `Users/${w.victim}/groups`, delta([w.administrators])],
    ['POST', `Users/${w.admin}/groups`, delta([], [w.administrators])],
  ],
  changeGroupClaims: async () => [
    ['POST', `Groups/${w.plain}/claims`, delta([w.adminClaim])],
    ['POST', `Groups/${w.plain}/claims`, delta([], [w.held])],
    ['POST', `Groups/${w.administrators}/claims`, delta([], [w.adminClaim])],
  ],
  changeGroupUsers: async (self) => [
    ['POST', `Groups/${w.administrators}/users`, delta([self])],
    ['POST', `Groups/${w.administrators}/users`, delta([w.victim])],
    ['POST', `Groups/${w.administrators}/users`, delta([], [w.admin])],
    ['POST', `Groups/${w.plain}/users`, delta([self])],
  ],
  updateUser: async () => [
    await put('Users', w.admin, { password: 'taken-over-password-1' }),
    await put('Users', w.admin, { email: 'taken-over@test.local' }),
    await put('Users', w.admin, { status: 'passive' }),
    await put('Users', w.admin, { status: 'locked' }),
    await put('Users', w.admin, { firstName: 'Ele geçirildi' }),
    await put('Users', w.admin2, { password: 'taken-over-password-1' }),
    await put('Users', w.victim, { password: 'taken-over-password-1' }),
  ],
  deleteUser: async () => [['DELETE', `Users/${w.admin2}`], ['DELETE', `Users/${w.victim}`]],
  logoutUserEverywhere: async () => [['POST', `Users/${w.admin}/logout-everywhere`]],
  updateGroup: async () => [await put('Groups', w.administrators, { name: 'Ele geçirildi' }), await put('Groups', w.plain, { name: 'Ele geçirildi' })],
  deleteGroup: async () => [['DELETE', `Groups/${w.administrators}`], ['DELETE', `Groups/${w.plain}`]],
  createOperationClaim: async () => [['POST', 'OperationClaims', { name: 'Kurban.Everything' }]],
  updateOperationClaim: async () => [
    await put('OperationClaims', w.adminClaim, { name: 'Yonetici' }),
    await put('OperationClaims', w.notHeld, { name: 'Admin2' }),
    await put('OperationClaims', w.notHeld, { description: 'değişti' }),
  ],
  deleteOperationClaim: async () => [['DELETE', `OperationClaims/${w.adminClaim}`], ['DELETE', `OperationClaims/${w.notHeld}`]],
};

describe('the contract walk', () => {
  it('covers every operation that writes users, groups, claims or their links', () => {
    expect(writes.length).toBeGreaterThan(20);
    const named = new Set([...Object.keys(attempts), ...Object.keys(GRANTS_NOTHING)]);
    expect(writes.filter((op) => !named.has(op)), 'operations without an escalation attempt').toEqual([]);
    expect([...named].filter((op) => !writes.includes(op)), 'attempts of operations the contract does not have').toEqual([]);
  });
});

/** Every attempt of every operation, by a user holding `claims`: each a 403, and nothing changes. */
async function walk(claims: string[], expectRule: boolean) {
  const self = await newUser(claims);
  const token = await tokenOf(self);
  const before = await state();
  const answers: { op: string; request: string; status: number; code: string }[] = [];
  for (const [op, make] of Object.entries(attempts)) {
    for (const request of await make(self)) {
      const res = await send(token, request);
      answers.push({ op, request: JSON.stringify(request), status: res.status, code: res.body?.error?.code });
    }
  }
  expect(answers.filter((a) => a.status !== 403), 'attempts that were not refused').toEqual([]);
  // With every management claim the router lets each through: the delegation rule refuses it.
  if (expectRule) expect(answers.filter((a) => !DELEGATION_CODES.includes(a.code)), 'refused by the claim check, not the rule').toEqual([]);
  expect(await state()).toBe(before);
  expect(sorted(await effectiveClaims(server.database.pool, self))).toEqual(sorted(claims));
}

describe('a user holding one permission-management claim', () => {
  it.each(MANAGEMENT_CLAIMS)('%s alone gives nobody anything and touches no administrator', async (claim) => {
    await walk([claim], false);
  });
});

describe('a user holding the combinations that made administrators before', () => {
  it.each([
    ['UserClaims.Read + Create', ['UserClaims.Read', 'UserClaims.Create'], false],
    ['the group claims: Groups, GroupClaims and UserGroups read + create', ['Groups.Read', 'Groups.Create', 'GroupClaims.Read', 'GroupClaims.Create', 'UserGroups.Read', 'UserGroups.Create'], false],
    ['Users.Read + Update', ['Users.Read', 'Users.Update'], false],
    ['every permission-management claim', MANAGEMENT_CLAIMS, true],
  ] as const)('%s', async (_name, claims, expectRule) => {
    await walk([...claims], expectRule);
  });

  it('the three ways in of the probe are refused with the rule, naming the claim', async () => {
    const claimsOnly = await tokenOf(await newUser(['UserClaims.Read', 'UserClaims.Create']));
    const selfId = await newUser(['UserClaims.Read', 'UserClaims.Create']);
    const self = await tokenOf(selfId);
    const own = await api(self, 'POST', `Users/${selfId}/claims`, delta([w.adminClaim]));
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('error.permissions.own');
    const plainCreate = await api(claimsOnly, 'POST', 'UserClaims', { userId: await newUser(), operationClaimId: w.adminClaim });
    expect(plainCreate.status).toBe(403);
    expect(plainCreate.body.error).toMatchObject({ code: 'error.permissions.notHeld', params: { claim: 'Admin' } });
    expect(plainCreate.body.error.message).toContain('Admin');

    const grouperId = await newUser(['Groups.Read', 'Groups.Create', 'GroupClaims.Read', 'GroupClaims.Create', 'UserGroups.Read', 'UserGroups.Create']);
    const grouper = await tokenOf(grouperId);
    const made = await api(grouper, 'POST', 'Groups', { name: 'Kendi grubum' });
    expect(made.status).toBe(200); // making a group gives nothing
    const giveAdmin = await api(grouper, 'POST', `Groups/${made.body.data.id}/claims`, delta([w.adminClaim]));
    expect(giveAdmin.body.error).toMatchObject({ code: 'error.permissions.notHeld', params: { claim: 'Admin' } });
    const join = await api(grouper, 'POST', `Groups/${made.body.data.id}/users`, delta([grouperId]));
    expect(join.body.error.code).toBe('error.permissions.own');

    const editor = await tokenOf(await newUser(['Users.Read', 'Users.Update']));
    const takeOver = await send(editor, await put('Users', w.admin, { password: 'taken-over-password-1' }));
    expect(takeOver.status).toBe(403);
    expect(takeOver.body.error).toMatchObject({ code: 'error.permissions.userAbove', params: { claim: 'Admin' } });
    const login = await call(server.app, undefined, 'POST', 'Auth/login', { email: ADMIN.email, password: 'taken-over-password-1' });
    expect(login.status).toBe(401);
  });
});

describe('what may be delegated still is', () => {
  it('a user grants the claims they hold, to others, through every route', async () => {
    const delegator = await tokenOf(await newUser(['UserClaims.Read', 'UserClaims.Create', 'UserClaims.Delete', 'Products.Read', 'Products.Update']));
    const clerk = await newUser();
    const [read, update, create] = [await claimId('Products.Read'), await claimId('Products.Update'), await claimId('Products.Create')];
    expect((await api(delegator, 'POST', `Users/${clerk}/claims`, delta([read]))).status).toBe(200);
    expect((await api(delegator, 'POST', 'UserClaims', { userId: clerk, operationClaimId: update })).status).toBe(200);
    const more = await api(delegator, 'POST', `Users/${clerk}/claims`, delta([create]));
    expect(more.status).toBe(403);
    expect(more.body.error).toMatchObject({ code: 'error.permissions.notHeld', params: { claim: 'Products.Create' } });
    expect(await effectiveClaims(server.database.pool, clerk)).toEqual(['Products.Read', 'Products.Update']);
    // Taking back what they hold too.
    expect((await api(delegator, 'POST', `Users/${clerk}/claims`, delta([], [update]))).status).toBe(200);
    expect(await effectiveClaims(server.database.pool, clerk)).toEqual(['Products.Read']);
  });

  it('a user fills a group with claims they hold and puts others in it, but a group carrying more stays out of reach', async () => {
    const delegator = await tokenOf(await newUser(['Groups.Read', 'Groups.Create', 'Groups.Update', 'GroupClaims.Read', 'GroupClaims.Create', 'UserGroups.Read', 'UserGroups.Create', 'UserGroups.Delete', 'Products.Read']));
    const clerk = await newUser();
    const made = await api(delegator, 'POST', 'Groups', { name: 'Tezgâh' });
    const group = made.body.data.id as number;
    expect((await api(delegator, 'POST', `Groups/${group}/claims`, delta([w.held]))).status).toBe(200);
    expect((await api(delegator, 'POST', `Groups/${group}/users`, delta([clerk]))).status).toBe(200);
    expect(await effectiveClaims(server.database.pool, clerk)).toEqual(['Products.Read']);
    expect((await send(delegator, await put('Groups', group, { name: 'Tezgâh ekibi' }))).status).toBe(200);

    const above = await newGroup(['Products.Read', 'Products.Delete']);
    const join = await api(delegator, 'POST', `Users/${clerk}/groups`, delta([above]));
    expect(join.status).toBe(403);
    expect(join.body.error).toMatchObject({ code: 'error.permissions.groupAbove', params: { claim: 'Products.Delete' } });
    expect(join.body.error.message).toContain('Products.Delete');
    expect(await effectiveClaims(server.database.pool, clerk)).toEqual(['Products.Read']);
  });

  it('a user edits users holding no more than they do, and themselves, but not one holding more', async () => {
    const editorId = await newUser(['Users.Read', 'Users.Update']);
    const editor = await tokenOf(editorId);
    const clerk = await newUser();
    expect((await send(editor, await put('Users', clerk, { password: 'a-new-password-1', status: 'passive' }))).status).toBe(200);
    expect((await send(editor, await put('Users', editorId, { firstName: 'Kendim' }))).status).toBe(200);
    const above = await send(editor, await put('Users', w.victim, { firstName: 'Başkası' }));
    expect(above.status).toBe(403);
    expect(above.body.error).toMatchObject({ code: 'error.permissions.userAbove', params: { claim: 'Products.Read' } });
  });

  it('an administrator grants Admin to others, but changes nobody\'s claims or groups of their own', async () => {
    const clerk = await newUser();
    const grant = await api(adminToken, 'POST', `Users/${clerk}/claims`, delta([w.adminClaim]));
    expect(grant.status).toBe(200);
    expect(await effectiveClaims(server.database.pool, clerk)).toEqual(['Admin']);
    const own = await api(adminToken, 'POST', `Users/${w.admin}/groups`, delta([w.plain]));
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('error.permissions.own');
    const ownLink = await api(adminToken, 'DELETE', `UserGroups/${w.adminMembership}`);
    expect(ownLink.body.error.code).toBe('error.permissions.own');
    // Cleaned up so that the walks above still see two administrators only.
    await sql('DELETE FROM user_claims WHERE user_id = $1', [clerk]);
  });
});

describe('the refusals are translated', () => {
  it.each(DELEGATION_CODES)('%s has a message in every language, naming the claim where there is one', (code) => {
    for (const catalog of Object.values(catalogs as Record<string, Record<string, string>>)) {
      expect(catalog[code], code).toBeTruthy();
      if (code !== 'error.permissions.own') expect(catalog[code]).toContain('{claim}');
    }
  });
});
