// Bookings that make sense and queue the animal (issue 17, point 6): no booking into a slot that
// has started; one active booking per order and appointment type (also under concurrent
// bookings of one order); a slaughter booking queues the order's animal on its day, once, with
// the day's next slaughter number (also under concurrent bookings of one day).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { SqlRows } from '../support/sql-rows.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
const sql = (text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows);

let seq = 0;
const rows = new SqlRows(() => server, 'BKG');
const account = () => rows.account();
const animal = (capacity?: number) => rows.animal(capacity);
/** An order of one share (of `productId`, else of an animal of its own), by SQL. */
async function order(productId?: number): Promise<{ id: number; accountId: number; productId: number }> {
  const accountId = await account();
  const product = productId ?? (await animal());
  const [row] = await sql(
    `INSERT INTO victim_orders (order_no, account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
     VALUES ($1, $2, $3, 1, '1000.00', kurban_default_currency(), '2026-11-01', 'confirmed') RETURNING id`,
    [`K2026-B${String(++seq).padStart(5, '0')}`, accountId, product],
  );
  return { id: row.id, accountId, productId: product };
}
const typeByCode = async (code: string) => (await sql(`SELECT id FROM appointment_types WHERE code = $1`, [code]))[0].id as number;

const DAY = 86_400_000;
/** A day `days` from now, as Istanbul's date (YYYY-MM-DD); a slot at `hour` (Istanbul) of it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY + 3 * 3_600_000).toISOString().slice(0, 10);
async function slot(typeId: number, day: string, hour: number, capacity = 10) {
  const h = String(hour).padStart(2, '0');
  const res = await api('POST', 'Appointments', { appointmentTypeId: typeId, startsAt: `${day}T${h}:00:00+03:00`, endsAt: `${day}T${h}:30:00+03:00`, capacity });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; startsAt: string; bookedCount: number };
}
const book = (o: { id: number; accountId: number }, appointmentId: number, extra: Record<string, unknown> = {}) =>
  api('POST', 'VictimAppointments', { victimOrderId: o.id, accountId: o.accountId, appointmentId, ...extra });
async function updateBooking(id: number, change: Record<string, unknown>) {
  const current = (await api('GET', `VictimAppointments/${id}`)).body.data;
  return api('PUT', 'VictimAppointments', { ...current, ...change });
}
const bookedCount = async (id: number) => (await api('GET', `Appointments/${id}`)).body.data.bookedCount as number;
const queueOf = (day: string) =>
  sql(`SELECT product_id, appointment_id, slaughter_no FROM victim_products_appointments WHERE slaughter_day = $1::date ORDER BY slaughter_no`, [day]);

describe('a slot that has started takes no booking', () => {
  it('a booking into a past or started slot is a 409 that writes nothing; a move into it too; its own bookings can still be cancelled or edited', async () => {
    const slaughter = await typeByCode('slaughter');
    const yesterday = dayFromNow(-1);
    const past = await slot(slaughter, yesterday, 9);
    // Started a minute ago (ends later): started is enough.
    const startedAt = new Date(Date.now() - 60_000);
    const started = (await api('POST', 'Appointments', {
      appointmentTypeId: slaughter, startsAt: startedAt.toISOString(), endsAt: new Date(startedAt.getTime() + 3_600_000).toISOString(), capacity: 5,
    })).body.data as { id: number };
    const o = await order();
    for (const s of [past, started]) {
      const res = await book(o, s.id);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('error.booking.slotStarted');
      expect(res.body.error.message).toBeTruthy();
      expect(await bookedCount(s.id)).toBe(0);
    }
    expect(await sql('SELECT id FROM victim_appointments WHERE victim_order_id = $1', [o.id])).toEqual([]);
    expect(await sql('SELECT id FROM victim_products_appointments WHERE product_id = $1', [o.productId])).toEqual([]);

    // A future booking cannot be moved into the past slot.
    const future = await slot(slaughter, dayFromNow(40), 9);
    const booking = (await book(o, future.id)).body.data;
    const moved = await updateBooking(booking.id, { appointmentId: past.id });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('error.booking.slotStarted');
    expect(await bookedCount(past.id)).toBe(0);
    expect(await bookedCount(future.id)).toBe(1);

    // A booking made before the slot started (history, by SQL) is still edited and cancelled.
    const old = await order();
    const [{ id: oldId }] = await sql(`INSERT INTO victim_appointments (victim_order_id, account_id, appointment_id) VALUES ($1, $2, $3) RETURNING id`, [old.id, old.accountId, past.id]);
    expect((await updateBooking(oldId, { notes: 'Geldi, geç kaldı.' })).status).toBe(200);
    expect((await updateBooking(oldId, { status: 'attended' })).status).toBe(200);
    expect((await updateBooking(oldId, { status: 'cancelled' })).status).toBe(200);
    expect(await bookedCount(past.id)).toBe(0);
    // Coming back from cancelled books a place again: refused in a started slot.
    const back = await updateBooking(oldId, { status: 'booked' });
    expect(back.status).toBe(409);
    expect(back.body.error.code).toBe('error.booking.slotStarted');
  });
});

describe('one active booking per order and appointment type', () => {
  it('a second booking of the same type is a 409 naming the first; moving the first works; another type is fine', async () => {
    const pickup = await typeByCode('pickup');
    const visit = await typeByCode('visit');
    const day = dayFromNow(20);
    const a = await slot(pickup, day, 10);
    const b = await slot(pickup, day, 11);
    const o = await order();
    const first = (await book(o, a.id)).body.data;
    expect(first).toMatchObject({ appointmentId: a.id, status: 'booked' });

    const second = await book(o, b.id);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'error.booking.alreadyBooked',
      params: { bookingId: first.id, appointmentId: a.id, startsAt: new Date(a.startsAt).toISOString() },
    });
    expect(second.body.error.message).toBeTruthy();
    expect(await bookedCount(b.id)).toBe(0);
    expect(await sql('SELECT count(*)::int AS n FROM victim_appointments WHERE victim_order_id = $1', [o.id])).toEqual([{ n: 1 }]);

    // The screen moves the first instead.
    const moved = await updateBooking(first.id, { appointmentId: b.id });
    expect(moved.status).toBe(200);
    expect(await bookedCount(a.id)).toBe(0);
    expect(await bookedCount(b.id)).toBe(1);

    // Another type is another booking.
    expect((await book(o, (await slot(visit, day, 10)).id)).status).toBe(200);

    // Attended is no longer active: a new booking of the type may be made; the attended one
    // cannot come back to booked beside it.
    expect((await updateBooking(first.id, { status: 'attended' })).status).toBe(200);
    const third = await book(o, a.id);
    expect(third.status).toBe(200);
    const back = await updateBooking(first.id, { status: 'booked' });
    expect(back.status).toBe(409);
    expect(back.body.error).toMatchObject({ code: 'error.booking.alreadyBooked', params: { bookingId: third.body.data.id } });
  });

  it('ten parallel bookings of one order into ten slots of one type: exactly one is made', async () => {
    const slaughter = await typeByCode('slaughter');
    const day = dayFromNow(21);
    const slots = [];
    for (let h = 6; h < 16; h++) slots.push(await slot(slaughter, day, h));
    const o = await order();
    const results = await Promise.all(slots.map((s) => book(o, s.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(9);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.error.code}`))).toEqual(new Set(['409 error.booking.alreadyBooked']));
    const made = results.find((r) => r.status === 200)!.body.data;
    expect(refused.every((r) => r.body.error.params.bookingId === made.id)).toBe(true);
    expect(await sql(`SELECT count(*)::int AS n FROM victim_appointments WHERE victim_order_id = $1`, [o.id])).toEqual([{ n: 1 }]);
    const [{ n }] = await sql(`SELECT sum(booked_count)::int AS n FROM appointments WHERE id = ANY($1::int[])`, [slots.map((s) => s.id)]);
    expect(n).toBe(1);
    // The animal is queued once, on that day.
    expect(await queueOf(day)).toEqual([{ product_id: o.productId, appointment_id: made.appointmentId, slaughter_no: 1 }]);
  });
});

describe('a slaughter booking queues the animal', () => {
  it("queues the order's animal once, with the day's next number; another order of the animal that day adds nothing; a move to another day queues it there", async () => {
    const slaughter = await typeByCode('slaughter');
    const pickup = await typeByCode('pickup');
    const day = dayFromNow(30);
    const nextDay = dayFromNow(31);
    const morning = await slot(slaughter, day, 7);
    const noon = await slot(slaughter, day, 12);
    // The day already has a queued animal (number 1, by hand).
    const byHand = await animal();
    expect((await api('POST', 'VictimProductsAppointments', { productId: byHand, appointmentId: morning.id, slaughterNo: 1 })).status).toBe(200);

    const cattle = await animal(7);
    const first = await order(cattle);
    const booking = await book(first, morning.id);
    expect(booking.status).toBe(200);
    expect(await queueOf(day)).toEqual([
      { product_id: byHand, appointment_id: morning.id, slaughter_no: 1 },
      { product_id: cattle, appointment_id: morning.id, slaughter_no: 2 },
    ]);

    // A second shareholder of the same animal books the same day (another slot): nothing is added.
    const second = await order(cattle);
    expect((await book(second, noon.id)).status).toBe(200);
    expect(await queueOf(day)).toHaveLength(2);

    // Another animal takes the next number; a pickup booking queues nothing.
    const sheep = await order();
    const sheepBooking = await book(sheep, noon.id);
    expect(sheepBooking.status).toBe(200);
    expect((await book(sheep, (await slot(pickup, day, 15)).id)).status).toBe(200);
    expect(await queueOf(day)).toEqual([
      { product_id: byHand, appointment_id: morning.id, slaughter_no: 1 },
      { product_id: cattle, appointment_id: morning.id, slaughter_no: 2 },
      { product_id: sheep.productId, appointment_id: noon.id, slaughter_no: 3 },
    ]);

    // A move into a slaughter slot of another day takes the animal (queued once) to that day,
    // with that day's next number.
    const later = await slot(slaughter, nextDay, 8);
    const move = await updateBooking(sheepBooking.body.data.id, { appointmentId: later.id });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    expect(await queueOf(nextDay)).toEqual([{ product_id: sheep.productId, appointment_id: later.id, slaughter_no: 1 }]);
    expect(await queueOf(day)).toHaveLength(2);
    // The cattle stays on its day while another of its orders is booked there.
    expect((await updateBooking(booking.body.data.id, { appointmentId: later.id })).status).toBe(200);
    expect(await queueOf(nextDay)).toHaveLength(1);
    expect(await queueOf(day)).toHaveLength(2);
    // A refused booking queues nothing.
    const refused = await book(first, noon.id);
    expect(refused.body.error.code).toBe('error.booking.alreadyBooked');
    expect(await queueOf(day)).toHaveLength(2);
    expect(await queueOf(nextDay)).toHaveLength(1);
  });

  it('parallel slaughter bookings of different animals on one day get consecutive numbers', async () => {
    const slaughter = await typeByCode('slaughter');
    const day = dayFromNow(32);
    const slots = [await slot(slaughter, day, 7, 20), await slot(slaughter, day, 8, 20)];
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await order());
    const results = await Promise.all(orders.map((o, i) => book(o, slots[i % 2].id)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const queue = await queueOf(day);
    expect(queue.map((q) => q.slaughter_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(queue.map((q) => q.product_id))).toEqual(new Set(orders.map((o) => o.productId)));
  });
});

// ---- the screens' operations (issue 17, point 6): the days with free seats, the move in one
// request, the queue's own additions with the server's number, lookups filtered by a referenced row.

/** An appointment type of the test's own, so that counts are exact whatever else the file made. */
async function ownType(): Promise<number> {
  const [row] = await sql(`INSERT INTO appointment_types (name, duration_minutes, default_capacity) VALUES ($1, 30, 5) RETURNING id`, [`Tip ${++seq}`]);
  return row.id;
}
const freeDays = async (query: string) => {
  const res = await api('GET', `Appointments/free-days?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { day: string; appointmentTypeId: number; slots: number; freeSeats: number; typeName: string }[];
};

describe('the days with free seats', () => {
  it('counts open, future, not full slots per day and type; past, started, full, closed and cancelled slots are left out', async () => {
    const type = await ownType();
    const [d1, d2, d3] = [dayFromNow(60), dayFromNow(61), dayFromNow(62)];
    await slot(type, d1, 9, 4);
    const busy = await slot(type, d1, 10, 3);
    const full = await slot(type, d2, 9, 1);
    const closed = await slot(type, d3, 9, 5);
    expect((await book(await order(), busy.id)).status).toBe(200);
    expect((await book(await order(), full.id)).status).toBe(200);
    const current = (await api('GET', `Appointments/${closed.id}`)).body.data;
    expect((await api('PUT', 'Appointments', { ...current, status: 'closed' })).status).toBe(200);
    await slot(type, dayFromNow(-2), 9, 5); // in the past: never offered
    const startedAt = new Date(Date.now() - 60_000);
    await api('POST', 'Appointments', { appointmentTypeId: type, startsAt: startedAt.toISOString(), endsAt: new Date(startedAt.getTime() + 3_600_000).toISOString(), capacity: 5 });

    const days = await freeDays(`appointmentTypeId=${type}&from=${dayFromNow(-5)}&to=${d3}`);
    expect(days.map(({ day, appointmentTypeId, slots, freeSeats }) => ({ day, appointmentTypeId, slots, freeSeats }))).toEqual([
      { day: d1, appointmentTypeId: type, slots: 2, freeSeats: 4 + 2 },
    ]);
    // Without a range: from today on, so the first day offered is d1.
    expect((await freeDays(`appointmentTypeId=${type}`))[0].day).toBe(d1);
    expect(await freeDays(`appointmentTypeId=${type}&from=${d2}&to=${d3}`)).toEqual([]);
    // Every type of a day, each apart.
    const other = await ownType();
    await slot(other, d1, 11, 2);
    const both = (await freeDays(`from=${d1}&to=${d1}`)).filter((d) => [type, other].includes(d.appointmentTypeId));
    expect(both.map((d) => [d.appointmentTypeId, d.freeSeats]).sort()).toEqual([[type, 6], [other, 2]].sort());
  });

  it('needs Appointments.Read: 200 with only that claim, 403 without it, 401 without a token', async () => {
    const token = (claims: string[]) => server.app.jwt.sign({ sub: '1', guid: '00000000-0000-0000-0000-000000000000', email: 'admin@test.local', claims }, { expiresIn: '15m' });
    expect((await call(server.app, token(['Appointments.Read']), 'GET', 'Appointments/free-days')).status).toBe(200);
    expect((await call(server.app, token(['VictimAppointments.Read', 'VictimOrders.Read']), 'GET', 'Appointments/free-days')).status).toBe(403);
    expect((await call(server.app, undefined, 'GET', 'Appointments/free-days')).status).toBe(401);
  });

  it('refuses a range backwards or over 366 days', async () => {
    expect((await api('GET', `Appointments/free-days?from=${dayFromNow(5)}&to=${dayFromNow(4)}`)).status).toBe(400);
    expect((await api('GET', `Appointments/free-days?from=${dayFromNow(0)}&to=${dayFromNow(400)}`)).status).toBe(400);
  });

  it('after parallel bookings, the free seats are exact: seven orders into five seats make five bookings and the day is gone', async () => {
    const type = await ownType();
    const day = dayFromNow(63);
    const s = await slot(type, day, 9, 5);
    const orders = [];
    for (let i = 0; i < 7; i++) orders.push(await order());
    const three = await Promise.all(orders.slice(0, 3).map((o) => book(o, s.id)));
    expect(three.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await freeDays(`appointmentTypeId=${type}&from=${day}&to=${day}`)).map((d) => d.freeSeats)).toEqual([2]);
    const rest = await Promise.all(orders.slice(3).map((o) => book(o, s.id)));
    expect(rest.filter((r) => r.status === 200)).toHaveLength(2);
    expect(rest.filter((r) => r.status === 409 && r.body.error.code === 'error.appointment.full')).toHaveLength(2);
    expect(await bookedCount(s.id)).toBe(5);
    expect(await freeDays(`appointmentTypeId=${type}&from=${day}&to=${day}`)).toEqual([]);
  });
});

describe('a booking moved in one request', () => {
  it('a move into a full slot is refused and leaves the booking, the counts and the queue as they were', async () => {
    const slaughter = await typeByCode('slaughter');
    const day = dayFromNow(64);
    const from = await slot(slaughter, day, 7, 5);
    const full = await slot(slaughter, dayFromNow(65), 7, 1);
    expect((await book(await order(), full.id)).status).toBe(200);
    const o = await order();
    const b = (await book(o, from.id)).body.data;
    const queueBefore = await sql('SELECT slaughter_day, slaughter_no, row_version FROM victim_products_appointments WHERE product_id = $1', [o.productId]);
    const moved = await updateBooking(b.id, { appointmentId: full.id });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('error.appointment.full');
    expect((await api('GET', `VictimAppointments/${b.id}`)).body.data).toMatchObject({ appointmentId: from.id, rowVersion: b.rowVersion });
    expect([await bookedCount(from.id), await bookedCount(full.id)]).toEqual([1, 1]);
    expect(await sql('SELECT slaughter_day, slaughter_no, row_version FROM victim_products_appointments WHERE product_id = $1', [o.productId])).toEqual(queueBefore);
  });

  it('two orders moving into the last seat at once: exactly one moves, the other stays where it was', async () => {
    const pickup = await typeByCode('pickup');
    const day = dayFromNow(66);
    const target = await slot(pickup, day, 12, 1);
    const a = await order();
    const b = await order();
    const ba = (await book(a, (await slot(pickup, day, 9, 5)).id)).body.data;
    const bb = (await book(b, (await slot(pickup, day, 10, 5)).id)).body.data;
    const results = await Promise.all([updateBooking(ba.id, { appointmentId: target.id }), updateBooking(bb.id, { appointmentId: target.id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await bookedCount(target.id)).toBe(1);
    const [{ n }] = await sql(`SELECT sum(booked_count)::int AS n FROM appointments WHERE id = ANY($1::int[])`, [[ba.appointmentId, bb.appointmentId]]);
    expect(n).toBe(1);
  });
});

describe("the queue's own additions", () => {
  it('an animal added without a number gets the day\'s next one; parallel additions and bookings of one day never share a number', async () => {
    const slaughter = await typeByCode('slaughter');
    const day = dayFromNow(67);
    const s = await slot(slaughter, day, 7, 20);
    const first = await api('POST', 'VictimProductsAppointments', { productId: await animal(), appointmentId: s.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ slaughterNo: 1, slaughterDay: day });
    // A number given by hand is kept (and the next follows it).
    expect((await api('POST', 'VictimProductsAppointments', { productId: await animal(), appointmentId: s.id, slaughterNo: 10 })).body.data.slaughterNo).toBe(10);

    const animals = [];
    for (let i = 0; i < 6; i++) animals.push(await animal());
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await order());
    const results = await Promise.all([
      ...animals.map((productId) => api('POST', 'VictimProductsAppointments', { productId, appointmentId: s.id })),
      ...orders.map((o) => book(o, s.id)),
    ]);
    expect(results.map((r) => r.status), JSON.stringify(results.map((r) => r.body.error))).toEqual(Array(10).fill(200));
    expect((await queueOf(day)).map((q) => q.slaughter_no)).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('a product that is not an animal is refused, and an animal already queued too', async () => {
    const slaughter = await typeByCode('slaughter');
    const s = await slot(slaughter, dayFromNow(68), 7);
    const [{ id: notAnimal }] = await sql(
      `INSERT INTO products (code, name, product_type_id, vat_rate_id) SELECT $1, $1, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates) RETURNING id`,
      [`BKP${++seq}`],
    );
    const refused = await api('POST', 'VictimProductsAppointments', { productId: notAnimal, appointmentId: s.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'productId' })]));
    const cow = await animal();
    expect((await api('POST', 'VictimProductsAppointments', { productId: cow, appointmentId: s.id })).status).toBe(200);
    expect((await api('POST', 'VictimProductsAppointments', { productId: cow, appointmentId: s.id })).status).toBe(409);
  });
});

describe('a list filtered by a field of the referenced row', () => {
  it("slots by their type's code; an unknown or too deep column is a 400", async () => {
    const slaughter = await typeByCode('slaughter');
    const pickup = await typeByCode('pickup');
    const day = dayFromNow(69);
    const s = await slot(slaughter, day, 7);
    await slot(pickup, day, 8);
    const page = (filters: unknown[]) => api('POST', 'Appointments/GetListForPaging', { PageNumber: 1, PageSize: 50, FilterParam: filters });
    const res = await page([
      { ColumnName: 'appointmentTypeId.code', MatchMode: 'equals', FilterValue: 'slaughter' },
      { ColumnName: 'startsAt', MatchMode: 'dateIs', FilterValue: day },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.data.map((r: { id: number }) => r.id)).toEqual([s.id]);
    for (const ColumnName of ['appointmentTypeId.nope', 'capacity.code', 'appointmentTypeId.code.x', 'appointmentTypeId.description']) {
      const bad = await page([{ ColumnName, MatchMode: 'equals', FilterValue: 'x' }]);
      expect(bad.status, ColumnName).toBe(400);
      expect(bad.body.error.fields[0]).toMatchObject({ field: ColumnName, code: 'validation.unknownColumn' });
    }
    // Only what a reference shows (its display field) and its code: an order cannot be found by
    // its customer's identity number through a filter.
    const orders = await api('POST', 'VictimOrders/GetListForPaging', { PageNumber: 1, PageSize: 5, FilterParam: [{ ColumnName: 'accountId.identityNumber', MatchMode: 'equals', FilterValue: '10000000146' }] });
    expect(orders.status).toBe(400);
    expect(orders.body.error.fields[0]).toMatchObject({ field: 'accountId.identityNumber', code: 'validation.unknownColumn' });
    const byTitle = await api('POST', 'VictimOrders/GetListForPaging', { PageNumber: 1, PageSize: 5, FilterParam: [{ ColumnName: 'accountId.title', MatchMode: 'contains', FilterValue: 'x' }] });
    expect(byTitle.status, JSON.stringify(byTitle.body)).toBe(200);
  });
});
