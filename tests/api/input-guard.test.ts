// Input no database text can hold (U+0000) and integers written loosely in a path or a query
// string are refused with a 400 naming the field, on every route (server/src/plugins/input-guard.ts);
// odd paging parameters are a 400 or an empty page, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import entities from '../../generated/server/entities.json' with { type: 'json' };
import messages from '../../generated/server/messages.json' with { type: 'json' };
import { call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
const q = (sql: string, params: unknown[] = []) => server.database.pool.query(sql, params);

type Res = { status: number; body: any };
/** A 400 envelope whose fields include `field` with `code`. */
function expectFieldError(res: Res, field: string, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ success: false, data: null, error: { code: 'error.validation' } });
  const found = (res.body.error.fields ?? []).find((f: { field: string }) => f.field === field);
  expect(found, JSON.stringify(res.body.error)).toMatchObject({ field, code, message: expect.any(String) });
}

const paged = entities.filter((e) => Object.values(e.operations).includes('page'));
const NUL = 'a\u0000b';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  server?.database.pool.on('error', () => {});
  await server?.close();
});

describe('U+0000 (NUL) anywhere in a request is a 400 naming the field', () => {
  it.each(paged.map((e) => [e.plural]))('%s: in the global search', async (plural) => {
    expectFieldError(await api('POST', `${plural}/GetListForPaging`, { GlobalFilter: NUL }), 'GlobalFilter', 'validation.nulCharacter');
  });

  it.each(paged.map((e) => [e.plural, e.fields.find((f) => f.kind === 'text' && !f.writeOnly)?.name ?? 'id']))('%s: in a filter value (%s)', async (plural, column) => {
    const res = await api('POST', `${plural}/GetListForPaging`, { FilterParam: [{ ColumnName: column, FilterValue: NUL, MatchMode: column === 'id' ? 'equals' : 'contains' }] });
    expectFieldError(res, 'FilterParam.0.FilterValue', 'validation.nulCharacter');
  });

  it('in a list of filter values, a column name, a sort column', async () => {
    expectFieldError(await api('POST', 'AccountTypes/GetListForPaging', { FilterParam: [{ ColumnName: 'name', FilterValue: ['x', NUL], MatchMode: 'in' }] }), 'FilterParam.0.FilterValue.1', 'validation.nulCharacter');
    expectFieldError(await api('POST', 'AccountTypes/GetListForPaging', { FilterParam: [{ ColumnName: `name${NUL}`, FilterValue: 'x' }] }), 'FilterParam.0.ColumnName', 'validation.nulCharacter');
    expectFieldError(await api('POST', 'AccountTypes/GetListForPaging', { SortingParams: [{ ColumnName: NUL }] }), 'SortingParams.0.ColumnName', 'validation.nulCharacter');
  });

  it('in a created or updated row: nothing is written', async () => {
    const before = (await q('SELECT count(*)::int AS n FROM account_types')).rows[0].n;
    expectFieldError(await api('POST', 'AccountTypes', { name: NUL }), 'name', 'validation.nulCharacter');
    expectFieldError(await api('POST', 'AccountTypes', { name: 'Geçerli', description: `x${'\u0000'}` }), 'description', 'validation.nulCharacter');
    expect((await q('SELECT count(*)::int AS n FROM account_types')).rows[0].n).toBe(before);
    const created = await api('POST', 'AccountTypes', { name: `NUL denemesi ${Date.now()}` });
    expect(created.status).toBe(200);
    const { id, rowVersion } = created.body.data;
    expectFieldError(await api('PUT', 'AccountTypes', { id, rowVersion, name: NUL }), 'name', 'validation.nulCharacter');
    expect((await api('GET', `AccountTypes/${id}`)).body.data.rowVersion).toBe(rowVersion);
  });

  it('in a key of the body, in a workflow body, in a sign-in', async () => {
    expectFieldError(await api('POST', 'AccountTypes', { name: 'x', [`de${'\u0000'}sc`]: 'y' }), 'body', 'validation.nulCharacter');
    expectFieldError(await api('POST', 'Users/1/claims', { add: [], remove: [], note: NUL }), 'note', 'validation.nulCharacter');
    const login = await call(server.app, undefined, 'POST', 'Auth/login', { email: 'admin@test.local', password: NUL });
    expectFieldError(login, 'password', 'validation.nulCharacter');
  });

  it('in a path parameter or a query string', async () => {
    expectFieldError(await api('GET', 'Translates/languages/tr%00'), 'code', 'validation.nulCharacter');
    expectFieldError(await api('GET', 'Monitor/board?date=2026-05-27%00'), 'date', 'validation.nulCharacter');
    expectFieldError(await api('GET', 'AccountTypes?unknown=%00'), 'unknown', 'validation.nulCharacter');
  });

  it('other control characters are still taken as text', async () => {
    const res = await api('POST', 'AccountTypes/GetListForPaging', { GlobalFilter: 'a\u0001b\u001f', FilterParam: [{ ColumnName: 'name', FilterValue: '\u0007' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('a deeply nested body is refused without crashing the server', async () => {
    const depth = 20_000;
    const body = `{"FilterParam":[{"ColumnName":"name","FilterValue":${'['.repeat(depth)}"a\\u0000b"${']'.repeat(depth)}}]}`;
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/AccountTypes/GetListForPaging', headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' }, payload: body });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    const [first] = res.json().error.fields;
    expect(first.code).toBe('validation.nulCharacter');
    expect(first.field).toMatch(/^FilterParam\.0\.FilterValue(\.0)+$/);
    expect(first.field.length).toBeLessThan(100);
    expect((await api('POST', 'AccountTypes/GetListForPaging', {})).status).toBe(200);
  });

  it('the message is translated in every language', () => {
    for (const catalog of Object.values(messages)) expect(catalog).toHaveProperty(['validation.nulCharacter']);
  });
});

describe('an integer in a path or a query string is digits only', () => {
  let target: number;
  beforeAll(async () => {
    // A row at id 1000, which `1e3` would have named.
    await q(`INSERT INTO account_types (id, name) VALUES (1000, 'Bin numaralı tür') ON CONFLICT (id) DO NOTHING`);
    target = 1000;
  });

  it.each(['1e3', '+1000', '%201000', '1000%20', '1000.0', '0x3E8', '1_000', '1,000', '%2B1000', '1000abc', 'Infinity', '%09' + '1000'])('%s is a 400 naming id, on read and delete', async (raw) => {
    expectFieldError(await api('GET', `AccountTypes/${raw}`), 'id', 'validation.type');
    expectFieldError(await api('DELETE', `AccountTypes/${raw}`), 'id', 'validation.type');
    expect((await q('SELECT count(*)::int AS n FROM account_types WHERE id = $1', [target])).rows[0].n).toBe(1);
  });

  it('plain digits still name the row (leading zeros too)', async () => {
    expect((await api('GET', `AccountTypes/${target}`)).body.data.id).toBe(target);
    expect((await api('GET', `AccountTypes/0${target}`)).body.data.id).toBe(target);
  });

  it('on workflow paths and integer query parameters too', async () => {
    expectFieldError(await api('POST', 'Users/1e0/claims', { add: [], remove: [] }), 'id', 'validation.type');
    expectFieldError(await api('GET', 'Accounts/1/statement?currencyTypeId=1e0'), 'currencyTypeId', 'validation.type');
    expectFieldError(await api('GET', 'Dashboard/summary?season=2.026e3'), 'season', 'validation.type');
    const plain = await api('GET', 'Dashboard/summary?season=2026');
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
  });

  it('zero, negative and too large ids are 400 as before', async () => {
    for (const raw of ['0', '-1', '2147483648', '99999999999999999999']) expectFieldError(await api('GET', `AccountTypes/${raw}`), 'id', expect.any(String) as unknown as string);
  });
});

describe('odd paging parameters are a 400 or an empty page, never a 500', () => {
  const page = (request: Record<string, unknown>) => api('POST', 'Transactions/GetListForPaging', request);

  it.each([
    [{ PageNumber: 0 }, 'PageNumber'],
    [{ PageNumber: -1 }, 'PageNumber'],
    [{ PageNumber: 1.5 }, 'PageNumber'],
    [{ PageNumber: '2' }, 'PageNumber'],
    [{ PageNumber: 1e300 }, 'PageNumber'],
    [{ PageNumber: 10_000_001 }, 'PageNumber'],
    [{ PageSize: 0 }, 'PageSize'],
    [{ PageSize: -20 }, 'PageSize'],
    [{ PageSize: 501 }, 'PageSize'],
    [{ PageSize: 1e9 }, 'PageSize'],
    [{ PageSize: 2.5 }, 'PageSize'],
    [{ PageSize: true }, 'PageSize'],
  ])('%j is a 400 naming %s', async (request, field) => {
    const res = await page(request);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('the furthest page the contract allows answers an empty page with the exact count', async () => {
    for (const request of [{ PageNumber: 10_000_000, PageSize: 500 }, { PageNumber: 10_000_000, PageSize: 500, GroupingColumns: ['accountId'] }, { PageNumber: 10_000_000, PageSize: 1, GlobalFilter: 'x' }]) {
      const res = await page(request);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ data: [], totalCountCapped: false, pageNumber: 10_000_000 });
      expect(res.body.data.totalCount).toBe((await q('SELECT count(*)::int AS n FROM transactions' + (request.GlobalFilter ? ` WHERE description ILIKE '%x%' OR document_no ILIKE '%x%'` : ''))).rows[0].n);
    }
  });
});
