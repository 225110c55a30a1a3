// Which text messages the season's events write (issue 18, point 3; rules/message-events.sql):
// each event writes exactly its message(s), rendered in the account's language (Turkish unless
// the account says English), none for an opted-out account or a customer without a phone, none
// when the write rolls back; "your turn is near" once per animal and phone at the right place of
// today's queue, a notify step once per phone, the missed-call SMS once an hour per number, the
// evening reminder once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import type { JobHelpers } from 'graphile-worker';
import { Season } from '../support/season.ts';
import { bookingRemindersTask } from '../../server/src/domain/message-reminders.ts';

const COMPANY = 'Yılmaz Çiftliği';
const LINK = String.raw`http://localhost:3000/takip/[A-Za-z0-9_-]{16}`;
const SECRET = 'netgsm-webhook-secret-1';

let server: TestServer;
let s: Season;
let english: number;
beforeAll(async () => {
  // No workers: the messages stay as written.
  server = await startTestServer({ outbox: false });
  s = new Season(server);
  await sql(`UPDATE settings SET value = $1 WHERE key = 'company.name'`, [COMPANY]);
  english = (await sql(`SELECT id FROM languages WHERE code = 'en-US'`))[0].id;
});
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
const sql = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows;

interface Message { kind: string; phone: string; accountId: number | null; orderId: number | null; language: string; text: string; dedupeKey: string | null; urgent: boolean }
const messages = async (where: string, params: unknown[] = []): Promise<Message[]> =>
  (await sql(
    `SELECT kind, phone, account_id AS "accountId", victim_order_id AS "orderId", language, text, dedupe_key AS "dedupeKey",
            send_after = created_at AS urgent
     FROM messages WHERE ${where} ORDER BY id`, params)) as Message[];
const ofOrder = (orderId: number, kind?: string) =>
  kind ? messages('victim_order_id = $1 AND kind = $2', [orderId, kind]) : messages('victim_order_id = $1', [orderId]);

let serial = 0;
/** A fresh Turkish mobile number: its 10 digits, and as staff type it. */
function newPhone() {
  const digits = `53${String(10_000_000 + ++serial * 7919).slice(-8)}`;
  return { digits, typed: `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}` };
}
/** A customer with a phone of their own (none when `phone` is null), in Turkish or English. */
async function customer(opts: { english?: boolean; optOut?: boolean; phone?: string | null } = {}) {
  const phone = opts.phone === undefined ? newPhone().typed : opts.phone;
  const [row] = await sql(
    `INSERT INTO accounts (code, title, account_type_id, phone_number, language_id, sms_opt_out)
     VALUES ($1, $2, (SELECT id FROM account_types WHERE code = 'customer'), $3, $4, $5) RETURNING id`,
    [`MSG${++serial}`, `Müşteri ${serial}`, phone, opts.english ? english : null, opts.optOut ?? false],
  );
  return { id: row.id as number, phone: phone === null ? null : phone.replace(/\D/g, '').slice(-10) };
}
/** A confirmed order of `shares` (its total 10,000.00 a share) through the API. */
async function order(accountId: number, over: Record<string, unknown> = {}) {
  return s.order({ accountId, status: 'confirmed', ...over });
}
const slaughterType = async () => (await sql(`SELECT id FROM appointment_types WHERE code = 'slaughter'`))[0].id as number;
const pickupType = async () => (await sql(`SELECT id FROM appointment_types WHERE code = 'pickup'`))[0].id as number;

/** What a job of the queue gets, on the test's pool. */
const jobHelpers = () => ({
  withPgClient: async (work: (client: unknown) => Promise<unknown>) => {
    const client = await server.database.pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  },
  logger: { info: () => {}, debug: () => {}, warn: () => {}, error: () => {} },
}) as unknown as JobHelpers;

const TR_MONTHS = ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `day` (YYYY-MM-DD) at `time` as the messages write it. */
const slotText = (day: string, time: string, lang: 'tr' | 'en') => {
  const [, m, d] = day.split('-').map(Number);
  return lang === 'tr' ? `${d} ${TR_MONTHS[m - 1]} ${time}` : `${EN_MONTHS[m - 1]} ${d}, ${time}`;
};
const DAY = 86_400_000;
/** Istanbul's date `days` from now. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY + 3 * 3_600_000).toISOString().slice(0, 10);
async function slot(typeId: number, day: string, time: string, capacity = 20) {
  const startsAt = `${day}T${time}:00+03:00`;
  const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
  const res = await api('POST', 'Appointments', { appointmentTypeId: typeId, startsAt, endsAt, capacity });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number };
}

describe('a sale confirmed', () => {
  it('writes one message to the customer, with the order number and the link, in Turkish and in English; non-urgent', async () => {
    const tr = await customer();
    const o = await order(tr.id);
    const [m, ...more] = await ofOrder(o.id);
    expect(more).toEqual([]);
    expect(m).toMatchObject({ kind: 'saleConfirmed', phone: tr.phone, accountId: tr.id, language: 'tr-TR', dedupeKey: `saleConfirmed:${o.id}` });
    expect(m.text).toMatch(new RegExp(`^${COMPANY}: ${o.orderNo} numaralı Kurban siparişiniz onaylandı\\. Takip için: ${LINK}$`));

    const en = await customer({ english: true });
    const e = await order(en.id);
    const [n] = await ofOrder(e.id);
    expect(n).toMatchObject({ kind: 'saleConfirmed', phone: en.phone, language: 'en-US' });
    expect(n.text).toMatch(new RegExp(`^${COMPANY}: your Kurban order ${e.orderNo} is confirmed\\. Track it: ${LINK}$`));
  });

  it('a draft writes none; confirming it writes one, once', async () => {
    const c = await customer();
    const draft = await s.order({ accountId: c.id });
    expect(await ofOrder(draft.id)).toEqual([]);
    expect((await api('POST', `VictimOrders/${draft.id}/confirm`, {})).status).toBe(200);
    const confirmed = await s.get('VictimOrders', draft.id);
    expect((await api('PUT', 'VictimOrders', { ...confirmed, notes: 'not' })).status).toBe(200);
    expect((await ofOrder(draft.id)).map((m) => m.kind)).toEqual(['saleConfirmed']);
  });

  it('none for an opted-out customer or one without a phone', async () => {
    const out = await customer({ optOut: true });
    const none = await customer({ phone: null });
    expect(await ofOrder((await order(out.id)).id)).toEqual([]);
    expect(await ofOrder((await order(none.id)).id)).toEqual([]);
  });

  it('a write that rolls back leaves no message', async () => {
    const c = await customer();
    const animal = await s.product();
    const client = await server.database.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `INSERT INTO victim_orders (account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
         VALUES ($1, $2, 1, '1000.00', kurban_default_currency(), '2026-05-20', 'confirmed') RETURNING id`, [c.id, animal.id]);
      // Written in the transaction, with the event…
      expect((await client.query('SELECT count(*)::int AS n FROM messages WHERE victim_order_id = $1', [rows[0].id])).rows[0].n).toBe(1);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    // …and gone with it.
    expect(await messages('account_id = $1', [c.id])).toEqual([]);
  });

  it("a transaction that sets kurban.messages = 'off' (the demo season's history) writes none", async () => {
    const c = await customer();
    const animal = await s.product();
    const client = await server.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('kurban.messages', 'off', true)`);
      await client.query(
        `INSERT INTO victim_orders (account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
         VALUES ($1, $2, 1, '1000.00', kurban_default_currency(), '2026-05-20', 'confirmed')`, [c.id, animal.id]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await messages('account_id = $1', [c.id])).toEqual([]);
  });
});

describe('a payment', () => {
  it('paid: the amount and the balance in the language\'s format; refunded: the same with the new balance', async () => {
    const tr = await customer();
    const o = await order(tr.id, { shareCount: 2 });
    const paid = await s.payment(o, '2500.00');
    const [taken, ...more] = await ofOrder(o.id, 'paymentTaken');
    expect(more).toEqual([]);
    expect(taken).toMatchObject({ phone: tr.phone, language: 'tr-TR', dedupeKey: `paymentTaken:${paid.id}` });
    expect(taken.text).toMatch(new RegExp(`^${COMPANY}: ${o.orderNo} siparişiniz için ₺2\\.500,00 ödemeniz alındı\\. Kalan borç: ₺17\\.500,00\\. ${LINK}$`));

    const refunded = await api('PUT', 'VictimPayments', { ...paid, paymentStatusId: (await s.ref()).statuses.refunded });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const [back] = await ofOrder(o.id, 'paymentRefunded');
    expect(back.text).toMatch(new RegExp(`^${COMPANY}: ${o.orderNo} siparişinizin ₺2\\.500,00 tutarındaki ödemesi iade edildi\\. Kalan borç: ₺20\\.000,00\\. ${LINK}$`));

    const en = await customer({ english: true });
    const e = await order(en.id, { shareCount: 2 });
    await s.payment(e, '12500.00');
    const [m] = await ofOrder(e.id, 'paymentTaken');
    expect(m.language).toBe('en-US');
    expect(m.text).toMatch(new RegExp(`^${COMPANY}: we received your payment of ₺12,500\\.00 for order ${e.orderNo}\\. Balance due: ₺7,500\\.00\\. ${LINK}$`));
  });

  it('pending writes none; a paid one cancelled writes no refund message', async () => {
    const c = await customer();
    const o = await order(c.id);
    const pending = await s.payment(o, '100.00', 'pending');
    expect(await ofOrder(o.id, 'paymentTaken')).toEqual([]);
    const paid = await api('PUT', 'VictimPayments', { ...pending, paymentStatusId: (await s.ref()).statuses.paid });
    expect(paid.status).toBe(200);
    expect(await ofOrder(o.id, 'paymentTaken')).toHaveLength(1);
    const cancelled = await api('PUT', 'VictimPayments', { ...paid.body.data, paymentStatusId: (await s.ref()).statuses.cancelled });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await ofOrder(o.id, 'paymentRefunded')).toEqual([]);
  });

  it('none for an opted-out customer', async () => {
    const out = await customer({ optOut: true });
    const o = await order(out.id);
    await s.payment(o, '100.00');
    expect(await ofOrder(o.id)).toEqual([]);
  });
});

describe('a booking', () => {
  it('made, moved and cancelled: one message each, with the slot in Istanbul time, in Turkish and in English', async () => {
    const type = await pickupType();
    const day = dayFromNow(20);
    const first = await slot(type, day, '09:30');
    const later = await slot(type, day, '14:00');
    for (const lang of ['tr', 'en'] as const) {
      const c = await customer({ english: lang === 'en' });
      const o = await order(c.id);
      const made = await api('POST', 'VictimAppointments', { victimOrderId: o.id, accountId: c.id, appointmentId: first.id });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const moved = await api('PUT', 'VictimAppointments', { ...made.body.data, appointmentId: later.id });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const cancelled = await api('PUT', 'VictimAppointments', { ...moved.body.data, status: 'cancelled' });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const written = (await ofOrder(o.id)).filter((m) => m.kind.startsWith('booking'));
      expect(written.map((m) => m.kind)).toEqual(['bookingMade', 'bookingMoved', 'bookingCancelled']);
      const [a, b, x] = written.map((m) => m.text);
      if (lang === 'tr') {
        expect(a).toMatch(new RegExp(`^${COMPANY}: ${o.orderNo} siparişiniz için randevunuz alındı: ${slotText(day, '09:30', 'tr')}\\. ${LINK}$`));
        expect(b).toMatch(new RegExp(`^${COMPANY}: ${o.orderNo} siparişinizin randevusu ${slotText(day, '14:00', 'tr')} olarak değiştirildi\\. ${LINK}$`));
        expect(x).toMatch(new RegExp(`^${COMPANY}: ${o.orderNo} siparişinizin ${slotText(day, '14:00', 'tr')} randevusu iptal edildi\\. ${LINK}$`));
      } else {
        expect(a).toMatch(new RegExp(`^${COMPANY}: your appointment for order ${o.orderNo} is booked: ${slotText(day, '09:30', 'en')}\\. ${LINK}$`));
        expect(b).toContain(`was moved to ${slotText(day, '14:00', 'en')}.`);
        expect(x).toContain(`your appointment on ${slotText(day, '14:00', 'en')} for order ${o.orderNo} was cancelled.`);
      }
    }
  });

  it('a slot moved by staff tells each of its bookings', async () => {
    const type = await pickupType();
    const day = dayFromNow(21);
    const at = await slot(type, day, '10:00');
    const c = await customer();
    const o = await order(c.id);
    expect((await api('POST', 'VictimAppointments', { victimOrderId: o.id, accountId: c.id, appointmentId: at.id })).status).toBe(200);
    const current = (await api('GET', `Appointments/${at.id}`)).body.data;
    const res = await api('PUT', 'Appointments', { ...current, startsAt: `${day}T11:00:00+03:00`, endsAt: `${day}T12:00:00+03:00` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [moved] = await ofOrder(o.id, 'bookingMoved');
    expect(moved.text).toContain(`randevusu ${slotText(day, '11:00', 'tr')} olarak`);
  });

  it('non-urgent messages wait for the end of the quiet hours', async () => {
    const [{ quiet }] = await sql(
      `SELECT to_char(l - interval '1 hour', 'HH24:MI') || '-' || to_char(l + interval '1 hour', 'HH24:MI') AS quiet
       FROM (SELECT now() AT TIME ZONE 'Europe/Istanbul' AS l) x`);
    const [{ saved }] = await sql(`SELECT value AS saved FROM settings WHERE key = 'sms.quietHours'`);
    await sql(`UPDATE settings SET value = $1 WHERE key = 'sms.quietHours'`, [quiet]);
    try {
      const c = await customer();
      const o = await order(c.id);
      const [held] = await sql(`SELECT send_after > now() + interval '50 minutes' AS held FROM messages WHERE victim_order_id = $1`, [o.id]);
      expect(held.held).toBe(true);
    } finally {
      await sql(`UPDATE settings SET value = $1 WHERE key = 'sms.quietHours'`, [saved]);
    }
  });

  it('the evening before: one reminder per booking, however often the job runs; none for a cancelled booking', async () => {
    const type = await pickupType();
    const day = dayFromNow(1);
    const at = await slot(type, day, '08:15');
    const c = await customer();
    const o = await order(c.id);
    const gone = await customer();
    const g = await order(gone.id);
    const kept = await api('POST', 'VictimAppointments', { victimOrderId: o.id, accountId: c.id, appointmentId: at.id });
    expect(kept.status).toBe(200);
    const cancelled = await api('POST', 'VictimAppointments', { victimOrderId: g.id, accountId: gone.id, appointmentId: at.id });
    expect((await api('PUT', 'VictimAppointments', { ...cancelled.body.data, status: 'cancelled' })).status).toBe(200);

    // The evening job (tomorrow in Istanbul), then the rule itself again: nothing more.
    await bookingRemindersTask({}, jobHelpers());
    const [{ n: again }] = await sql('SELECT kurban_booking_reminders($1::date) AS n', [day]);
    expect(again).toBe(0);
    const [reminder, ...more] = await ofOrder(o.id, 'bookingReminder');
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({ phone: c.phone, dedupeKey: `reminder:${kept.body.data.id}:${at.id}` });
    expect(reminder.text).toMatch(new RegExp(`^${COMPANY}: Hatırlatma, yarın ${slotText(day, '08:15', 'tr')} randevunuz var \\(${o.orderNo}\\)\\. ${LINK}$`));
    expect(await ofOrder(g.id, 'bookingReminder')).toEqual([]);
  });
});

describe("today's queue", () => {
  const today = () => sql(`SELECT to_char(now() AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM-DD') AS d`).then((r) => r[0].d as string);
  const stepId = async (code: string) => (await sql('SELECT id FROM victim_appointment_steps WHERE code = $1', [code]))[0].id as number;
  const advance = async (rowId: number, code: string) => {
    const res = await api('POST', `VictimProductsAppointments/${rowId}/advance`, { stepId: await stepId(code) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** turnNear messages per queue row, by the dedupe key. */
  const turnsNear = async () => {
    const rows = await sql(`SELECT dedupe_key FROM messages WHERE kind = 'turnNear'`);
    const out: Record<number, number> = {};
    for (const r of rows) {
      const id = Number(r.dedupe_key.split(':')[1]);
      out[id] = (out[id] ?? 0) + 1;
    }
    return out;
  };

  it('"your turn is near": each animal once per phone, when fewer than sms.turnNear (3) animals before it are waiting for the slaughter step; notify steps once per phone', async () => {
    const day = await today();
    const [{ id: slotId }] = await sql(
      `INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity)
       VALUES ($1, ($2::date + time '00:01') AT TIME ZONE 'Europe/Istanbul', ($2::date + time '23:59') AT TIME ZONE 'Europe/Istanbul', 100) RETURNING id`,
      [await slaughterType(), day]);
    // Six animals, each with a confirmed order; the first has two shares: the customer's and a
    // shareholder's with a phone of their own; the third is an English customer's; the fifth's
    // customer opted out.
    const animals: { id: number; name: string; phones: string[]; orderId: number; orderNo: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await customer({ english: i === 2, optOut: i === 4 });
      const animal = await s.product();
      const o = await order(c.id, { productId: animal.id, shareCount: i === 0 ? 2 : 1 });
      const phones = i === 4 ? [] : [c.phone!];
      if (i === 0) {
        const other = newPhone();
        await sql(`UPDATE victim_order_details SET shareholder_phone = $2, shareholder_name = 'Hissedar' WHERE victim_order_id = $1 AND share_no = 2`, [o.id, other.typed]);
        phones.push(other.digits);
      }
      animals.push({ id: animal.id, name: animal.name, phones, orderId: o.id, orderNo: o.orderNo });
    }
    const rows: number[] = [];
    for (const [i, a] of animals.entries()) {
      const [row] = await sql(`INSERT INTO victim_products_appointments (product_id, appointment_id, slaughter_no) VALUES ($1, $2, $3) RETURNING id`, [a.id, slotId, 900 + i]);
      rows.push(row.id);
    }
    // The first three: the next to be cut.
    expect(await turnsNear()).toEqual({ [rows[0]]: 2, [rows[1]]: 1, [rows[2]]: 1 });
    const first = await messages(`kind = 'turnNear' AND dedupe_key LIKE $1`, [`turnNear:${rows[0]}:%`]);
    expect(first.map((m) => m.phone).sort()).toEqual([...animals[0].phones].sort());
    for (const m of first) {
      expect(m).toMatchObject({ orderId: animals[0].orderId, language: 'tr-TR', urgent: true });
      expect(m.text).toMatch(new RegExp(`^${COMPANY}: ${animals[0].name} için kesim sırası yaklaştı\\. Tahmini saat \\d\\d:\\d[05]\\. Takip: ${LINK}$`));
    }
    const [third] = await messages(`kind = 'turnNear' AND dedupe_key LIKE $1`, [`turnNear:${rows[2]}:%`]);
    expect(third.text).toMatch(new RegExp(`^${COMPANY}: the turn of ${animals[2].name} is near\\. Estimated time \\d\\d:\\d[05]\\. Track it: ${LINK}$`));

    // Received is not the slaughter step: the places stay.
    await advance(rows[0], 'received');
    expect(await turnsNear()).toEqual({ [rows[0]]: 2, [rows[1]]: 1, [rows[2]]: 1 });
    expect(await messages(`kind = 'stepReached'`)).toEqual([]);

    // The first is slaughtered (a step that notifies): its two phones are told, and the fourth
    // animal comes within three places.
    await advance(rows[0], 'slaughtered');
    expect(await turnsNear()).toEqual({ [rows[0]]: 2, [rows[1]]: 1, [rows[2]]: 1, [rows[3]]: 1 });
    const slaughtered = await messages(`kind = 'stepReached'`);
    expect(slaughtered.map((m) => m.phone).sort()).toEqual([...animals[0].phones].sort());
    expect(slaughtered[0].text).toMatch(new RegExp(`^${COMPANY}: ${animals[0].name} kurbanınızın son durumu: Kesildi\\. Takip: ${LINK}$`));
    expect(slaughtered[0].urgent).toBe(true);

    // Cut (no notice), then packed (notice): once more per phone; going on adds no turn.
    await advance(rows[0], 'cut');
    expect(await messages(`kind = 'stepReached'`)).toHaveLength(2);
    await advance(rows[0], 'packed');
    expect(await messages(`kind = 'stepReached'`)).toHaveLength(4);
    expect(await turnsNear()).toEqual({ [rows[0]]: 2, [rows[1]]: 1, [rows[2]]: 1, [rows[3]]: 1 });

    // The second and third are slaughtered: the fifth (opted out) gets none, the sixth its one.
    await advance(rows[1], 'slaughtered');
    await advance(rows[2], 'slaughtered');
    expect(await turnsNear()).toEqual({ [rows[0]]: 2, [rows[1]]: 1, [rows[2]]: 1, [rows[3]]: 1, [rows[5]]: 1 });
    // The English customer's step message is in English, with the step's English name.
    const [en] = await messages(`kind = 'stepReached' AND victim_order_id = $1`, [animals[2].orderId]);
    expect(en.text).toMatch(new RegExp(`^${COMPANY}: your animal ${animals[2].name} is now at this step: Slaughtered\\. Track it: ${LINK}$`));

    // Once per animal: a step taken back and again adds nothing.
    await advance(rows[3], 'slaughtered');
    await advance(rows[3], 'received');
    await advance(rows[3], 'slaughtered');
    expect(await turnsNear()).toEqual({ [rows[0]]: 2, [rows[1]]: 1, [rows[2]]: 1, [rows[3]]: 1, [rows[5]]: 1 });
    expect(await messages(`kind = 'stepReached' AND victim_order_id = $1`, [animals[3].orderId])).toHaveLength(1);
  });

  it("another day's queue tells nobody of a turn", async () => {
    const c = await customer();
    const animal = await s.product();
    await order(c.id, { productId: animal.id });
    const before = (await sql(`SELECT count(*)::int AS n FROM messages WHERE kind = 'turnNear'`))[0].n;
    await s.queue(animal.id);
    expect((await sql(`SELECT count(*)::int AS n FROM messages WHERE kind = 'turnNear'`))[0].n).toBe(before);
  });
});

describe('a missed call', () => {
  beforeAll(async () => {
    const [setting] = await sql(`SELECT id, row_version FROM settings WHERE key = 'netgsm.webhookSecret'`);
    const saved = await api('PUT', 'Settings', { id: setting.id, rowVersion: setting.row_version, key: 'netgsm.webhookSecret', valueType: 'string', isSecret: true, value: SECRET });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  const hook = async (caller: string, start: string, status = 'NOANSWER') => {
    const res = await server.app.inject({
      method: 'POST', url: '/api/v1/Netgsm/call-webhook', headers: { 'x-webhook-secret': SECRET },
      payload: { uniqueid: `msg-call-${++serial}`, caller, called: '08502223344', direction: 'IN', status, duration: '0', start_date: start },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('from a number with an open order: the link, at most once an hour per number; none for a number without one', async () => {
    const c = await customer();
    const o = await order(c.id);
    const typed = `+90${c.phone}`;
    await hook(typed, '2026-05-27 10:15:00');
    await hook(typed, '2026-05-27 10:50:00', 'BUSY');
    await hook(typed, '2026-05-27 10:55:00', 'ANSWER');
    let sent = await ofOrder(o.id, 'missedCall');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ phone: c.phone, accountId: c.id, dedupeKey: `missedCall:${c.phone}:2026-05-27T10`, urgent: true });
    expect(sent[0].text).toMatch(new RegExp(`^${COMPANY}: Aramanıza cevap veremedik\\. ${o.orderNo} siparişinizin durumunu buradan izleyebilirsiniz: ${LINK}$`));
    await hook(typed, '2026-05-27 11:05:00');
    sent = await ofOrder(o.id, 'missedCall');
    expect(sent.map((m) => m.dedupeKey)).toEqual([`missedCall:${c.phone}:2026-05-27T10`, `missedCall:${c.phone}:2026-05-27T11`]);

    // A shareholder's number reaches the order too.
    const holder = newPhone();
    const other = await customer();
    const shared = await order(other.id, { shareCount: 2 });
    await sql(`UPDATE victim_order_details SET shareholder_phone = $2 WHERE victim_order_id = $1 AND share_no = 2`, [shared.id, holder.typed]);
    await hook(holder.typed, '2026-05-27 12:00:00');
    expect((await ofOrder(shared.id, 'missedCall')).map((m) => m.phone)).toEqual([holder.digits]);

    // No open order: a customer whose only order is a draft, and an unknown number.
    const drafted = await customer();
    await s.order({ accountId: drafted.id });
    const count = async () => (await sql(`SELECT count(*)::int AS n FROM messages WHERE kind = 'missedCall'`))[0].n as number;
    const before = await count();
    await hook(`+90${drafted.phone}`, '2026-05-27 12:00:00');
    await hook(`+90${newPhone().digits}`, '2026-05-27 12:00:00');
    expect(await count()).toBe(before);
  });
});
