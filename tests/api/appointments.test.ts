// Slots and Kurban bookings: bookings never exceed a slot's capacity (also 50 at once), the
// slot's fill and open/full status follow every booking, and slot generation makes the slots of
// a type over a date range in Istanbul time, skipping the ones that exist, at most 5,000 a call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateDbError } from '../../server/src/crud/handlers.ts';
import { entityByName } from '../../server/src/crud/entities.ts';
import { HttpError } from '../../server/src/core/errors.ts';
import { appointments } from '../../server/src/domain/appointments.ts';
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
const rows = new SqlRows(() => server, 'APT');
const account = () => rows.account();
const animal = (capacity?: number) => rows.animal(capacity);
/** An order by SQL (the database keeps shares, lines and the ledger on its own). */
async function order(accountId: number, status = 'draft'): Promise<number> {
  const [row] = await sql(
    `INSERT INTO victim_orders (order_no, account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
     VALUES ($1, $2, $3, 1, '1000.00', kurban_default_currency(), '2030-06-01', $4) RETURNING id`,
    [`K2030-${String(++seq).padStart(5, '0')}`, accountId, await animal(1), status],
  );
  return row.id;
}
const slaughterType = async () => (await sql(`SELECT id FROM appointment_types WHERE code = 'slaughter'`))[0].id as number;

let hour = 0;
/** A new slot of the slaughter type, an hour after the last one made here. */
async function slot(capacity: number, status = 'open') {
  const start = new Date(Date.UTC(2031, 0, 1, 6) + hour++ * 3_600_000);
  const res = await api('POST', 'Appointments', {
    appointmentTypeId: await slaughterType(), startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString(), capacity, status,
  });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; rowVersion: number; capacity: number; bookedCount: number; status: string };
}
const getSlot = async (id: number) => (await api('GET', `Appointments/${id}`)).body.data;
async function book(appointmentId: number, orderId?: number) {
  const victimOrderId = orderId ?? (await order(await account()));
  const [o] = await sql('SELECT account_id FROM victim_orders WHERE id = $1', [victimOrderId]);
  return api('POST', 'VictimAppointments', { victimOrderId, accountId: o.account_id, appointmentId });
}
async function updateBooking(id: number, change: Record<string, unknown>) {
  const current = (await api('GET', `VictimAppointments/${id}`)).body.data;
  return api('PUT', 'VictimAppointments', { ...current, ...change });
}
async function updateSlot(id: number, change: Record<string, unknown>) {
  const current = await getSlot(id);
  return api('PUT', 'Appointments', { ...current, ...change });
}

describe('bookings within capacity', () => {
  it('fifty concurrent bookings of a ten-place slot: exactly ten succeed, the other forty are 409 full', async () => {
    const s = await slot(10);
    const orders: { id: number; account: number }[] = [];
    for (let i = 0; i < 50; i++) {
      const acc = await account();
      orders.push({ id: await order(acc), account: acc });
    }
    const results = await Promise.all(orders.map((o) =>
      api('POST', 'VictimAppointments', { victimOrderId: o.id, accountId: o.account, appointmentId: s.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.error.code}`))).toEqual(new Set(['409 error.appointment.full']));
    expect(await getSlot(s.id)).toMatchObject({ bookedCount: 10, status: 'full' });
    expect(await sql('SELECT count(*)::int AS n FROM victim_appointments WHERE appointment_id = $1', [s.id])).toEqual([{ n: 10 }]);
  });

  it('the fill and open/full follow booking, cancelling, coming back, moving and capacity changes', async () => {
    const a = await slot(2);
    const b = await slot(2);
    const first = (await book(a.id)).body.data;
    const second = (await book(a.id)).body.data;
    expect(await getSlot(a.id)).toMatchObject({ bookedCount: 2, status: 'full' });

    expect((await updateBooking(first.id, { status: 'cancelled' })).status).toBe(200);
    expect(await getSlot(a.id)).toMatchObject({ bookedCount: 1, status: 'open' });

    // Attending or a no-show keeps the place.
    expect((await updateBooking(second.id, { status: 'attended' })).status).toBe(200);
    expect(await getSlot(a.id)).toMatchObject({ bookedCount: 1, status: 'open' });

    expect((await updateBooking(second.id, { appointmentId: b.id })).status).toBe(200);
    expect(await getSlot(a.id)).toMatchObject({ bookedCount: 0, status: 'open' });
    expect(await getSlot(b.id)).toMatchObject({ bookedCount: 1, status: 'open' });

    // Back from cancelled takes a place again.
    expect((await updateBooking(first.id, { status: 'booked', appointmentId: b.id })).status).toBe(200);
    expect(await getSlot(b.id)).toMatchObject({ bookedCount: 2, status: 'full' });

    // Raising the capacity opens the slot; lowering it to the fill makes it full again.
    expect((await updateSlot(b.id, { capacity: 3 })).body.data).toMatchObject({ capacity: 3, bookedCount: 2, status: 'open' });
    expect((await updateSlot(b.id, { capacity: 2 })).body.data).toMatchObject({ capacity: 2, bookedCount: 2, status: 'full' });
    const below = await updateSlot(b.id, { capacity: 1 });
    expect(below.status).toBe(409);
    expect(below.body.error).toMatchObject({ code: 'error.appointment.capacityBelowBooked', params: { booked: 2 } });
    expect(await getSlot(b.id)).toMatchObject({ capacity: 2, bookedCount: 2 });

    // Deleting a booking frees its place too.
    expect((await api('DELETE', `VictimAppointments/${first.id}`)).status).toBe(200);
    expect(await getSlot(b.id)).toMatchObject({ bookedCount: 1, status: 'open' });
  });

  it('concurrent moves between two slots in both directions all land (no deadlock) and the fills stay exact', async () => {
    const a = await slot(20);
    const b = await slot(20);
    const inA = [];
    const inB = [];
    for (let i = 0; i < 8; i++) {
      inA.push((await book(a.id)).body.data);
      inB.push((await book(b.id)).body.data);
    }
    const moves = [
      ...inA.map((x) => api('PUT', 'VictimAppointments', { ...x, appointmentId: b.id })),
      ...inB.map((x) => api('PUT', 'VictimAppointments', { ...x, appointmentId: a.id })),
    ];
    const results = await Promise.all(moves);
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(200));
    expect(await getSlot(a.id)).toMatchObject({ bookedCount: 8 });
    expect(await getSlot(b.id)).toMatchObject({ bookedCount: 8 });
  });

  it('a move into a full slot, or back from cancelled into it, is refused and changes nothing', async () => {
    const full = await slot(1);
    const other = await slot(1);
    await book(full.id);
    const mover = (await book(other.id)).body.data;
    const res = await updateBooking(mover.id, { appointmentId: full.id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.appointment.full');
    expect((await updateBooking(mover.id, { status: 'cancelled' })).status).toBe(200);
    expect((await updateBooking(mover.id, { status: 'booked', appointmentId: full.id })).body.error.code).toBe('error.appointment.full');
    expect(await getSlot(full.id)).toMatchObject({ bookedCount: 1 });
    expect(await getSlot(other.id)).toMatchObject({ bookedCount: 0, status: 'open' });
  });

  it('closed and cancelled slots take no bookings (409 notOpen)', async () => {
    for (const status of ['closed', 'cancelled']) {
      const s = await slot(5, status);
      const res = await book(s.id);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'error.appointment.notOpen', params: { status } });
      expect(await getSlot(s.id)).toMatchObject({ bookedCount: 0, status });
    }
  });

  it('a booking already in a slot that is then closed can still be marked attended', async () => {
    const s = await slot(3);
    const booking = (await book(s.id)).body.data;
    expect((await updateSlot(s.id, { status: 'closed' })).status).toBe(200);
    expect((await updateBooking(booking.id, { status: 'attended' })).status).toBe(200);
    expect(await getSlot(s.id)).toMatchObject({ bookedCount: 1, status: 'closed' });
  });

  it('a cancelled order cannot be booked (409)', async () => {
    const s = await slot(5);
    const res = await book(s.id, await order(await account(), 'cancelled'));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.booking.orderCancelled');
    expect(await getSlot(s.id)).toMatchObject({ bookedCount: 0 });
  });

  it("the account must be the order's (400 on accountId), on create and on update", async () => {
    const s = await slot(5);
    const orderId = await order(await account());
    const stranger = await account();
    const res = await api('POST', 'VictimAppointments', { victimOrderId: orderId, accountId: stranger, appointmentId: s.id });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0]).toMatchObject({ field: 'accountId', code: 'validation.notOrderAccount' });
    const booking = (await book(s.id, orderId)).body.data;
    const upd = await updateBooking(booking.id, { accountId: stranger });
    expect(upd.status).toBe(400);
    expect(upd.body.error.fields[0].code).toBe('validation.notOrderAccount');
    expect(await getSlot(s.id)).toMatchObject({ bookedCount: 1 });
  });

  it('an unknown order or slot is a 400 naming the field', async () => {
    const s = await slot(5);
    const acc = await account();
    const noOrder = await api('POST', 'VictimAppointments', { victimOrderId: 999999, accountId: acc, appointmentId: s.id });
    expect(noOrder.status).toBe(400);
    expect(noOrder.body.error.fields[0]).toMatchObject({ field: 'victimOrderId', code: 'validation.lookupNotFound' });
    const noSlot = await book(999999);
    expect(noSlot.status).toBe(400);
    expect(noSlot.body.error.fields[0]).toMatchObject({ field: 'appointmentId', code: 'validation.lookupNotFound' });
  });
});

describe('slots', () => {
  it('a slot with bookings cannot be cancelled (409); once they are cancelled it can', async () => {
    const s = await slot(3);
    const booking = (await book(s.id)).body.data;
    const res = await updateSlot(s.id, { status: 'cancelled' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.appointment.hasBookings');
    expect((await getSlot(s.id)).status).toBe('open');
    expect((await updateBooking(booking.id, { status: 'cancelled' })).status).toBe(200);
    expect((await updateSlot(s.id, { status: 'cancelled' })).body.data).toMatchObject({ status: 'cancelled', bookedCount: 0 });
  });

  it('endsAt must be later than startsAt (400 on endsAt), on create and when one side moves', async () => {
    const typeId = await slaughterType();
    for (const endsAt of ['2031-02-01T08:00:00.000Z', '2031-02-01T07:59:00.000Z']) {
      const res = await api('POST', 'Appointments', { appointmentTypeId: typeId, startsAt: '2031-02-01T08:00:00.000Z', endsAt, capacity: 1 });
      expect(res.status).toBe(400);
      expect(res.body.error.fields[0]).toMatchObject({ field: 'endsAt', code: 'validation.endsBeforeStart' });
    }
    const s = await slot(1);
    const res = await updateSlot(s.id, { startsAt: '2032-01-01T00:00:00.000Z' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0].code).toBe('validation.endsBeforeStart');
  });

  it('the database guards stay behind the rules: a booking past capacity or a capacity below the fill is refused', async () => {
    const s = await slot(1);
    await book(s.id);
    const [o] = await sql('SELECT id, account_id FROM victim_orders WHERE id = $1', [await order(await account())]);
    const e = entityByName.get('VictimAppointment')!;
    const overBooked = await sql(`INSERT INTO victim_appointments (victim_order_id, account_id, appointment_id) VALUES ($1, $2, $3)`, [o.id, o.account_id, s.id]).catch((err) => err);
    expect(overBooked.constraint).toBe('ck_appointments__booked_within_capacity');
    const asBooking = (() => { try { translateDbError(e, overBooked, appointments.constraintErrors); } catch (err) { return err as HttpError; } })();
    expect(asBooking).toMatchObject({ status: 409, code: 'error.appointment.full' });

    const b = await slot(3);
    await book(b.id);
    await book(b.id);
    const lowered = await sql('UPDATE appointments SET capacity = 1 WHERE id = $1', [b.id]).catch((err) => err);
    const asCapacity = (() => { try { translateDbError(entityByName.get('Appointment')!, lowered, appointments.constraintErrors); } catch (err) { return err as HttpError; } })();
    expect(asCapacity).toMatchObject({ status: 409, code: 'error.appointment.capacityBelowBooked', params: { booked: 2 } });

    const backwards = await sql(`UPDATE appointments SET ends_at = starts_at WHERE id = $1`, [b.id]).catch((err) => err);
    const asEnds = (() => { try { translateDbError(entityByName.get('Appointment')!, backwards, appointments.constraintErrors); } catch (err) { return err as HttpError; } })();
    expect(asEnds).toMatchObject({ status: 400, fields: [{ field: 'endsAt', code: 'validation.endsBeforeStart' }] });
  });
});

describe('slot generation', () => {
  const generate = (body: Record<string, unknown>) => api('POST', 'Appointments/generate', body);
  const countOf = async (typeId: number) => (await sql('SELECT count(*)::int AS n FROM appointments WHERE appointment_type_id = $1', [typeId]))[0].n as number;
  async function newType(durationMinutes = 60, defaultCapacity = 4, isActive = true) {
    const res = await api('POST', 'AppointmentTypes', { name: `Tip ${++seq}`, durationMinutes, defaultCapacity, isActive });
    expect(res.status).toBe(200);
    return res.body.data.id as number;
  }

  it('a week of weekdays: three slots a day on five days, in Istanbul time, with the given capacity', async () => {
    const typeId = await newType();
    const body = { appointmentTypeId: typeId, dateFrom: '2030-06-03', dateTo: '2030-06-09', dailyStart: '09:00', dailyEnd: '12:00', slotMinutes: 60, capacity: 8, weekdays: [1, 2, 3, 4, 5], notes: 'Bayram' };
    const res = await generate(body);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ made: 15, skipped: 0 });
    const rows = await sql(
      `SELECT to_char(starts_at AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM-DD HH24:MI') AS local, extract(epoch FROM ends_at - starts_at)::int AS seconds,
              capacity, status, booked_count, notes
       FROM appointments WHERE appointment_type_id = $1 ORDER BY starts_at`, [typeId]);
    expect(rows).toHaveLength(15);
    expect(rows.slice(0, 3).map((r) => r.local)).toEqual(['2030-06-03 09:00', '2030-06-03 10:00', '2030-06-03 11:00']);
    expect(rows.at(-1).local).toBe('2030-06-07 11:00');
    expect(rows.every((r) => r.seconds === 3600 && r.capacity === 8 && r.status === 'open' && r.booked_count === 0 && r.notes === 'Bayram')).toBe(true);
    // 09:00 in Istanbul is 06:00 UTC.
    expect((await sql(`SELECT min(starts_at) AS m FROM appointments WHERE appointment_type_id = $1`, [typeId]))[0].m.toISOString()).toBe('2030-06-03T06:00:00.000Z');

    // Running it again makes nothing; a longer day makes only the new slots.
    expect((await generate(body)).body.data).toEqual({ made: 0, skipped: 15 });
    expect((await generate({ ...body, dailyEnd: '13:00' })).body.data).toEqual({ made: 5, skipped: 15 });
    expect(await countOf(typeId)).toBe(20);
  });

  it('the same run three times at once makes every slot once', async () => {
    const typeId = await newType();
    const body = { appointmentTypeId: typeId, dateFrom: '2030-09-02', dateTo: '2030-09-06', dailyStart: '09:00', dailyEnd: '12:00', weekdays: [1, 2, 3, 4, 5] };
    const runs = await Promise.all([generate(body), generate(body), generate(body)]);
    expect(runs.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(runs.reduce((n, r) => n + r.body.data.made, 0)).toBe(15);
    expect(runs.every((r) => r.body.data.made + r.body.data.skipped === 15)).toBe(true);
    expect(await countOf(typeId)).toBe(15);
  });

  it("the type's length and capacity are the defaults; the last slot may end at 24:00; a slot that does not fit is not made", async () => {
    const typeId = await newType(45, 6);
    const res = await generate({ appointmentTypeId: typeId, dateFrom: '2030-06-08', dateTo: '2030-06-08', dailyStart: '22:00', dailyEnd: '24:00', weekdays: [6] });
    expect(res.body.data).toEqual({ made: 2, skipped: 0 });
    const rows = await sql(
      `SELECT to_char(starts_at AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM-DD HH24:MI') AS s, to_char(ends_at AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM-DD HH24:MI') AS e, capacity
       FROM appointments WHERE appointment_type_id = $1 ORDER BY starts_at`, [typeId]);
    expect(rows).toEqual([
      { s: '2030-06-08 22:00', e: '2030-06-08 22:45', capacity: 6 },
      { s: '2030-06-08 22:45', e: '2030-06-08 23:30', capacity: 6 },
    ]);
    const midnight = await generate({ appointmentTypeId: typeId, dateFrom: '2030-06-09', dateTo: '2030-06-09', dailyStart: '23:00', dailyEnd: '24:00', slotMinutes: 60, weekdays: [7] });
    expect(midnight.body.data).toEqual({ made: 1, skipped: 0 });
    expect((await sql(`SELECT max(ends_at) AS m FROM appointments WHERE appointment_type_id = $1`, [typeId]))[0].m.toISOString()).toBe('2030-06-09T21:00:00.000Z');
    // No chosen weekday in the range: nothing to make.
    expect((await generate({ appointmentTypeId: typeId, dateFrom: '2030-06-10', dateTo: '2030-06-11', dailyStart: '09:00', dailyEnd: '10:00', weekdays: [6, 7] })).body.data).toEqual({ made: 0, skipped: 0 });
  });

  it('at most 5,000 slots a call: exactly 5,000 are made, one more is a 400 that writes nothing', async () => {
    const typeId = await newType(5, 1);
    // 50 days × 100 five-minute slots (08:00–16:20).
    const body = { appointmentTypeId: typeId, dateFrom: '2035-01-01', dateTo: '2035-02-19', dailyStart: '08:00', dailyEnd: '16:20', weekdays: [1, 2, 3, 4, 5, 6, 7] };
    const res = await generate(body);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ made: 5000, skipped: 0 });
    const over = await generate({ ...body, dateFrom: '2036-01-01', dateTo: '2036-02-19', dailyEnd: '16:25' });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: 'error.generate.tooMany', params: { count: 5050 } });
    const huge = await generate({ ...body, dateFrom: '2037-01-01', dateTo: '2038-01-01', dailyStart: '00:00', dailyEnd: '24:00' });
    expect(huge.status).toBe(400);
    expect(huge.body.error.code).toBe('error.generate.tooMany');
    expect(await countOf(typeId)).toBe(5000);
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const typeId = await newType();
    const inactive = await newType(60, 1, false);
    const good = { appointmentTypeId: typeId, dateFrom: '2030-07-01', dateTo: '2030-07-05', dailyStart: '09:00', dailyEnd: '12:00', weekdays: [1] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dateTo: '2030-06-30' }, 'dateTo', 'validation.dateOrder'],
      [{ dateTo: '2031-07-03' }, 'dateTo', 'validation.maximum'],
      [{ dailyEnd: '09:00' }, 'dailyEnd', 'validation.endsBeforeStart'],
      [{ dailyEnd: '08:00' }, 'dailyEnd', 'validation.endsBeforeStart'],
      [{ appointmentTypeId: inactive }, 'appointmentTypeId', 'validation.invalid'],
      [{ appointmentTypeId: 999999 }, 'appointmentTypeId', 'validation.lookupNotFound'],
      [{ dailyStart: '24:00' }, 'dailyStart', 'validation.pattern'],
      [{ dateFrom: '2030-02-30' }, 'dateFrom', 'validation.format'],
      [{ weekdays: [] }, 'weekdays', 'validation.minItems'],
      [{ weekdays: [0] }, 'weekdays.0', 'validation.minimum'],
      [{ slotMinutes: 2 }, 'slotMinutes', 'validation.minimum'],
      [{ capacity: 0 }, 'capacity', 'validation.minimum'],
    ];
    for (const [change, field, code] of cases) {
      const res = await generate({ ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
      const f = res.body.error.fields.find((x: { field: string }) => x.field === field);
      expect(f?.code === code || (code === 'validation.minItems' && f), JSON.stringify(res.body.error)).toBeTruthy();
    }
    // Exactly 366 days later is still accepted.
    expect((await generate({ ...good, dateTo: '2031-07-02', weekdays: [1], dailyEnd: '10:00' })).status).toBe(200);
    expect(await countOf(inactive)).toBe(0);
  });
});
