// Expense distribution: one expense split over accounts equally, by their Kurban shares or by
// typed amounts, into parts that add up to the total to the kuruş (largest remainder), written as
// expense entries in one database transaction; balances move by exactly the parts. The split
// itself: tests/unit/common/money.test.ts.
import fc from 'fast-check';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromKurus, splitByWeights, toKurus } from '../../common/money.ts';
import { ADMIN, call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
let expenseTypeId: number;
let adminId: number;
let tryId: number;
beforeAll(async () => {
  server = await startTestServer();
  // The reference seed's "Gider" carries the system code `expense`.
  expenseTypeId = (await sql(`SELECT id FROM transaction_types WHERE system_code = 'expense'`))[0].id;
  adminId = (await sql('SELECT id FROM users WHERE email = $1', [ADMIN.email]))[0].id;
  tryId = (await sql(`SELECT id FROM currency_types WHERE code = 'TRY'`))[0].id;
});
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
const sql = (text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows);
const distribute = (body: Record<string, unknown>) => api('POST', 'Transactions/distribute-expense', body);

let seq = 0;
async function account(isActive = true): Promise<number> {
  const [row] = await sql(`INSERT INTO accounts (code, title, account_type_id, is_active) SELECT $1, $2, min(id), $3 FROM account_types RETURNING id`, [`EXP${++seq}`, `Cari ${seq}`, isActive]);
  return row.id;
}
async function animal(capacity = 7): Promise<number> {
  const [row] = await sql(
    `INSERT INTO products (code, name, product_type_id, vat_rate_id, unit, share_capacity)
     SELECT $1, $1, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), 'share', $2 RETURNING id`,
    [`EXA${++seq}`, capacity],
  );
  return row.id;
}
/** An order by SQL (the database keeps shares, lines and the ledger); cancelled after it was made, as staff do. */
async function order(accountId: number, productId: number, shares: number, status = 'draft') {
  const [row] = await sql(
    `INSERT INTO victim_orders (order_no, account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
     VALUES ($1, $2, $3, $4, '100.00', kurban_default_currency(), '2030-06-01', $5) RETURNING id`,
    [`K2030-${String(++seq).padStart(5, '0')}`, accountId, productId, shares, status === 'cancelled' ? 'draft' : status],
  );
  if (status === 'cancelled') await sql(`UPDATE victim_orders SET status = 'cancelled' WHERE id = $1`, [row.id]);
}
const balances = async (ids: number[]) =>
  new Map((await sql('SELECT id, balance FROM accounts WHERE id = ANY($1::int[])', [ids])).map((r) => [r.id as number, toKurus(r.balance)]));
const entryCount = async () => (await sql('SELECT count(*)::int AS n FROM transactions'))[0].n as number;
const base = (accounts: { accountId: number; amount?: string }[], extra: Record<string, unknown> = {}) => ({
  totalAmount: '100.00', currencyTypeId: tryId, transactionDate: '2030-06-10', documentNo: 'GDR-1', description: 'Soğuk hava deposu', method: 'equal', accounts, ...extra,
});

describe('distribute expense', () => {
  it('equally: 100.00 over three accounts is 33.34 + 33.33 + 33.33, answered as Transactions rows, balances move by the parts', async () => {
    const ids = [await account(), await account(), await account()];
    const before = await balances(ids);
    const res = await distribute(base(ids.map((accountId) => ({ accountId }))));
    expect(res.status).toBe(200);
    expect(res.body.data.totalAmount).toBe('100.00');
    const rows = res.body.data.transactions;
    expect(rows.map((t: { accountId: number; amount: string }) => [t.accountId, t.amount])).toEqual([[ids[0], '33.34'], [ids[1], '33.33'], [ids[2], '33.33']]);
    expect(rows[0]).toMatchObject({
      transactionTypeId: expenseTypeId, currencyTypeId: tryId, transactionDate: '2030-06-10', documentNo: 'GDR-1', description: 'Soğuk hava deposu',
      victimOrderId: null, victimPaymentId: null, createdByUserId: adminId, rowVersion: 1,
      lookups: { accountId: 'Cari ' + (seq - 2), transactionTypeId: 'Gider', currencyTypeId: 'TRY' },
    });
    // The same rows the generic GET answers.
    expect((await api('GET', `Transactions/${rows[1].id}`)).body.data).toEqual(rows[1]);
    const after = await balances(ids);
    expect(ids.map((id) => after.get(id)! - before.get(id)!)).toEqual([3334n, 3333n, 3333n]);
  });

  it('by shares: counts the shares of orders that are not cancelled, on one animal when given; 0 shares get no entry', async () => {
    const [a, b, c] = [await account(), await account(), await account()];
    const x = await animal();
    const y = await animal();
    await order(a, x, 3);
    await order(a, y, 2, 'cancelled');
    await order(b, y, 2, 'confirmed');
    const res = await distribute(base([{ accountId: a }, { accountId: b }, { accountId: c }], { method: 'shares', totalAmount: '10.00' }));
    expect(res.status).toBe(200);
    expect(res.body.data.transactions.map((t: { accountId: number; amount: string }) => [t.accountId, t.amount])).toEqual([[a, '6.00'], [b, '4.00']]);

    const onX = await distribute(base([{ accountId: b }, { accountId: a }], { method: 'shares', totalAmount: '0.07', productId: x }));
    expect(onX.body.data.transactions.map((t: { accountId: number; amount: string }) => [t.accountId, t.amount])).toEqual([[a, '0.07']]);

    const before = await entryCount();
    const none = await distribute(base([{ accountId: c }], { method: 'shares' }));
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('error.expense.noShares');
    // …an answer the contract declares.
    expect(Object.keys((contract as any).paths['/Transactions/distribute-expense'].post.responses)).toContain('409');
    const onOther = await distribute(base([{ accountId: b }], { method: 'shares', productId: x }));
    expect(onOther.body.error.code).toBe('error.expense.noShares');
    expect(await entryCount()).toBe(before);
  });

  it('by typed amounts: they must add up to the total (400 with the sums); a part of 0 gets no entry', async () => {
    const [a, b, c] = [await account(), await account(), await account()];
    const before = await entryCount();
    const wrong = await distribute(base([{ accountId: a, amount: '60' }, { accountId: b, amount: '39.99' }], { method: 'amounts' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields[0]).toMatchObject({ field: 'accounts', code: 'validation.amountsMismatch', params: { sum: '99.99', total: '100.00' } });
    const missing = await distribute(base([{ accountId: a, amount: '100' }, { accountId: b }], { method: 'amounts' }));
    expect(missing.body.error.fields[0]).toMatchObject({ field: 'accounts.1.amount', code: 'validation.required' });
    expect(await entryCount()).toBe(before);

    const res = await distribute(base([{ accountId: a, amount: '60.5' }, { accountId: b, amount: '0' }, { accountId: c, amount: '39.50' }], { method: 'amounts' }));
    expect(res.status).toBe(200);
    expect(res.body.data.transactions.map((t: { accountId: number; amount: string }) => [t.accountId, t.amount])).toEqual([[a, '60.50'], [c, '39.50']]);
  });

  it('a hand type may be named; a sale or collection type may not (400)', async () => {
    const a = await account();
    const hand = (await sql(`SELECT id FROM transaction_types WHERE system_code IS NULL ORDER BY id LIMIT 1`))[0].id;
    const res = await distribute(base([{ accountId: a }], { transactionTypeId: hand }));
    expect(res.status).toBe(200);
    expect(res.body.data.transactions[0].transactionTypeId).toBe(hand);
    for (const code of ['sale', 'collection', 'saleReversal', 'collectionReversal']) {
      const id = (await sql(`SELECT id FROM transaction_types WHERE system_code = $1`, [code]))[0].id;
      const bad = await distribute(base([{ accountId: a }], { transactionTypeId: id }));
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields[0]).toMatchObject({ field: 'transactionTypeId', code: 'validation.systemTransactionType' });
    }
  });

  it('bad input is a 400 with a message and writes nothing', async () => {
    const [a, b] = [await account(), await account()];
    const passive = await account(false);
    const before = await entryCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [base([{ accountId: a }, { accountId: b }, { accountId: a }]), 'accounts', 'validation.duplicate'],
      [base([{ accountId: a }, { accountId: 999999 }]), 'accounts.1.accountId', 'validation.lookupNotFound'],
      [base([{ accountId: passive }]), 'accounts.0.accountId', 'validation.invalid'],
      [base([{ accountId: a }], { totalAmount: '0.00' }), 'totalAmount', 'validation.exclusiveMinimum'],
      [base([{ accountId: a }], { totalAmount: '-5' }), 'totalAmount', 'validation.pattern'],
      [base([{ accountId: a }], { totalAmount: 12.5 }), 'totalAmount', 'validation.type'],
      [base([{ accountId: a }], { description: '   ' }), 'description', 'validation.required'],
      [base([{ accountId: a }], { transactionDate: '2030-02-30' }), 'transactionDate', 'validation.format'],
      [base([{ accountId: a }], { transactionTypeId: 999999 }), 'transactionTypeId', 'validation.lookupNotFound'],
      [base([{ accountId: a }], { currencyTypeId: 999999 }), 'currencyTypeId', 'validation.lookupNotFound'],
      [base([{ accountId: a }], { method: 'shares', productId: 999999 }), 'productId', 'validation.lookupNotFound'],
      [base([{ accountId: a }], { method: 'random' }), 'method', 'validation.enum'],
      [base([]), 'accounts', 'validation.minItems'],
    ];
    for (const [body, field, code] of cases) {
      const res = await distribute(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
      const f = res.body.error.fields.find((x: { field: string }) => x.field === field);
      expect(f, JSON.stringify(res.body.error)).toBeTruthy();
      if (code !== 'validation.minItems') expect(f.code).toBe(code);
    }
    expect(await entryCount()).toBe(before);
  });

  it('concurrent distributions over the same accounts all land, none lost', async () => {
    const ids = [await account(), await account(), await account()];
    const runs = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      distribute(base((i % 2 ? [...ids].reverse() : ids).map((accountId) => ({ accountId })), { totalAmount: '1.00' }))));
    expect(runs.every((r) => r.status === 200)).toBe(true);
    const after = await balances(ids);
    expect([...after.values()].reduce((s, v) => s + v, 0n)).toBe(2000n);
    const [{ n }] = await sql('SELECT count(*)::int AS n FROM transactions WHERE account_id = ANY($1::int[])', [ids]);
    expect(n).toBe(60);
  });

  it('by shares through the API: for random totals and holders, the parts are the largest-remainder split and the balances move by them (property)', async () => {
    // Eight accounts holding 0…7 shares.
    const holders: { id: number; shares: bigint }[] = [];
    for (let k = 0; k <= 7; k++) {
      const id = await account();
      if (k > 0) await order(id, await animal(7), k);
      holders.push({ id, shares: BigInt(k) });
    }
    await fc.assert(fc.asyncProperty(
      fc.bigInt({ min: 1n, max: 10n ** 12n }),
      fc.shuffledSubarray(holders, { minLength: 1 }).filter((hs) => hs.some((h) => h.shares > 0n)),
      async (total, chosen) => {
        const ids = chosen.map((h) => h.id);
        const before = await balances(ids);
        const res = await distribute(base(ids.map((accountId) => ({ accountId })), { method: 'shares', totalAmount: fromKurus(total) }));
        expect(res.status).toBe(200);
        const expected = splitByWeights(total, chosen.map((h) => h.shares));
        const want = chosen.map((h, i) => [h.id, expected[i]] as const).filter(([, p]) => p > 0n).map(([id, p]) => [id, fromKurus(p)]);
        expect(res.body.data.transactions.map((t: { accountId: number; amount: string }) => [t.accountId, t.amount])).toEqual(want);
        const after = await balances(ids);
        chosen.forEach((h, i) => expect(after.get(h.id)! - before.get(h.id)!).toBe(expected[i]));
      },
    ), { numRuns: 30 });
  });
});

describe('without a system expense type', () => {
  it('the type must be named (400 on transactionTypeId)', async () => {
    const a = await account();
    await sql(`UPDATE transaction_types SET system_code = NULL WHERE id = $1`, [expenseTypeId]);
    try {
      const res = await distribute(base([{ accountId: a }]));
      expect(res.status).toBe(400);
      expect(res.body.error.fields[0]).toMatchObject({ field: 'transactionTypeId', code: 'validation.required' });
      expect((await distribute(base([{ accountId: a }], { transactionTypeId: expenseTypeId }))).status).toBe(200);
    } finally {
      await sql(`UPDATE transaction_types SET system_code = 'expense' WHERE id = $1`, [expenseTypeId]);
    }
  });
});
