// Kurban payments and the ledger: however a payment becomes paid it posts a collection in the
// same transaction, leaving paid posts the reversal, the paid total never exceeds the order's
// total (also under 50 concurrent payments), and the figures always equal the ledger's.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/app.ts';
import { Season } from '../support/season.ts';

let server: TestServer;
let s: Season;
beforeAll(async () => {
  server = await startTestServer();
  s = new Season(server);
});
afterAll(() => server?.close());

const entries = (paymentId: number) =>
  s.sql(`SELECT tt.system_code AS code, t.amount::text AS amount, t.victim_order_id AS "orderId", t.document_no AS "documentNo", t.created_by_user_id AS "userId"
         FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id WHERE t.victim_payment_id = $1 ORDER BY t.id`, [paymentId]);
const put = async (payment: Record<string, any>, changes: Record<string, unknown>) => {
  const { id, rowVersion, victimOrderId, accountId, amount, currencyTypeId, paymentMethodId, paymentStatusId } = payment;
  return s.api('PUT', 'VictimPayments', { id, rowVersion, victimOrderId, accountId, amount, currencyTypeId, paymentMethodId, paymentStatusId, ...changes });
};

/** Every order's paid amount is Σ of its paid payments and Σ of its collection entries; balances are the ledger's. */
async function expectLedgerConsistent() {
  const orders = await s.sql(
    `SELECT o.id, o.paid_amount::text AS paid, o.balance::text AS balance, (o.total_amount - o.paid_amount)::text AS expected,
       coalesce((SELECT sum(p.amount) FROM victim_payments p JOIN payment_statuses ps ON ps.id = p.payment_status_id WHERE p.victim_order_id = o.id AND ps.code = 'paid'), 0)::numeric(18,2)::text AS payments,
       coalesce((SELECT sum(-tt.direction * t.amount) FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id WHERE t.victim_order_id = o.id AND t.victim_payment_id IS NOT NULL), 0)::numeric(18,2)::text AS ledger
     FROM victim_orders o`);
  for (const o of orders) {
    expect(o.paid, `order ${o.id}`).toBe(o.payments);
    expect(o.paid, `order ${o.id}`).toBe(o.ledger);
    expect(o.balance).toBe(o.expected);
  }
  const accounts = await s.sql(
    `SELECT a.id, a.balance::text AS balance, coalesce((SELECT sum(tt.direction * t.amount) FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
       WHERE t.account_id = a.id AND t.currency_type_id = (SELECT id FROM currency_types WHERE is_default)), 0)::numeric(18,2)::text AS ledger FROM accounts a`);
  for (const a of accounts) expect(a.balance, `account ${a.id}`).toBe(a.ledger);
}

describe('becoming paid', () => {
  it('a payment created paid posts its collection with paidAt, a receipt number and the user', async () => {
    const order = await s.order({ shareCount: 2, status: 'confirmed' });
    const payment = await s.payment(order, '5000.00');
    expect(payment.paidAt).toBeTruthy();
    expect(payment.receiptNo).toMatch(/^T\d{4}-\d{5}$/);
    const [{ id: adminId }] = await s.sql(`SELECT id FROM users ORDER BY id LIMIT 1`);
    expect(await entries(payment.id)).toEqual([{ code: 'collection', amount: '5000.00', orderId: order.id, documentNo: payment.receiptNo, userId: adminId }]);
    expect(await s.get('VictimOrders', order.id)).toMatchObject({ paidAmount: '5000.00', balance: '15000.00' });
    expect((await s.get('Accounts', order.accountId)).balance).toBe('15000.00');
    const second = await s.payment(order, '1000.00');
    expect(Number(second.receiptNo.slice(-5))).toBe(Number(payment.receiptNo.slice(-5)) + 1);
  });

  it('pending → paid by an update posts it; paid → refunded reverses it; a final payment never changes', async () => {
    const order = await s.order({ status: 'confirmed' });
    const pending = await s.payment(order, '3000.00', 'pending');
    expect(await entries(pending.id)).toEqual([]);
    expect(pending.receiptNo).toBeNull();
    const r = await s.ref();
    const paid = await put(pending, { paymentStatusId: r.statuses.paid });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.receiptNo).toMatch(/^T\d{4}-\d{5}$/);
    expect((await entries(pending.id)).map((e) => e.code)).toEqual(['collection']);
    const refunded = await put(paid.body.data, { paymentStatusId: r.statuses.refunded });
    expect(refunded.status).toBe(200);
    expect((await entries(pending.id)).map((e) => e.code)).toEqual(['collection', 'collectionReversal']);
    expect(await s.get('VictimOrders', order.id)).toMatchObject({ paidAmount: '0.00', balance: '10000.00' });
    const again = await put(refunded.body.data, { paymentStatusId: r.statuses.paid });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('error.payment.final');
    await expectLedgerConsistent();
  });

  it('moves that are not allowed are refused: pending → refunded, a new payment as cancelled', async () => {
    const order = await s.order();
    const r = await s.ref();
    const pending = await s.payment(order, '100.00', 'pending');
    const res = await put(pending, { paymentStatusId: r.statuses.refunded });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'error.payment.transition', params: { from: 'pending', to: 'refunded', allowed: ['paid', 'cancelled'] } });
    const created = await s.api('POST', 'VictimPayments', await s.paymentBody(order, '100.00', 'cancelled'));
    expect(created.status).toBe(409);
  });

  it("a paid payment's amount, order, account, currency and method cannot change: refund instead", async () => {
    const order = await s.order();
    const paid = await s.payment(order, '1000.00');
    const r = await s.ref();
    for (const change of [{ amount: '900.00' }, { paymentMethodId: r.methods.transfer }]) {
      const res = await put(paid, change);
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.body.error.code).toBe('error.payment.paidLocked');
    }
    // Its description may still be corrected.
    expect((await put(paid, { description: 'Kapora (nakit)' })).status).toBe(200);
    // The database holds the same rule for a write that would skip the server's check.
    await expect(s.sql(`UPDATE victim_payments SET amount = 1 WHERE id = $1`, [paid.id])).rejects.toMatchObject({ constraint: 'ck_victim_payments__paid_locked' });
  });
});

describe('the order total', () => {
  it('is never exceeded: the remaining balance is said', async () => {
    const order = await s.order({ unitPrice: '7000.00' });
    await s.payment(order, '6000.00');
    const res = await s.api('POST', 'VictimPayments', await s.paymentBody(order, '1000.01'));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'error.payment.exceedsBalance', params: { remaining: '1000.00' } });
  });

  it('50 concurrent payments of 1,000 on an order of 7,000 → exactly 7 are taken', async () => {
    const order = await s.order({ unitPrice: '7000.00', status: 'confirmed' });
    const bodies = await Promise.all(Array.from({ length: 50 }, () => s.paymentBody(order, '1000.00')));
    const results = await Promise.all(bodies.map((b) => s.api('POST', 'VictimPayments', b)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'error.payment.exceedsBalance')).toHaveLength(43);
    expect(await s.get('VictimOrders', order.id)).toMatchObject({ paidAmount: '7000.00', balance: '0.00' });
    const receipts = results.filter((r) => r.status === 200).map((r) => r.body.data.receiptNo);
    expect(new Set(receipts).size).toBe(7);
    expect((await s.get('Accounts', order.accountId)).balance).toBe('0.00');
    await expectLedgerConsistent();
  });

  it('60 concurrent pending → paid updates of one order: only what fits becomes paid', async () => {
    const order = await s.order({ unitPrice: '5000.00' });
    // Six pending payments of 1,000 each fit the balance while none is paid; five can be paid.
    const pendings = [];
    for (let i = 0; i < 6; i++) pendings.push(await s.payment(order, '1000.00', 'pending'));
    const r = await s.ref();
    const results = await Promise.all(pendings.flatMap((p) => Array.from({ length: 10 }, () => put(p, { paymentStatusId: r.statuses.paid }))));
    expect(results.filter((x) => x.status === 200)).toHaveLength(5);
    expect((await s.get('VictimOrders', order.id)).paidAmount).toBe('5000.00');
    await expectLedgerConsistent();
  });
});

describe('what a payment must agree with', () => {
  it('the account and currency are the order’s', async () => {
    const order = await s.order();
    const other = await s.customer();
    const r = await s.ref();
    const res = await s.api('POST', 'VictimPayments', await s.paymentBody(order, '10.00', 'paid', { accountId: other.id, currencyTypeId: r.otherCurrencyId }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields.map((f: { code: string }) => f.code)).toEqual(['validation.notOrderAccount', 'validation.notOrderCurrency']);
  });

  it('a virtual POS payment names a usable POS; other methods name none', async () => {
    const order = await s.order();
    const r = await s.ref();
    const without = await s.api('POST', 'VictimPayments', await s.paymentBody(order, '10.00', 'paid', { paymentMethodId: r.methods.virtualPos }));
    expect(without.status).toBe(400);
    expect(without.body.error.fields[0]).toMatchObject({ field: 'virtualPosId', code: 'validation.virtualPosRequired' });
    const pos = await s.api('POST', 'VirtualPOSs', { name: 'Test POS', bankName: 'Banka', merchantId: '1', apiUser: 'u', apiPassword: 'p', storeKey: 'k' });
    const ok = await s.api('POST', 'VictimPayments', await s.paymentBody(order, '10.00', 'paid', { paymentMethodId: r.methods.virtualPos, virtualPosId: pos.body.data.id }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const cash = await s.api('POST', 'VictimPayments', await s.paymentBody(order, '10.00', 'paid', { virtualPosId: pos.body.data.id }));
    expect(cash.status).toBe(400);
    expect(cash.body.error.fields[0].code).toBe('validation.virtualPosNotAllowed');
    const bare = await s.api('POST', 'VirtualPOSs', { name: 'Anahtarsız POS', bankName: 'Banka', merchantId: '2', apiUser: 'u' });
    const unusable = await s.api('POST', 'VictimPayments', await s.paymentBody(order, '10.00', 'paid', { paymentMethodId: r.methods.virtualPos, virtualPosId: bare.body.data.id }));
    expect(unusable.status).toBe(400);
  });

  it('a cancelled order takes no payment', async () => {
    const order = await s.order();
    await s.api('POST', `VictimOrders/${order.id}/cancel`, { reason: 'iptal' });
    const res = await s.api('POST', 'VictimPayments', await s.paymentBody(order, '10.00'));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.payment.orderCancelled');
  });

  it('taken while its order is being cancelled: the payment waits for the order, no deadlock', async () => {
    const order = await s.order({ status: 'confirmed' });
    const pending = await s.payment(order, '100.00', 'pending');
    const r = await s.ref();
    // The cancel cancels the order's pending payments. Had the payment been locked before its
    // order, that would wait for it while it waits for the order.
    const res = await s.whileOrderLocked(order.id, () => put(pending, { paymentStatusId: r.statuses.paid }), async (other) => {
      await other.query(`UPDATE victim_payments SET payment_status_id = $2, row_version = row_version + 1 WHERE victim_order_id = $1`, [order.id, r.statuses.cancelled]);
      await other.query(`UPDATE victim_orders SET status = 'cancelled' WHERE id = $1`, [order.id]);
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe('error.conflict.stale');
    expect(await entries(pending.id)).toEqual([]);
  });

  it('a payment that reached the ledger cannot be deleted; a pending one can', async () => {
    const order = await s.order();
    const paid = await s.payment(order, '10.00');
    const res = await s.api('DELETE', `VictimPayments/${paid.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.payment.notDeletable');
    const pending = await s.payment(order, '10.00', 'pending');
    expect((await s.api('DELETE', `VictimPayments/${pending.id}`)).status).toBe(200);
  });
});

describe('any sequence of payment changes', () => {
  it('leaves every paid amount and balance equal to the ledger (property test)', async () => {
    const r = await s.ref();
    type Step = { kind: 'create'; order: number; amount: number; paid: boolean } | { kind: 'move'; payment: number; to: 'paid' | 'refunded' | 'cancelled' } | { kind: 'amount'; payment: number; amount: number };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), order: fc.nat(2), amount: fc.integer({ min: 1, max: 400_000 }), paid: fc.boolean() }),
      fc.record({ kind: fc.constant('move' as const), payment: fc.nat(20), to: fc.constantFrom('paid' as const, 'refunded' as const, 'cancelled' as const) }),
      fc.record({ kind: fc.constant('amount' as const), payment: fc.nat(20), amount: fc.integer({ min: 1, max: 400_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps: Step[]) => {
        const customer = await s.customer();
        const orders = [await s.order({ accountId: customer.id, unitPrice: '2500.00', status: 'confirmed' }), await s.order({ accountId: customer.id, unitPrice: '1000.00' }), await s.order({ accountId: customer.id, unitPrice: '4000.00' })];
        const made: Record<string, any>[] = [];
        const money = (kurus: number) => `${Math.floor(kurus / 100)}.${String(kurus % 100).padStart(2, '0')}`;
        for (const st of steps) {
          if (st.kind === 'create') {
            const res = await s.api('POST', 'VictimPayments', await s.paymentBody(orders[st.order], money(st.amount), st.paid ? 'paid' : 'pending'));
            expect([200, 409]).toContain(res.status);
            if (res.status === 200) made.push(res.body.data);
          } else if (made.length) {
            const i = st.payment % made.length;
            const current = (await s.get('VictimPayments', made[i].id));
            const res = await put(current, st.kind === 'move' ? { paymentStatusId: r.statuses[st.to] } : { amount: money(st.amount) });
            expect([200, 409]).toContain(res.status);
          }
        }
        await expectLedgerConsistent();
      }),
      { numRuns: 12 },
    );
  });
});
