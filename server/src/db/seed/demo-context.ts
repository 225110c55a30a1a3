// What every part of the demo shares: the transaction, the generator, the reference rows (found
// by their natural keys) and the season's calendar.
import { addDays, istanbulDate, istanbulYear, kurbanFirstDay, minDate } from './calendar.ts';
import type { Random } from './random.ts';
import { type Db, idsBy, need } from './sql.ts';
import { APPOINTMENT_TYPE } from '../../../../common/reference-codes.ts';

export interface Season {
  year: number;
  /** First day of Kurban Bayramı. */
  kurban: string;
  /** The three slaughter days. */
  slaughterDays: string[];
  now: Date;
  today: string;
  /** Orders are taken from `salesStart` to `salesEnd` (before today). */
  salesStart: string;
  salesEnd: string;
  /** Prices of the season apply from this day. */
  priceStart: string;
  /** The slaughter days are over: orders can be completed. */
  over: boolean;
  /** The last day money can have come in: the eve of Kurban, or yesterday. */
  lastPaymentDay: string;
}

export interface SlotType {
  id: number;
  durationMinutes: number;
  capacity: number;
}

export interface Ref {
  currencyId: number;
  productTypes: Map<string, number>;
  vatRates: Map<string, number>;
  /** By code (reference-codes.ts). */
  priceTypes: Map<string, number>;
  accountTypes: Map<string, number>;
  addressTypes: Map<string, number>;
  /** By system code (`sale`, `collection`, …) and, for the hand-posted ones, by name. */
  transactionTypes: Map<string, number>;
  slotTypes: { slaughter: SlotType; pickup: SlotType; visit: SlotType };
  paymentMethods: Map<string, number>;
  paymentStatuses: Map<string, number>;
  /** Step ids in step order. */
  steps: number[];
  attributes: Map<string, number>;
  /** The user the demo's hand-made entries are written by: the first administrator, if any. */
  adminUserId: number | null;
}

export interface DemoContext {
  db: Db;
  rnd: Random;
  ref: Ref;
  season: Season;
}

export function seasonOf(year: number, now: Date): Season {
  const kurban = kurbanFirstDay(year);
  const today = istanbulDate(now);
  // Nothing dated today: a demo written at 00:30 must not hold payments from this afternoon.
  const salesEnd = minDate(addDays(kurban, -2), addDays(today, -1));
  const salesStart = minDate(addDays(kurban, -75), addDays(salesEnd, -45));
  return {
    year,
    kurban,
    slaughterDays: [0, 1, 2].map((d) => addDays(kurban, d)),
    now,
    today,
    salesStart,
    salesEnd,
    priceStart: addDays(salesStart, -15),
    over: today > addDays(kurban, 2),
    lastPaymentDay: minDate(addDays(kurban, -1), addDays(today, -1)),
  };
}

/** The season year staff set (`season.year`), else this year in Istanbul. */
export async function seasonYear(db: Db, now: Date): Promise<number> {
  const { rows } = await db.query(`SELECT value FROM settings WHERE key = 'season.year' AND NOT is_secret`);
  const year = Number(rows[0]?.value);
  return Number.isInteger(year) && year >= 2000 && year <= 2200 ? year : istanbulYear(now);
}

export async function loadReference(db: Db): Promise<Ref> {
  const byName = (table: string, where?: string) => idsBy(db, table, 'name', where);
  const [currencies, defaults] = await Promise.all([idsBy(db, 'currency_types', 'code'), idsBy(db, 'currency_types', 'code', 'is_default')]);
  const systemTypes = await idsBy(db, 'transaction_types', 'system_code', 'system_code IS NOT NULL');
  const manualTypes = await byName('transaction_types', 'system_code IS NULL');
  const slotRows = (await db.query(`SELECT id, code, duration_minutes, default_capacity FROM appointment_types ORDER BY id`)).rows;
  const slotType = (code: string): SlotType => {
    const r = slotRows.find((x) => x.code === code);
    if (!r) throw new Error(`demo seed: appointment type "${code}" is missing; restore it or start with SEED_DEMO=false`);
    return { id: r.id, durationMinutes: r.duration_minutes, capacity: r.default_capacity };
  };
  const steps = (await db.query(`SELECT id FROM victim_appointment_steps ORDER BY step_order`)).rows.map((r) => r.id as number);
  const admin = await db.query(
    `SELECT ug.user_id FROM user_groups ug JOIN group_claims gc ON gc.group_id = ug.group_id
     JOIN operation_claims oc ON oc.id = gc.operation_claim_id WHERE oc.name = 'Admin' ORDER BY ug.user_id LIMIT 1`,
  );
  return {
    currencyId: [...defaults.values()][0] ?? need(currencies, 'TRY', 'currency'),
    productTypes: await byName('product_types'),
    vatRates: await byName('vat_rates'),
    priceTypes: await idsBy(db, 'price_types', 'code', 'code IS NOT NULL'),
    accountTypes: await idsBy(db, 'account_types', 'code', 'code IS NOT NULL'),
    addressTypes: await byName('address_types'),
    transactionTypes: new Map([...systemTypes, ...manualTypes]),
    slotTypes: { slaughter: slotType(APPOINTMENT_TYPE.slaughter), pickup: slotType(APPOINTMENT_TYPE.pickup), visit: slotType(APPOINTMENT_TYPE.visit) },
    paymentMethods: await idsBy(db, 'payment_methods', 'code', 'is_active'),
    paymentStatuses: await idsBy(db, 'payment_statuses', 'code'),
    steps,
    attributes: await idsBy(db, 'attributes', 'code', 'code IS NOT NULL'),
    adminUserId: admin.rows[0]?.user_id ?? null,
  };
}
