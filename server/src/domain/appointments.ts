// Slots and bookings (contract: Appointment, VictimAppointment, POST Appointments/generate).
// The database keeps a slot's booked count and open/full status from its bookings, under the
// check booked ≤ capacity; here each booking first locks its slot's row, so concurrent bookings
// of one slot are judged one after the other and a refusal says why (not open, full, the order).
// A booking is never made into a slot that has started; an order holds one active booking per
// appointment type (its row is locked, so concurrent bookings of one order take turns); and a
// slaughter booking queues the order's animal on the slot's day (issue 17, point 6).
import type pg from 'pg';
import { HttpError, badRequest, fieldError, type FieldError } from '../core/errors.ts';
import { translateDbError, type EntityHooks } from '../crud/handlers.ts';
import { entityByName } from '../crud/entities.ts';
import { inTransaction } from '../db/client.ts';
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';
import { APPOINTMENT_TYPE } from '../../../common/reference-codes.ts';
import { nextSlaughterNo } from './queue.ts';

const MAX_SLOTS = 5_000;
const MAX_RANGE_DAYS = 366;

const slotFull = () => new HttpError(409, 'error.appointment.full', 'Randevu dolu: boş yer kalmadı.');
const slotNotOpen = (status: string) =>
  new HttpError(409, 'error.appointment.notOpen', 'Bu randevu yeni kayıt almıyor (dolu, kapalı ya da iptal).', { params: { status } });
const capacityBelowBooked = (booked: number | undefined) =>
  new HttpError(409, 'error.appointment.capacityBelowBooked', `Kapasite dolu yer sayısının (${booked ?? ''}) altına indirilemez.`, {
    params: { booked },
    fields: [fieldError('capacity', 'minimum', { min: booked })],
  });

const time = (v: unknown) => new Date(v as string | Date).getTime();

const appointmentHooks: EntityHooks = {
  async beforeWrite({ values, current }) {
    const startsAt = values.startsAt ?? current?.startsAt;
    const endsAt = values.endsAt ?? current?.endsAt;
    if (startsAt !== undefined && endsAt !== undefined && time(endsAt) <= time(startsAt)) {
      throw badRequest([fieldError('endsAt', 'endsBeforeStart')]);
    }
    if (!current) return;
    // `current` is locked: no booking can change the count until this write ends.
    const booked = current.bookedCount as number;
    if (typeof values.capacity === 'number' && values.capacity < booked) throw capacityBelowBooked(booked);
    if (values.status === 'cancelled' && current.status !== 'cancelled' && booked > 0) {
      throw new HttpError(409, 'error.appointment.hasBookings', 'Kayıtları olan randevu iptal edilemez; önce kayıtları taşıyın ya da iptal edin.', {
        params: { booked },
      });
    }
  },
};

interface LockedSlot {
  status: string;
  capacity: number;
  booked_count: number;
  /** Already started (`starts_at <= now()`): takes no new booking. */
  started: boolean;
  starts_at: Date;
  type_code: string | null;
  /** The slot's day in Istanbul (YYYY-MM-DD): the slaughter queue's day. */
  day: string;
}

/** Locks the slots in id order (a move touches two; the count trigger locks them in that order too). */
async function lockSlots(client: pg.PoolClient, ids: number[]) {
  const { rows } = await client.query(
    `SELECT a.id, a.status, a.capacity, a.booked_count, a.starts_at <= now() AS started, a.starts_at, t.code AS type_code,
            to_char(a.starts_at AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM-DD') AS day
     FROM appointments a JOIN appointment_types t ON t.id = a.appointment_type_id
     WHERE a.id = ANY($1::int[]) ORDER BY a.id FOR UPDATE OF a`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id as number, r as LockedSlot]));
}

const slotStarted = (startsAt: Date) =>
  new HttpError(409, 'error.booking.slotStarted', 'Başlamış ya da geçmiş bir randevuya kayıt yapılamaz; ileri bir randevu seçin.', {
    params: { startsAt: startsAt.toISOString() },
  });
const alreadyBooked = (b: { id: number; appointment_id: number; starts_at: Date }) =>
  new HttpError(409, 'error.booking.alreadyBooked', `Bu siparişin bu tipte etkin bir randevusu zaten var (kayıt no ${b.id}); yeni randevu almak yerine onu taşıyın.`, {
    params: { bookingId: b.id, appointmentId: b.appointment_id, startsAt: b.starts_at.toISOString() },
  });

/**
 * Puts the order's animal in the slaughter queue of the slot's day, under a lock of the day (two
 * bookings at once never take one number; the unique index per day is the backstop), with the
 * day's next slaughter number. An animal is queued once (one queue row per animal): already
 * queued that day, nothing changes; queued on another day, its row moves here with this day's
 * next number, unless it has started its steps or another order of it is still booked for a
 * slaughter on that day (then it stays where it is).
 */
async function queueAnimal(client: pg.PoolClient, productId: number, appointmentId: number, day: string, bookingId: number) {
  const next = await nextSlaughterNo(client, day);
  const { rows } = await client.query(
    `SELECT id, slaughter_day AS day, current_step_id FROM victim_products_appointments WHERE product_id = $1 FOR UPDATE`,
    [productId],
  );
  const queued = rows[0] as { id: number; day: string; current_step_id: number | null } | undefined;
  if (!queued) {
    await client.query(`INSERT INTO victim_products_appointments (product_id, appointment_id, slaughter_no) VALUES ($1, $2, $3)`, [productId, appointmentId, next]);
    return;
  }
  if (queued.day === day || queued.current_step_id !== null) return;
  await client.query(
    `UPDATE victim_products_appointments SET appointment_id = $2, slaughter_no = $3, row_version = row_version + 1, updated_at = now()
     WHERE id = $4 AND NOT EXISTS (
       SELECT 1 FROM victim_appointments b
       JOIN victim_orders o ON o.id = b.victim_order_id
       JOIN appointments a ON a.id = b.appointment_id
       JOIN appointment_types t ON t.id = a.appointment_type_id
       WHERE o.product_id = $1 AND b.id <> $5 AND b.status <> 'cancelled' AND t.code = '${APPOINTMENT_TYPE.slaughter}'
         AND (a.starts_at AT TIME ZONE 'Europe/Istanbul')::date = $6::date)`,
    [productId, appointmentId, next, queued.id, bookingId, queued.day],
  );
}

const bookingHooks: EntityHooks = {
  async beforeWrite({ client, values, current, id }) {
    const pick = <T>(name: string) => (values[name] !== undefined ? values[name] : current?.[name]) as T;
    const appointmentId = pick<number>('appointmentId');
    const orderId = pick<number>('victimOrderId');
    const accountId = pick<number>('accountId');
    const status = pick<string | undefined>('status') ?? 'booked';
    const takesPlace = status !== 'cancelled';
    const tookPlace = current !== undefined && current.status !== 'cancelled';
    const moved = current !== undefined && current.appointmentId !== appointmentId;
    // A new place is taken on create, on a move, and when a cancelled booking comes back.
    const books = takesPlace && (!current || !tookPlace || moved);
    const orderChanged = !current || current.victimOrderId !== orderId || current.accountId !== accountId;
    // An order holds at most one active (`booked`) booking per appointment type.
    const becomesActive = status === 'booked' && (!current || current.status !== 'booked' || moved || current.victimOrderId !== orderId);

    let order: { account_id: number; status: string; product_id: number } | undefined;
    if (books || orderChanged || becomesActive) {
      // FOR NO KEY UPDATE: bookings of one order are judged one after the other (one active
      // booking per type), and the order cannot be cancelled or change hands meanwhile.
      const { rows } = await client.query(`SELECT account_id, status, product_id FROM victim_orders WHERE id = $1 FOR NO KEY UPDATE`, [orderId]);
      order = rows[0] as typeof order;
      if (!order) throw badRequest([fieldError('victimOrderId', 'lookupNotFound')]);
      if (order.account_id !== accountId) throw badRequest([fieldError('accountId', 'notOrderAccount')]);
      if (takesPlace && (books || current?.victimOrderId !== orderId) && order.status === 'cancelled') {
        throw new HttpError(409, 'error.booking.orderCancelled', 'İptal edilmiş siparişe randevu verilemez.');
      }
    }
    if (becomesActive) {
      const { rows } = await client.query(
        `SELECT b.id, b.appointment_id, a.starts_at FROM victim_appointments b JOIN appointments a ON a.id = b.appointment_id
         WHERE b.victim_order_id = $1 AND b.status = 'booked' AND b.id <> $3
           AND a.appointment_type_id = (SELECT appointment_type_id FROM appointments WHERE id = $2)
         ORDER BY b.id LIMIT 1`,
        [orderId, appointmentId, id ?? 0],
      );
      if (rows[0]) throw alreadyBooked(rows[0]);
    }
    if (!books) return;
    const slots = await lockSlots(client, moved && tookPlace ? [appointmentId, current!.appointmentId as number] : [appointmentId]);
    const slot = slots.get(appointmentId);
    if (!slot) throw badRequest([fieldError('appointmentId', 'lookupNotFound')]);
    if (slot.started) throw slotStarted(slot.starts_at);
    if (slot.status === 'full' || (slot.status === 'open' && slot.booked_count >= slot.capacity)) throw slotFull();
    if (slot.status !== 'open') throw slotNotOpen(slot.status);
    // A slaughter booking queues the order's animal on the slot's day, in this transaction.
    if (slot.type_code === APPOINTMENT_TYPE.slaughter) await queueAnimal(client, order!.product_id, appointmentId, slot.day, id ?? 0);
  },
};

// ---- slot generation ---------------------------------------------------------------------------

interface GenerateRequest {
  appointmentTypeId: number;
  dateFrom: string;
  dateTo: string;
  dailyStart: string;
  dailyEnd: string;
  slotMinutes?: number;
  capacity?: number;
  weekdays: number[];
  notes?: string | null;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const dateOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * The candidate slots as a query: every chosen ISO weekday of the range, slots of $5 minutes from
 * $3 (minutes after midnight) while they end by $4; Istanbul wall clock made into instants.
 */
const CANDIDATES = `
  SELECT (d.day + make_interval(mins => s.start)) AT TIME ZONE 'Europe/Istanbul' AS starts_at,
         (d.day + make_interval(mins => s.start + $5::int)) AT TIME ZONE 'Europe/Istanbul' AS ends_at
  FROM (SELECT g::date AS day FROM generate_series($1::date, $2::date, interval '1 day') g
        WHERE extract(isodow FROM g)::int = ANY($6::int[])) d
  CROSS JOIN (SELECT $3::int + n * $5::int AS start FROM generate_series(0, ($4::int - $3::int) / $5::int - 1) n) s`;

async function generateAppointments(deps: DomainDeps, input: OperationInput) {
  const req = input.body as GenerateRequest;
  const errors: FieldError[] = [];
  const from = dayNumber(req.dateFrom);
  const to = dayNumber(req.dateTo);
  if (to < from) errors.push(fieldError('dateTo', 'dateOrder'));
  else if (to - from > MAX_RANGE_DAYS) errors.push(fieldError('dateTo', 'maximum', { max: dateOf(from + MAX_RANGE_DAYS) }));
  const start = minutesOf(req.dailyStart);
  const end = minutesOf(req.dailyEnd);
  if (end <= start) errors.push(fieldError('dailyEnd', 'endsBeforeStart'));
  if (errors.length) throw badRequest(errors);

  const appointment = entityByName.get('Appointment')!;
  try {
    return await inTransaction(deps.pool, async (client) => {
      // FOR SHARE: the type stays active (and its defaults fixed) while its slots are written.
      const { rows } = await client.query(
        `SELECT duration_minutes, default_capacity, is_active FROM appointment_types WHERE id = $1 FOR SHARE`,
        [req.appointmentTypeId],
      );
      const type = rows[0] as { duration_minutes: number; default_capacity: number; is_active: boolean } | undefined;
      if (!type) throw badRequest([fieldError('appointmentTypeId', 'lookupNotFound')]);
      if (!type.is_active) throw badRequest([fieldError('appointmentTypeId', 'invalid', { reason: 'inactive' })]);
      const slotMinutes = req.slotMinutes ?? type.duration_minutes;
      const capacity = req.capacity ?? type.default_capacity;
      const params = [req.dateFrom, req.dateTo, start, end, slotMinutes, req.weekdays];

      const count = (await client.query(`SELECT count(*)::int AS n FROM (${CANDIDATES}) c`, params)).rows[0].n as number;
      if (count > MAX_SLOTS) {
        throw new HttpError(400, 'error.generate.tooMany', `Bir seferde en fazla 5.000 randevu oluşturulabilir (${count} istendi).`, {
          params: { count, max: MAX_SLOTS },
        });
      }
      const made = (await client.query(
        `WITH made AS (
           INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity, status, notes)
           SELECT $7, c.starts_at, c.ends_at, $8, 'open', $9 FROM (${CANDIDATES}) c ORDER BY c.starts_at
           ON CONFLICT (appointment_type_id, starts_at) DO NOTHING
           RETURNING 1)
         SELECT count(*)::int AS n FROM made`,
        [...params, req.appointmentTypeId, capacity, req.notes ?? null],
      )).rows[0].n as number;
      return { made, skipped: count - made };
    }, { userId: input.userId, operation: input.operation });
  } catch (err) {
    translateDbError(appointment, err, constraintErrors);
  }
}

// ---- the days with free seats ---------------------------------------------------------------------

/**
 * Per Istanbul day and appointment type, the open slots that have not started and their free
 * seats, from `from` (today) to `to` (366 days on): the booking dialog's calendar. One range scan
 * of the index on `starts_at`; `open` slots only, which by the status trigger have a seat.
 */
async function getAppointmentFreeDays(deps: DomainDeps, input: OperationInput) {
  const { from = null, to = null, appointmentTypeId = null } = input.query as { from?: string; to?: string; appointmentTypeId?: number };
  if (from && to && to < from) throw badRequest([fieldError('to', 'dateOrder')]);
  if (from && to && dayNumber(to) - dayNumber(from) > MAX_RANGE_DAYS) throw badRequest([fieldError('to', 'maximum', { max: dateOf(dayNumber(from) + MAX_RANGE_DAYS) })]);
  const { rows } = await deps.pool.query(
    `WITH r AS (SELECT coalesce($1::date, (now() AT TIME ZONE 'Europe/Istanbul')::date) AS lo)
     SELECT to_char(a.starts_at AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM-DD') AS day, t.id AS "appointmentTypeId", t.name AS "typeName",
            t.code AS "typeCode", t.color, count(*)::int AS slots, sum(a.capacity - a.booked_count)::int AS "freeSeats"
     FROM r, appointments a JOIN appointment_types t ON t.id = a.appointment_type_id
     WHERE a.starts_at >= (r.lo::timestamp AT TIME ZONE 'Europe/Istanbul')
       AND a.starts_at < ((coalesce($2::date, r.lo + ${MAX_RANGE_DAYS}) + 1)::timestamp AT TIME ZONE 'Europe/Istanbul')
       AND a.starts_at > now() AND a.status = 'open' AND a.booked_count < a.capacity
       AND ($3::int IS NULL OR a.appointment_type_id = $3::int)
     GROUP BY 1, t.id ORDER BY 1, t.name, t.id`,
    [from, to, appointmentTypeId],
  );
  return rows;
}

// ---- the database's last guards ------------------------------------------------------------------

/** The failing row's `booked_count` (the 9th column of `appointments`), for the message. */
function bookedOf(detail?: string): number | undefined {
  const values = /\((.*)\)/.exec(detail ?? '')?.[1]?.split(', ');
  const n = Number(values?.[8]);
  return Number.isInteger(n) ? n : undefined;
}

const constraintErrors = {
  // From the booking count trigger a booking did not fit; otherwise the capacity was lowered.
  ck_appointments__booked_within_capacity: (err: { detail?: string; where?: string }) =>
    err.where?.includes('kurban_booking_count') ? slotFull() : capacityBelowBooked(bookedOf(err.detail)),
  ck_appointments__ends_after_start: () => badRequest([fieldError('endsAt', 'endsBeforeStart')]),
};

export const appointments: WorkflowModule = {
  hooks: { Appointment: appointmentHooks, VictimAppointment: bookingHooks },
  constraintErrors,
  operations: (deps) => ({
    generateAppointments: (input) => generateAppointments(deps, input),
    getAppointmentFreeDays: (input) => getAppointmentFreeDays(deps, input),
  }),
};
