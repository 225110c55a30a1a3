// The ledger by hand: balances follow every insert, update and delete; what the server posted
// stays as posted; the system's transaction types keep their code and direction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../support/app.ts';
import { Season } from '../support/season.ts';

let server: TestServer;
let s: Season;
beforeAll(async () => {
  server = await startTestServer();
  s = new Season(server);
});
afterAll(() => server?.close());

async function entry(accountId: number, typeKey: string, amount: string, over: Record<string, unknown> = {}) {
  const r = await s.ref();
  return s.api('POST', 'Transactions', { accountId, transactionTypeId: r.types[typeKey].id, amount, currencyTypeId: r.currencyId, transactionDate: '2026-05-01', ...over });
}
const balance = async (accountId: number) => (await s.get('Accounts', accountId)).balance as string;

describe('hand entries', () => {
  it('move the balance by direction × amount on create, update and delete', async () => {
    const account = await s.customer();
    const debit = await entry(account.id, 'Ödeme', '1500.25');
    expect(debit.status, JSON.stringify(debit.body)).toBe(200);
    const credit = await entry(account.id, 'Alış', '500.00');
    expect(await balance(account.id)).toBe('1000.25');
    const changed = await s.api('PUT', 'Transactions', { ...(await entryBody(debit.body.data)), amount: '2000.00' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await balance(account.id)).toBe('1500.00');
    expect((await s.api('DELETE', `Transactions/${credit.body.data.id}`)).status).toBe(200);
    expect(await balance(account.id)).toBe('2000.00');
    // Moving an entry to another account moves its amount with it.
    const other = await s.customer();
    await s.api('PUT', 'Transactions', { ...(await entryBody(changed.body.data)), accountId: other.id });
    expect([await balance(account.id), await balance(other.id)]).toEqual(['0.00', '2000.00']);
  });

  it('name the signed-in user who wrote them, whatever the body says, and keep that name on update', async () => {
    const account = await s.customer();
    const [admin] = (await server.database.pool.query('SELECT id FROM users WHERE email = $1', [ADMIN.email])).rows;
    const made = await entry(account.id, 'Ödeme', '10.00', { createdByUserId: 999 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.createdByUserId).toBe(admin.id);
    const [row] = (await server.database.pool.query('SELECT created_by_user_id FROM transactions WHERE id = $1', [made.body.data.id])).rows;
    expect(row.created_by_user_id).toBe(admin.id);
    const changed = await s.api('PUT', 'Transactions', { ...(await entryBody(made.body.data)), amount: '11.00', createdByUserId: null });
    expect(changed.body.data.createdByUserId).toBe(admin.id);
  });

  it('in another currency do not count in the balance (it is in the default currency)', async () => {
    const account = await s.customer();
    const r = await s.ref();
    await entry(account.id, 'Ödeme', '100.00', { currencyTypeId: r.otherCurrencyId });
    expect(await balance(account.id)).toBe('0.00');
  });

  it('cannot use the sale and collection types; expense may be used', async () => {
    const account = await s.customer();
    for (const code of ['sale', 'saleReversal', 'collection', 'collectionReversal']) {
      const res = await entry(account.id, code, '10.00');
      expect(res.status, code).toBe(400);
      expect(res.body.error.fields[0]).toMatchObject({ field: 'transactionTypeId', code: 'validation.systemTransactionType' });
    }
    expect((await entry(account.id, 'expense', '10.00')).status).toBe(200);
  });

  it('posted by an order or a payment cannot be edited or deleted by hand', async () => {
    const order = await s.order({ status: 'confirmed' });
    await s.payment(order, '100.00');
    const posted = await s.sql(`SELECT id FROM transactions WHERE victim_order_id = $1`, [order.id]);
    expect(posted).toHaveLength(2);
    for (const { id } of posted) {
      const row = await s.get('Transactions', id);
      const edit = await s.api('PUT', 'Transactions', { ...(await entryBody(row)), description: 'elle' });
      expect(edit.status).toBe(409);
      expect(edit.body.error.code).toBe('error.transaction.posted');
      expect((await s.api('DELETE', `Transactions/${id}`)).status).toBe(409);
    }
  });
});

describe('transaction types', () => {
  it('of the system keep their code and direction and are not deleted', async () => {
    const r = await s.ref();
    const sale = await s.get('TransactionTypes', r.types.sale.id);
    const body = { id: sale.id, rowVersion: sale.rowVersion, name: sale.name };
    for (const change of [{ direction: -1 }, { systemCode: null }, { systemCode: 'expense' }]) {
      const res = await s.api('PUT', 'TransactionTypes', { ...body, direction: sale.direction, ...change });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.body.error.code).toBe('error.transactionType.system');
    }
    expect((await s.api('PUT', 'TransactionTypes', { ...body, direction: 1, name: 'Kurban Satışı' })).status).toBe(200);
    expect((await s.api('DELETE', `TransactionTypes/${sale.id}`)).status).toBe(409);
  });

  it('a direction that does not fit the system code is refused', async () => {
    // The database's check comes before the code's uniqueness: the answer names the direction.
    const res = await s.api('POST', 'TransactionTypes', { name: 'Ters Gider', direction: -1, systemCode: 'expense' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0]).toMatchObject({ field: 'direction', code: 'validation.directionMismatch' });
  });

  it("changing a hand type's direction recomputes the balances that use it", async () => {
    const created = await s.api('POST', 'TransactionTypes', { name: 'Düzeltme', direction: 1 });
    const account = await s.customer();
    const r = await s.ref();
    await s.api('POST', 'Transactions', { accountId: account.id, transactionTypeId: created.body.data.id, amount: '300.00', currencyTypeId: r.currencyId, transactionDate: '2026-05-01' });
    expect(await balance(account.id)).toBe('300.00');
    const flipped = await s.api('PUT', 'TransactionTypes', { id: created.body.data.id, rowVersion: 1, name: 'Düzeltme', direction: -1 });
    expect(flipped.status).toBe(200);
    expect(await balance(account.id)).toBe('-300.00');
  });
});

it('another default currency recomputes every balance in it', async () => {
  const account = await s.customer();
  const r = await s.ref();
  await entry(account.id, 'Ödeme', '100.00');
  await entry(account.id, 'Ödeme', '7.00', { currencyTypeId: r.otherCurrencyId });
  expect(await balance(account.id)).toBe('100.00');
  const makeDefault = async (id: number) => {
    await s.sql(`UPDATE currency_types SET is_default = false WHERE is_default`);
    await s.sql(`UPDATE currency_types SET is_default = true WHERE id = $1`, [id]);
  };
  await makeDefault(r.otherCurrencyId);
  expect(await balance(account.id)).toBe('7.00');
  await makeDefault(r.currencyId);
  expect(await balance(account.id)).toBe('100.00');
});

async function entryBody(row: Record<string, any>) {
  const { id, rowVersion, accountId, transactionTypeId, amount, currencyTypeId, transactionDate, documentNo, description } = row;
  return { id, rowVersion, accountId, transactionTypeId, amount, currencyTypeId, transactionDate, documentNo, description };
}
