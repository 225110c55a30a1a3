// Kurban orders: shares within the animal's capacity (also under 50 concurrent sales), share
// lines, the discount, the lifecycle and its ledger entries, and what an edit may change.
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

const lines = (orderId: number) =>
  s.sql(`SELECT share_no AS "shareNo", shareholder_name AS name, order_active AS active FROM victim_order_details WHERE victim_order_id = $1 ORDER BY share_no`, [orderId]);
const sold = async (productId: number) => (await s.sql(`SELECT shares_sold AS n FROM products WHERE id = $1`, [productId]))[0].n as number;
const saleEntries = (orderId: number) =>
  s.sql(`SELECT tt.system_code AS code, t.amount::text AS amount FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
         WHERE t.victim_order_id = $1 AND t.victim_payment_id IS NULL ORDER BY t.id`, [orderId]);
const update = (order: Record<string, any>, changes: Record<string, unknown>) =>
  s.api('PUT', 'VictimOrders', {
    id: order.id, rowVersion: order.rowVersion, accountId: order.accountId, productId: order.productId, shareCount: order.shareCount,
    unitPrice: order.unitPrice, currencyTypeId: order.currencyTypeId, orderDate: order.orderDate, ...changes,
  });

describe('shares', () => {
  it('an order names an animal: any other product is a 400 on productId', async () => {
    const meat = await s.product(null);
    const res = await s.api('POST', 'VictimOrders', await s.orderBody({ productId: meat.id }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0]).toMatchObject({ field: 'productId', code: 'validation.notAnimal' });
  });

  it('gets one share line per share, numbered from the lowest free one, the customer as shareholder', async () => {
    const animal = await s.product(7);
    const customer = await s.customer('Ayşe Kaya');
    const first = await s.order({ productId: animal.id, accountId: customer.id, shareCount: 3 });
    const second = await s.order({ productId: animal.id, shareCount: 2 });
    expect(await lines(first.id)).toEqual([1, 2, 3].map((n) => ({ shareNo: n, name: 'Ayşe Kaya', active: true })));
    expect((await lines(second.id)).map((l) => l.shareNo)).toEqual([4, 5]);
    expect((await s.get('Products', animal.id)).sharesSold).toBe(5);

    // Cancelling frees the numbers; the next sale takes the lowest free ones again.
    expect((await s.api('POST', `VictimOrders/${first.id}/cancel`, { reason: 'Müşteri vazgeçti' })).status).toBe(200);
    expect((await lines(first.id)).every((l) => !l.active)).toBe(true);
    expect(await sold(animal.id)).toBe(2);
    const third = await s.order({ productId: animal.id, shareCount: 4 });
    expect((await lines(third.id)).map((l) => l.shareNo)).toEqual([1, 2, 3, 6]);
  });

  it('never sells more than the capacity: 50 concurrent one-share sales of a 7-share animal → exactly 7', async () => {
    const animal = await s.product(7);
    const bodies = await Promise.all(Array.from({ length: 50 }, () => s.orderBody({ productId: animal.id })));
    const results = await Promise.all(bodies.map((b) => s.api('POST', 'VictimOrders', b)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(43);
    for (const r of refused) expect(r.body.error).toMatchObject({ code: 'error.order.sharesExhausted', params: { remaining: 0 } });
    expect(await sold(animal.id)).toBe(7);
    const numbers = await s.sql(`SELECT share_no FROM victim_order_details WHERE product_id = $1 AND order_active ORDER BY share_no`, [animal.id]);
    expect(numbers.map((r) => r.share_no)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Order numbers stayed unique under the same load.
    const orderNos = results.filter((r) => r.status === 200).map((r) => r.body.data.orderNo);
    expect(new Set(orderNos).size).toBe(7);
  });

  it('a sale that does not fit says how many shares are left', async () => {
    const animal = await s.product(7);
    await s.order({ productId: animal.id, shareCount: 5 });
    const res = await s.api('POST', 'VictimOrders', await s.orderBody({ productId: animal.id, shareCount: 3 }));
    expect(res.status).toBe(409);
    expect(res.body.error.params.remaining).toBe(2);
    // 50 concurrent two-share sales on the 2 left: exactly one.
    const bodies = await Promise.all(Array.from({ length: 50 }, () => s.orderBody({ productId: animal.id, shareCount: 2 })));
    const results = await Promise.all(bodies.map((b) => s.api('POST', 'VictimOrders', b)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await sold(animal.id)).toBe(7);
  });

  it('a capacity cannot be lowered below what is sold', async () => {
    const animal = await s.product(7);
    await s.order({ productId: animal.id, shareCount: 4 });
    const body = { id: animal.id, rowVersion: animal.rowVersion, code: animal.code, name: animal.name, productTypeId: animal.productTypeId, vatRateId: animal.vatRateId };
    const lower = await s.api('PUT', 'Products', { ...body, shareCapacity: 3 });
    expect(lower.status).toBe(409);
    expect(lower.body.error).toMatchObject({ code: 'error.product.capacityBelowSold', params: { sold: 4 } });
    expect((await s.api('PUT', 'Products', { ...body, shareCapacity: null })).status).toBe(409);
    expect((await s.api('PUT', 'Products', { ...body, shareCapacity: 4 })).status).toBe(200);
  });

  it('more shares on an order take free numbers; fewer drop the highest lines; another animal renumbers them', async () => {
    const a = await s.product(7);
    const b = await s.product(7);
    await s.order({ productId: b.id, shareCount: 2 }); // b's numbers 1 and 2 are taken
    const order = await s.order({ productId: a.id, shareCount: 2 });
    const more = await update(order, { shareCount: 4 });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect((await lines(order.id)).map((l) => l.shareNo)).toEqual([1, 2, 3, 4]);
    const fewer = await update(more.body.data, { shareCount: 3 });
    expect((await lines(order.id)).map((l) => l.shareNo)).toEqual([1, 2, 3]);
    const moved = await update(fewer.body.data, { productId: b.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await lines(order.id)).map((l) => l.shareNo)).toEqual([3, 4, 5]);
    expect([await sold(a.id), await sold(b.id)]).toEqual([0, 5]);
    // Moving to an animal without room is refused, saying what is left there.
    const full = await s.product(1);
    await s.order({ productId: full.id });
    const refused = await update(moved.body.data, { productId: full.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.params.remaining).toBe(0);
  });

  it('a discount above the subtotal is refused, not clamped', async () => {
    const res = await s.api('POST', 'VictimOrders', await s.orderBody({ shareCount: 2, unitPrice: '100.00', discountAmount: '200.01' }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0]).toMatchObject({ field: 'discountAmount', code: 'validation.discountAboveSubtotal' });
    const order = await s.order({ shareCount: 2, unitPrice: '100.00', discountAmount: '200.00' });
    expect(order.totalAmount).toBe('0.00');
    const res2 = await update(order, { unitPrice: '50.00' });
    expect(res2.status).toBe(400);
  });
});

describe('share lines', () => {
  it('never outnumber the shares, keep numbers within the capacity and unique per animal', async () => {
    const animal = await s.product(3);
    const order = await s.order({ productId: animal.id, shareCount: 2 });
    const extra = await s.api('POST', 'VictimOrderDetail', { victimOrderId: order.id, shareNo: 3, shareholderName: 'Fazla Hisse' });
    expect(extra.status).toBe(409);
    expect(extra.body.error.code).toBe('error.orderDetail.tooMany');

    const [line] = await s.sql(`SELECT id FROM victim_order_details WHERE victim_order_id = $1 AND share_no = 2`, [order.id]);
    expect((await s.api('DELETE', `VictimOrderDetail/${line.id}`)).status).toBe(200);
    const above = await s.api('POST', 'VictimOrderDetail', { victimOrderId: order.id, shareNo: 4, shareholderName: 'Mehmet Kaya' });
    expect(above.status).toBe(400);
    expect(above.body.error.fields[0]).toMatchObject({ field: 'shareNo', code: 'validation.maximum' });
    const own = await s.api('POST', 'VictimOrderDetail', { victimOrderId: order.id, shareNo: 1, shareholderName: 'Mehmet Kaya' });
    expect(own.status).toBe(409);
    expect(own.body.error.fields.map((f: { field: string }) => f.field)).toContain('shareNo');
    // The freed number 2 went to another order of the animal: it is taken there.
    const other = await s.order({ productId: animal.id });
    expect((await lines(other.id)).map((l) => l.shareNo)).toEqual([2]);
    const taken = await s.api('POST', 'VictimOrderDetail', { victimOrderId: order.id, shareNo: 2, shareholderName: 'Mehmet Kaya' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['shareNo']);
    const ok = await s.api('POST', 'VictimOrderDetail', { victimOrderId: order.id, shareNo: 3, shareholderName: 'Mehmet Kaya' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.productId).toBe(animal.id);
  });

  it('of an order written cancelled (a seed, an import) are numbered apart and hold no share', async () => {
    const animal = await s.product(7);
    const body = await s.orderBody({ productId: animal.id });
    const [{ id }] = await s.sql(
      `INSERT INTO victim_orders (order_no, account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
       VALUES ('K1999-00001', $1, $2, 3, 100, $3, '1999-05-01', 'cancelled') RETURNING id`, [body.accountId, animal.id, body.currencyTypeId]);
    expect(await lines(id)).toEqual([1, 2, 3].map((n) => expect.objectContaining({ shareNo: n, active: false })));
    expect(await sold(animal.id)).toBe(0);
  });

  it('of a cancelled or completed order cannot change', async () => {
    const order = await s.order();
    await s.api('POST', `VictimOrders/${order.id}/cancel`, { reason: 'iptal' });
    const [line] = await s.sql(`SELECT id, row_version FROM victim_order_details WHERE victim_order_id = $1`, [order.id]);
    const res = await s.api('PUT', 'VictimOrderDetail', { id: line.id, rowVersion: line.row_version, victimOrderId: order.id, shareNo: 1, shareholderName: 'Başka Biri' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.order.final');
  });

  it('of a final order, read and saved back unchanged, answer 200 and stay as they are (issue 16, point 10)', async () => {
    for (const end of ['cancel', 'complete'] as const) {
      const order = await s.order({ status: 'confirmed', proxyReceived: true });
      if (end === 'complete') {
        // Completing needs the balance paid and the animal slaughtered (issue 17, point 5).
        await s.payment(order, order.balance);
        await s.slaughter(order.productId);
      }
      const moved = await s.api('POST', `VictimOrders/${order.id}/${end}`, end === 'cancel' ? { reason: 'iptal' } : {});
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const [{ id }] = await s.sql(`SELECT id FROM victim_order_details WHERE victim_order_id = $1 ORDER BY share_no LIMIT 1`, [order.id]);
      const line = await s.get('VictimOrderDetail', id);
      const same = await s.api('PUT', 'VictimOrderDetail', line);
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(same.body.data).toEqual(line);
      // Still final for a real change.
      expect((await s.api('PUT', 'VictimOrderDetail', { ...line, shareholderName: 'Başka Biri' })).body.error.code).toBe('error.order.final');
    }
  });

  it('edited or deleted while its order drops that share: the edit waits for the order, no deadlock', async () => {
    for (const how of ['PUT', 'DELETE'] as const) {
      const order = await s.order({ shareCount: 2 });
      const [, last] = await s.sql(`SELECT id FROM victim_order_details WHERE victim_order_id = $1 ORDER BY share_no`, [order.id]);
      const line = await s.get('VictimOrderDetail', last.id);
      // The order loses its second share meanwhile: its highest line goes. Had the edit locked
      // the line first, that would wait for the edit while the edit waits for the order.
      const res = await s.whileOrderLocked(order.id,
        () => how === 'PUT' ? s.api('PUT', 'VictimOrderDetail', { ...line, shareholderName: 'Başka Biri' }) : s.api('DELETE', `VictimOrderDetail/${line.id}`),
        (other) => other.query(`UPDATE victim_orders SET share_count = 1 WHERE id = $1`, [order.id]));
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(await lines(order.id)).toEqual([{ shareNo: 1, name: expect.any(String), active: true }]);
    }
  });

  it('saved back unchanged is no write anywhere: no new version, no audit entry (every entity, generic engine)', async () => {
    const account = await s.customer();
    const before = await s.sql(`SELECT count(*)::int AS n FROM audit_logs WHERE entity = 'Accounts' AND record_id = $1`, [account.id]);
    const same = await s.api('PUT', 'Accounts', await s.get('Accounts', account.id));
    expect(same.status).toBe(200);
    expect(same.body.data.rowVersion).toBe(account.rowVersion);
    expect(await s.sql(`SELECT count(*)::int AS n FROM audit_logs WHERE entity = 'Accounts' AND record_id = $1`, [account.id])).toEqual(before);
  });
});

describe('lifecycle', () => {
  it('confirming posts the sale; completing needs the proxy (and the balance paid, the animal slaughtered); completed is final', async () => {
    const order = await s.order({ shareCount: 2, unitPrice: '12500.00', discountAmount: '500.00' });
    expect(order.status).toBe('draft');
    expect(await saleEntries(order.id)).toEqual([]);

    const confirmed = await s.api('POST', `VictimOrders/${order.id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed', totalAmount: '24500.00', balance: '24500.00' });
    expect(confirmed.body.data.confirmedAt).toBeTruthy();
    expect(await saleEntries(order.id)).toEqual([{ code: 'sale', amount: '24500.00' }]);
    expect((await s.get('Accounts', order.accountId)).balance).toBe('24500.00');

    const again = await s.api('POST', `VictimOrders/${order.id}/confirm`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'error.order.transition', params: { from: 'confirmed', allowed: ['completed', 'cancelled'] } });

    const noProxy = await s.api('POST', `VictimOrders/${order.id}/complete`, {});
    expect(noProxy.status).toBe(409);
    expect(noProxy.body.error.code).toBe('error.order.proxyMissing');
    const withProxy = await update(confirmed.body.data, { proxyReceived: true });
    expect(withProxy.status).toBe(200);
    // Completing also needs the balance paid and the animal slaughtered (issue 17, point 5; order-completion.test.ts).
    await s.payment(withProxy.body.data, '24500.00');
    await s.slaughter(order.productId);
    const ready = await s.get('VictimOrders', order.id);
    expect(ready).toMatchObject({ status: 'confirmed', proxyReceived: true, balance: '0.00' });
    const done = await s.api('POST', `VictimOrders/${order.id}/complete`, { rowVersion: ready.rowVersion });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('completed');

    const cancel = await s.api('POST', `VictimOrders/${order.id}/cancel`, { reason: 'geç' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.params.allowed).toEqual([]);
    // Only notes change on a final order; an update that names them leaves the status as it is.
    const notes = await update(done.body.data, { notes: 'Teslim edildi, teşekkürler.' });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
    expect(notes.body.data.status).toBe('completed');
    expect((await update(notes.body.data, { shareCount: 1 })).status).toBe(409);
  });

  it('cancelling reverses the posted sale, frees the shares, cancels pending payments and bookings', async () => {
    const order = await s.order({ shareCount: 3, status: 'confirmed' });
    expect(await saleEntries(order.id)).toEqual([{ code: 'sale', amount: '30000.00' }]);
    const pending = await s.payment(order, '1000.00', 'pending');
    const res = await s.api('POST', `VictimOrders/${order.id}/cancel`, { reason: 'Hayvan değişikliği istendi' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'Hayvan değişikliği istendi' });
    expect(await saleEntries(order.id)).toEqual([{ code: 'sale', amount: '30000.00' }, { code: 'saleReversal', amount: '30000.00' }]);
    expect((await s.get('Accounts', order.accountId)).balance).toBe('0.00');
    expect(await sold(order.productId)).toBe(0);
    const r = await s.ref();
    expect((await s.get('VictimPayments', pending.id)).paymentStatusId).toBe(r.statuses.cancelled);
  });

  it('an order with paid payments is not cancelled until they are refunded', async () => {
    const order = await s.order({ status: 'confirmed' });
    const paid = await s.payment(order, '2500.00');
    const refused = await s.api('POST', `VictimOrders/${order.id}/cancel`, { reason: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('error.order.hasPaidPayments');
    const r = await s.ref();
    const refund = await s.api('PUT', 'VictimPayments', { ...(await s.paymentBody(order, '2500.00', 'refunded')), id: paid.id, rowVersion: paid.rowVersion });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.data.paymentStatusId).toBe(r.statuses.refunded);
    expect((await s.api('POST', `VictimOrders/${order.id}/cancel`, { reason: 'x' })).status).toBe(200);
    expect(await s.ledgerBalance(order.accountId)).toBe('0.00');
    expect((await s.get('Accounts', order.accountId)).balance).toBe('0.00');
  });

  it('an update that changes the status makes the same move with the same rules', async () => {
    const order = await s.order();
    const skip = await update(order, { status: 'completed' });
    expect(skip.status).toBe(409);
    expect(skip.body.error).toMatchObject({ code: 'error.order.transition', params: { from: 'draft', allowed: ['confirmed', 'cancelled'] } });
    const confirm = await update(order, { status: 'confirmed' });
    expect(confirm.status).toBe(200);
    expect(await saleEntries(order.id)).toEqual([{ code: 'sale', amount: '10000.00' }]);
    expect((await s.api('POST', 'VictimOrders', await s.orderBody({ status: 'completed' }))).status).toBe(409);
  });

  it('editing a confirmed order adjusts its posted sale; its customer and currency stay', async () => {
    const order = await s.order({ shareCount: 2, status: 'confirmed' });
    const paid = await s.payment(order, '5000.00');
    const fresh = await s.get('VictimOrders', order.id);
    const more = await update(fresh, { shareCount: 3, unitPrice: '11000.00' });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.data).toMatchObject({ totalAmount: '33000.00', paidAmount: '5000.00', balance: '28000.00' });
    expect(await saleEntries(order.id)).toEqual([{ code: 'sale', amount: '33000.00' }]);
    expect((await s.get('Accounts', order.accountId)).balance).toBe('28000.00');
    expect(await s.ledgerBalance(order.accountId)).toBe('28000.00');

    const other = await s.customer();
    const moved = await update(more.body.data, { accountId: other.id });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('error.order.lockedFields');
    const below = await update(more.body.data, { shareCount: 1, unitPrice: '4000.00' });
    expect(below.status).toBe(409);
    expect(below.body.error).toMatchObject({ code: 'error.order.totalBelowPaid', params: { paid: '5000.00' } });
    expect(paid.receiptNo).toMatch(/^T\d{4}-\d{5}$/);
  });

  it('two workers confirming one order at once post one sale', async () => {
    const order = await s.order();
    const results = await Promise.all(Array.from({ length: 20 }, () => s.api('POST', `VictimOrders/${order.id}/confirm`, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await saleEntries(order.id)).toHaveLength(1);
  });

  it('a stale rowVersion on a move is a 409 with the current row', async () => {
    const order = await s.order();
    await update(order, { notes: 'değişti' });
    const res = await s.api('POST', `VictimOrders/${order.id}/confirm`, { rowVersion: order.rowVersion });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.conflict.stale');
    expect(res.body.error.current.rowVersion).toBe(order.rowVersion + 1);
  });

  it('only a draft without payments can be deleted, with its lines', async () => {
    const draft = await s.order({ shareCount: 2 });
    expect((await s.api('DELETE', `VictimOrders/${draft.id}`)).status).toBe(200);
    expect(await lines(draft.id)).toEqual([]);
    expect(await sold(draft.productId)).toBe(0);
    const confirmed = await s.order({ status: 'confirmed' });
    const res = await s.api('DELETE', `VictimOrders/${confirmed.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.order.notDeletable');
  });

  it('bad input to the moves is a 400 or 404, never a 500', async () => {
    const order = await s.order();
    expect((await s.api('POST', `VictimOrders/${order.id}/cancel`, {})).status).toBe(400);
    expect((await s.api('POST', `VictimOrders/${order.id}/cancel`, { reason: '' })).status).toBe(400);
    // PostgreSQL refuses a NUL byte in text: the client's input, answered as such.
    expect((await s.api('POST', `VictimOrders/${order.id}/cancel`, { reason: 'iptal\u0000' })).status).toBe(400);
    expect((await s.get('VictimOrders', order.id)).status).toBe('draft');
    expect((await s.api('POST', `VictimOrders/${order.id}/confirm`, { rowVersion: 'x' })).status).toBe(400);
    expect((await s.api('POST', `VictimOrders/0/confirm`, {})).status).toBe(400);
    expect((await s.api('POST', `VictimOrders/99999999/confirm`, {})).status).toBe(404);
    expect((await s.api('POST', `VictimOrders/${order.id}/confirm`)).status).toBe(400);
  });
});
