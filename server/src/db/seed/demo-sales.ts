// The season's sales: Kurban orders with their shareholders and payments, written the way the
// season made them (created, paid, refunded, cancelled) so that the database posts their ledger
// entries (sale, collection and their reversals) and keeps the derived figures itself; then the
// story's dates are put on what it posted. The hand-made entries of suppliers, staff and
// distributed expenses are written as staff would post them.
import { addDays, at, daysBetween, maxDate, minDate } from './calendar.ts';
import { sharePriceOn, type Animal } from './demo-catalogue.ts';
import type { DemoContext } from './demo-context.ts';
import { FEMALE_NAMES, MALE_NAMES, ORDER_NOTES, SUPPLIERS } from './demo-data.ts';
import type { DemoAccount } from './demo-people.ts';
import { INACTIVE_CUSTOMER } from './demo-people.ts';
import { lira, money, splitKurus } from './money.ts';
import { makeMobile } from './random.ts';
import { type Row, allocateIds, insertRows, need, updateRows } from './sql.ts';

export type OrderStatus = 'draft' | 'confirmed' | 'cancelled' | 'completed';

export interface Order {
  id: number;
  orderNo: string;
  account: DemoAccount;
  animal: Animal;
  shares: number;
  unitPrice: number; // kuruş
  discount: number;
  total: number;
  status: OrderStatus;
  /** When a cancelled order was cancelled (timestamp). */
  cancelledAt: string | null;
  cancelReason: string | null;
  /** Confirmed at some point: it has a sale (and a sale reversal if it was cancelled after that). */
  wasConfirmed: boolean;
  /** When a completed order was completed (timestamp). */
  completedAt: string | null;
  proxyReceived: boolean;
  delivery: 'pickup' | 'delivery' | 'donation';
  date: string;
  createdAt: string;
  notes: string | null;
}

type PaymentStatusCode = 'pending' | 'paid' | 'cancelled' | 'refunded';
type MethodCode = 'cash' | 'card' | 'transfer' | 'virtualPos';

export interface Payment {
  id: number;
  order: Order;
  amount: number;
  method: MethodCode;
  status: PaymentStatusCode;
  createdAt: string;
  paidAt: string | null;
  /** For a refunded payment: when the money went back. */
  refundedAt: string | null;
  receiptNo: string | null;
  description: string;
}

const ORDER_COUNT = 35;
const SHEEP_SOLD = 8;
const DRAFTS = 3;
const COMPLETED_AT_MOST = 5;

// ---- orders -------------------------------------------------------------------------------------

/** Orders with shares, prices and dates; statuses other than `completed` (that needs the queue). */
export async function planOrders(ctx: DemoContext, accounts: DemoAccount[], animals: Animal[]): Promise<Order[]> {
  const { rnd, season } = ctx;
  const lines = shareLines(ctx, animals);

  // Every active customer or donor buys once before anyone buys twice.
  const buyers = rnd.shuffle(accounts.filter((a, i) => (a.kind === 'customer' || a.kind === 'donor') && i !== INACTIVE_CUSTOMER));
  const span = daysBetween(season.salesStart, season.salesEnd);
  const placed = lines.map((line, i) => ({ ...line, account: buyers[i % buyers.length], date: addDays(season.salesStart, rnd.int(0, span)), time: rnd.int(540, 1080) }));
  placed.sort((a, b) => a.date.localeCompare(b.date) || a.time - b.time);

  const ids = await allocateIds(ctx.db, 'victim_orders', placed.length);
  // Two cancellations in the first two thirds of the season: one a draft, one after confirmation.
  const [cancelledDraft, cancelledConfirmed] = rnd.shuffle([...Array(Math.floor(placed.length * 0.66)).keys()]).slice(0, 2).sort((a, b) => a - b);

  return placed.map((d, i) => {
    const createdAt = at(d.date, d.time);
    const unitPrice = sharePriceOn(d.animal, d.date);
    const discount = d.shares === 7 ? lira(2_000) : d.shares >= 3 && rnd.chance(0.5) ? lira(500) : rnd.chance(0.08) ? lira(250) : 0;
    const status: OrderStatus = i >= placed.length - DRAFTS ? 'draft' : i === cancelledDraft || i === cancelledConfirmed ? 'cancelled' : 'confirmed';
    const delivery = d.account.kind === 'donor' ? 'donation' : rnd.weighted([['pickup', 7], ['delivery', 2], ['donation', 1]] as const);
    return {
      id: ids[i],
      orderNo: `K${season.year}-${String(i + 1).padStart(5, '0')}`,
      account: d.account,
      animal: d.animal,
      shares: d.shares,
      unitPrice,
      discount,
      total: d.shares * unitPrice - discount,
      status,
      wasConfirmed: status === 'confirmed' || i === cancelledConfirmed,
      // The confirmed one is cancelled (its deposit refunded) some days later, the draft two days later.
      cancelledAt: i === cancelledConfirmed
        ? cancelMoment(createdAt, minDate(addDays(d.date, rnd.int(3, 12)), season.lastPaymentDay))
        : i === cancelledDraft ? cancelMoment(createdAt, minDate(addDays(d.date, 2), season.lastPaymentDay)) : null,
      cancelReason: i === cancelledConfirmed ? 'Müşteri vazgeçti; kapora iade edildi.' : i === cancelledDraft ? 'Müşteri siparişi onaylamadı.' : null,
      completedAt: null,
      proxyReceived: status === 'confirmed' && rnd.chance(0.75),
      delivery,
      date: d.date,
      createdAt,
      notes: rnd.chance(0.15) ? rnd.pick(ORDER_NOTES) : null,
    };
  });
}

/** 17:00 of the day, and never before the order was created. */
function cancelMoment(createdAt: string, day: string): string {
  const evening = at(day, 1020);
  const later = shift(createdAt, 60);
  return evening > later ? evening : later;
}

/**
 * Which animal and how many shares each order takes. Staff fill one cattle before opening the
 * next, so the season ends with full cattle, one partly sold and some not sold at all; no animal
 * is ever sold beyond its capacity.
 */
function shareLines(ctx: DemoContext, animals: Animal[]): { animal: Animal; shares: number }[] {
  const { rnd } = ctx;
  const lines = animals.filter((a) => a.kind === 'sheep').slice(0, SHEEP_SOLD).map((animal) => ({ animal, shares: 1 }));
  for (const animal of animals.filter((a) => a.kind === 'cattle')) {
    let room = animal.capacity;
    // Now and then one customer takes the whole animal.
    if (rnd.chance(0.12) && lines.length < ORDER_COUNT) {
      lines.push({ animal, shares: room });
      continue;
    }
    while (room > 0 && lines.length < ORDER_COUNT) {
      const shares = Math.min(room, rnd.weighted([[1, 5], [2, 4], [3, 2], [4, 1]] as const));
      room -= shares;
      lines.push({ animal, shares });
    }
  }
  return lines;
}

/**
 * Orders whose animal is done (final step; by its slaughter day) and whose proxy came in are
 * completed, once the season is over: on the evening of the slaughter day.
 */
export function completeOrders(ctx: DemoContext, orders: Order[], doneAnimals: Map<Animal, string>): void {
  if (!ctx.season.over) return;
  const candidates = orders.filter((o) => o.status === 'confirmed' && o.proxyReceived && doneAnimals.has(o.animal));
  for (const o of candidates.slice(0, COMPLETED_AT_MOST)) {
    o.status = 'completed';
    o.completedAt = at(doneAnimals.get(o.animal)!, 1140);
  }
}

// ---- shareholders -------------------------------------------------------------------------------

/** The planned shareholders of each order, one per share, in the order of its lines (share numbers). */
export function detailRows(ctx: DemoContext, orders: Order[]): Row[] {
  const { rnd } = ctx;
  return orders.flatMap((o) => {
    const used = new Set([o.account.firstName]);
    return Array.from({ length: o.shares }, (_, k) => {
      const intention = rnd.weighted([['kurban', 80], ['adak', 8], ['akika', 6], ['sukur', 6]] as const);
      let name = o.account.title;
      let phone: string | null = o.account.phone;
      if (k > 0) {
        // The other shares are usually family members sharing the surname.
        const first = rnd.pick((rnd.chance(0.4) ? FEMALE_NAMES : MALE_NAMES).filter((n) => !used.has(n)));
        used.add(first);
        name = `${first} ${o.account.surname}`;
        phone = rnd.chance(0.4) ? makeMobile(rnd) : null;
      }
      const notes = intention === 'akika' ? 'Yeni doğan çocuğu için.' : rnd.chance(0.08) ? 'Merhum babası adına.' : null;
      return { victim_order_id: o.id, line: k, shareholder_name: name, shareholder_phone: phone, intention, notes };
    });
  });
}

// ---- payments -----------------------------------------------------------------------------------

export async function planPayments(ctx: DemoContext, orders: Order[]): Promise<Payment[]> {
  const { rnd, season } = ctx;
  const payments: Omit<Payment, 'id'>[] = [];
  const add = (order: Order, amount: number, method: MethodCode, status: PaymentStatusCode, when: string, description: string, refundedAt: string | null = null) => {
    if (amount <= 0) return;
    const settled = status === 'paid' || status === 'refunded';
    payments.push({ order, amount, method, status, createdAt: when, paidAt: settled ? when : null, refundedAt, receiptNo: null, description });
  };
  const depositMethod = () => rnd.weighted([['cash', 4], ['transfer', 3], ['card', 2], ['virtualPos', 1]] as const);
  const balanceMethod = () => rnd.weighted([['transfer', 3], ['virtualPos', 3], ['card', 2], ['cash', 2]] as const);
  /** `count` moments after the deposit, in order, at the latest on the last day money can have come in. */
  const moments = (o: Order, count: number) => {
    const last = maxDate(o.date, season.lastPaymentDay);
    return Array.from({ length: count }, (_, k) => {
      const day = minDate(addDays(o.date, rnd.int(3, Math.max(3, daysBetween(o.date, last)))), last);
      return day === o.date ? shift(o.createdAt, 30 * (k + 1)) : at(day, rnd.int(540, 1080));
    }).sort();
  };

  for (const o of orders) {
    const deposit = Math.min(o.total, o.shares * o.animal.depositPerShare);
    const depositAt = shift(o.createdAt, 10);
    if (o.status === 'draft') {
      if (rnd.chance(0.5)) add(o, deposit, 'transfer', 'pending', depositAt, 'Kapora');
      continue;
    }
    if (o.status === 'cancelled') {
      if (o.wasConfirmed) add(o, deposit, depositMethod(), 'refunded', depositAt, 'Kapora (sipariş iptal edildi, iade)', o.cancelledAt);
      else add(o, deposit, 'transfer', 'cancelled', depositAt, 'Kapora (sipariş iptal edildi)');
      continue;
    }
    add(o, deposit, depositMethod(), 'paid', depositAt, 'Kapora');
    const rest = o.total - deposit;
    const r = rnd.next();
    if (o.status === 'completed' || r < 0.55) {
      const method = balanceMethod();
      // Some online payments failed once before going through; larger balances come in two parts.
      const failedFirst = method === 'virtualPos' && rnd.chance(0.35);
      const inTwo = rest > lira(10_000) && rnd.chance(0.3);
      const when = moments(o, 1 + Number(failedFirst) + Number(inTwo));
      if (failedFirst) add(o, rest, 'virtualPos', 'cancelled', when.shift()!, 'Sanal POS işlemi tamamlanmadı');
      if (inTwo) {
        const part = Math.floor(rest / 2 / lira(1_000)) * lira(1_000); // a round interim amount
        add(o, part, method, 'paid', when.shift()!, 'Ara ödeme');
        add(o, rest - part, method, 'paid', when.shift()!, 'Kalan ödeme');
      } else {
        add(o, rest, method, 'paid', when.shift()!, 'Kalan ödeme');
      }
    } else if (r < 0.8) {
      add(o, rest, rnd.pick(['transfer', 'virtualPos'] as const), 'pending', moments(o, 1)[0], 'Kalan ödeme');
    }
  }

  // Receipt numbers in the order the money came in, as the server hands them out.
  const settled = payments.filter((p) => p.paidAt).sort((a, b) => a.paidAt!.localeCompare(b.paidAt!));
  settled.forEach((p, i) => (p.receiptNo = `T${season.year}-${String(i + 1).padStart(5, '0')}`));
  const ids = await allocateIds(ctx.db, 'victim_payments', payments.length);
  return payments.map((p, i) => ({ ...p, id: ids[i] }));
}

/** `2026-05-01T10:00:00+03:00` plus some minutes, same offset. */
function shift(timestamp: string, minutes: number): string {
  const [date, rest] = timestamp.split('T');
  const [h, m] = rest.split(':').map(Number);
  return at(date, Math.min(h * 60 + m + minutes, 23 * 60 + 59));
}

// ---- writing ------------------------------------------------------------------------------------

/**
 * Writes the orders, their shareholders and payments as they happened: each order as it was
 * created (a cancelled one with its state before the cancellation), each payment as it was taken
 * (a refunded one as paid), then the refunds and cancellations. The database makes the share
 * lines, posts the sales and collections and their reversals, and keeps sold shares, paid amounts
 * and balances; the story's shareholders and dates are put on what it made.
 */
export async function writeSales(ctx: DemoContext, orders: Order[], payments: Payment[], posId: number | null): Promise<void> {
  const { db, ref } = ctx;
  const method = (code: string) => need(ref.paymentMethods, code, 'payment method');
  const status = (code: string) => need(ref.paymentStatuses, code, 'payment status');

  // In id order (the order they were taken in): each takes the lowest free share numbers of its animal.
  await insertRows(db, 'victim_orders', orders.map((o) => ({
    id: o.id, order_no: o.orderNo, account_id: o.account.id, product_id: o.animal.id, share_count: o.shares,
    unit_price: money(o.unitPrice), currency_type_id: ref.currencyId, discount_amount: money(o.discount),
    status: o.status === 'cancelled' ? (o.wasConfirmed ? 'confirmed' : 'draft') : o.status,
    proxy_received: o.proxyReceived || o.status === 'completed', delivery_method: o.delivery, order_date: o.date, notes: o.notes,
    confirmed_at: o.wasConfirmed || o.status === 'completed' ? o.createdAt : null, completed_at: o.completedAt,
    created_at: o.createdAt, updated_at: o.completedAt ?? o.createdAt,
  })));
  await writeShareholders(ctx, orders);

  await insertRows(db, 'victim_payments', payments.map((p) => ({
    id: p.id, victim_order_id: p.order.id, account_id: p.order.account.id, amount: money(p.amount), currency_type_id: ref.currencyId,
    payment_method_id: method(p.method), payment_status_id: status(p.status === 'refunded' ? 'paid' : p.status),
    virtual_pos_id: p.method === 'virtualPos' ? posId : null, paid_at: p.paidAt, receipt_no: p.receiptNo, description: p.description,
    created_at: p.createdAt, updated_at: p.paidAt ?? p.createdAt,
  })));
  // Later: deposits refunded, orders cancelled.
  await updateRows(db, 'victim_payments', 'id', payments.filter((p) => p.status === 'refunded').map((p) => ({
    id: p.id, payment_status_id: status('refunded'), updated_at: p.refundedAt,
  })));
  await updateRows(db, 'victim_orders', 'id', orders.filter((o) => o.status === 'cancelled').map((o) => ({
    id: o.id, status: 'cancelled', cancelled_at: o.cancelledAt, cancel_reason: o.cancelReason, updated_at: o.cancelledAt,
  })));
  await datePostedEntries(ctx, orders, payments);
}

/** The lines the database made for each order (the customer on every share) get the planned shareholders. */
async function writeShareholders(ctx: DemoContext, orders: Order[]): Promise<void> {
  const { db } = ctx;
  const { rows: lines } = await db.query<{ id: number; order_id: number; line: number }>(
    `SELECT id, victim_order_id AS order_id, (row_number() OVER (PARTITION BY victim_order_id ORDER BY share_no, id) - 1)::int AS line
     FROM victim_order_details WHERE victim_order_id = ANY($1::int[])`,
    [orders.map((o) => o.id)],
  );
  const lineId = new Map(lines.map((l) => [`${l.order_id}:${l.line}`, l.id]));
  const createdAt = new Map(orders.map((o) => [o.id, o.createdAt]));
  await updateRows(db, 'victim_order_details', 'id', detailRows(ctx, orders).map(({ victim_order_id: orderId, line, ...holder }) => {
    const id = lineId.get(`${orderId}:${line}`);
    if (id === undefined) throw new Error(`demo seed: order ${orderId} has no share line ${Number(line) + 1}`);
    return { id, ...holder, created_at: createdAt.get(orderId as number), updated_at: createdAt.get(orderId as number) };
  }));
}

/**
 * The entries the database posted carry the moment of the write; they get the story's moments
 * (dates never move a balance). Entries of a virtual POS confirmation were posted by the server
 * with no user; the others by the demo's administrator.
 */
async function datePostedEntries(ctx: DemoContext, orders: Order[], payments: Payment[]): Promise<void> {
  const { db, ref } = ctx;
  const { rows: posted } = await db.query<{ id: number; code: string; order_id: number; payment_id: number | null }>(
    `SELECT t.id, tt.system_code AS code, t.victim_order_id AS order_id, t.victim_payment_id AS payment_id
     FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
     WHERE t.victim_order_id = ANY($1::int[]) AND tt.system_code IN ('sale', 'saleReversal', 'collection', 'collectionReversal')`,
    [orders.map((o) => o.id)],
  );
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const paymentById = new Map(payments.map((p) => [p.id, p]));
  await updateRows(db, 'transactions', 'id', posted.map((t) => {
    const o = orderById.get(t.order_id)!;
    const p = t.payment_id === null ? undefined : paymentById.get(t.payment_id);
    const moment = {
      sale: o.createdAt,
      saleReversal: o.cancelledAt,
      collection: p?.paidAt,
      collectionReversal: p?.refundedAt,
    }[t.code];
    if (!moment) throw new Error(`demo seed: the ${t.code} entry ${t.id} is not in the story`);
    const byServer = t.code === 'collection' && p?.method === 'virtualPos';
    return { id: t.id, transaction_date: moment.slice(0, 10), created_at: moment, updated_at: moment, created_by_user_id: byServer ? null : ref.adminUserId };
  }));
}

// ---- hand entries -------------------------------------------------------------------------------

interface Entry {
  account: number;
  type: string; // system code or hand-posted type name
  amount: number;
  date: string;
  at: string;
  documentNo: string | null;
  description: string;
}

/** What staff posted by hand: the suppliers' purchases and payments, staff advances, distributed expenses. */
export async function writeHandEntries(ctx: DemoContext, accounts: DemoAccount[], animals: Animal[], orders: Order[]): Promise<number> {
  const { db, ref } = ctx;
  const entries = [...supplierEntries(ctx, accounts, animals), ...staffEntries(ctx, accounts), ...expenseEntries(ctx, orders)];
  await insertRows(db, 'transactions', entries.map((e) => ({
    account_id: e.account, transaction_type_id: need(ref.transactionTypes, e.type, 'transaction type'), amount: money(e.amount),
    currency_type_id: ref.currencyId, transaction_date: e.date, document_no: e.documentNo, description: e.description,
    victim_payment_id: null, victim_order_id: null, created_by_user_id: ref.adminUserId, created_at: e.at, updated_at: e.at,
  })));
  return entries.length;
}

/** The animals were bought from the suppliers, who have been paid part of it. */
function supplierEntries(ctx: DemoContext, accounts: DemoAccount[], animals: Animal[]): Entry[] {
  const { rnd, season } = ctx;
  const suppliers = accounts.filter((a) => a.kind === 'supplier');
  const prefixes = ['KBC', 'ANH', 'TRK'];
  const entries: Entry[] = [];
  suppliers.forEach((s, i) => {
    const bought = animals.filter((a) => a.supplier === i);
    if (!bought.length) return;
    bought.forEach((a, k) => {
      const date = addDays(season.priceStart, -rnd.int(1, 10));
      entries.push({ account: s.id, type: 'Alış', amount: a.purchasePrice, date, at: at(date, 660), documentNo: `${prefixes[i]}${season.year}${String(k + 1).padStart(9, '0')}`, description: `${a.name} (${a.code}) alışı` });
    });
    const owed = bought.reduce((sum, a) => sum + a.purchasePrice, 0);
    const paidDays = [season.priceStart, minDate(addDays(season.kurban, -7), season.lastPaymentDay)];
    [0.5, 0.3].forEach((share, k) => {
      const amount = Math.round((owed * share) / lira(1_000)) * lira(1_000);
      entries.push({ account: s.id, type: 'Ödeme', amount, date: paidDays[k], at: at(paidDays[k], 900), documentNo: `DKT-${season.year}-${String(i * 2 + k + 1).padStart(3, '0')}`, description: `${SUPPLIERS[i].title} hayvan bedeli ödemesi (havale)` });
    });
  });
  return entries;
}

function staffEntries(ctx: DemoContext, accounts: DemoAccount[]): Entry[] {
  const { season } = ctx;
  const date = minDate(addDays(season.kurban, -3), season.lastPaymentDay);
  return accounts.filter((a) => a.kind === 'staff').map((a, i) => ({
    account: a.id, type: 'Ödeme', amount: lira(5_000), date, at: at(date, 1020), documentNo: `AVN-${season.year}-${String(i + 1).padStart(3, '0')}`, description: 'Bayram avansı',
  }));
}

/** Two "distribute expense" runs: equally over the delivery customers, and by shares over one animal's owners. */
function expenseEntries(ctx: DemoContext, orders: Order[]): Entry[] {
  const { season } = ctx;
  const live = orders.filter((o) => o.status !== 'cancelled');
  const date = minDate(addDays(season.kurban, 1), season.lastPaymentDay);
  const distribute = (total: number, weights: Map<number, number>, documentNo: string, description: string): Entry[] => {
    const accountIds = [...weights.keys()];
    const parts = splitKurus(total, accountIds.map((id) => weights.get(id)!));
    return accountIds.map((account, i) => ({ account, type: 'expense', amount: parts[i], date, at: at(date, 1080), documentNo, description }))
      .filter((e) => e.amount > 0);
  };
  const deliveries = new Map<number, number>();
  for (const o of live.filter((x) => x.delivery === 'delivery')) deliveries.set(o.account.id, 1);
  const byAnimal = new Map<Animal, Order[]>();
  for (const o of live.filter((x) => x.animal.kind === 'cattle')) byAnimal.set(o.animal, [...(byAnimal.get(o.animal) ?? []), o]);
  const busiest = [...byAnimal.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const shares = new Map<number, number>();
  for (const o of busiest) shares.set(o.account.id, (shares.get(o.account.id) ?? 0) + o.shares);
  return [
    ...(deliveries.size ? distribute(lira(1_000), deliveries, `GDR-${season.year}-001`, 'Eve teslimat gideri (soğutuculu araç kirası)') : []),
    ...(shares.size ? distribute(lira(1_750), shares, `GDR-${season.year}-002`, `Soğuk hava deposu bedeli (${busiest[0].animal.name})`) : []),
  ];
}
