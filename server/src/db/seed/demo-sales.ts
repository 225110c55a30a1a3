// The season's sales: Kurban orders with their shareholders, payments, and the ledger entries
// the server would have posted for them (sale, collection and their reversals), plus the
// hand-made entries of suppliers, staff and distributed expenses.
import { addDays, at, daysBetween, maxDate, minDate } from './calendar.ts';
import { sharePriceOn, type Animal } from './demo-catalogue.ts';
import type { DemoContext } from './demo-context.ts';
import { FEMALE_NAMES, MALE_NAMES, ORDER_NOTES, SUPPLIERS } from './demo-data.ts';
import type { DemoAccount } from './demo-people.ts';
import { INACTIVE_CUSTOMER } from './demo-people.ts';
import { lira, money, splitByWeights } from './money.ts';
import { makeMobile } from './random.ts';
import { type Row, allocateIds, insertRows, need } from './sql.ts';

export type OrderStatus = 'draft' | 'confirmed' | 'cancelled' | 'completed';

export interface Order {
  id: number;
  orderNo: string;
  account: DemoAccount;
  animal: Animal;
  shares: number;
  shareNos: number[];
  unitPrice: number; // kuruş
  discount: number;
  total: number;
  paid: number;
  status: OrderStatus;
  /** Cancelled after it had been confirmed (it has a sale and a sale reversal). */
  cancelledAt: string | null;
  wasConfirmed: boolean;
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
  const nextShareNo = new Map<Animal, number>();
  // Two cancellations in the first two thirds of the season: one a draft, one after confirmation.
  const [cancelledDraft, cancelledConfirmed] = rnd.shuffle([...Array(Math.floor(placed.length * 0.66)).keys()]).slice(0, 2).sort((a, b) => a - b);

  return placed.map((d, i) => {
    const first = nextShareNo.get(d.animal) ?? 1;
    nextShareNo.set(d.animal, first + d.shares);
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
      shareNos: Array.from({ length: d.shares }, (_, k) => first + k),
      unitPrice,
      discount,
      total: d.shares * unitPrice - discount,
      paid: 0,
      status,
      wasConfirmed: status === 'confirmed' || i === cancelledConfirmed,
      cancelledAt: i === cancelledConfirmed ? minDate(addDays(d.date, rnd.int(3, 12)), season.lastPaymentDay) : null,
      proxyReceived: status === 'confirmed' && rnd.chance(0.75),
      delivery,
      date: d.date,
      createdAt: at(d.date, d.time),
      notes: rnd.chance(0.15) ? rnd.pick(ORDER_NOTES) : null,
    };
  });
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

/** Orders whose animal is done (final step) and whose proxy came in are completed, once the season is over. */
export function completeOrders(ctx: DemoContext, orders: Order[], doneAnimals: Set<Animal>): void {
  if (!ctx.season.over) return;
  const candidates = orders.filter((o) => o.status === 'confirmed' && o.proxyReceived && doneAnimals.has(o.animal));
  for (const o of candidates.slice(0, COMPLETED_AT_MOST)) o.status = 'completed';
}

// ---- shareholders -------------------------------------------------------------------------------

export function detailRows(ctx: DemoContext, orders: Order[]): Row[] {
  const { rnd } = ctx;
  return orders.flatMap((o) => {
    const used = new Set([o.account.firstName]);
    return o.shareNos.map((shareNo, k) => {
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
      return { victim_order_id: o.id, share_no: shareNo, shareholder_name: name, shareholder_phone: phone, intention, notes };
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
    if (status === 'paid') order.paid += amount;
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
      if (o.cancelledAt) add(o, deposit, depositMethod(), 'refunded', depositAt, 'Kapora (sipariş iptal edildi, iade)', at(o.cancelledAt, 1020));
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

export async function writeOrders(ctx: DemoContext, orders: Order[], payments: Payment[], posId: number | null): Promise<void> {
  const { db, ref } = ctx;
  await insertRows(db, 'victim_orders', orders.map((o) => ({
    id: o.id, order_no: o.orderNo, account_id: o.account.id, product_id: o.animal.id, share_count: o.shares,
    unit_price: money(o.unitPrice), currency_type_id: ref.currencyId, discount_amount: money(o.discount),
    total_amount: money(o.total), paid_amount: money(o.paid), balance: money(o.total - o.paid),
    status: o.status, proxy_received: o.proxyReceived || o.status === 'completed', delivery_method: o.delivery,
    order_date: o.date, notes: o.notes, created_at: o.createdAt, updated_at: o.cancelledAt ? at(o.cancelledAt, 1020) : o.createdAt,
  })));
  await insertRows(db, 'victim_order_details', detailRows(ctx, orders));
  const method = (code: string) => need(ref.paymentMethods, code, 'payment method');
  const status = (code: string) => need(ref.paymentStatuses, code, 'payment status');
  await insertRows(db, 'victim_payments', payments.map((p) => ({
    id: p.id, victim_order_id: p.order.id, account_id: p.order.account.id, amount: money(p.amount), currency_type_id: ref.currencyId,
    payment_method_id: method(p.method), payment_status_id: status(p.status), virtual_pos_id: p.method === 'virtualPos' ? posId : null,
    paid_at: p.paidAt, receipt_no: p.receiptNo, description: p.description, created_at: p.createdAt, updated_at: p.refundedAt ?? p.paidAt ?? p.createdAt,
  })));
}

// ---- ledger -------------------------------------------------------------------------------------

interface Entry {
  account: number;
  type: string; // system code or hand-posted type name
  amount: number;
  date: string;
  at: string;
  documentNo: string | null;
  description: string;
  victimPaymentId?: number;
  victimOrderId?: number;
  /** Entries the server posts on its own (a virtual POS confirmation) have no user. */
  byServer?: boolean;
}

export async function writeLedger(ctx: DemoContext, accounts: DemoAccount[], animals: Animal[], orders: Order[], payments: Payment[]): Promise<number> {
  const { db, ref } = ctx;
  const entries = [...orderEntries(orders), ...paymentEntries(payments), ...supplierEntries(ctx, accounts, animals), ...staffEntries(ctx, accounts), ...expenseEntries(ctx, orders)];
  await insertRows(db, 'transactions', entries.map((e) => ({
    account_id: e.account, transaction_type_id: need(ref.transactionTypes, e.type, 'transaction type'), amount: money(e.amount),
    currency_type_id: ref.currencyId, transaction_date: e.date, document_no: e.documentNo, description: e.description,
    victim_payment_id: e.victimPaymentId ?? null, victim_order_id: e.victimOrderId ?? null,
    created_by_user_id: e.byServer ? null : ref.adminUserId, created_at: e.at, updated_at: e.at,
  })));
  return entries.length;
}

/** One sale per order that is (or was) confirmed; a cancelled one is reversed. */
function orderEntries(orders: Order[]): Entry[] {
  return orders.filter((o) => o.wasConfirmed || o.status === 'completed').flatMap((o) => {
    const what = `${o.orderNo} ${o.animal.name}, ${o.shares} hisse`;
    const sale: Entry = { account: o.account.id, type: 'sale', amount: o.total, date: o.date, at: o.createdAt, documentNo: o.orderNo, description: `Kurban satışı ${what}`, victimOrderId: o.id };
    if (!o.cancelledAt) return [sale];
    return [sale, { ...sale, type: 'saleReversal', date: o.cancelledAt, at: at(o.cancelledAt, 1020), description: `Kurban satışı iptali ${what}` }];
  });
}

/** One collection per payment that was paid; a refund reverses it. */
function paymentEntries(payments: Payment[]): Entry[] {
  return payments.filter((p) => p.paidAt).flatMap((p) => {
    const collection: Entry = {
      account: p.order.account.id, type: 'collection', amount: p.amount, date: p.paidAt!.slice(0, 10), at: p.paidAt!, documentNo: p.receiptNo,
      description: `Kurban tahsilatı ${p.order.orderNo} (${p.description})`, victimPaymentId: p.id, byServer: p.method === 'virtualPos',
    };
    if (!p.refundedAt) return [collection];
    return [collection, { ...collection, type: 'collectionReversal', date: p.refundedAt.slice(0, 10), at: p.refundedAt, description: `Tahsilat iadesi ${p.order.orderNo}`, byServer: false }];
  });
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
    const parts = splitByWeights(total, accountIds.map((id) => weights.get(id)!));
    return accountIds.map((account, i) => ({ account, type: 'Gider', amount: parts[i], date, at: at(date, 1080), documentNo, description }))
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
