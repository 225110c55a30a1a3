// Permissions saved in one request each: a delta { add, remove } to a user's or group's claims or
// memberships, applied in one transaction (all or nothing), checked against the link entity's
// Create and Delete claims per part, idempotent on retry, and serialised per owner so that
// concurrent changes all land. The answer is what the database holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveClaims } from '../../server/src/domain/auth.ts';
import { call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
let claimIds: number[] = [];
beforeAll(async () => {
  server = await startTestServer();
  claimIds = (await sql(`SELECT id FROM operation_claims WHERE name <> 'Admin' ORDER BY id LIMIT 40`)).map((r) => r.id as number);
});
afterAll(() => server?.close());

const sql = (text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows);
const api = (method: string, url: string, payload?: unknown, token = server.adminToken) => call(server.app, token, method, url, payload);
/** Sends a change; both lists are required, so a list left out here is sent empty. */
const change = (path: string, d: { add?: unknown[]; remove?: unknown[] }, token?: string) => api('POST', path, { add: [], remove: [], ...d }, token);
const tokenWith = (claims: string[]) => server.app.jwt.sign({ sub: '1', guid: '00000000-0000-0000-0000-000000000000', email: 'x@test.local', claims });

let seq = 0;
const newUser = async () => (await sql(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'İzin', 'Test') RETURNING id`, [`perm${++seq}@test.local`]))[0].id as number;
const newGroup = async () => (await sql(`INSERT INTO groups (name) VALUES ($1) RETURNING id`, [`perm-group-${++seq}`]))[0].id as number;

/** The four operations, each with what it links and how to read its links from the database. */
interface Case {
  name: string;
  entity: 'UserClaims' | 'GroupClaims' | 'UserGroups';
  owner(): Promise<number>;
  /** Ids of the other side that exist. */
  others(n: number): Promise<number[]>;
  path(id: number): string;
  linked(id: number): Promise<number[]>;
}
const cases: Case[] = [
  {
    name: 'a user\'s claims', entity: 'UserClaims', owner: newUser, others: async (n) => claimIds.slice(0, n), path: (id) => `Users/${id}/claims`,
    linked: async (id) => (await sql('SELECT operation_claim_id AS id FROM user_claims WHERE user_id = $1 ORDER BY 1', [id])).map((r) => r.id),
  },
  {
    name: 'a group\'s claims', entity: 'GroupClaims', owner: newGroup, others: async (n) => claimIds.slice(0, n), path: (id) => `Groups/${id}/claims`,
    linked: async (id) => (await sql('SELECT operation_claim_id AS id FROM group_claims WHERE group_id = $1 ORDER BY 1', [id])).map((r) => r.id),
  },
  {
    name: 'a user\'s groups', entity: 'UserGroups', owner: newUser, others: async (n) => Promise.all(Array.from({ length: n }, newGroup)), path: (id) => `Users/${id}/groups`,
    linked: async (id) => (await sql('SELECT group_id AS id FROM user_groups WHERE user_id = $1 ORDER BY 1', [id])).map((r) => r.id),
  },
  {
    name: 'a group\'s users', entity: 'UserGroups', owner: newGroup, others: async (n) => Promise.all(Array.from({ length: n }, newUser)), path: (id) => `Groups/${id}/users`,
    linked: async (id) => (await sql('SELECT user_id AS id FROM user_groups WHERE group_id = $1 ORDER BY 1', [id])).map((r) => r.id),
  },
];
const asc = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe.each(cases)('changing $name', (c) => {
  it('applies additions and removals in one request and answers what the database holds', async () => {
    const owner = await c.owner();
    const [a, b, d, e] = await c.others(4);
    const first = await change(c.path(owner), { add: [a, b, d] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ ids: asc([a, b, d]), added: asc([a, b, d]), removed: [] });

    const second = await change(c.path(owner), { add: [e], remove: [a, b] });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data).toEqual({ ids: asc([d, e]), added: [e], removed: asc([a, b]) });
    expect(await c.linked(owner)).toEqual(second.body.data.ids);
  });

  it('is a no-op on retry: adding a link that is there or removing one that is not changes nothing', async () => {
    const owner = await c.owner();
    const [a, b] = await c.others(2);
    const body = { add: [a], remove: [b] };
    const once = await change(c.path(owner), body);
    const again = await change(c.path(owner), body);
    expect(once.body.data).toEqual({ ids: [a], added: [a], removed: [] });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ ids: [a], added: [], removed: [] });
    expect(await c.linked(owner)).toEqual([a]);
    // An empty change answers the current set.
    expect((await change(c.path(owner), {})).body.data).toEqual({ ids: [a], added: [], removed: [] });
  });

  it('applies nothing when an id to add does not exist, and names it', async () => {
    const owner = await c.owner();
    const [a, b] = await c.others(2);
    await change(c.path(owner), { add: [a] });
    const res = await change(c.path(owner), { add: [b, 999_999, 888_888], remove: [a] });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('error.permissions.unknownIds');
    expect(res.body.error.params.ids).toEqual([888_888, 999_999]);
    expect(res.body.error.message).toContain('888888, 999999');
    expect(res.body.error.fields[0].field).toBe('add');
    expect(await c.linked(owner)).toEqual([a]);
  });

  it('refuses an id both added and removed, too many ids, repeated ids and non-integers', async () => {
    const owner = await c.owner();
    const [a, b] = await c.others(2);
    const both = await change(c.path(owner), { add: [a, b], remove: [b] });
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe('error.permissions.addAndRemove');
    expect(both.body.error.params.ids).toEqual([b]);
    const many = await change(c.path(owner), { add: Array.from({ length: 1001 }, (_, i) => i + 1) });
    expect(many.status).toBe(400);
    expect(many.body.error.code).toBe('error.validation');
    expect((await change(c.path(owner), { add: [a, a] })).status).toBe(400);
    expect((await change(c.path(owner), { add: ['1'] })).status).toBe(400);
    expect((await change(c.path(owner), { add: [0] })).status).toBe(400);
    expect((await api('POST', c.path(owner), { add: [a] })).status).toBe(400);
    expect(await c.linked(owner)).toEqual([]);
  });

  it('answers 404 for an unknown owner', async () => {
    const [a] = await c.others(1);
    const res = await change(c.path(999_999), { add: [a] });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('error.notFound');
  });

  it(`needs ${c.entity}.Create to add and ${c.entity}.Delete to remove, each only for its part`, async () => {
    const owner = await c.owner();
    const [a, b] = await c.others(2);
    await change(c.path(owner), { add: [a] });
    // The writer holds the claims being given (only those can be delegated: delegation.test.ts).
    const held = c.entity === 'UserGroups' ? [] : (await sql('SELECT name FROM operation_claims WHERE id = ANY($1::int[])', [[a, b]])).map((r) => r.name as string);
    const read = tokenWith([`${c.entity}.Read`, ...held]);
    const readCreate = tokenWith([`${c.entity}.Read`, `${c.entity}.Create`, ...held]);
    const readDelete = tokenWith([`${c.entity}.Read`, `${c.entity}.Delete`, ...held]);

    expect((await change(c.path(owner), { add: [b] }, tokenWith([`${c.entity}.Create`, `${c.entity}.Delete`]))).status).toBe(403);
    const noCreate = await change(c.path(owner), { add: [b] }, read);
    expect(noCreate.status).toBe(403);
    expect(noCreate.body.error.params.claim).toBe(`${c.entity}.Create`);
    const noDelete = await change(c.path(owner), { add: [b], remove: [a] }, readCreate);
    expect(noDelete.status).toBe(403);
    expect(noDelete.body.error.params.claim).toBe(`${c.entity}.Delete`);
    expect((await change(c.path(owner), { add: [b], remove: [a] }, readDelete)).status).toBe(403);
    expect(await c.linked(owner)).toEqual([a]);

    // Read alone may read the set; each claim lets its own part through.
    expect((await change(c.path(owner), {}, read)).body.data.ids).toEqual([a]);
    expect((await change(c.path(owner), { remove: [a] }, readDelete)).status).toBe(200);
    expect((await change(c.path(owner), { add: [b] }, readCreate)).status).toBe(200);
    expect(await c.linked(owner)).toEqual([b]);
  });
});

describe('concurrent changes of one owner', () => {
  it('all land: parallel deltas on one user are applied one after the other, none lost', async () => {
    const user = await newUser();
    const ids = claimIds.slice(0, 40);
    // Ten requests of four claims each, plus ten that remove a claim no one added.
    const batches = Array.from({ length: 10 }, (_, i) => ids.slice(i * 4, i * 4 + 4));
    const answers = await Promise.all([
      ...batches.map((add) => change(`Users/${user}/claims`, { add })),
      ...batches.map((add) => change(`Users/${user}/claims`, { remove: [add[0] + 100_000] })),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(answers.slice(0, 10).map((r) => r.body.data.added)).toEqual(batches);
    expect(await sql('SELECT count(*)::int AS n FROM user_claims WHERE user_id = $1', [user])).toEqual([{ n: 40 }]);
    // Serialised: every answer is a set the user really went through, so the sizes are all different.
    const sizes = answers.slice(0, 10).map((r) => r.body.data.ids.length);
    expect(new Set(sizes).size).toBe(10);
    expect(Math.max(...sizes)).toBe(40);
  });

  it('the same addition sent twice at once adds one link, reported by one answer', async () => {
    const user = await newUser();
    const [a] = claimIds;
    const answers = await Promise.all([1, 2, 3].map(() => change(`Users/${user}/claims`, { add: [a] })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.flatMap((r) => r.body.data.added)).toEqual([a]);
    expect(await sql('SELECT count(*)::int AS n FROM user_claims WHERE user_id = $1', [user])).toEqual([{ n: 1 }]);
  });

  it('memberships changed from both sides at once all land', async () => {
    const user = await newUser();
    const groups = await Promise.all(Array.from({ length: 6 }, newGroup));
    const answers = await Promise.all([
      change(`Users/${user}/groups`, { add: groups.slice(0, 3) }),
      ...groups.slice(3).map((g) => change(`Groups/${g}/users`, { add: [user] })),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await change(`Users/${user}/groups`, {})).body.data.ids).toEqual(asc(groups));
  });
});

describe('the claims a change grants', () => {
  it('reach the user at the next sign-in, through a group too', async () => {
    const user = await newUser();
    const group = await newGroup();
    const [languagesRead] = (await sql(`SELECT id FROM operation_claims WHERE name = 'Languages.Read'`)).map((r) => r.id);
    const [usersRead] = (await sql(`SELECT id FROM operation_claims WHERE name = 'Users.Read'`)).map((r) => r.id);
    expect((await change(`Groups/${group}/claims`, { add: [languagesRead] })).status).toBe(200);
    expect((await change(`Groups/${group}/users`, { add: [user] })).status).toBe(200);
    expect((await change(`Users/${user}/claims`, { add: [usersRead] })).status).toBe(200);
    expect(await effectiveClaims(server.database.pool, user)).toEqual(['Languages.Read', 'Users.Read']);
  });
});
