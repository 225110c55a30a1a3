// The generic paged list (POST {Entity}/GetListForPaging) against a known data set written with SQL:
// every match mode with exact ids, and/or chains, global search, sorting with the stable id
// tiebreak, paging bounds, grouping and lookups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);

type Filter = { ColumnName: string; FilterValue?: unknown; MatchMode?: string; Operator?: 'and' | 'or' };
type Row = Record<string, any>;

// Ids of the rows written in beforeAll, by key.
const at: Record<string, number> = {};
const acc: Record<string, number> = {};
const tx: Record<string, number> = {};
let currencyId: number;
let currencyCode: string;
let transactionTypeId: number;

/** One page; fails the test unless it is a 200 envelope. */
async function page(plural: string, request: Record<string, unknown>) {
  const res = await api('POST', `${plural}/GetListForPaging`, request);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.data as { data: Row[]; totalCount: number; pageNumber: number; pageSize: number; groups?: { key: Row; count: number }[] };
}

/** Ids of the whole filtered list in id order, after checking totalCount agrees with them. */
async function ids(plural: string, filters: Filter[], extra: Record<string, unknown> = {}): Promise<number[]> {
  const p = await page(plural, { PageNumber: 1, PageSize: 500, FilterParam: filters, SortingParams: [{ ColumnName: 'id', SortOrder: 1 }], ...extra });
  expect(p.totalCount).toBe(p.data.length);
  return p.data.map((r) => r.id);
}
const txIds = (filters: Filter[], extra?: Record<string, unknown>) => ids('Transactions', filters, extra);
const accIds = (filters: Filter[], extra?: Record<string, unknown>) => ids('Accounts', filters, extra);
const T = (...keys: string[]) => keys.map((k) => tx[k]).sort((a, b) => a - b);
const A = (...keys: string[]) => keys.map((k) => acc[k]).sort((a, b) => a - b);
const allT = () => Object.values(tx).sort((a, b) => a - b);
const allA = () => Object.values(acc).sort((a, b) => a - b);
const f = (ColumnName: string, MatchMode: string | undefined, FilterValue: unknown, Operator?: 'and' | 'or'): Filter => ({
  ColumnName, FilterValue, ...(MatchMode ? { MatchMode } : {}), ...(Operator ? { Operator } : {}),
});

// The data set. Istanbul is UTC+3 all year: 21:00Z is midnight of the next day there.
const ACCOUNTS = [
  // key, code, title, type, balance, active, phone
  ['a1', 'C-001', 'Çağlar Şimşek', 'atA', '100.00', true, '+90 532 111 22 33'],
  ['a2', 'C-002', 'ÇAĞLAR ŞİMŞEK LTD', 'atB', '-50.25', false, null],
  ['a3', 'C-003', 'Öztürk Gıda', 'atA', '0.00', true, null],
  ['a4', 'C-004', 'İstanbul Et', 'atB', '1500.50', true, null],
  ['a5', 'C-005', 'ıspanak Üretici', 'atA', '20.00', true, null],
  ['a6', 'C-006', '100% Organik_Çiftlik', 'atA', '20.00', false, null],
  ['a7', 'C-007', '100 Organik Çiftlik', 'atB', '20.00', true, null],
  ['a8', 'C-008', '100x Organik-Çiftlik', 'atC', '20.00', true, null],
] as const;
const TRANSACTIONS = [
  // key, description, documentNo, amount, transactionDate, createdAt, account
  ['t1', 'Kurbanlık koç satışı', 'F-001', '100.00', '2026-05-25', '2026-05-25T09:00:00Z', 'a1'],
  ['t2', 'KURBANLIK DANA SATIŞI', 'F-002', '250.50', '2026-05-26', '2026-05-26T20:59:59Z', 'a1'], // 23:59:59 on the 26th in Istanbul
  ['t3', 'Yem alımı', 'F-003', '1000.00', '2026-05-27', '2026-05-26T21:00:00Z', 'a2'], // 00:00 on the 27th
  ['t4', 'ğüşiöç özel not', 'f-004', '99.99', '2026-05-27', '2026-05-26T21:30:00Z', 'a2'], // 00:30 on the 27th
  ['t5', 'ĞÜŞİÖÇ ÖZEL NOT', null, '250.50', '2026-05-28', '2026-05-27T20:59:59.999Z', 'a3'], // last instant of the 27th
  ['t6', null, null, '0.01', '2026-05-28', '2026-05-27T21:00:00Z', 'a4'], // 00:00 on the 28th
  ['t7', '%50 indirim', 'F_007', '50.00', '2026-06-01', '2026-05-31T22:00:00Z', 'a4'], // 01:00 on 1 June
  ['t8', '50 indirim', 'F-008', '50.00', '2026-06-01', '2026-06-01T10:00:00Z', 'a5'],
  ['t9', 'ISPARTA gülü', 'F-009', '75.25', '2026-05-20', '2026-05-20T12:00:00Z', 'a5'],
  ['t10', 'ıspanak tohumu', 'F-010', '10.00', '2026-05-26', '2026-05-26T10:00:00Z', 'a1'],
] as const;

beforeAll(async () => {
  server = await startTestServer();
  const q = (sql: string, params: unknown[] = []) => server.database.pool.query(sql, params);

  // The currency first: a new currency recomputes every balance from the ledger (in the default
  // currency), which would reset the balances written below.
  currencyCode = 'XTS';
  currencyId = (await q(`INSERT INTO currency_types (code, name, symbol) VALUES ($1, 'Test para', '¤') RETURNING id`, [currencyCode])).rows[0].id;
  for (const [key, name] of [['atA', 'Test Müşteri'], ['atB', 'Test Tedarikçi'], ['atC', 'Test Bağışçı']]) {
    at[key] = (await q('INSERT INTO account_types (name) VALUES ($1) RETURNING id', [name])).rows[0].id;
  }
  for (const [key, code, title, type, balance, active, phone] of ACCOUNTS) {
    acc[key] = (await q('INSERT INTO accounts (code, title, account_type_id, balance, is_active, phone_number) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [code, title, at[type], balance, active, phone])).rows[0].id;
  }
  await q('UPDATE accounts SET main_account_id = $1 WHERE id = $2', [acc.a1, acc.a3]);

  transactionTypeId = (await q(`INSERT INTO transaction_types (name, direction) VALUES ('Test Satış', 1) RETURNING id`)).rows[0].id;
  for (const [key, description, documentNo, amount, date, createdAt, account] of TRANSACTIONS) {
    tx[key] = (await q(
      `INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date, document_no, description, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [acc[account], transactionTypeId, amount, currencyId, date, documentNo, description, createdAt])).rows[0].id;
  }
  // The data set is all there is in these tables: totals below are exact.
  expect((await q('SELECT count(*)::int AS n FROM accounts')).rows[0].n).toBe(ACCOUNTS.length);
  expect((await q('SELECT count(*)::int AS n FROM transactions')).rows[0].n).toBe(TRANSACTIONS.length);
});
afterAll(async () => {
  // The pool has no 'error' listener (server/src/db/client.ts): an idle connection that PostgreSQL
  // closes while the cluster stops would otherwise surface as an unhandled error after the tests.
  server?.database.pool.on('error', () => {});
  await server?.close();
});

describe('text match modes (case-insensitive, Turkish letters, literal % and _)', () => {
  it.each([
    ['startsWith', 'kurban', ['t1', 't2']],
    ['startsWith', 'YEM', ['t3']],
    ['startsWith', 'özel', []], // in the middle, not at the start
    ['contains', 'KOÇ', ['t1']],
    ['contains', 'dana', ['t2']],
    ['contains', 'ğüşiöç', ['t4', 't5']],
    ['contains', 'ĞÜŞİÖÇ', ['t4', 't5']],
    ['contains', 'Özel', ['t4', 't5']],
    ['contains', 'çÖz', []],
    ['notContains', 'indirim', ['t1', 't2', 't3', 't4', 't5', 't6', 't9', 't10']], // a NULL description does not contain it
    ['endsWith', 'NOT', ['t4', 't5']],
    ['endsWith', 'TOHUMU', ['t10']],
    ['endsWith', 'koç', []],
    ['equals', 'YEM alımı', ['t3']],
    ['equals', 'yem', []], // whole value, not a part
    ['notEquals', 'yem alımı', ['t1', 't2', 't4', 't5', 't6', 't7', 't8', 't9', 't10']],
  ] as const)('%s %j on description', async (mode, value, expected) => {
    expect(await txIds([f('description', mode, value)])).toEqual(T(...expected));
  });

  it('in: a list of text values, whole and case-insensitive', async () => {
    expect(await txIds([f('documentNo', 'in', ['f-001', 'F-003', 'F-00', 'yok'])])).toEqual(T('t1', 't3'));
    expect(await accIds([f('code', 'in', ['c-002', 'C-007'])])).toEqual(A('a2', 'a7'));
  });

  it('in matches İ (dotted capital I) the same way equals does', async () => {
    // equals goes through ILIKE (PostgreSQL's lower: İ → i) and finds the row.
    expect(await accIds([f('title', 'equals', 'İSTANBUL ET')])).toEqual(A('a4'));
    expect(await accIds([f('title', 'equals', 'istanbul et')])).toEqual(A('a4'));
    // in lowers the values in JavaScript ('İ'.toLowerCase() is 'i' + U+0307), so it must still agree.
    expect(await accIds([f('title', 'in', ['istanbul et'])])).toEqual(A('a4'));
    expect(await accIds([f('title', 'in', ['İSTANBUL ET'])])).toEqual(A('a4'));
  });

  it('% in the value matches a literal percent sign', async () => {
    expect(await txIds([f('description', 'contains', '%50')])).toEqual(T('t7'));
    expect(await txIds([f('description', 'contains', '%')])).toEqual(T('t7'));
    expect(await txIds([f('description', 'startsWith', '%')])).toEqual(T('t7'));
    expect(await accIds([f('title', 'contains', '100%')])).toEqual(A('a6'));
    expect(await accIds([f('title', 'equals', '100% organik_çiftlik')])).toEqual(A('a6'));
  });

  it('_ in the value matches a literal underscore', async () => {
    expect(await txIds([f('documentNo', 'contains', 'F_0')])).toEqual(T('t7'));
    expect(await txIds([f('documentNo', 'startsWith', 'f_')])).toEqual(T('t7'));
    expect(await accIds([f('title', 'contains', '_Çiftlik')])).toEqual(A('a6'));
    expect(await accIds([f('title', 'endsWith', 'k_çiftlik')])).toEqual(A('a6'));
    // Plain text still finds all three spellings.
    expect(await accIds([f('title', 'contains', 'organik')])).toEqual(A('a6', 'a7', 'a8'));
  });

  it('Turkish letters: folded as staff type them (I, ı, İ and i meet; ş, ç, ğ, ö, ü match their plain letters)', async () => {
    // Issue 17, point 3: a clerk without a Turkish keyboard, or typing in capitals, finds the row.
    expect(await txIds([f('description', 'contains', 'isparta')])).toEqual(T('t9'));
    expect(await txIds([f('description', 'contains', 'ISPARTA')])).toEqual(T('t9'));
    expect(await txIds([f('description', 'contains', 'İSPARTA')])).toEqual(T('t9'));
    expect(await txIds([f('description', 'contains', 'ısparta')])).toEqual(T('t9'));
    expect(await txIds([f('description', 'contains', 'ıspanak')])).toEqual(T('t10'));
    expect(await txIds([f('description', 'contains', 'ISPANAK')])).toEqual(T('t10'));
    expect(await txIds([f('description', 'contains', 'KURBANLIK')])).toEqual(T('t1', 't2'));
    expect(await accIds([f('title', 'contains', 'istanbul')])).toEqual(A('a4'));
  });
});

describe('integer, money and boolean match modes', () => {
  it('equals, notEquals and in on an integer', async () => {
    expect(await txIds([f('accountId', 'equals', acc.a3)])).toEqual(T('t5'));
    expect(await txIds([f('accountId', 'equals', String(acc.a3))])).toEqual(T('t5')); // a number typed in a text box
    expect(await txIds([f('accountId', 'notEquals', acc.a1)])).toEqual(T('t3', 't4', 't5', 't6', 't7', 't8', 't9'));
    expect(await txIds([f('accountId', 'in', [acc.a1, acc.a4])])).toEqual(T('t1', 't2', 't6', 't7', 't10'));
    expect(await txIds([f('accountId', 'in', [acc.a2, String(acc.a3), 999999])])).toEqual(T('t3', 't4', 't5'));
  });

  it('lt, lte, gt, gte on an integer', async () => {
    expect(await txIds([f('id', 'lt', tx.t3)])).toEqual(T('t1', 't2'));
    expect(await txIds([f('id', 'lte', tx.t3)])).toEqual(T('t1', 't2', 't3'));
    expect(await txIds([f('id', 'gt', tx.t8)])).toEqual(T('t9', 't10'));
    expect(await txIds([f('id', 'gte', tx.t8)])).toEqual(T('t8', 't9', 't10'));
    expect(await txIds([f('id', 'between', [tx.t4, tx.t6])])).toEqual(T('t4', 't5', 't6'));
  });

  it('every ordered mode on money, compared as exact decimals', async () => {
    expect(await txIds([f('amount', 'equals', '250.50')])).toEqual(T('t2', 't5'));
    expect(await txIds([f('amount', 'equals', '250.5')])).toEqual(T('t2', 't5'));
    expect(await txIds([f('amount', 'equals', 250.5)])).toEqual(T('t2', 't5'));
    expect(await txIds([f('amount', 'notEquals', '50.00')])).toEqual(T('t1', 't2', 't3', 't4', 't5', 't6', 't9', 't10'));
    expect(await txIds([f('amount', 'in', ['50', '0.01', 99.99])])).toEqual(T('t4', 't6', 't7', 't8'));
    expect(await txIds([f('amount', 'lt', '50')])).toEqual(T('t6', 't10'));
    expect(await txIds([f('amount', 'lte', '50')])).toEqual(T('t6', 't7', 't8', 't10'));
    expect(await txIds([f('amount', 'gt', '250.50')])).toEqual(T('t3'));
    expect(await txIds([f('amount', 'gte', '250.50')])).toEqual(T('t2', 't3', 't5'));
    expect(await txIds([f('amount', 'lt', '0.01')])).toEqual([]);
    expect(await accIds([f('balance', 'lt', '0')])).toEqual(A('a2'));
    expect(await accIds([f('balance', 'equals', '-50.25')])).toEqual(A('a2'));
  });

  it('between on money: inclusive at both ends', async () => {
    expect(await txIds([f('amount', 'between', ['50.00', '100.00'])])).toEqual(T('t1', 't4', 't7', 't8', 't9'));
    expect(await txIds([f('amount', 'between', [50, 100])])).toEqual(T('t1', 't4', 't7', 't8', 't9'));
    expect(await txIds([f('amount', 'between', ['99.99', '99.99'])])).toEqual(T('t4'));
    expect(await txIds([f('amount', 'between', [300, 100])])).toEqual([]);
  });

  it('between on money with one bound left empty ("") is one-sided', async () => {
    expect(await txIds([f('amount', 'between', ['', '10'])])).toEqual(T('t6', 't10'));
    expect(await txIds([f('amount', 'between', ['1000', ''])])).toEqual(T('t3'));
  });

  it('between on money with a null bound is one-sided', async () => {
    expect(await txIds([f('amount', 'between', [null, '10.00'])])).toEqual(T('t6', 't10'));
    expect(await txIds([f('amount', 'between', ['1000', null])])).toEqual(T('t3'));
  });

  it('equals and notEquals on a boolean', async () => {
    expect(await accIds([f('isActive', 'equals', false)])).toEqual(A('a2', 'a6'));
    expect(await accIds([f('isActive', 'equals', 'false')])).toEqual(A('a2', 'a6'));
    expect(await accIds([f('isActive', 'notEquals', true)])).toEqual(A('a2', 'a6'));
    expect(await accIds([f('isActive', undefined, true)])).toEqual(A('a1', 'a3', 'a4', 'a5', 'a7', 'a8'));
  });
});

describe('date modes', () => {
  it.each([
    ['dateIs', '2026-05-27', ['t3', 't4']],
    ['dateIsNot', '2026-05-27', ['t1', 't2', 't5', 't6', 't7', 't8', 't9', 't10']],
    ['dateBefore', '2026-05-26', ['t1', 't9']],
    ['dateAfter', '2026-05-28', ['t7', 't8']],
    ['equals', '2026-05-28', ['t5', 't6']],
    ['notEquals', '2026-05-28', ['t1', 't2', 't3', 't4', 't7', 't8', 't9', 't10']],
    ['lt', '2026-05-25', ['t9']],
    ['lte', '2026-05-25', ['t1', 't9']],
    ['gt', '2026-05-28', ['t7', 't8']],
    ['gte', '2026-05-28', ['t5', 't6', 't7', 't8']],
    ['in', ['2026-05-20', '2026-06-01'], ['t7', 't8', 't9']],
    ['between', ['2026-05-26', '2026-05-27'], ['t2', 't3', 't4', 't10']],
    ['between', [null, '2026-05-25'], ['t1', 't9']],
    ['between', ['', '2026-05-25'], ['t1', 't9']],
    ['between', ['2026-05-28', null], ['t5', 't6', 't7', 't8']],
    ['between', ['2026-05-28', ''], ['t5', 't6', 't7', 't8']],
  ] as const)('%s %j on a date column (transactionDate)', async (mode, value, expected) => {
    expect(await txIds([f('transactionDate', mode, value)])).toEqual(T(...expected));
  });

  it('a day or instant outside the years 1–9999 (year 0000 has no day in the database) is a 400 naming the filter, never a 500', async () => {
    const cases: [string, string, unknown][] = [
      ['transactionDate', 'equals', '0000-01-01'], ['transactionDate', 'dateIs', '0000-12-31T12:00:00Z'], ['transactionDate', 'between', ['0000-01-01', null]],
      ['createdAt', 'lt', '0000-01-01T00:00:00Z'], ['createdAt', 'dateIs', '0000-01-01'], ['createdAt', 'gte', '-000100-01-01T00:00:00Z'], ['createdAt', 'lt', '+010000-01-01T00:00:00Z'],
    ];
    for (const [column, mode, value] of cases) {
      const res = await api('POST', 'Transactions/GetListForPaging', { FilterParam: [f(column, mode, value)] });
      expect(res.status, `${column} ${mode} ${JSON.stringify(value)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.fields[0]).toMatchObject({ code: 'validation.filterValue' });
    }
    expect((await api('POST', 'Transactions/GetListForPaging', { FilterParam: [f('transactionDate', 'gte', '0001-01-01')] })).status).toBe(200);
  });

  it('a date picker timestamp on a date column means its calendar day in Istanbul', async () => {
    // Midnight of 27 May in Istanbul, as a browser in Türkiye sends it.
    expect(await txIds([f('transactionDate', 'dateIs', '2026-05-26T21:00:00.000Z')])).toEqual(T('t3', 't4'));
    expect(await txIds([f('transactionDate', 'dateIs', '2026-05-27T00:00:00+03:00')])).toEqual(T('t3', 't4'));
    expect(await txIds([f('transactionDate', 'dateBefore', '2026-05-25T21:00:00.000Z')])).toEqual(T('t1', 't9'));
    expect(await txIds([f('transactionDate', 'between', ['2026-05-25T21:00:00.000Z', '2026-05-26T21:00:00.000Z'])])).toEqual(T('t2', 't3', 't4', 't10'));
  });

  it.each([
    // createdAt is timestamptz: a row belongs to the day its instant falls on in Istanbul.
    ['dateIs', '2026-05-27', ['t3', 't4', 't5']],
    ['dateIs', '2026-05-26', ['t2', 't10']],
    ['dateIs', '2026-05-28', ['t6']],
    ['dateIs', '2026-06-01', ['t7', 't8']],
    ['dateIsNot', '2026-05-27', ['t1', 't2', 't6', 't7', 't8', 't9', 't10']],
    ['dateBefore', '2026-05-27', ['t1', 't2', 't9', 't10']],
    ['dateAfter', '2026-05-27', ['t6', 't7', 't8']],
    ['between', ['2026-05-27', '2026-05-28'], ['t3', 't4', 't5', 't6']],
    ['between', [null, '2026-05-26'], ['t1', 't2', 't9', 't10']],
    ['between', ['', '2026-05-26'], ['t1', 't2', 't9', 't10']],
    ['between', ['2026-06-01', null], ['t7', 't8']],
    ['between', ['2026-06-01', ''], ['t7', 't8']],
  ] as const)('%s %j on a timestamptz column (createdAt) by the Istanbul calendar day', async (mode, value, expected) => {
    expect(await txIds([f('createdAt', mode, value)])).toEqual(T(...expected));
  });

  it('a row at 2026-05-26T21:30:00Z belongs to 2026-05-27', async () => {
    const ids27 = await txIds([f('createdAt', 'dateIs', '2026-05-27')]);
    expect(ids27).toContain(tx.t4);
    expect(await txIds([f('createdAt', 'dateIs', '2026-05-26')])).not.toContain(tx.t4);
  });

  it('a date picker timestamp on a timestamptz column means its calendar day in Istanbul', async () => {
    expect(await txIds([f('createdAt', 'dateIs', '2026-05-26T21:00:00.000Z')])).toEqual(T('t3', 't4', 't5'));
    expect(await txIds([f('createdAt', 'dateIs', '2026-05-27T09:00:00.000Z')])).toEqual(T('t3', 't4', 't5'));
    expect(await txIds([f('createdAt', 'dateAfter', '2026-05-26T21:00:00.000Z')])).toEqual(T('t6', 't7', 't8'));
  });

  it('instants on a timestamptz column compare as instants', async () => {
    expect(await txIds([f('createdAt', 'equals', '2026-05-26T21:30:00.000Z')])).toEqual(T('t4'));
    expect(await txIds([f('createdAt', 'equals', '2026-05-27T00:30:00+03:00')])).toEqual(T('t4'));
    expect(await txIds([f('createdAt', 'lt', '2026-05-26T21:00:00Z')])).toEqual(T('t1', 't2', 't9', 't10'));
    expect(await txIds([f('createdAt', 'lte', '2026-05-26T21:00:00Z')])).toEqual(T('t1', 't2', 't3', 't9', 't10'));
    expect(await txIds([f('createdAt', 'gt', '2026-05-27T20:59:59.999Z')])).toEqual(T('t6', 't7', 't8'));
    expect(await txIds([f('createdAt', 'gte', '2026-05-27T20:59:59.999Z')])).toEqual(T('t5', 't6', 't7', 't8'));
    expect(await txIds([f('createdAt', 'between', ['2026-05-26T21:00:00Z', '2026-05-26T21:30:00Z'])])).toEqual(T('t3', 't4'));
  });

  it('a bare day with gte/lt on a timestamptz column means the Istanbul day, as between and dateBefore do', async () => {
    // between ['2026-05-27', …] and gte '2026-05-27' must agree; so must dateBefore and lt. The
    // first row of the 27th in Istanbul is t3 (2026-05-26T21:00:00Z).
    expect(await txIds([f('createdAt', 'between', ['2026-05-27', '2026-12-31'])])).toEqual(T('t3', 't4', 't5', 't6', 't7', 't8'));
    expect(await txIds([f('createdAt', 'dateBefore', '2026-05-27')])).toEqual(T('t1', 't2', 't9', 't10'));
    expect(await txIds([f('createdAt', 'gte', '2026-05-27')])).toEqual(T('t3', 't4', 't5', 't6', 't7', 't8'));
    expect(await txIds([f('createdAt', 'lt', '2026-05-27')])).toEqual(T('t1', 't2', 't9', 't10'));
  });
});

describe('combining filters', () => {
  it('and: every filter must hold', async () => {
    expect(await txIds([f('description', 'contains', 'indirim'), f('amount', 'equals', '50.00', 'and')])).toEqual(T('t7', 't8'));
    expect(await txIds([f('description', 'contains', 'indirim'), f('amount', 'equals', '50.00'), f('documentNo', 'contains', '_')])).toEqual(T('t7'));
  });

  it('or and and join left to right: ((a AND b) OR c)', async () => {
    // (account a1 AND amount > 50) OR description contains 'yem' → t1, t2 | t3. a AND (b OR c) would drop t3.
    expect(await txIds([
      f('accountId', 'equals', acc.a1),
      f('amount', 'gt', '50', 'and'),
      f('description', 'contains', 'yem', 'or'),
    ])).toEqual(T('t1', 't2', 't3'));
    // (account a2 OR account a3) AND amount >= 250 → t3, t5. a OR (b AND c) would keep t4.
    expect(await txIds([
      f('accountId', 'equals', acc.a2),
      f('accountId', 'equals', acc.a3, 'or'),
      f('amount', 'gte', '250', 'and'),
    ])).toEqual(T('t3', 't5'));
  });

  it('the first filter\'s Operator has nothing to join and is ignored', async () => {
    expect(await txIds([f('accountId', 'equals', acc.a3, 'or')])).toEqual(T('t5'));
  });

  it('the default match mode is contains for text and equals otherwise', async () => {
    expect(await txIds([f('description', undefined, 'INDİRİM')])).toEqual(T('t7', 't8'));
    expect(await txIds([f('accountId', undefined, acc.a3)])).toEqual(T('t5'));
    expect(await txIds([f('amount', undefined, '50')])).toEqual(T('t7', 't8'));
    expect(await txIds([f('transactionDate', undefined, '2026-05-27')])).toEqual(T('t3', 't4'));
    expect(await txIds([f('id', undefined, tx.t1)])).toEqual(T('t1'));
  });

  it.each([
    ['contains', null],
    ['contains', ''],
    ['startsWith', null],
    [undefined, null],
    [undefined, ''],
    ['in', []],
  ] as const)('a cleared text filter (%s, %j) is ignored', async (mode, value) => {
    expect(await txIds([f('description', mode, value)])).toEqual(allT());
    expect(await txIds([f('description', mode, value), f('accountId', 'equals', acc.a2)])).toEqual(T('t3', 't4'));
  });

  it.each([
    ['amount', 'gte', null],
    ['amount', 'between', [null, null]],
    ['amount', 'between', ['', '']],
    ['createdAt', 'between', [null, null]],
    ['accountId', 'in', []],
    ['accountId', 'equals', ''],
    ['transactionDate', 'dateIs', null],
    ['transactionDate', 'dateIs', ''],
    ['createdAt', 'dateBefore', null],
    ['isActive', 'equals', ''],
  ] as const)('a cleared filter on %s (%s, %j) is ignored', async (column, mode, value) => {
    if (column === 'isActive') expect(await accIds([f(column, mode, value)])).toEqual(allA());
    else expect(await txIds([f(column, mode, value)])).toEqual(allT());
  });

  it('equals null is IS NULL, notEquals null is IS NOT NULL', async () => {
    expect(await txIds([f('description', 'equals', null)])).toEqual(T('t6'));
    expect(await txIds([f('documentNo', 'equals', null)])).toEqual(T('t5', 't6'));
    expect(await txIds([f('documentNo', 'notEquals', null)])).toEqual(T('t1', 't2', 't3', 't4', 't7', 't8', 't9', 't10'));
    expect(await accIds([f('mainAccountId', 'equals', null)])).toEqual(A('a1', 'a2', 'a4', 'a5', 'a6', 'a7', 'a8'));
    expect(await accIds([f('mainAccountId', 'notEquals', null)])).toEqual(A('a3'));
    expect(await accIds([f('mainAccountId', 'equals', acc.a1)])).toEqual(A('a3'));
  });

  it('column names are case-insensitive', async () => {
    expect(await txIds([f('Description', 'contains', 'indirim')])).toEqual(T('t7', 't8'));
    expect(await txIds([f('DESCRIPTION', 'endsWith', 'NOT')])).toEqual(T('t4', 't5'));
    expect(await txIds([f('AccountId', 'equals', acc.a3)])).toEqual(T('t5'));
    expect(await txIds([f('transactiondate', 'dateIs', '2026-05-27')])).toEqual(T('t3', 't4'));
    const sorted = await page('Transactions', { PageSize: 500, SortingParams: [{ ColumnName: 'AMOUNT', SortOrder: -1 }] });
    expect(sorted.data[0].id).toBe(tx.t3);
    const grouped = await page('Accounts', { PageSize: 500, GroupingColumns: ['ACCOUNTTYPEID'] });
    expect(grouped.groups?.length).toBe(3);
  });
});

describe('global filter', () => {
  it('searches the entity\'s search fields, contains and case-insensitive', async () => {
    // Transactions search description and documentNo.
    expect(await txIds([], { GlobalFilter: 'f-00' })).toEqual(T('t1', 't2', 't3', 't4', 't8', 't9'));
    expect(await txIds([], { GlobalFilter: 'ÖZEL' })).toEqual(T('t4', 't5'));
    expect(await txIds([], { GlobalFilter: '%' })).toEqual(T('t7'));
    expect(await txIds([], { GlobalFilter: '_' })).toEqual(T('t7'));
    // Accounts search code, title, phone and identity number.
    expect(await accIds([], { GlobalFilter: '532' })).toEqual(A('a1'));
    expect(await accIds([], { GlobalFilter: 'c-00' })).toEqual(allA());
    expect(await accIds([], { GlobalFilter: 'şimşek' })).toEqual(A('a1', 'a2'));
  });

  it('joins the filters with AND; blank is ignored; not in a non-search field', async () => {
    expect(await txIds([f('accountId', 'equals', acc.a1)], { GlobalFilter: 'f-00' })).toEqual(T('t1', 't2'));
    // (a OR b) AND global: the global search does not join the or-chain.
    expect(await txIds([f('accountId', 'equals', acc.a1), f('accountId', 'equals', acc.a2, 'or')], { GlobalFilter: 'f-00' })).toEqual(T('t1', 't2', 't3', 't4'));
    expect(await txIds([], { GlobalFilter: '   ' })).toEqual(allT());
    expect(await txIds([], { GlobalFilter: '' })).toEqual(allT());
    expect(await txIds([], { GlobalFilter: '250.50' })).toEqual([]); // amount is not a search field
  });
});

describe('sorting', () => {
  const order = async (plural: string, SortingParams: unknown[], extra: Record<string, unknown> = {}) =>
    (await page(plural, { PageSize: 500, SortingParams, ...extra })).data.map((r) => r.id);
  const K = (...keys: string[]) => keys.map((k) => tx[k] ?? acc[k]);

  it('by one column ascending and descending, equal keys in id order', async () => {
    expect(await order('Transactions', [{ ColumnName: 'amount', SortOrder: 1 }])).toEqual(K('t6', 't10', 't7', 't8', 't9', 't4', 't1', 't2', 't5', 't3'));
    expect(await order('Transactions', [{ ColumnName: 'amount' }])).toEqual(K('t6', 't10', 't7', 't8', 't9', 't4', 't1', 't2', 't5', 't3'));
    // Descending on amount; the id tiebreak stays ascending (t2 before t5, t7 before t8).
    expect(await order('Transactions', [{ ColumnName: 'amount', SortOrder: -1 }])).toEqual(K('t3', 't2', 't5', 't1', 't4', 't9', 't7', 't8', 't10', 't6'));
  });

  it('by several columns, each in its own direction', async () => {
    const expected = K('t2', 't1', 't10', 't3', 't4', 't5', 't7', 't6', 't9', 't8');
    expect(await order('Transactions', [{ ColumnName: 'accountId', SortOrder: 1 }, { ColumnName: 'amount', SortOrder: -1 }])).toEqual(expected);
    expect(await order('Transactions', [{ ColumnName: 'transactionDate', SortOrder: 1 }, { ColumnName: 'createdAt', SortOrder: -1 }]))
      .toEqual(K('t9', 't1', 't2', 't10', 't4', 't3', 't6', 't5', 't8', 't7'));
    // PostgreSQL's default: NULLs first descending, last ascending (t5, t6 have no documentNo).
    const byDescription = await order('Transactions', [{ ColumnName: 'documentNo', SortOrder: -1 }, { ColumnName: 'description', SortOrder: 1 }]);
    expect(byDescription.slice(0, 2)).toEqual(K('t5', 't6'));
  });

  it('equal sort keys come in id order and paging through them returns each row exactly once', async () => {
    // Four accounts share balance 20.00; isActive has only two values.
    const full = await order('Accounts', [{ ColumnName: 'balance', SortOrder: 1 }]);
    expect(full).toEqual(K('a2', 'a3', 'a5', 'a6', 'a7', 'a8', 'a1', 'a4'));
    for (const [SortingParams, size] of [[[{ ColumnName: 'balance', SortOrder: 1 }], 1], [[{ ColumnName: 'balance', SortOrder: -1 }], 3], [[{ ColumnName: 'isActive', SortOrder: 1 }], 2], [[{ ColumnName: 'isActive', SortOrder: -1 }, { ColumnName: 'balance', SortOrder: -1 }], 3]] as const) {
      const whole = await order('Accounts', SortingParams as unknown as unknown[]);
      const seen: number[] = [];
      for (let n = 1; n <= Math.ceil(whole.length / size) + 1; n++) {
        const p = await page('Accounts', { PageNumber: n, PageSize: size, SortingParams });
        expect(p.totalCount).toBe(8);
        seen.push(...p.data.map((r) => r.id));
      }
      expect(seen).toEqual(whole);
      expect(new Set(seen).size).toBe(8);
    }
    const byActive = await order('Accounts', [{ ColumnName: 'isActive', SortOrder: 1 }]);
    expect(byActive).toEqual(K('a2', 'a6', 'a1', 'a3', 'a4', 'a5', 'a7', 'a8'));
  });

  it('the default sort comes from x-entity.sort (Transactions: -transactionDate, then id)', async () => {
    const expected = K('t7', 't8', 't5', 't6', 't3', 't4', 't2', 't10', 't1', 't9');
    expect(await order('Transactions', [])).toEqual(expected);
    expect((await page('Transactions', {})).data.map((r) => r.id)).toEqual(expected);
    // GET of the whole list uses the same order.
    const all = await api('GET', 'Transactions');
    expect(all.body.data.map((r: Row) => r.id)).toEqual(expected);
    // Accounts: title ascending, the same as asking for it.
    expect(await order('Accounts', [])).toEqual(await order('Accounts', [{ ColumnName: 'title', SortOrder: 1 }]));
    const { rows } = await server.database.pool.query('SELECT id FROM accounts ORDER BY title, id');
    expect(await order('Accounts', [])).toEqual(rows.map((r) => r.id));
  });
});

describe('paging', () => {
  it('a page past the end is empty and still counts every row', async () => {
    const p = await page('Transactions', { PageNumber: 99, PageSize: 20 });
    expect(p.data).toEqual([]);
    expect(p.totalCount).toBe(10);
    expect(p.pageNumber).toBe(99);
    expect(p.pageSize).toBe(20);
    const last = await page('Transactions', { PageNumber: 4, PageSize: 3 });
    expect(last.data.map((r) => r.id)).toEqual([tx.t9]);
    expect((await page('Transactions', { PageNumber: 5, PageSize: 3 })).data).toEqual([]);
  });

  it('answers the defaults: page 1 of 20', async () => {
    const p = await page('Transactions', {});
    expect(p.pageNumber).toBe(1);
    expect(p.pageSize).toBe(20);
    expect(p.data.length).toBe(10);
  });

  it('PageSize 1 and 500 are allowed', async () => {
    const one = await page('Transactions', { PageNumber: 2, PageSize: 1 });
    expect(one.data.map((r) => r.id)).toEqual([tx.t8]);
    expect(one.totalCount).toBe(10);
    const max = await page('Transactions', { PageNumber: 1, PageSize: 500 });
    expect(max.data.length).toBe(10);
    expect(max.pageSize).toBe(500);
  });

  it.each([
    [{ PageSize: 501 }, 'PageSize'],
    [{ PageSize: 0 }, 'PageSize'],
    [{ PageNumber: 0 }, 'PageNumber'],
    [{ PageNumber: -1 }, 'PageNumber'],
  ])('%j is a 400 naming the field', async (request, field) => {
    const res = await api('POST', 'Transactions/GetListForPaging', request);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.fields.map((x: { field: string }) => x.field)).toContain(field);
  });

  it('totalCount is exact under filters, whatever the page', async () => {
    // amount >= 50: t1, t2, t3, t4, t5, t7, t8, t9.
    const filters = [f('amount', 'gte', '50')];
    const p3 = await page('Transactions', { PageNumber: 3, PageSize: 3, FilterParam: filters, SortingParams: [{ ColumnName: 'id' }] });
    expect(p3.totalCount).toBe(8);
    expect(p3.data.map((r) => r.id)).toEqual(T('t8', 't9'));
    const p9 = await page('Transactions', { PageNumber: 9, PageSize: 3, FilterParam: filters });
    expect(p9.totalCount).toBe(8);
    expect(p9.data).toEqual([]);
    const none = await page('Transactions', { FilterParam: [f('description', 'contains', 'hiçbiri')] });
    expect(none).toMatchObject({ data: [], totalCount: 0 });
    expect(typeof none.totalCount).toBe('number');
  });
});

describe('grouping', () => {
  it('orders rows by the group column first and counts each group', async () => {
    const p = await page('Accounts', { PageSize: 500, GroupingColumns: ['accountTypeId'] });
    const types = [at.atA, at.atB, at.atC].sort((a, b) => a - b);
    const typeOf = (id: number) => p.data.find((r) => r.id === id)!.accountTypeId;
    expect(p.data.map((r) => r.accountTypeId)).toEqual([...p.data.map((r) => r.accountTypeId)].sort((a, b) => a - b));
    const expectedCount: Record<number, number> = { [at.atA]: 4, [at.atB]: 3, [at.atC]: 1 };
    expect(p.groups).toEqual(types.map((t) => ({ key: { accountTypeId: t }, count: expectedCount[t] })));
    expect(p.groups!.reduce((s, g) => s + g.count, 0)).toBe(p.totalCount);
    expect(p.totalCount).toBe(8);
    expect(typeOf(acc.a8)).toBe(at.atC);
    // Within a group, the requested sort (then id) applies.
    const sorted = await page('Accounts', { PageSize: 500, GroupingColumns: ['accountTypeId'], SortingParams: [{ ColumnName: 'balance', SortOrder: -1 }] });
    const groupA = sorted.data.filter((r) => r.accountTypeId === at.atA).map((r) => r.id);
    expect(groupA).toEqual([acc.a1, acc.a5, acc.a6, acc.a3]);
    expect(sorted.data.map((r) => r.accountTypeId)).toEqual(p.data.map((r) => r.accountTypeId));
  });

  it('counts the groups of the filtered rows and of every page, not just the page shown', async () => {
    const p = await page('Transactions', { PageNumber: 1, PageSize: 2, GroupingColumns: ['accountId'], FilterParam: [f('amount', 'gte', '50')] });
    // amount >= 50: a1: t1, t2; a2: t3, t4; a3: t5; a4: t7; a5: t8, t9.
    expect(p.totalCount).toBe(8);
    expect(p.groups).toEqual([
      { key: { accountId: acc.a1 }, count: 2 },
      { key: { accountId: acc.a2 }, count: 2 },
      { key: { accountId: acc.a3 }, count: 1 },
      { key: { accountId: acc.a4 }, count: 1 },
      { key: { accountId: acc.a5 }, count: 2 },
    ]);
    expect(p.groups!.reduce((s, g) => s + g.count, 0)).toBe(p.totalCount);
    // Group first, then the default sort (-transactionDate): a1's t2 (26 May) before t1 (25 May).
    expect(p.data.map((r) => r.id)).toEqual([tx.t2, tx.t1]);
  });

  it('groups by two columns, with NULLs as their own group', async () => {
    const p = await page('Transactions', { PageSize: 500, GroupingColumns: ['accountId', 'documentNo'], FilterParam: [f('accountId', 'in', [acc.a3, acc.a4])] });
    expect(p.groups).toEqual([
      { key: { accountId: acc.a3, documentNo: null }, count: 1 },
      { key: { accountId: acc.a4, documentNo: 'F_007' }, count: 1 },
      { key: { accountId: acc.a4, documentNo: null }, count: 1 },
    ]);
    expect(p.data.map((r) => r.id)).toEqual([tx.t5, tx.t7, tx.t6]);
  });

  it('without GroupingColumns answers no groups', async () => {
    const p = await page('Accounts', {});
    expect(p.groups).toBeUndefined();
  });
});

describe('lookups', () => {
  it('each row shows the display field of the rows it references', async () => {
    const accounts = await page('Accounts', { PageSize: 500, FilterParam: [f('id', 'in', [acc.a1, acc.a3, acc.a4])], SortingParams: [{ ColumnName: 'id' }] });
    const [a1, a3, a4] = accounts.data;
    expect(a1.lookups).toEqual({ accountTypeId: 'Test Müşteri', mainAccountId: null, languageId: null });
    expect(a3.lookups).toEqual({ accountTypeId: 'Test Müşteri', mainAccountId: 'Çağlar Şimşek', languageId: null });
    expect(a4.lookups).toEqual({ accountTypeId: 'Test Tedarikçi', mainAccountId: null, languageId: null });
    expect(a3).toMatchObject({ code: 'C-003', title: 'Öztürk Gıda', accountTypeId: at.atA, mainAccountId: acc.a1, balance: '0.00', isActive: true });

    const [t5] = (await page('Transactions', { FilterParam: [f('id', 'equals', tx.t5)] })).data;
    expect(t5.lookups).toMatchObject({ accountId: 'Öztürk Gıda', transactionTypeId: 'Test Satış', currencyTypeId: currencyCode, victimOrderId: null, victimPaymentId: null, createdByUserId: null });
    expect(t5).toMatchObject({ amount: '250.50', transactionDate: '2026-05-28', description: 'ĞÜŞİÖÇ ÖZEL NOT', documentNo: null, currencyTypeId: currencyId, transactionTypeId });
    expect(new Date(t5.createdAt).toISOString()).toBe('2026-05-27T20:59:59.999Z');
  });
});
