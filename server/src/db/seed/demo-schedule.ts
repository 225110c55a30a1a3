// The season's calendar: slaughter, pick-up and visit slots, the slaughter queue (which animal is
// cut in which slot, its number and step) and the orders' bookings of slots.
import { addDays, at } from './calendar.ts';
import type { Animal } from './demo-catalogue.ts';
import type { DemoContext, SlotType } from './demo-context.ts';
import type { Order } from './demo-sales.ts';
import { allocateIds, insertRows, updateRows } from './sql.ts';

export interface Slot {
  id: number;
  type: SlotType;
  kind: 'slaughter' | 'pickup' | 'visit';
  date: string;
  minutes: number; // start, minutes after midnight
  startsAt: string;
  endsAt: string;
  capacity: number;
  booked: number;
  past: boolean;
  status: 'open' | 'full' | 'closed' | 'cancelled';
  notes: string | null;
}

export interface QueueEntry {
  animal: Animal;
  slot: Slot;
  slaughterNo: number;
  /** Index into the step list; null while the animal has not been received. */
  step: number | null;
}

export interface Booking {
  order: Order;
  slot: Slot;
  status: 'booked' | 'attended' | 'noShow' | 'cancelled';
  notes: string | null;
}

/** Animals per slaughter hour, and how many the first day takes before the queue moves on. */
const ANIMALS_PER_SLOT = 2;
const FIRST_DAY_SLOTS = 7;

export async function planSlots(ctx: DemoContext): Promise<Slot[]> {
  const { ref, season } = ctx;
  const slots: Omit<Slot, 'id'>[] = [];
  const make = (kind: Slot['kind'], type: SlotType, days: string[], from: number, to: number) => {
    for (const date of days) {
      for (let m = from; m + type.durationMinutes <= to; m += type.durationMinutes) {
        const startsAt = at(date, m);
        slots.push({
          type, kind, date, minutes: m, startsAt, endsAt: at(date, m + type.durationMinutes), capacity: type.capacity, booked: 0,
          past: Date.parse(startsAt) < season.now.getTime(), status: 'open', notes: null,
        });
      }
    }
  };
  make('slaughter', ref.slotTypes.slaughter, season.slaughterDays, 7 * 60, 17 * 60);
  make('pickup', ref.slotTypes.pickup, season.slaughterDays, 12 * 60, 20 * 60);
  make('visit', ref.slotTypes.visit, [-6, -5, -4, -3, -2].map((d) => addDays(season.kurban, d)), 10 * 60, 17 * 60);
  // Staff closed the last visiting day: the pens are being prepared for the slaughter days.
  for (const s of slots.filter((x) => x.kind === 'visit' && x.date === addDays(season.kurban, -2))) {
    s.status = 'closed';
    s.notes = 'Bayram hazırlığı: ziyarete kapalı.';
  }
  const ids = await allocateIds(ctx.db, 'appointments', slots.length);
  return slots.map((s, i) => ({ ...s, id: ids[i] }));
}

/**
 * Every animal whose shares are all sold (orders that are not cancelled) gets a slaughter slot and
 * a number (restarting each day); a cattle with free shares waits for buyers. On a day that has
 * come, earlier numbers are further along: the first are delivered, the last not yet received, so
 * the board shows every step.
 */
export function planQueue(ctx: DemoContext, slots: Slot[], orders: Order[]): QueueEntry[] {
  const { ref, season } = ctx;
  const sold = new Map<Animal, number>();
  for (const o of orders.filter((x) => x.status !== 'cancelled')) sold.set(o.animal, (sold.get(o.animal) ?? 0) + o.shares);
  const animals = [...sold].filter(([a, n]) => n === a.capacity).map(([a]) => a)
    .sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === 'cattle' ? -1 : 1));
  const slaughter = slots.filter((s) => s.kind === 'slaughter');
  const firstDay = slaughter.filter((s) => s.date === season.slaughterDays[0]).slice(0, FIRST_DAY_SLOTS);
  const usable = [...firstDay, ...slaughter.filter((s) => s.date !== season.slaughterDays[0])];

  const queue: QueueEntry[] = [];
  const numberOfDay = new Map<string, number>();
  animals.forEach((animal, i) => {
    const slot = usable[Math.floor(i / ANIMALS_PER_SLOT)];
    if (!slot) return; // more animals than slots: the rest wait for staff
    const slaughterNo = (numberOfDay.get(slot.date) ?? 0) + 1;
    numberOfDay.set(slot.date, slaughterNo);
    queue.push({ animal, slot, slaughterNo, step: null });
  });

  const steps = ref.steps.length;
  for (const [date, count] of numberOfDay) {
    if (date > season.today) continue; // that day has not come: nothing received yet
    for (const q of queue.filter((x) => x.slot.date === date)) {
      const reached = steps - Math.floor(((q.slaughterNo - 1) * (steps + 1)) / count); // steps … 0
      q.step = reached > 0 ? Math.min(reached, steps) - 1 : null;
    }
  }
  return queue;
}

/** Animals at the last step, with their slaughter day: their orders may be completed. */
export const doneAnimals = (ctx: DemoContext, queue: QueueEntry[]) =>
  new Map(queue.filter((q) => q.step !== null && q.step === ctx.ref.steps.length - 1).map((q) => [q.animal, q.slot.date]));

/**
 * Pick-up customers come to watch their animal's slaughter or to collect the meat in the
 * afternoon; some delivery customers come to watch. No slot takes more than its capacity.
 */
export function planBookings(ctx: DemoContext, slots: Slot[], queue: QueueEntry[], orders: Order[]): Booking[] {
  const { rnd } = ctx;
  const bookings: Booking[] = [];
  const queueOf = new Map(queue.map((q) => [q.animal, q]));
  const hasRoom = (s: Slot) => s.status === 'open' && s.booked < s.capacity;
  const statusOf = (s: Slot) => (s.past ? (rnd.chance(0.85) ? 'attended' : 'noShow') : 'booked') as Booking['status'];
  let movedLeft = 2; // two customers moved their pick-up once: a cancelled booking stays behind

  for (const order of orders.filter((o) => o.status !== 'cancelled' && o.delivery !== 'donation')) {
    const q = queueOf.get(order.animal);
    if (!q) continue;
    const watch = order.delivery === 'pickup' ? rnd.chance(0.6) : rnd.chance(0.3);
    if (!watch && order.delivery !== 'pickup') continue;
    let slot: Slot | undefined = watch && hasRoom(q.slot) ? q.slot : undefined;
    if (!slot) {
      // Meat is ready about four hours after slaughter.
      const afternoon = slots.filter((s) => s.kind === 'pickup' && s.date === q.slot.date && s.minutes >= q.slot.minutes + 240);
      slot = afternoon.slice(rnd.int(0, 3)).find(hasRoom) ?? afternoon.find(hasRoom);
      if (slot && movedLeft > 0) {
        const earlier = afternoon.find((s) => s !== slot);
        if (earlier) {
          movedLeft--;
          bookings.push({ order, slot: earlier, status: 'cancelled', notes: 'Müşteri saatini değiştirdi.' });
        }
      }
    }
    if (!slot) continue;
    slot.booked++;
    bookings.push({ order, slot, status: statusOf(slot), notes: null });
  }
  for (const s of slots) if (s.status === 'open' && s.booked >= s.capacity) s.status = 'full';
  return bookings;
}

/**
 * Writes the slots, the queue and the bookings. The database keeps each slot's booked count and
 * open/full status from its bookings (closed slots stay closed) and each queue row's slaughter
 * day from its slot. The animals are queued without a step and then moved through the steps one
 * at a time, as staff did on the day: every move is history (by the demo's administrator), dated
 * from the slot's start on, never later than now.
 */
export async function writeSchedule(ctx: DemoContext, slots: Slot[], queue: QueueEntry[], bookings: Booking[]): Promise<void> {
  const { db, ref, season } = ctx;
  await insertRows(db, 'appointments', slots.map((s) => ({
    id: s.id, appointment_type_id: s.type.id, starts_at: s.startsAt, ends_at: s.endsAt, capacity: s.capacity,
    status: s.status === 'full' ? 'open' : s.status, notes: s.notes,
  })));
  const queued = await insertRows(db, 'victim_products_appointments', queue.map((q) => ({
    product_id: q.animal.id, appointment_id: q.slot.id, slaughter_no: q.slaughterNo, current_step_id: null,
    notes: q.animal.kind === 'cattle' && q.slaughterNo === 1 ? 'Günün ilk kesimi; hissedarlar 06:45’te hazır.' : null,
    // Planned once the sales were over.
    created_at: at(season.salesEnd, 1140), updated_at: at(season.salesEnd, 1140),
  })), 'RETURNING id');
  const ids = new Map(queue.map((q, i) => [q, queued[i].id as number]));
  /** When the animal reached step `k` of its `q.step`: half-hourly from 30 minutes before its slot, and before now. */
  const reached = (q: QueueEntry, k: number) => new Date(Math.min(
    Date.parse(q.slot.startsAt) + (k - 1) * 30 * 60_000,
    season.now.getTime() - (q.step! - k + 1) * 5 * 60_000,
  )).toISOString();
  for (let k = 0; k < ref.steps.length; k++) {
    await updateRows(db, 'victim_products_appointments', 'id', queue.filter((q) => q.step !== null && q.step >= k).map((q) => ({
      id: ids.get(q), current_step_id: ref.steps[k], updated_at: reached(q, k),
    })));
  }
  const { rows: moves } = await db.query<{ id: number; queue_id: number; step_id: number }>(
    `SELECT id, victim_products_appointment_id AS queue_id, to_step_id AS step_id FROM victim_step_histories WHERE victim_products_appointment_id = ANY($1::int[])`,
    [[...ids.values()]],
  );
  const entryOf = new Map([...ids].map(([q, id]) => [id, q]));
  await updateRows(db, 'victim_step_histories', 'id', moves.map((m) => {
    const when = reached(entryOf.get(m.queue_id)!, ref.steps.indexOf(m.step_id));
    return { id: m.id, changed_at: when, created_at: when, updated_at: when };
  }));
  await insertRows(db, 'victim_appointments', bookings.map((b) => ({
    victim_order_id: b.order.id, account_id: b.order.account.id, appointment_id: b.slot.id, status: b.status, notes: b.notes,
  })));
}
