// The paged list's total: exact, except on a large table, where it is exact up to five pages
// (countAhead) past the page's start and marked capped beyond (a broad filter over a large table must
// not cost a count of every match); and the global search of entities that name no search
// fields (link tables), which looks in what their references show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import entities from '../../generated/server/entities.json' with { type: 'json' };
import { EXACT_COUNT_ROWS, countAhead } from '../../server/src/crud/list.ts';
import { ADMIN, call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
const q = (sql: string, params: unknown[] = []) => server.database.pool.query(sql, params);

interface PageAnswer { data: Record<string, any>[]; totalCount: number; totalCountCapped: boolean; pageNumber: number; pageSize: number }
async function page(plural: string, request: Record<string, unknown>): Promise<PageAnswer> {
  const res = await api('POST', `${plural}/GetListForPaging`, request);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Rows written in bulk, without audit entries (a load, nobody's edit); ids come back sorted. */
async function load(sql: string, params: unknown[]): Promise<number[]> {
  const client = await server.database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('kurban.audit', 'off', true)`);
    const { rows } = await client.query(sql, params);
    await client.query('COMMIT');
    return rows.map((r) => r.id as number).sort((a, b) => a - b);
  } finally {
    client.release();
  }
}

// A large table (PostgreSQL's estimate says so once analyzed) and a small one, both with more
// matches than the largest page counts ahead.
const ROWS = EXACT_COUNT_ROWS + 5000;
const SMALL = countAhead(500) + 600;
let firstId: number;
/** Filters matching the first `n` of the large table's rows (ids are consecutive). */
const firstRows = (n: number) => [{ ColumnName: 'id', FilterValue: [firstId, firstId + n - 1], MatchMode: 'between' }];
const many = (request: Record<string, unknown> = {}) => page('AccountTypes', { FilterParam: [{ ColumnName: 'name', FilterValue: 'Sayım ', MatchMode: 'startsWith' }], SortingParams: [{ ColumnName: 'id' }], ...request });

beforeAll(async () => {
  server = await startTestServer();
  const ids = await load(`INSERT INTO account_types (name, description) SELECT 'Sayım ' || lpad(i::text, 6, '0'), 'kalabalık' FROM generate_series(1, $1) i RETURNING id`, [ROWS]);
  firstId = ids[0];
  expect(ids[ids.length - 1] - firstId).toBe(ROWS - 1);
  await load(`INSERT INTO address_types (name) SELECT 'Adres türü ' || i FROM generate_series(1, $1) i RETURNING id`, [SMALL]);
  await q('ANALYZE account_types, address_types');
});
afterAll(async () => {
  server?.database.pool.on('error', () => {});
  await server?.close();
});

describe('totalCount: exact on a small table, capped five pages past the page start on a large one', () => {
  it('the contract says so: totalCountCapped is in every page answer', async () => {
    const small = await page('Languages', { PageSize: 10 });
    expect(small.totalCountCapped).toBe(false);
    expect(small.totalCount).toBe(small.data.length);
  });

  it('a small table is counted exactly, however many rows match', async () => {
    const all = (await q('SELECT count(*)::int AS n FROM address_types')).rows[0].n;
    expect(all).toBeGreaterThan(countAhead(10));
    expect(await page('AddressTypes', { PageSize: 10 })).toMatchObject({ totalCount: all, totalCountCapped: false });
    expect(await page('AddressTypes', { PageSize: 10, GlobalFilter: 'Adres türü' })).toMatchObject({ totalCount: SMALL, totalCountCapped: false });
  });

  it(`on a large table, five pages of matches are counted exactly; one more is "${countAhead(10)}+"`, async () => {
    expect(countAhead(10)).toBe(50);
    const exact = await page('AccountTypes', { PageSize: 10, FilterParam: firstRows(50) });
    expect(exact).toMatchObject({ totalCount: 50, totalCountCapped: false });
    const over = await page('AccountTypes', { PageSize: 10, FilterParam: firstRows(51) });
    expect(over).toMatchObject({ totalCount: 50, totalCountCapped: true });
    expect(over.data).toHaveLength(10);
  });

  it('many matches: the first page of 20 says 100+, and still answers its rows', async () => {
    const first = await many({ PageSize: 20 });
    expect(first).toMatchObject({ totalCount: 100, totalCountCapped: true, pageNumber: 1 });
    expect(first.data.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => firstId + i));
    // The global search and an unfiltered list count the same way.
    expect(await page('AccountTypes', { PageSize: 20, GlobalFilter: 'kalabalık' })).toMatchObject({ totalCount: 100, totalCountCapped: true });
    expect(await page('AccountTypes', { PageSize: 20 })).toMatchObject({ totalCount: 100, totalCountCapped: true });
  });

  it('a deeper page counts further, so the total always covers the page shown', async () => {
    const second = await many({ PageNumber: 2, PageSize: 500 });
    expect(second).toMatchObject({ totalCount: 500 + 2500, totalCountCapped: true });
    expect(second.data[0].id).toBe(firstId + 500);
    const deep = await many({ PageNumber: 41, PageSize: 500 });
    expect(deep).toMatchObject({ totalCount: 20_000 + 2500, totalCountCapped: true });
    expect(deep.data[0].id).toBe(firstId + 20_000);
    // Within five pages of the end the count reaches every match: exact again.
    const nearEnd = await many({ PageNumber: ROWS / 500 - 1, PageSize: 500 });
    expect(nearEnd).toMatchObject({ totalCount: ROWS, totalCountCapped: false });
    expect(nearEnd.data).toHaveLength(500);
  });

  it('a page past the end is empty with the exact total', async () => {
    expect(await many({ PageNumber: 10_000, PageSize: 20 })).toMatchObject({ data: [], totalCount: ROWS, totalCountCapped: false });
    expect(await page('AccountTypes', { PageSize: 20, GlobalFilter: 'hiç eşleşmeyen' })).toMatchObject({ data: [], totalCount: 0, totalCountCapped: false });
  });

  it('paging on while pages come full collects every match once, as the exports and permission dialogs do', async () => {
    for (const size of [500, 137]) {
      const seen: number[] = [];
      for (let n = 1; ; n++) {
        const p = await page('AccountTypes', { PageNumber: n, PageSize: size, FilterParam: firstRows(SMALL), SortingParams: [{ ColumnName: 'id' }] });
        seen.push(...p.data.map((r) => r.id));
        // Never below what was already read: a client that stops at `totalCount` stops only at the end.
        expect(p.totalCount).toBeGreaterThanOrEqual(seen.length);
        if (p.totalCountCapped) expect(p.totalCount).toBeGreaterThan(seen.length);
        if (p.data.length < size) break;
      }
      expect(seen).toEqual(Array.from({ length: SMALL }, (_, i) => firstId + i));
    }
  });

  it('on a large table a full page and its count are one statement; on a small one searched, one; on a small one filtered, two', async () => {
    const pool = server.database.pool;
    const query = pool.query.bind(pool);
    const seen: string[] = [];
    await many({ PageSize: 20 });
    await page('AddressTypes', { PageSize: 10 }); // the size estimates are read once a minute: read them first
    (pool as { query: unknown }).query = (...args: Parameters<typeof query>) => {
      seen.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text));
      return query(...args);
    };
    try {
      expect(await many({ PageSize: 20, GlobalFilter: 'kalabalık' })).toMatchObject({ totalCount: 100, totalCountCapped: true });
      expect(seen.filter((sql) => /\baccount_types\b/.test(sql))).toHaveLength(1);
      seen.length = 0;
      expect(await page('AddressTypes', { PageSize: 10, GlobalFilter: 'Adres türü' })).toMatchObject({ totalCount: SMALL, totalCountCapped: false });
      expect(seen.filter((sql) => /\baddress_types\b/.test(sql))).toHaveLength(1);
      seen.length = 0;
      expect(await page('AddressTypes', { PageSize: 10, PageNumber: 1000, GlobalFilter: 'Adres türü' })).toMatchObject({ data: [], totalCount: SMALL, totalCountCapped: false });
      seen.length = 0;
      expect(await page('AddressTypes', { PageSize: 10, FilterParam: [{ ColumnName: 'name', FilterValue: 'Adres türü', MatchMode: 'contains' }] })).toMatchObject({ totalCount: SMALL, totalCountCapped: false });
      expect(seen.filter((sql) => /\baddress_types\b/.test(sql))).toHaveLength(2);
    } finally {
      (pool as { query: unknown }).query = query;
    }
  });

  it('grouping still counts each group in full', async () => {
    const p = await many({ PageSize: 10, GroupingColumns: ['description'] });
    expect(p).toMatchObject({ totalCount: 50, totalCountCapped: true });
    expect((p as unknown as { groups: { count: number }[] }).groups).toEqual([{ key: { description: 'kalabalık' }, count: ROWS }]);
  });
});

describe('the global search of entities without search fields looks in their references', () => {
  let adminId: number;
  let claimName: string;
  beforeAll(async () => {
    adminId = (await q('SELECT id FROM users WHERE email = $1', [ADMIN.email])).rows[0].id;
    const claim = (await q(`SELECT id, name FROM operation_claims WHERE name LIKE '%.Read' ORDER BY name LIMIT 1`)).rows[0];
    claimName = claim.name;
    await q('INSERT INTO user_claims (user_id, operation_claim_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [adminId, claim.id]);
  });

  it.each(entities.filter((e) => Object.values(e.operations).includes('page')).map((e) => [e.plural, e.search.length ? 'own' : 'references']))('%s answers a search (%s fields)', async (plural) => {
    for (const GlobalFilter of ['a', '%_\\', 'İı']) await page(plural, { GlobalFilter });
  });

  it('UserClaims: by the user\'s email and by the claim\'s name; nothing else matches', async () => {
    const byEmail = await page('UserClaims', { GlobalFilter: ADMIN.email.toUpperCase(), PageSize: 500 });
    expect(byEmail.data.length).toBeGreaterThan(0);
    expect(byEmail.data.every((r) => r.userId === adminId)).toBe(true);
    const byClaim = await page('UserClaims', { GlobalFilter: claimName });
    expect(byClaim.data.map((r) => r.lookups.operationClaimId)).toContain(claimName);
    expect(await page('UserClaims', { GlobalFilter: 'hiç eşleşmeyen' })).toMatchObject({ data: [], totalCount: 0 });
    // A literal %: not a wildcard.
    expect((await page('UserClaims', { GlobalFilter: '%' })).data).toEqual([]);
  });

  it('UserGroups and GroupClaims: the administrator in the administrators group', async () => {
    const groups = await page('UserGroups', { GlobalFilter: ADMIN.email });
    expect(groups.data.map((r) => r.userId)).toContain(adminId);
    const groupName = groups.data[0].lookups.groupId as string;
    const claims = await page('GroupClaims', { GlobalFilter: groupName, PageSize: 500 });
    expect(claims.data.length).toBeGreaterThan(0);
    expect(claims.data.every((r) => r.lookups.groupId === groupName || String(r.lookups.operationClaimId).includes(groupName))).toBe(true);
  });

  it('the search and the filters narrow together', async () => {
    const none = await page('UserClaims', { GlobalFilter: ADMIN.email, FilterParam: [{ ColumnName: 'userId', FilterValue: adminId + 100000, MatchMode: 'equals' }] });
    expect(none).toMatchObject({ data: [], totalCount: 0 });
  });
});
