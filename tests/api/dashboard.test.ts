// The dashboard's figures on a small season, against values worked out by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await fixture();
});
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
const sql = (text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows);
const one = async (text: string, params: unknown[] = []) => (await sql(text, params))[0];

let seq = 0;
let today: string;
const ids: Record<string, number> = {};

async function animal(capacity: number | null, isActive = true) {
  return (await one(
    `INSERT INTO products (code, name, product_type_id, vat_rate_id, unit, share_capacity, is_active)
     SELECT $1, $1, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), 'share', $2, $3 RETURNING id`,
    [`DSH${++seq}`, capacity, isActive],
  )).id as number;
}
async function order(productId: number, shares: number, price: string, date: string, status: string, discount = '0') {
  const row = await one(
    `INSERT INTO victim_orders (order_no, account_id, product_id, share_count, unit_price, discount_amount, currency_type_id, order_date, status)
     VALUES ($1, $2, $3, $4, $5, $6, kurban_default_currency(), $7, $8) RETURNING id`,
    [`K2031-${String(++seq).padStart(5, '0')}`, ids.customer, productId, shares, price, discount, date, status === 'cancelled' ? 'draft' : status],
  );
  if (status === 'cancelled') await sql(`UPDATE victim_orders SET status = 'cancelled' WHERE id = $1`, [row.id]);
  return row.id as number;
}
async function payment(orderId: number, amount: string, paidAt: string) {
  return (await one(
    `INSERT INTO victim_payments (victim_order_id, account_id, amount, currency_type_id, payment_method_id, payment_status_id, paid_at)
     SELECT $1, $2, $3, kurban_default_currency(), (SELECT min(id) FROM payment_methods), ps.id, $4 FROM payment_statuses ps WHERE ps.code = 'paid' RETURNING id`,
    [orderId, ids.customer, amount, paidAt],
  )).id as number;
}
async function slot(start: string, status = 'open', capacity = 4) {
  return (await one(
    `INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity, status)
     SELECT (SELECT min(id) FROM appointment_types), $1::timestamptz, $1::timestamptz + interval '1 hour', $2, $3 RETURNING id`,
    [start, capacity, status],
  )).id as number;
}
const stepId = async (order: number) => (await one('SELECT id FROM victim_appointment_steps WHERE step_order = $1', [order])).id as number;

/**
 * Season 2031: animals X (7, active), Y (1, active), Z (7, inactive, ordered this season); W (7,
 * inactive, ordered in 2030 only) and a product without a share capacity are not counted.
 */
async function fixture() {
  today = (await one(`SELECT (now() AT TIME ZONE 'Europe/Istanbul')::date AS d`)).d;
  ids.customer = (await one(`INSERT INTO accounts (code, title, account_type_id) SELECT 'DSHC', 'Müşteri', min(id) FROM account_types RETURNING id`)).id;
  const x = await animal(7);
  const y = await animal(1);
  const z = await animal(7, false);
  const w = await animal(7, false);
  await animal(null);
  await order(x, 3, '1000.00', '2031-03-01', 'draft'); //           3,000.00
  const b = await order(x, 4, '1000.00', '2031-04-01', 'confirmed', '100.00'); // 3,900.00
  await order(y, 1, '500.00', '2031-04-02', 'cancelled'); //         not counted
  const d = await order(z, 2, '800.00', '2031-05-01', 'completed'); // 1,600.00
  await order(w, 5, '900.00', '2030-12-31', 'confirmed'); //          the 2030 season

  await payment(b, '1000.00', '2031-05-20T10:00:00+03:00');
  const refunded = await payment(b, '200.00', '2031-05-20T23:30:00+03:00');
  await sql(`UPDATE victim_payments SET payment_status_id = (SELECT id FROM payment_statuses WHERE code = 'refunded') WHERE id = $1`, [refunded]);
  await payment(d, '1600.00', '2031-05-21T09:00:00+03:00');

  // Today's slots in Istanbul: two shown (one with a booking), a cancelled one and tomorrow's not.
  const at = (day: string, time: string) => `${day}T${time}:00+03:00`;
  ids.morning = await slot(at(today, '09:00'));
  ids.evening = await slot(at(today, '23:00'), 'closed', 2);
  await slot(at(today, '12:00'), 'cancelled');
  const tomorrow = (await one(`SELECT ($1::date + 1)::text AS d`, [today])).d;
  await slot(at(tomorrow, '00:00'));
  await sql(`INSERT INTO victim_appointments (victim_order_id, account_id, appointment_id) VALUES ($1, $2, $3)`, [b, ids.customer, ids.morning]);

  // The 2031 queue: X not received yet, Y and Z slaughtered; W's queue row is of 2030.
  const s2031 = await slot('2031-06-01T08:00:00+03:00');
  const s2030 = await slot('2030-06-01T08:00:00+03:00');
  await sql(
    `INSERT INTO victim_products_appointments (product_id, appointment_id, slaughter_no, current_step_id) VALUES
     ($1, $4, 1, NULL), ($2, $4, 2, $6), ($3, $4, 3, $6), ($5, $7, 1, $8)`,
    [x, y, z, s2031, w, await stepId(2), s2030, await stepId(5)],
  );

  // Calls: two missed or busy inbound calls wait; returned, outbound and answered ones do not.
  await sql(
    `INSERT INTO netgsm_call_webhook_logs (received_at, unique_id, direction, status, raw_payload, called_back_at) VALUES
     (now(), 'c1', 'inbound', 'missed', '{}', NULL), (now(), 'c2', 'inbound', 'busy', '{}', NULL),
     (now(), 'c3', 'inbound', 'missed', '{}', now()), (now(), 'c4', 'outbound', 'missed', '{}', NULL),
     (now(), 'c5', 'inbound', 'answered', '{}', NULL)`,
  );
}

describe('dashboard summary', () => {
  it('every figure of the season, worked out by hand', async () => {
    const res = await api('GET', 'Dashboard/summary?season=2031');
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({ season: 2031, today, currencyCode: 'TRY', missedCallsNotReturned: 2 });
    expect(s.shares).toEqual({ animals: 3, animalsFull: 1, capacity: 15, sold: 9 });
    expect(s.orders).toEqual({ draft: 1, confirmed: 1, completed: 1, cancelled: 1 });
    expect(s.money).toEqual({ sold: '8500.00', collected: '2600.00', outstanding: '5900.00' });
    const type = await one('SELECT id, name, code, color FROM appointment_types ORDER BY id LIMIT 1');
    const instant = async (id: number, col: string) => (await one(`SELECT ${col} AS v FROM appointments WHERE id = $1`, [id])).v.toISOString();
    expect(s.appointmentsToday).toEqual([
      { id: ids.morning, appointmentTypeId: type.id, typeName: type.name, typeCode: type.code, color: type.color, startsAt: await instant(ids.morning, 'starts_at'), endsAt: await instant(ids.morning, 'ends_at'), capacity: 4, bookedCount: 1, status: 'open' },
      { id: ids.evening, appointmentTypeId: type.id, typeName: type.name, typeCode: type.code, color: type.color, startsAt: await instant(ids.evening, 'starts_at'), endsAt: await instant(ids.evening, 'ends_at'), capacity: 2, bookedCount: 0, status: 'closed' },
    ]);
    const steps = await sql('SELECT id, name, code, color, step_order FROM victim_appointment_steps ORDER BY step_order');
    expect(s.queueByStep).toEqual([
      { stepId: null, name: null, code: null, color: null, count: 1 },
      ...steps.map((st) => ({ stepId: st.id, name: st.name, code: st.code, color: st.color, count: st.step_order === 2 ? 2 : 0 })),
    ]);
    // The refund's reversal is dated the day it was made (today).
    expect(s.collectionsByDay).toEqual([
      { date: today, amount: '-200.00' },
      { date: '2031-05-20', amount: '1200.00' },
      { date: '2031-05-21', amount: '1600.00' },
    ]);
  });

  it("counts today's text messages (Istanbul's day) by their status", async () => {
    const before = (await api('GET', 'Dashboard/summary')).body.data.messagesToday;
    // Today: 2 queued, 1 sent, 3 delivered, 1 failed; one failed the day before does not count.
    await sql(
      `INSERT INTO messages (kind, phone, language, text, status, attempts, send_after, created_at)
       SELECT 'missedCall', '5320000000', 'tr-TR', 'test', m.status, 0, now(), CASE WHEN m.n = 8 THEN $2::timestamptz - interval '1 second' ELSE $2::timestamptz END
       FROM unnest($1::text[]) WITH ORDINALITY AS m(status, n)`,
      [['queued', 'queued', 'sent', 'delivered', 'delivered', 'delivered', 'failed', 'failed'], `${today}T00:00:00+03:00`],
    );
    const res = await api('GET', 'Dashboard/summary');
    expect(res.status).toBe(200);
    const after = res.body.data.messagesToday;
    expect({ queued: after.queued - before.queued, sent: after.sent - before.sent, delivered: after.delivered - before.delivered, failed: after.failed - before.failed })
      .toEqual({ queued: 2, sent: 1, delivered: 3, failed: 1 });
  });

  it('the season defaults to the season.year setting; another season has its own figures', async () => {
    await sql(`UPDATE settings SET value = '2031' WHERE key = 'season.year'`);
    const byDefault = (await api('GET', 'Dashboard/summary')).body.data;
    expect(byDefault).toEqual((await api('GET', 'Dashboard/summary?season=2031')).body.data);
    const earlier = (await api('GET', 'Dashboard/summary?season=2030')).body.data;
    expect(earlier).toMatchObject({
      season: 2030,
      orders: { draft: 0, confirmed: 1, completed: 0, cancelled: 0 },
      money: { sold: '4500.00', collected: '0.00', outstanding: '4500.00' },
      // X and Y (active) count in every season, W (inactive) by its 2030 order; Z has none in 2030.
      shares: { animals: 3, animalsFull: 0, capacity: 15, sold: 5 },
      collectionsByDay: [],
    });
    expect(earlier.queueByStep.at(-1)).toMatchObject({ count: 1 });
  });

  it('a bad season is a 400', async () => {
    for (const q of ['season=1999', 'season=abc', 'season=10000']) {
      const res = await api('GET', `Dashboard/summary?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
  });
});
