// The sale as one operation (issue 16, points 1, 2 and 5): POST /Sales makes the customer, the
// order (priced and numbered by the server), its shareholders and the deposit in one transaction;
// every refusal leaves nothing behind; a retry with the same Idempotency-Key sells once; concurrent
// sales never oversell and get consecutive numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { RowFactory, validTckn } from '../support/fixtures.ts';
import { sweepIdempotencyKeys } from '../../server/src/db/idempotency.ts';
import { Season } from '../support/season.ts';

let server: TestServer;
let s: Season;
beforeAll(async () => {
  server = await startTestServer();
  s = new Season(server);
});
afterAll(() => server?.close());

type Answer = { status: number; body: any };
const sell = (body: Record<string, unknown>, token = server.adminToken, key?: string): Promise<Answer> =>
  server.app.inject({ method: 'POST', url: '/api/v1/Sales', payload: body, headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) } })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

const shareType = async () => (await s.sql(`SELECT id FROM price_types WHERE code = 'share'`))[0].id as number;
/** An animal with a share price valid since 2020 in the default currency. */
async function animal(capacity = 7, price = '12500.00') {
  const product = await s.product(capacity);
  const r = await s.ref();
  const res = await s.api('POST', 'ProductPrices', { productId: product.id, priceTypeId: await shareType(), currencyTypeId: r.currencyId, amount: price, validFrom: '2020-01-01' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return product;
}
const counts = async () => (await s.sql(
  `SELECT (SELECT count(*) FROM accounts)::int AS accounts, (SELECT count(*) FROM victim_orders)::int AS orders,
          (SELECT count(*) FROM victim_order_details)::int AS lines, (SELECT count(*) FROM victim_payments)::int AS payments,
          (SELECT count(*) FROM transactions)::int AS entries`))[0];

let seq = 0;
/** A token of a real user holding exactly `claims` (as a sign-in makes it). */
async function clerk(claims: string[]): Promise<string> {
  const [u] = await s.sql(`INSERT INTO users (email, first_name, last_name, password_hash) VALUES ($1, 'Satış', 'Görevlisi', 'x') RETURNING id, guid, email`, [`clerk${++seq}@test.local`]);
  for (const c of claims) await s.sql(`INSERT INTO user_claims (user_id, operation_claim_id) SELECT $1, id FROM operation_claims WHERE name = $2`, [u.id, c]);
  return server.app.jwt.sign({ sub: String(u.id), guid: u.guid, email: u.email, claims, ver: 0 });
}

describe('a sale in one request', () => {
  it('makes the customer, the order priced and numbered by the server, its shareholders and the deposit', async () => {
    const cattle = await animal(7, '12500.00');
    const before = await counts();
    const tckn = validTckn();
    const res = await sell({
      customer: { title: 'Hasan Kaya', phoneNumber: '0532 111 22 33', identityNumber: tckn },
      productId: cattle.id,
      shareCount: 3,
      shareholders: [{ name: 'Hasan Kaya' }, { name: 'Ayşe Kaya', phone: '0533 444 55 66', intention: 'adak' }],
      discountAmount: '500.00',
      deposit: { amount: '5000.00', paymentMethodId: (await s.ref()).methods.cash },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { order, shares, payment } = res.body.data;
    expect(order).toMatchObject({ productId: cattle.id, shareCount: 3, unitPrice: '12500.00', discountAmount: '500.00', totalAmount: '37000.00', paidAmount: '5000.00', balance: '32000.00', status: 'confirmed', orderNo: expect.stringMatching(/^K\d{4}-\d{5}$/) });
    const customer = await s.get('Accounts', order.accountId);
    expect(customer).toMatchObject({ title: 'Hasan Kaya', identityNumber: tckn, accountTypeId: (await s.sql(`SELECT id FROM account_types WHERE code = 'customer'`))[0].id, code: expect.stringMatching(/^C\d{6}$/) });
    expect(shares.map((l: any) => [l.shareNo, l.shareholderName, l.shareholderPhone, l.intention])).toEqual([
      [1, 'Hasan Kaya', null, 'kurban'],
      [2, 'Ayşe Kaya', '0533 444 55 66', 'adak'],
      [3, 'Hasan Kaya', '0532 111 22 33', 'kurban'],
    ]);
    expect(payment).toMatchObject({ victimOrderId: order.id, amount: '5000.00', receiptNo: expect.stringMatching(/^T\d{4}-\d{5}$/) });
    expect(await counts()).toEqual({ ...before, accounts: before.accounts + 1, orders: before.orders + 1, lines: before.lines + 3, payments: before.payments + 1, entries: before.entries + 2 });
    expect((await s.get('Accounts', order.accountId)).balance).toBe('32000.00');
  });

  it('writes each share line once, already in its shareholder\'s name: the trail holds the order and the deposit, no rename', async () => {
    const customer = await s.customer();
    const cattle = await animal();
    const [{ last }] = await s.sql(`SELECT coalesce(max(id), 0) AS last FROM audit_logs`);
    const res = await sell({
      accountId: customer.id, productId: cattle.id, shareCount: 2,
      shareholders: [{ name: 'Zeynep Arslan', phone: '0533 444 55 66', intention: 'adak' }],
      deposit: { amount: '1000.00', paymentMethodId: (await s.ref()).methods.cash },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.shares.map((l: any) => [l.shareholderName, l.intention])).toEqual([['Zeynep Arslan', 'adak'], [customer.title, 'kurban']]);
    // Lines made by the order's insert are covered by the order's entry (as on the generic create);
    // a rename after the insert was recorded as an edit of every named line.
    expect(await s.sql(`SELECT entity, action FROM audit_logs WHERE id > $1 ORDER BY id`, [last])).toEqual([
      { entity: 'VictimOrders', action: 'create' },
      { entity: 'VictimPayments', action: 'create' },
    ]);
    // The next order's lines are the customer's again: the names were that sale's alone.
    const next = await s.api('POST', 'VictimOrders', { accountId: customer.id, productId: (await animal()).id, shareCount: 1 });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(await s.sql(`SELECT shareholder_name AS name FROM victim_order_details WHERE victim_order_id = $1`, [next.body.data.id])).toEqual([{ name: customer.title }]);
  });

  it('sells to an existing customer, as a draft, without a deposit (payment null)', async () => {
    const customer = await s.customer();
    const res = await sell({ accountId: customer.id, productId: (await animal()).id, shareCount: 1, status: 'draft' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.payment).toBeNull();
    expect(res.body.data.order).toMatchObject({ accountId: customer.id, status: 'draft', totalAmount: '12500.00' });
    expect(res.body.data.shares).toHaveLength(1);
  });
});

describe('the price is the server\'s', () => {
  it('a clerk without VictimOrders.PriceOverride cannot sell at another price, on POST /Sales nor on the generic create', async () => {
    const cattle = await animal(7, '9000.00');
    const customer = await s.customer();
    const token = await clerk(['VictimOrders.Create']);
    const cheaper = await sell({ accountId: customer.id, productId: cattle.id, shareCount: 1, unitPrice: '1.00' }, token);
    expect(cheaper.status).toBe(403);
    expect(cheaper.body.error).toMatchObject({ code: 'error.order.priceOverride', params: { claim: 'VictimOrders.PriceOverride' } });
    const generic = await call(server.app, token, 'POST', 'VictimOrders', { accountId: customer.id, productId: cattle.id, shareCount: 1, unitPrice: '1.00', currencyTypeId: (await s.ref()).currencyId });
    expect(generic.status).toBe(403);
    // The listed price, sent or left out, is taken.
    expect((await sell({ accountId: customer.id, productId: cattle.id, shareCount: 1, unitPrice: '9000' }, token)).status).toBe(201);
    const priced = await call(server.app, token, 'POST', 'VictimOrders', { accountId: customer.id, productId: cattle.id, shareCount: 1 });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.data.unitPrice).toBe('9000.00');
    // With the claim, another price is taken.
    const override = await clerk(['VictimOrders.Create', 'VictimOrders.PriceOverride']);
    const special = await sell({ accountId: customer.id, productId: cattle.id, shareCount: 1, unitPrice: '8500.00' }, override);
    expect(special.status).toBe(201);
    expect(special.body.data.order.unitPrice).toBe('8500.00');
  });

  it('an animal without a share price that day is a 400 on productId', async () => {
    const res = await sell({ accountId: (await s.customer()).id, productId: (await s.product(7)).id, shareCount: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([expect.objectContaining({ field: 'productId', code: 'validation.noSharePrice' })]);
  });

  it('needs Accounts.Create for a new customer and VictimPayments.Create for a deposit', async () => {
    const token = await clerk(['VictimOrders.Create']);
    const cattle = await animal();
    const before = await counts();
    const newCustomer = await sell({ customer: { title: 'Yeni Müşteri' }, productId: cattle.id, shareCount: 1 }, token);
    expect(newCustomer.body.error).toMatchObject({ code: 'error.forbidden', params: { claim: 'Accounts.Create' } });
    const deposit = await sell({ accountId: (await s.customer()).id, productId: cattle.id, shareCount: 1, deposit: { amount: '100.00', paymentMethodId: (await s.ref()).methods.cash } }, token);
    expect(deposit.body.error).toMatchObject({ code: 'error.forbidden', params: { claim: 'VictimPayments.Create' } });
    expect((await counts()).orders).toBe(before.orders);
  });
});

describe('all or nothing', () => {
  it.each([
    ['shares gone', async () => ({ productId: (await animal(1)).id, shareCount: 2 }), 409, 'error.order.sharesExhausted'],
    ['a deposit above the total', async () => ({ productId: (await animal(7, '1000.00')).id, shareCount: 1, deposit: { amount: '1000.01', paymentMethodId: (await s.ref()).methods.cash } }), 409, 'error.payment.exceedsBalance'],
    ['an inactive payment method', async () => {
      const [m] = await s.sql(`INSERT INTO payment_methods (name, code, is_active) VALUES ('Eski Kart', 'card', false) RETURNING id`);
      return { productId: (await animal()).id, shareCount: 1, deposit: { amount: '100.00', paymentMethodId: m.id } };
    }, 400, 'error.validation'],
    ['an identity number already used', async () => {
      const existing = await s.customer();
      return { productId: (await animal()).id, shareCount: 1, customer: { title: 'İkinci Kayıt', identityNumber: existing.identityNumber } };
    }, 409, 'error.conflict.unique'],
    ['a bad phone', async () => ({ productId: (await animal()).id, shareCount: 1, shareholders: [{ name: 'Ali', phone: 'telefon yok' }] }), 400, 'error.validation'],
    ['more shareholders than shares', async () => ({ productId: (await animal()).id, shareCount: 1, shareholders: [{ name: 'A' }, { name: 'B' }] }), 400, 'error.validation'],
  ] as const)('%s: refused, and no account, order, share line, payment or ledger entry is left', async (_name, make, status, code) => {
    const body = { customer: { title: 'Reddedilecek Müşteri', phoneNumber: '0532 000 00 00' }, ...(await make()) };
    const before = await counts();
    const res = await sell(body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await counts()).toEqual(before);
  });
});

describe('concurrent sales', () => {
  it('50 one-share sales of a 7-share animal at once: exactly 7 sold, the rest 409 with nothing left behind', async () => {
    const cattle = await animal(7);
    const customer = await s.customer();
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 50 }, () => sell({ accountId: customer.id, productId: cattle.id, shareCount: 1, shareholders: [{ name: 'Eş Zamanlı' }] })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(7);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'error.order.sharesExhausted')).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(43);
    expect((await s.get('Products', cattle.id)).sharesSold).toBe(7);
    expect(await counts()).toEqual({ ...before, orders: before.orders + 7, lines: before.lines + 7, entries: before.entries + 7 });
  });

  it('30 sales at once get 30 consecutive order numbers, and their deposits 30 consecutive receipts', async () => {
    const customer = await s.customer();
    const animals = await Promise.all(Array.from({ length: 5 }, () => animal(7, '100.00')));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sell({ accountId: customer.id, productId: animals[i % 5].id, shareCount: 1, deposit: { amount: '10.00', paymentMethodId: 1 } })));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    const numbers = (strings: string[]) => strings.map((n) => Number(n.split('-')[1])).sort((a, b) => a - b);
    const orders = numbers(answers.map((a) => a.body.data.order.orderNo));
    expect(orders).toEqual(Array.from({ length: 30 }, (_, i) => orders[0] + i));
    const receipts = numbers(answers.map((a) => a.body.data.payment.receiptNo));
    expect(receipts).toEqual(Array.from({ length: 30 }, (_, i) => receipts[0] + i));
  });

  it('a sale of one animal does not wait for another animal\'s sale under way (no lock of all sales)', async () => {
    const [a, b] = [await animal(), await animal()];
    const customer = await s.customer();
    const holder = await server.database.pool.connect();
    try {
      // Another sale of animal A, under way: its animal row locked until it ends.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [a.id]);
      const started = Date.now();
      const res = await sell({ accountId: customer.id, productId: b.id, shareCount: 1 });
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('a sale waits for another only at the counter row, after everything it decides', async () => {
    const customer = await s.customer();
    const [a, b] = [await animal(), await animal()];
    const retired = (await s.sql(`INSERT INTO payment_methods (name, code, is_active) VALUES ('Eski Havale', 'transfer', false) RETURNING id`))[0].id;
    expect((await sell({ accountId: customer.id, productId: (await animal()).id, shareCount: 1 })).status).toBe(201); // the season's counter row exists
    const holder = await server.database.pool.connect();
    try {
      // Another sale between its order's insert and its commit: the season's order counter row is locked.
      await holder.query('BEGIN');
      await holder.query(`UPDATE number_series SET value = value WHERE series = 'order:' || kurban_season_year()`);
      // A refusal of the deposit is decided before the order's number is taken: answered at once.
      const refusedAt = Date.now();
      const refused = await sell({ accountId: customer.id, productId: a.id, shareCount: 1, deposit: { amount: '100.00', paymentMethodId: retired } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual([expect.objectContaining({ field: 'paymentMethodId', code: 'validation.inactive' })]);
      expect(Date.now() - refusedAt).toBeLessThan(2000);
      // A sale waits at the counter, holding its own animal only: the other animal stays free.
      const waiting = sell({ accountId: customer.id, productId: a.id, shareCount: 1, deposit: { amount: '100.00', paymentMethodId: (await s.ref()).methods.cash } });
      await expect.poll(async () => (await s.sql(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%kurban_record_sale%'`))[0].n, { timeout: 5000 }).toBe(1);
      const other = await s.sql(`SELECT id FROM products WHERE id = $1 FOR UPDATE NOWAIT`, [b.id]);
      expect(other).toHaveLength(1);
      await holder.query('ROLLBACK');
      expect((await waiting).status).toBe(201);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      holder.release();
    }
  });

  it('numbers come from a counter row, not from a scan of the orders', async () => {
    const [{ value: last }] = await s.sql(`SELECT value FROM number_series WHERE series = 'order:' || kurban_season_year()`);
    const res = await sell({ accountId: (await s.customer()).id, productId: (await animal()).id, shareCount: 1 });
    expect(Number(res.body.data.order.orderNo.split('-')[1])).toBe(last + 1);
    const [{ value }] = await s.sql(`SELECT value FROM number_series WHERE series = 'order:' || kurban_season_year()`);
    expect(value).toBe(last + 1);
  });
});

describe('a retry never sells twice', () => {
  it('20 identical sales with one Idempotency-Key at once: one order, 20 identical answers', async () => {
    const cattle = await animal();
    const customer = await s.customer();
    const before = await counts();
    const body = { accountId: customer.id, productId: cattle.id, shareCount: 1, deposit: { amount: '100.00', paymentMethodId: (await s.ref()).methods.cash } };
    const answers = await Promise.all(Array.from({ length: 20 }, () => sell(body, server.adminToken, 'sale-key-1')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await counts()).toEqual({ ...before, orders: before.orders + 1, lines: before.lines + 1, payments: before.payments + 1, entries: before.entries + 2 });
    // Later too, with the keys in another order.
    const again = await sell({ deposit: body.deposit, shareCount: 1, productId: cattle.id, accountId: customer.id }, server.adminToken, 'sale-key-1');
    expect(again).toEqual(answers[0]);
  });

  it('the same key with another body is a 422 and writes nothing; another user\'s key is their own', async () => {
    const cattle = await animal();
    const customer = await s.customer();
    expect((await sell({ accountId: customer.id, productId: cattle.id, shareCount: 1 }, server.adminToken, 'sale-key-2')).status).toBe(201);
    const before = await counts();
    const other = await sell({ accountId: customer.id, productId: cattle.id, shareCount: 2 }, server.adminToken, 'sale-key-2');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('error.idempotency.keyReused');
    expect(await counts()).toEqual(before);
    const token = await clerk(['VictimOrders.Create']);
    expect((await sell({ accountId: customer.id, productId: cattle.id, shareCount: 2 }, token, 'sale-key-2')).status).toBe(201);
  });

  it('a refused sale stores nothing: its retry is tried afresh', async () => {
    const cattle = await animal(1);
    const customer = await s.customer();
    const first = await sell({ accountId: customer.id, productId: cattle.id, shareCount: 1 }, server.adminToken, 'sale-key-3');
    expect(first.status).toBe(201);
    const refused = await sell({ accountId: customer.id, productId: cattle.id, shareCount: 1 }, server.adminToken, 'sale-key-4');
    expect(refused.status).toBe(409);
    await s.api('POST', `VictimOrders/${first.body.data.order.id}/cancel`, { reason: 'yer açıldı' });
    expect((await sell({ accountId: customer.id, productId: cattle.id, shareCount: 1 }, server.adminToken, 'sale-key-4')).status).toBe(201);
  });

  it('a key past its day answers nothing: the same key sells again, and the hourly sweep removes old keys', async () => {
    const cattle = await animal();
    const customer = await s.customer();
    const body = { accountId: customer.id, productId: cattle.id, shareCount: 1 };
    const first = await sell(body, server.adminToken, 'sale-key-old');
    await s.sql(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'sale-key-old'`);
    const later = await sell(body, server.adminToken, 'sale-key-old');
    expect(later.status).toBe(201);
    expect(later.body.data.order.id).not.toBe(first.body.data.order.id);
    await s.sql(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'sale-key-old'`);
    await sweepIdempotencyKeys(server.database.pool);
    expect(await s.sql(`SELECT key FROM idempotency_keys WHERE key = 'sale-key-old'`)).toEqual([]);
  });

  it('a key sent to a create that does not declare one is ignored (each request creates)', async () => {
    // An address of an account: nothing of it is money, a seat or a duplicate customer.
    const payload = { ...(await new RowFactory(server.app, server.adminToken).body('AccountAddress')), isDefault: false };
    const send = () => server.app.inject({
      method: 'POST', url: '/api/v1/AccountAddresses', payload,
      headers: { authorization: `Bearer ${server.adminToken}`, 'idempotency-key': 'account-key-1' },
    });
    const [a, b] = [await send(), await send()];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.id).not.toBe(b.json().data.id);
    expect(await s.sql(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'account-key-1'`)).toEqual([{ n: 0 }]);
  });

  it('a payment created twice with one key at once is taken once', async () => {
    const order = await s.order({ shareCount: 1, status: 'confirmed' });
    const body = await s.paymentBody(order, '100.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => server.app.inject({
      method: 'POST', url: '/api/v1/VictimPayments', payload: body, headers: { authorization: `Bearer ${server.adminToken}`, 'idempotency-key': 'payment-key-1' },
    })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await s.sql(`SELECT count(*)::int AS n FROM victim_payments WHERE victim_order_id = $1`, [order.id])).toEqual([{ n: 1 }]);
  });
});
