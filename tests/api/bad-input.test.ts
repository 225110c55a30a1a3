// Bad input is always a 400 (413 for an oversized body) with the error envelope naming the bad
// field, never a 500; and the server keeps answering afterwards. Odd but valid input (Unicode,
// SQL-looking text, control characters) is stored verbatim.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);

/** A request with a raw body (or none at all), as a misbehaving client sends it. */
async function raw(method: string, url: string, body?: string, contentType: string | null = 'application/json') {
  const res = await server.app.inject({
    method: method as 'POST',
    url: `/api/v1/${url}`,
    headers: { authorization: `Bearer ${server.adminToken}`, ...(contentType && body !== undefined ? { 'content-type': contentType } : {}) },
    ...(body !== undefined ? { payload: body } : {}),
  });
  let parsed: any;
  try { parsed = res.json(); } catch { parsed = res.body; }
  return { status: res.statusCode, body: parsed };
}

type Res = { status: number; body: any };
/** The error envelope with this status; `field`, when given, is among error.fields. */
function expectError(res: Res, status: number | number[] = 400, field?: string, code?: string) {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  expect(res.body).toMatchObject({ success: false, data: null });
  expect(res.body.error.code).toEqual(expect.any(String));
  expect(res.body.error.message).toEqual(expect.any(String));
  expect(res.body.error.message.length).toBeGreaterThan(0);
  if (field !== undefined) {
    expect(res.body.error.fields, JSON.stringify(res.body.error)).toEqual(expect.any(Array));
    const fields = res.body.error.fields.map((f: { field: string }) => f.field);
    expect(fields, JSON.stringify(res.body.error)).toContain(field);
    if (code) expect(res.body.error.fields.find((f: { field: string }) => f.field === field).code).toBe(code);
    for (const f of res.body.error.fields) expect(f).toMatchObject({ field: expect.any(String), code: expect.any(String), message: expect.any(String) });
  }
}

let accountTypeId: number;
let accountId: number;
let currencyTypeId: number;
let transactionTypeId: number;
const page = (plural: string, request: unknown) => api('POST', `${plural}/GetListForPaging`, request);
const filter = (ColumnName: unknown, MatchMode: unknown, FilterValue: unknown) => ({ FilterParam: [{ ColumnName, MatchMode, FilterValue }] });
const countOf = async (table: string) => (await server.database.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

beforeAll(async () => {
  server = await startTestServer();
  const type = await api('POST', 'AccountTypes', { name: 'Hatalı Girdi Tipi' });
  expect(type.status, JSON.stringify(type.body)).toBe(200);
  accountTypeId = type.body.data.id;
  const account = await api('POST', 'Accounts', { code: 'BAD-001', title: 'Hatalı Girdi Hesabı', accountTypeId });
  expect(account.status, JSON.stringify(account.body)).toBe(200);
  accountId = account.body.data.id;
  const currencies = await api('GET', 'CurrencyTypes');
  currencyTypeId = currencies.body.data[0].id;
  const types = await api('GET', 'TransactionTypes');
  transactionTypeId = types.body.data.find((t: { systemCode: string | null }) => t.systemCode === null).id;
});
afterAll(async () => {
  // The pool has no 'error' listener (server/src/db/client.ts): an idle connection that PostgreSQL
  // closes while the cluster stops would otherwise surface as an unhandled error after the tests.
  server?.database.pool.on('error', () => {});
  await server?.close();
});

// After every case the server still answers.
afterEach(async () => {
  if (!server) return;
  const health = await api('GET', 'AccountTypes');
  expect(health.status).toBe(200);
  expect(health.body.success).toBe(true);
});

describe('paged list: column names are a whitelist', () => {
  it.each(['nope', 'password_hash', 'account_type_id', 'lookups'])('an unknown FilterParam column %j is a 400 naming it', async (name) => {
    expectError(await page('Accounts', filter(name, 'equals', '1')), 400, name, 'validation.unknownColumn');
  });

  it('an unknown SortingParams column is a 400 naming it', async () => {
    expectError(await page('Accounts', { SortingParams: [{ ColumnName: 'nope', SortOrder: 1 }] }), 400, 'nope', 'validation.unknownColumn');
    expectError(await page('Accounts', { SortingParams: [{ ColumnName: 'title' }, { ColumnName: 'zzz', SortOrder: -1 }] }), 400, 'zzz');
  });

  it('an unknown GroupingColumns column is a 400 naming it', async () => {
    expectError(await page('Accounts', { GroupingColumns: ['nope'] }), 400, 'nope', 'validation.unknownColumn');
    expectError(await page('Accounts', { GroupingColumns: ['accountTypeId', 'nope2'] }), 400, 'nope2');
  });

  it('a secret column can be neither filtered nor sorted nor grouped by', async () => {
    expectError(await page('Users', filter('password', 'startsWith', '$argon2')), 400, 'password', 'validation.unknownColumn');
    expectError(await page('Users', { SortingParams: [{ ColumnName: 'password' }] }), 400, 'password');
    expectError(await page('Users', { GroupingColumns: ['password'] }), 400, 'password');
  });

  const SQL_NAMES = ['id; drop table users', '"name"', 'title" --', "title') OR 1=1 --", 'id); DROP TABLE accounts; --', 'title desc, (select 1)', 't.id', 'TITLE '];
  it.each(SQL_NAMES)('the SQL-looking name %j is refused everywhere and changes nothing', async (name) => {
    const before = await countOf('accounts');
    expectError(await page('Accounts', filter(name, 'contains', 'x')), 400, name, 'validation.unknownColumn');
    expectError(await page('Accounts', { SortingParams: [{ ColumnName: name, SortOrder: 1 }] }), 400, name, 'validation.unknownColumn');
    expectError(await page('Accounts', { GroupingColumns: [name] }), 400, name, 'validation.unknownColumn');
    const tables = await server.database.pool.query(`SELECT to_regclass('public.users') AS users, to_regclass('public.accounts') AS accounts`);
    expect(tables.rows[0].users).not.toBeNull();
    expect(tables.rows[0].accounts).not.toBeNull();
    expect(await countOf('accounts')).toBe(before);
    expect(await countOf('users')).toBeGreaterThan(0);
    expect((await api('GET', 'Users')).status).toBe(200);
  });

  it.each([
    [{ FilterParam: [{ ColumnName: '' }] }, 'FilterParam.0.ColumnName'],
    [{ FilterParam: [{ MatchMode: 'equals', FilterValue: 1 }] }, 'FilterParam.0.ColumnName'],
    [{ FilterParam: [{ ColumnName: 'x'.repeat(65) }] }, 'FilterParam.0.ColumnName'],
    [{ SortingParams: [{ ColumnName: '' }] }, 'SortingParams.0.ColumnName'],
    [{ GroupingColumns: ['x'.repeat(65)] }, 'GroupingColumns.0'],
    [{ GroupingColumns: [1] }, 'GroupingColumns.0'],
  ])('a malformed column name %j is a 400', async (request, field) => {
    expectError(await page('Accounts', request), 400, field);
  });
});

describe('paged list: match mode and value must fit the column', () => {
  it.each([
    ['accountId', 'contains', 1],
    ['accountId', 'startsWith', '1'],
    ['isActive', 'lt', true],
    ['isActive', 'between', [false, true]],
    ['isActive', 'in', [true]],
    ['amount', 'startsWith', '1'],
    ['description', 'lt', 'a'],
    ['description', 'between', ['a', 'z']],
    ['description', 'dateIs', '2026-05-27'],
    ['amount', 'dateIs', '2026-05-27'],
    ['createdAt', 'contains', '2026'],
  ])('%s with %s is a 400 naming the column', async (column, mode, value) => {
    const plural = column === 'isActive' ? 'Accounts' : 'Transactions';
    expectError(await page(plural, filter(column, mode, value)), 400, column, 'validation.matchMode');
  });

  it('lt on a uuid column is a 400', async () => {
    expectError(await page('Users', filter('guid', 'lt', '00000000-0000-0000-0000-000000000000')), 400, 'guid', 'validation.matchMode');
  });

  it.each([
    ['accountId', 'equals', 'abc'],
    ['accountId', 'equals', 1.5],
    ['accountId', 'equals', 99999999999],
    ['accountId', 'equals', true],
    ['accountId', 'lt', '12abc'],
    ['accountId', 'in', ['1', 'abc']],
    ['accountId', 'in', 1],
    ['accountId', 'equals', [1, 2]],
    ['amount', 'equals', 'abc'],
    ['amount', 'equals', '1,50'],
    ['amount', 'equals', 'NaN'],
    ['amount', 'gt', 1e20],
    ['amount', 'between', ['1']],
    ['amount', 'between', ['1', '2', '3']],
    ['amount', 'between', '1'],
    ['amount', 'between', ['1', 'x']],
    ['transactionDate', 'dateIs', 'yesterday'],
    ['transactionDate', 'equals', '2026-13-45'],
    ['transactionDate', 'dateIs', '2026-02-30'],
    ['transactionDate', 'between', ['2026-05-01', '2026-99-01']],
    ['createdAt', 'dateIs', '2026-13-45'],
    ['transactionDate', 'dateIs', 20260527],
    ['transactionDate', 'between', ['2026-05-01']],
    ['createdAt', 'equals', 'not a date'],
    ['createdAt', 'dateBefore', true],
    ['createdAt', 'between', ['2026-05-01', 'soon']],
    ['description', 'contains', true],
    ['description', 'in', 'abc'],
    ['description', 'in', [true]],
  ])('%s %s %j (a value that does not fit) is a 400 naming the column', async (column, mode, value) => {
    expectError(await page('Transactions', filter(column, mode, value)), 400, column, 'validation.filterValue');
  });

  it.each([
    ['an object', { a: 1 }],
    ['an array holding an object', [{ a: 1 }]],
    ['an array holding an array', [[1]]],
    ['a string over 500 characters', 'x'.repeat(501)],
  ])('a FilterValue that is %s is a 400 naming it', async (_, value) => {
    expectError(await page('Transactions', filter('accountId', 'in', value)), 400, 'FilterParam.0.FilterValue');
    expectError(await page('Transactions', filter('description', 'contains', value)), 400, 'FilterParam.0.FilterValue');
  });

  // The contract lets a list hold null (a `between` with one open side); `in` itself refuses it.
  it('an `in` list holding null is a 400 naming the column', async () => {
    expectError(await page('Transactions', filter('accountId', 'in', [1, null])), 400, 'accountId');
  });

  it.each([
    [{ FilterParam: [{ ColumnName: 'description', MatchMode: 'regex', FilterValue: 'a' }] }, 'FilterParam.0.MatchMode'],
    [{ FilterParam: [{ ColumnName: 'description', MatchMode: 'CONTAINS', FilterValue: 'a' }] }, 'FilterParam.0.MatchMode'],
    [{ FilterParam: [{ ColumnName: 'description', FilterValue: 'a', Operator: 'xor' }] }, 'FilterParam.0.Operator'],
    [{ FilterParam: { ColumnName: 'description', FilterValue: 'a' } }, 'FilterParam'],
    [{ FilterParam: ['description'] }, 'FilterParam.0'],
    [{ FilterParam: Array.from({ length: 51 }, () => ({ ColumnName: 'id', FilterValue: 1 })) }, 'FilterParam'],
    [{ SortingParams: [{ ColumnName: 'amount', SortOrder: 0 }] }, 'SortingParams.0.SortOrder'],
    [{ SortingParams: [{ ColumnName: 'amount', SortOrder: 'desc' }] }, 'SortingParams.0.SortOrder'],
    [{ SortingParams: Array.from({ length: 11 }, () => ({ ColumnName: 'id' })) }, 'SortingParams'],
    [{ GroupingColumns: 'accountId' }, 'GroupingColumns'],
    [{ GlobalFilter: 'x'.repeat(201) }, 'GlobalFilter'],
    [{ GlobalFilter: 5 }, 'GlobalFilter'],
    [{ PageSize: '10' }, 'PageSize'],
    [{ PageNumber: '1' }, 'PageNumber'],
    [{ PageSize: 501 }, 'PageSize'],
    [{ PageNumber: 0 }, 'PageNumber'],
    [{ PageNumber: 1.5 }, 'PageNumber'],
    [{ PageSize: null }, 'PageSize'],
  ])('the malformed request %j is a 400 naming %s', async (request, field) => {
    expectError(await page('Transactions', request), 400, field);
  });

  it('a page number far past any page is not a 500', async () => {
    // The contract sets no maximum on PageNumber; the offset it gives must not crash the query.
    for (const PageNumber of [2 ** 31, 1e15, 1e17, Number.MAX_SAFE_INTEGER]) {
      const res = await page('Transactions', { PageNumber, PageSize: 500 });
      expect([200, 400], `PageNumber ${PageNumber}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      if (res.status === 200) expect(res.body.data.data).toEqual([]);
      else expectError(res, 400, 'PageNumber');
    }
  });
});

describe('request bodies: wrong JSON types are refused, never coerced', () => {
  const valid = () => ({ code: `B-${Math.random().toString(36).slice(2, 10)}`, title: 'Geçerli Hesap', accountTypeId });

  it.each([
    ['accountTypeId', String(1)],
    ['accountTypeId', 1.5],
    ['accountTypeId', 0],
    ['accountTypeId', null],
    ['accountTypeId', true],
    ['mainAccountId', '1'],
    ['title', 123],
    ['title', ['a']],
    ['title', { a: 1 }],
    ['title', null],
    ['code', true],
    ['isActive', 'true'],
    ['isActive', 1],
    ['notes', 5],
  ])('Accounts create with %s = %j is a 400 naming the field and writes nothing', async (field, value) => {
    const before = await countOf('accounts');
    expectError(await api('POST', 'Accounts', { ...valid(), [field]: value }), 400, field);
    expect(await countOf('accounts')).toBe(before);
  });

  it('a string where an integer is required is not coerced even when it looks like one', async () => {
    const res = await api('POST', 'Accounts', { ...valid(), accountTypeId: String(accountTypeId) });
    expectError(res, 400, 'accountTypeId', 'validation.type');
  });

  it('a missing required field is a 400 naming it', async () => {
    const { title: _, ...noTitle } = valid();
    expectError(await api('POST', 'Accounts', noTitle), 400, 'title', 'validation.required');
  });

  it.each([
    ['POST', 'Accounts'],
    ['PUT', 'Accounts'],
    ['POST', 'Accounts/GetListForPaging'],
    ['POST', 'AccountTypes'],
  ])('%s %s without any body is a 400', async (method, url) => {
    expectError(await raw(method, url, undefined, null), 400);
  });

  it.each([
    ['POST', 'Accounts'],
    ['PUT', 'Accounts'],
    ['POST', 'Accounts/GetListForPaging'],
  ])('%s %s with an empty JSON body, null, an array or a bare string is a 400', async (method, url) => {
    for (const body of ['', 'null', '[]', '"text"', '42']) {
      expectError(await raw(method, url, body), 400);
    }
  });

  it.each(['{"code": "X", ', '{code: 1}', "{'code': 'x'}", '{"code": "x"}}', '\u0000', 'not json at all', '{"title": "\\x41"}'])('malformed JSON %j is a 400', async (body) => {
    expectError(await raw('POST', 'Accounts', body), 400);
    expectError(await raw('POST', 'Accounts/GetListForPaging', body), 400);
  });

  it('a body in another content type is refused with the envelope', async () => {
    expectError(await raw('POST', 'Accounts', JSON.stringify(valid()), 'text/plain'), [400, 415]);
    expectError(await raw('POST', 'Accounts', 'code=x&title=y', 'application/x-www-form-urlencoded'), [400, 415]);
  });

  it('a body over 512 KiB is refused (413) with the envelope', async () => {
    const before = await countOf('accounts');
    const res = await raw('POST', 'Accounts', JSON.stringify({ ...valid(), notes: 'x'.repeat(600 * 1024) }));
    expectError(res, [413, 400]);
    expect(await countOf('accounts')).toBe(before);
    const list = await raw('POST', 'Accounts/GetListForPaging', JSON.stringify({ GlobalFilter: 'a', padding: 'y'.repeat(520 * 1024) }));
    expectError(list, [413, 400]);
  });
});

describe('text values: stored verbatim when valid, refused over maxLength', () => {
  const VERBATIM: [string, string][] = [
    ['emoji', '🐑🐄 Kurban 🌙 👨‍👩‍👧'],
    ['right-to-left Arabic', 'عيد الأضحى مبارك'],
    ['mixed direction with marks', 'Kurban ‏عيد‎ Bayramı'],
    ['control characters (no NUL)', 'a\u0001b\u0008c\u001fd\u007fe\tf\ng'],
    ['SQL', "Robert'); DROP TABLE account_types;--"],
    ['SQL tautology', "' OR '1'='1"],
    ['LIKE and escape characters', '100% _kar_ \\ yüzde'],
    ['placeholders', '$1 $$ ${x} {{y}} %s'],
    ['Turkish letters', 'İĞÜŞÖÇ ığüşöç Iı'],
    ['combining marks', 'e\u0301 a\u0308 i\u0307'],
    ['zero-width and BOM inside', 'a\u200bb\u200dc\ufeffd'],
    ['HTML', '<script>alert("x")</script>'],
  ];
  it.each(VERBATIM)('%s is stored and answered verbatim, and found by equals', async (_, text) => {
    const created = await api('POST', 'AccountTypes', { name: text, description: text });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.name).toBe(text);
    const read = await api('GET', `AccountTypes/${created.body.data.id}`);
    expect(read.body.data.name).toBe(text);
    expect(read.body.data.description).toBe(text);
    const { rows } = await server.database.pool.query('SELECT name FROM account_types WHERE id = $1', [created.body.data.id]);
    expect(rows[0].name).toBe(text);
    const found = await page('AccountTypes', filter('name', 'equals', text));
    expect(found.status).toBe(200);
    expect(found.body.data.data.map((r: { id: number }) => r.id)).toContain(created.body.data.id);
    expect((await countOf('account_types'))).toBeGreaterThan(0);
  });

  it('maxLength counts characters: 100 emoji fit a 100-character name, 101 do not', async () => {
    const ok = await api('POST', 'AccountTypes', { name: '🐑'.repeat(100) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.name).toBe('🐑'.repeat(100));
    expectError(await api('POST', 'AccountTypes', { name: '🐑'.repeat(101) }), 400, 'name', 'validation.maxLength');
  });

  it.each([
    ['AccountTypes', 'name', 10_000],
    ['AccountTypes', 'description', 10_000],
    ['Accounts', 'title', 10_000],
    ['Accounts', 'notes', 2_001],
    ['Accounts', 'code', 31],
  ])('%s.%s of %i characters (over maxLength) is a 400 naming the field', async (plural, field, length) => {
    const base = plural === 'Accounts' ? { code: `L-${length}`, title: 'Uzun', accountTypeId } : { name: 'Uzun' };
    const before = await countOf(plural === 'Accounts' ? 'accounts' : 'account_types');
    const res = await api('POST', plural, { ...base, [field]: 'ş'.repeat(length) });
    expectError(res, 400, field, 'validation.maxLength');
    expect(res.body.error.fields.find((f: { field: string }) => f.field === field).params).toEqual({ max: length === 2_001 ? 2000 : length === 31 ? 30 : field === 'title' ? 200 : field === 'name' ? 100 : 500 });
    expect(await countOf(plural === 'Accounts' ? 'accounts' : 'account_types')).toBe(before);
  });

  it('exactly maxLength is stored whole', async () => {
    const notes = 'ğ'.repeat(2000);
    const res = await api('POST', 'Accounts', { code: 'MAX-2000', title: 'Tam Sınır', accountTypeId, notes });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.notes).toBe(notes);
  });

  it('a filter value with emoji, Arabic and control characters is safe', async () => {
    const res = await page('AccountTypes', filter('name', 'contains', '🐑'));
    expect(res.status).toBe(200);
    expect(res.body.data.totalCount).toBeGreaterThan(0);
    for (const value of ['عيد', 'a\u0001b', "'; DROP TABLE account_types; --", '\\', '%', '_']) {
      expect((await page('AccountTypes', filter('name', 'contains', value))).status).toBe(200);
      expect((await page('AccountTypes', { GlobalFilter: value })).status).toBe(200);
    }
  });
});

describe('id path parameters', () => {
  it.each(['0', '-1', 'abc', '1.5', '1e', '%27%20OR%201%3D1', ''])('GET and DELETE AccountTypes/%s is a 400', async (id) => {
    for (const method of ['GET', 'DELETE']) {
      const res = await api(method, `AccountTypes/${id}`);
      if (id === '') {
        // AccountTypes/ is another route (the list, or none for DELETE): anything but a 500.
        expect(res.status, `${method}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        continue;
      }
      expectError(res, 400, 'id');
    }
  });

  it.each([
    ['GET', '99999999999'], ['DELETE', '99999999999'],
    ['GET', '2147483648'], ['DELETE', '2147483648'],
    ['GET', '9007199254740993'], ['DELETE', '9007199254740993'],
  ])('%s AccountTypes/%s (beyond any id) is a 400 or 404, never a 500', async (method, id) => {
    expectError(await api(method, `AccountTypes/${id}`), [400, 404]);
  });

  it('a well-formed id that does not exist is a 404', async () => {
    expectError(await api('GET', 'AccountTypes/999999'), 404);
    expectError(await api('DELETE', 'AccountTypes/999999'), 404);
    expectError(await api('GET', 'AccountTypes/2147483647'), 404);
  });
});

describe('updates', () => {
  it('a PUT without rowVersion is a 400 naming it', async () => {
    const row = (await api('GET', `AccountTypes/${accountTypeId}`)).body.data;
    expectError(await api('PUT', 'AccountTypes', { id: row.id, name: 'Yeni Ad' }), 400, 'rowVersion', 'validation.required');
    expectError(await api('PUT', 'AccountTypes', { id: row.id, name: 'Yeni Ad', rowVersion: String(row.rowVersion) }), 400, 'rowVersion');
    expectError(await api('PUT', 'AccountTypes', { id: row.id, name: 'Yeni Ad', rowVersion: null }), 400, 'rowVersion');
    expectError(await api('PUT', 'AccountTypes', { id: row.id, name: 'Yeni Ad', rowVersion: 0 }), 400, 'rowVersion');
    // Nothing changed.
    expect((await api('GET', `AccountTypes/${accountTypeId}`)).body.data).toEqual(row);
  });

  it('a PUT without a valid id is a 400 naming it', async () => {
    expectError(await api('PUT', 'AccountTypes', { name: 'Yeni Ad', rowVersion: 1 }), 400, 'id', 'validation.required');
    expectError(await api('PUT', 'AccountTypes', { id: 0, name: 'Yeni Ad', rowVersion: 1 }), 400, 'id');
    expectError(await api('PUT', 'AccountTypes', { id: String(accountTypeId), name: 'Yeni Ad', rowVersion: 1 }), 400, 'id');
    expectError(await api('PUT', 'AccountTypes', { id: 99999999999, name: 'Yeni Ad', rowVersion: 1 }), [400, 404]);
  });
});

describe('money, email and trimming', () => {
  const tx = (amount: unknown) => ({ accountId, transactionTypeId, currencyTypeId, transactionDate: '2026-05-27', amount });

  it.each([
    ['three decimals', '10.123'],
    ['a JSON number', 10.5],
    ['a JSON integer', 10],
    ['zero (the minimum is exclusive)', '0'],
    ['zero with decimals', '0.00'],
    ['negative', '-5.00'],
    ['exponent', '1e3'],
    ['comma decimal', '10,50'],
    ['thousands separator', '1.000,50'],
    ['spaces inside', '10 .50'],
    ['too many digits', '12345678901234567'],
    ['empty', ''],
    ['null', null],
  ])('an amount that is %s is a 400 naming amount', async (_, amount) => {
    const before = await countOf('transactions');
    expectError(await api('POST', 'Transactions', tx(amount)), 400, 'amount');
    expect(await countOf('transactions')).toBe(before);
  });

  it('a valid amount string is stored exactly', async () => {
    for (const [amount, stored] of [['12.50', '12.50'], ['0.01', '0.01'], ['7', '7.00'], ['9999999999999999.99', '9999999999999999.99'], [' 3.5 ', '3.50']]) {
      const res = await api('POST', 'Transactions', tx(amount));
      expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.amount).toBe(stored);
    }
  });

  it.each(['ali.example.com', 'ali@', '@example.com', 'ali @example.com', 'ali@@example.com', 'a'.repeat(250) + '@example.com'])('an email %j is a 400 naming email', async (email) => {
    expectError(await api('POST', 'Accounts', { code: `E-${email.length}`, title: 'E-posta', accountTypeId, email }), 400, 'email');
  });

  it('a valid email is stored (lower-cased)', async () => {
    const res = await api('POST', 'Accounts', { code: 'E-OK', title: 'E-posta', accountTypeId, email: '  Ali.Veli@Example.COM ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.email).toBe('ali.veli@example.com');
  });

  it.each(['', ' ', '     ', '\t \n', '\u00a0 \u3000'])('a required name of only blanks %j is refused', async (name) => {
    const res = await api('POST', 'AccountTypes', { name });
    expectError(res, 400, 'name');
    expect(['validation.minLength', 'validation.required']).toContain(res.body.error.fields.find((f: { field: string }) => f.field === 'name').code);
    const title = await api('POST', 'Accounts', { code: 'BLANK', title: name, accountTypeId });
    expectError(title, 400, 'title');
  });

  it("'  Ali  ' is stored as 'Ali', on create and on update", async () => {
    const created = await api('POST', 'AccountTypes', { name: '  Ali  ', description: '\t açıklama \n' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.name).toBe('Ali');
    expect(created.body.data.description).toBe('açıklama');
    const { rows } = await server.database.pool.query('SELECT name FROM account_types WHERE id = $1', [created.body.data.id]);
    expect(rows[0].name).toBe('Ali');
    const updated = await api('PUT', 'AccountTypes', { id: created.body.data.id, rowVersion: created.body.data.rowVersion, name: '   Veli   ' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.name).toBe('Veli');
    const account = await api('POST', 'Accounts', { code: '  TRIM-1  ', title: '  Ali  ', accountTypeId });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(account.body.data).toMatchObject({ code: 'TRIM-1', title: 'Ali' });
  });

  it('trimming happens before maxLength: 100 characters with spaces around fit a 100-character name', async () => {
    const name = 'n'.repeat(100);
    const res = await api('POST', 'AccountTypes', { name: `   ${name}   ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.name).toBe(name);
  });
});
