// Account statements: opening balance, entries oldest first with their running balance, the
// range's totals and the closing balance, in one currency; computed by the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
let types: { debit: number; credit: number };
let currency: { tryId: number; usdId: number };
beforeAll(async () => {
  server = await startTestServer();
  const hand = await sql(`SELECT id, direction FROM transaction_types WHERE system_code IS NULL ORDER BY id`);
  types = { debit: hand.find((t) => t.direction === 1).id, credit: hand.find((t) => t.direction === -1).id };
  const cur = await sql(`SELECT id, code FROM currency_types`);
  currency = { tryId: cur.find((c) => c.code === 'TRY').id, usdId: cur.find((c) => c.code === 'USD').id };
});
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
const sql = (text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows);

let seq = 0;
async function account(): Promise<number> {
  const [row] = await sql(`INSERT INTO accounts (code, title, account_type_id) SELECT $1, $2, min(id) FROM account_types RETURNING id`, [`STM${++seq}`, `Cari ${seq}`]);
  return row.id;
}
async function entry(accountId: number, kind: 'debit' | 'credit', amount: string, date: string, currencyId = currency.tryId) {
  const [row] = await sql(
    `INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date, document_no, description)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [accountId, types[kind], amount, currencyId, date, `D-${++seq}`, `${kind} ${amount}`],
  );
  return row.id as number;
}

describe('account statement', () => {
  let id: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    id = await account();
    // Written out of date order: the statement sorts by date, then by id.
    ids.mar = await entry(id, 'debit', '500.00', '2030-03-01');
    ids.jan = await entry(id, 'debit', '1000.00', '2030-01-10');
    ids.feb1 = await entry(id, 'credit', '300.25', '2030-02-15');
    ids.feb2 = await entry(id, 'debit', '50.50', '2030-02-15');
    ids.apr = await entry(id, 'credit', '2000.00', '2030-04-01');
    ids.usd = await entry(id, 'debit', '99.00', '2030-02-20', currency.usdId);
  });

  it("without a range: every entry in the default currency, and the closing balance is the account's balance", async () => {
    const res = await api('GET', `Accounts/${id}/statement`);
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({
      accountId: id, accountCode: `STM1`, accountTitle: 'Cari 1', currencyTypeId: currency.tryId, currencyCode: 'TRY', from: null, to: null,
      openingBalance: '0.00', totalDebit: '1550.50', totalCredit: '2300.25', closingBalance: '-749.75',
    });
    expect(s.entries.map((e: { id: number }) => e.id)).toEqual([ids.jan, ids.feb1, ids.feb2, ids.mar, ids.apr]);
    expect(s.entries.map((e: { balance: string }) => e.balance)).toEqual(['1000.00', '699.75', '750.25', '1250.25', '-749.75']);
    const [{ balance }] = await sql('SELECT balance FROM accounts WHERE id = $1', [id]);
    expect(s.closingBalance).toBe(balance);
    expect(s.entries[1]).toEqual({
      id: ids.feb1, transactionDate: '2030-02-15', transactionTypeId: types.credit, transactionTypeName: 'Alış', direction: -1,
      documentNo: expect.stringMatching(/^D-/), description: 'credit 300.25', amount: '300.25', debit: '0.00', credit: '300.25', balance: '699.75',
      victimOrderId: null, victimPaymentId: null,
    });
  });

  it('with a range: the opening balance is what came before, the running balance starts from it', async () => {
    const s = (await api('GET', `Accounts/${id}/statement?from=2030-02-01&to=2030-03-01`)).body.data;
    expect(s).toMatchObject({ from: '2030-02-01', to: '2030-03-01', openingBalance: '1000.00', totalDebit: '550.50', totalCredit: '300.25', closingBalance: '1250.25' });
    expect(s.entries.map((e: { id: number; balance: string }) => [e.id, e.balance])).toEqual([[ids.feb1, '699.75'], [ids.feb2, '750.25'], [ids.mar, '1250.25']]);
    // Either end may be left out; both ends are inclusive.
    const fromOnly = (await api('GET', `Accounts/${id}/statement?from=2030-03-01`)).body.data;
    expect(fromOnly).toMatchObject({ openingBalance: '750.25', closingBalance: '-749.75' });
    expect(fromOnly.entries.map((e: { id: number }) => e.id)).toEqual([ids.mar, ids.apr]);
    const toOnly = (await api('GET', `Accounts/${id}/statement?to=2030-01-10`)).body.data;
    expect(toOnly).toMatchObject({ openingBalance: '0.00', closingBalance: '1000.00' });
    const empty = (await api('GET', `Accounts/${id}/statement?from=2031-01-01`)).body.data;
    expect(empty).toMatchObject({ openingBalance: '-749.75', totalDebit: '0.00', totalCredit: '0.00', closingBalance: '-749.75', entries: [] });
  });

  it('in another currency: only its entries', async () => {
    const s = (await api('GET', `Accounts/${id}/statement?currencyTypeId=${currency.usdId}`)).body.data;
    expect(s).toMatchObject({ currencyCode: 'USD', closingBalance: '99.00' });
    expect(s.entries.map((e: { id: number }) => e.id)).toEqual([ids.usd]);
  });

  it('an unknown account is a 404; a reversed range, an unknown currency or a bad date a 400', async () => {
    expect((await api('GET', 'Accounts/999999/statement')).status).toBe(404);
    const reversed = await api('GET', `Accounts/${id}/statement?from=2030-03-01&to=2030-02-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields[0]).toMatchObject({ field: 'to', code: 'validation.dateOrder' });
    const unknown = await api('GET', `Accounts/${id}/statement?currencyTypeId=999999`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields[0]).toMatchObject({ field: 'currencyTypeId', code: 'validation.lookupNotFound' });
    for (const q of ['from=2030-02-30', 'to=yesterday', 'currencyTypeId=abc', 'currencyTypeId=0']) {
      const res = await api('GET', `Accounts/${id}/statement?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
  });

  it('more than 10,000 entries in the range is a 400 asking for a shorter one; a shorter range answers', async () => {
    const big = await account();
    await sql(
      `INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date)
       SELECT $1, $2, '1.00', $3, DATE '2030-01-01' + (n % 300) FROM generate_series(1, 10001) n`,
      [big, types.debit, currency.tryId],
    );
    const res = await api('GET', `Accounts/${big}/statement`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'error.statement.tooLong', params: { count: 10001, max: 10000 } });
    const month = await api('GET', `Accounts/${big}/statement?from=2030-01-01&to=2030-01-31`);
    expect(month.status).toBe(200);
    // Day d of January holds the n ≤ 10,001 with n mod 300 = d − 1: 33 for the 1st, 34 for each other day.
    expect(month.body.data.entries).toHaveLength(33 + 30 * 34);
    expect(month.body.data.closingBalance).toBe('1053.00');
  });
});
