// Completing an order means it is done (issue 17, point 5): besides the proxy, the order's balance
// must be 0 and its animal must have reached the last slaughter step (the highest step order) in
// the queue. Each refusal is a 409 with its own code and changes nothing; the `complete` operation
// and an update that sets the status to `completed` follow the same rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/app.ts';
import { Season } from '../support/season.ts';

let server: TestServer;
let s: Season;
let steps: { id: number }[];
beforeAll(async () => {
  server = await startTestServer();
  s = new Season(server);
  steps = await s.sql(`SELECT id FROM victim_appointment_steps ORDER BY step_order`);
  expect(steps.length).toBeGreaterThan(1);
});
afterAll(() => server?.close());

const update = (order: Record<string, any>, changes: Record<string, unknown>) =>
  s.api('PUT', 'VictimOrders', {
    id: order.id, rowVersion: order.rowVersion, accountId: order.accountId, productId: order.productId, shareCount: order.shareCount,
    unitPrice: order.unitPrice, currencyTypeId: order.currencyTypeId, orderDate: order.orderDate, ...changes,
  });
const ledger = (orderId: number) =>
  s.sql(`SELECT id, amount::text AS amount, transaction_type_id AS type FROM transactions WHERE victim_order_id = $1 ORDER BY id`, [orderId]);
const audit = async (orderId: number) =>
  (await s.sql(`SELECT count(*)::int AS n FROM audit_logs WHERE entity = 'VictimOrders' AND record_id = $1`, [orderId]))[0].n as number;

/** The order, its ledger entries, payments and audit trail: what a refused completion must leave as it was. */
async function snapshot(orderId: number) {
  const payments = await s.sql(`SELECT id, row_version, payment_status_id FROM victim_payments WHERE victim_order_id = $1 ORDER BY id`, [orderId]);
  return { order: await s.get('VictimOrders', orderId), ledger: await ledger(orderId), payments, audit: await audit(orderId) };
}

/** A confirmed order (₺12.500, one share) with the proxy received; `paid` taken in cash. */
async function order(paid?: string) {
  const o = await s.order({ status: 'confirmed', proxyReceived: true, unitPrice: '12500.00' });
  if (paid) await s.payment(o, paid);
  return s.get('VictimOrders', o.id);
}

describe('completing an order', () => {
  it('with an open balance is refused (409 error.order.completeUnpaid, naming the balance) and changes nothing', async () => {
    // The case of the issue: ₺11.500 open and the animal never queued.
    const unpaid = await order('1000.00');
    expect(unpaid).toMatchObject({ status: 'confirmed', balance: '11500.00', proxyReceived: true });
    const before = await snapshot(unpaid.id);
    const res = await s.api('POST', `VictimOrders/${unpaid.id}/complete`, { rowVersion: unpaid.rowVersion });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'error.order.completeUnpaid', params: { balance: '11500.00' } });
    expect(res.body.error.message).toContain('11500.00');
    // The same move through an update: the same refusal.
    const put = await update(unpaid, { status: 'completed' });
    expect(put.status, JSON.stringify(put.body)).toBe(409);
    expect(put.body.error).toMatchObject({ code: 'error.order.completeUnpaid', params: { balance: '11500.00' } });
    expect(await snapshot(unpaid.id)).toEqual(before);

    // Slaughtered but still owing: refused all the same.
    await s.slaughter(unpaid.productId);
    const still = await s.api('POST', `VictimOrders/${unpaid.id}/complete`, { rowVersion: unpaid.rowVersion });
    expect(still.status).toBe(409);
    expect(still.body.error).toMatchObject({ code: 'error.order.completeUnpaid', params: { balance: '11500.00' } });
    expect(await snapshot(unpaid.id)).toEqual(before);
  });

  it('judges the balance as the update leaves it: a raise of the price with the move is refused', async () => {
    const paid = await order('12500.00');
    await s.slaughter(paid.productId);
    const before = await snapshot(paid.id);
    const res = await update(paid, { status: 'completed', unitPrice: '13000.00' });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'error.order.completeUnpaid', params: { balance: '500.00' } });
    expect(await snapshot(paid.id)).toEqual(before);
  });

  it('paid, whose animal has not reached the last slaughter step, is refused (409 error.order.completeNotSlaughtered) and changes nothing', async () => {
    const paid = await order('12500.00');
    expect(paid.balance).toBe('0.00');
    const before = await snapshot(paid.id);
    const refused = async () => {
      const res = await s.api('POST', `VictimOrders/${paid.id}/complete`, { rowVersion: paid.rowVersion });
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error.code).toBe('error.order.completeNotSlaughtered');
      const put = await update(paid, { status: 'completed' });
      expect(put.status, JSON.stringify(put.body)).toBe(409);
      expect(put.body.error.code).toBe('error.order.completeNotSlaughtered');
      expect(await snapshot(paid.id)).toEqual(before);
    };
    await refused(); // not queued
    const queued = await s.queue(paid.productId);
    await refused(); // queued, at no step yet
    // At every step but the last one, an undo from the last one included.
    for (const step of steps.slice(0, -1)) {
      const moved = await s.api('POST', `VictimProductsAppointments/${queued.id}/advance`, { stepId: step.id });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      await refused();
    }
    await s.api('POST', `VictimProductsAppointments/${queued.id}/advance`, { stepId: steps.at(-1)!.id });
    await s.api('POST', `VictimProductsAppointments/${queued.id}/advance`, { stepId: steps.at(-2)!.id });
    await refused();
  });

  it('still needs the proxy first, when paid and slaughtered', async () => {
    const o = await s.order({ status: 'confirmed', unitPrice: '12500.00' });
    await s.payment(o, '12500.00');
    await s.slaughter(o.productId);
    const res = await s.api('POST', `VictimOrders/${o.id}/complete`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.order.proxyMissing');
    expect((await s.get('VictimOrders', o.id)).status).toBe('confirmed');
  });

  it('paid, slaughtered (the last step reached) and with the proxy received, completes; its payments and sale stay', async () => {
    const paid = await order('12500.00');
    await s.slaughter(paid.productId);
    const entries = await ledger(paid.id);
    const payments = await s.sql(`SELECT id, payment_status_id FROM victim_payments WHERE victim_order_id = $1`, [paid.id]);
    const res = await s.api('POST', `VictimOrders/${paid.id}/complete`, { rowVersion: paid.rowVersion });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'completed', balance: '0.00', paidAmount: '12500.00' });
    expect(res.body.data.completedAt).toBeTruthy();
    expect(await ledger(paid.id)).toEqual(entries);
    expect(await s.sql(`SELECT id, payment_status_id FROM victim_payments WHERE victim_order_id = $1`, [paid.id])).toEqual(payments);
    // Final: no other move, no change but its notes.
    expect((await s.api('POST', `VictimOrders/${paid.id}/cancel`, { reason: 'geç' })).status).toBe(409);
    expect((await update(res.body.data, { shareCount: 2 })).body.error.code).toBe('error.order.final');

    // Its payments stay as they are: a refund or a cancel of one is refused, and nothing moves.
    const [payment] = await s.sql(`SELECT id FROM victim_payments WHERE victim_order_id = $1`, [paid.id]);
    const row = await s.get('VictimPayments', payment.id);
    const before = await snapshot(paid.id);
    for (const status of ['refunded', 'cancelled'] as const) {
      const refund = await s.api('PUT', 'VictimPayments', { ...row, paymentStatusId: (await s.ref()).statuses[status] });
      expect(refund.status, JSON.stringify(refund.body)).toBe(409);
      expect(refund.body.error.code).toBe('error.payment.orderCompleted');
    }
    expect(await snapshot(paid.id)).toEqual(before);

    // The same through an update that sets the status.
    const other = await order('12500.00');
    await s.slaughter(other.productId);
    const put = await update(other, { status: 'completed' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ status: 'completed', balance: '0.00' });
    expect(put.body.data.completedAt).toBeTruthy();
  });
});
