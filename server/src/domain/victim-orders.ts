// Kurban orders (contract: VictimOrder, VictimOrderDetail, Product.shareCapacity): shares within
// the animal's capacity, the order number, the discount, the lifecycle and its operations.
// The database keeps the bookkeeping behind them (db/rules/orders.sql): sold shares, share
// lines, the posted sale and its reversal; here the rules are checked first, under the same
// row locks, so that a refusal comes with a clear answer.
import type pg from 'pg';
import { HttpError, badRequest, fieldError } from '../core/errors.ts';
import { fromKurus, toKurus } from '../../../common/money.ts';
import { istanbulToday } from '../../../common/calendar.ts';
import { PRICE_OVERRIDE_CLAIM, hasClaim } from '../../../common/claims.ts';
import { PRICE_TYPE } from '../../../common/reference-codes.ts';
import { type EntityHooks, readRow, staleRow } from '../crud/handlers.ts';
import { entityByName } from '../crud/entities.ts';
import { inTransaction, prepared } from '../db/client.ts';
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';

type Row = Record<string, unknown>;
type Status = 'draft' | 'confirmed' | 'cancelled' | 'completed';

const ORDER = entityByName.get('VictimOrder')!;

/** The moves of an order's lifecycle; cancelled and completed are final. */
const MOVES: Record<Status, Status[]> = {
  draft: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  cancelled: [],
  completed: [],
};
/** What a new order may start as. */
const INITIAL: Status[] = ['draft', 'confirmed'];

const moveRefused = (from: Status | null, to: unknown, allowed: Status[]) =>
  new HttpError(409, 'error.order.transition', 'Siparişin şu anki durumunda bu işlem yapılamaz.', { params: { from, to, allowed } });
const finalOrder = () => new HttpError(409, 'error.order.final', 'Tamamlanmış ya da iptal edilmiş sipariş değiştirilemez.');
export const sharesExhausted = (remaining: number) =>
  new HttpError(409, 'error.order.sharesExhausted', `Bu hayvanda yeterli boş hisse yok: ${remaining} hisse kaldı.`, { params: { remaining } });

const completeUnpaid = (balance: string) =>
  new HttpError(409, 'error.order.completeUnpaid', `Bakiye kapanmadan sipariş tamamlanamaz; açık bakiye ${balance}.`, { params: { balance } });
const completeNotSlaughtered = () =>
  new HttpError(409, 'error.order.completeNotSlaughtered', 'Hayvan kesim sırasında son aşamaya ulaşmadan sipariş tamamlanamaz.');

/**
 * Whether the animal has reached the last slaughter step (the highest `step_order`) in the queue.
 * Its queue row is share-locked until commit, so that a step taken back meanwhile waits for the
 * completion (and the completion for it) instead of crossing it.
 */
async function animalSlaughtered(client: pg.PoolClient, productId: number): Promise<boolean> {
  const { rows } = await client.query(
    `SELECT s.step_order = (SELECT max(step_order) FROM victim_appointment_steps) AS "atLast"
     FROM victim_products_appointments q LEFT JOIN victim_appointment_steps s ON s.id = q.current_step_id
     WHERE q.product_id = $1 FOR SHARE OF q`,
    [productId],
  );
  return rows.some((r) => r.atLast === true);
}

interface Animal { id: number; shareCapacity: number | null; sharesSold: number }

/** The animals' rows, locked in id order (as the database's own trigger locks them). */
async function lockAnimals(client: pg.PoolClient, ids: number[]): Promise<Map<number, Animal>> {
  const { rows } = await client.query(
    `SELECT id, share_capacity AS "shareCapacity", shares_sold AS "sharesSold" FROM products WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id as number, r as Animal]));
}

/**
 * Checks a move of the lifecycle against the order as it will be and answers the columns the move
 * sets besides `status`. Side effects of cancelling that are not bookkeeping (pending payments and
 * bookings of the order are cancelled with it) run here, in the same transaction.
 */
async function move(client: pg.PoolClient, order: Row, to: Status, reason?: string): Promise<Row> {
  const from = order.status as Status;
  if (!MOVES[from].includes(to)) throw moveRefused(from, to, MOVES[from]);
  if (to === 'confirmed') return { confirmedAt: new Date().toISOString() };
  if (to === 'completed') {
    // Completing means the order is done (issue 17, point 5): the proxy in, nothing left to pay
    // (the balance of the order's locked row, as the write leaves it) and its animal slaughtered.
    if (order.proxyReceived !== true) throw new HttpError(409, 'error.order.proxyMissing', 'Vekâlet alınmadan sipariş tamamlanamaz.');
    if (toKurus(order.balance as string) !== 0n) throw completeUnpaid(order.balance as string);
    if (!(await animalSlaughtered(client, order.productId as number))) throw completeNotSlaughtered();
    return { completedAt: new Date().toISOString() };
  }
  // Cancelling: money already taken must go back first; what was only promised goes with the order.
  if (toKurus(order.paidAmount as string) > 0n) {
    throw new HttpError(409, 'error.order.hasPaidPayments', 'Ödemesi alınmış sipariş iptal edilemez; önce ödemeleri iade edin ya da iptal edin.');
  }
  await client.query(
    `UPDATE victim_payments SET payment_status_id = (SELECT id FROM payment_statuses WHERE code = 'cancelled'),
       row_version = row_version + 1, updated_at = now()
     WHERE victim_order_id = $1 AND payment_status_id = (SELECT id FROM payment_statuses WHERE code = 'pending')`,
    [order.id],
  );
  await client.query(
    `UPDATE victim_appointments SET status = 'cancelled', row_version = row_version + 1, updated_at = now()
     WHERE victim_order_id = $1 AND status = 'booked'`,
    [order.id],
  );
  return { cancelledAt: new Date().toISOString(), cancelReason: reason ?? null };
}

// ---- the price of a share: the server's ---------------------------------------------------------

interface ListedPrice { amount: string; currencyTypeId: number }

/**
 * The animal's share price (price type `share`) valid on day `$2`: in currency `$3` when named,
 * else in the default currency where it has one, else the newest. `$1` is the animal: a parameter,
 * or the animal row of the query it is joined to.
 */
const listedPriceOf = (animal: string) =>
  `SELECT pp.amount, pp.currency_type_id AS "currencyTypeId"
   FROM product_prices pp JOIN price_types pt ON pt.id = pp.price_type_id JOIN currency_types c ON c.id = pp.currency_type_id
   WHERE pp.product_id = ${animal} AND pt.code = '${PRICE_TYPE.share}' AND pp.valid_from <= $2::date AND (pp.valid_to IS NULL OR pp.valid_to >= $2::date)
     AND ($3::int IS NULL OR pp.currency_type_id = $3)
   ORDER BY c.is_default DESC, pp.valid_from DESC LIMIT 1`;

async function sharePrice(client: pg.PoolClient, productId: unknown, day: unknown, currencyTypeId?: unknown) {
  const { rows } = await client.query(prepared(listedPriceOf('$1'), [productId, day, currencyTypeId ?? null]));
  return rows[0] as ListedPrice | undefined;
}

const priceNotListed = () => new HttpError(403, 'error.order.priceOverride',
  `Bu fiyat, hayvanın sipariş tarihindeki hisse fiyatı değil; başka bir fiyatla satmak için ${PRICE_OVERRIDE_CLAIM} yetkisi gerekir.`, { params: { claim: PRICE_OVERRIDE_CLAIM } });

/**
 * The server decides the price (issue 16, point 1): an order is priced from its animal's share
 * price on the order date (`listed`) unless its writer holds `PRICE_OVERRIDE_CLAIM`, who may name
 * another; the server's own writes (no writer) pass. Sets `unitPrice` and `currencyTypeId` on
 * `values` where the listed price decides them.
 */
function decidePrice(values: Row, current: Row | undefined, listed: ListedPrice | undefined, claims: readonly string[] | undefined) {
  const mayOverride = claims === undefined || hasClaim(claims, PRICE_OVERRIDE_CLAIM);
  if (values.unitPrice === undefined) {
    // A new order, or one moved to another animal or day: the listed price, or the one it had for a writer who may name it.
    if (listed) {
      if (!current || !mayOverride) {
        values.unitPrice = listed.amount;
        values.currencyTypeId ??= listed.currencyTypeId;
      }
    } else if (!current || !mayOverride) {
      throw badRequest([fieldError('productId', 'noSharePrice')]);
    }
    return;
  }
  if (listed && toKurus(values.unitPrice as string) === toKurus(listed.amount)) {
    values.currencyTypeId ??= listed.currencyTypeId;
    return;
  }
  if (!mayOverride) throw priceNotListed();
  if (!current && values.currencyTypeId === undefined) {
    if (!listed) throw badRequest([fieldError('currencyTypeId', 'required')]);
    values.currencyTypeId = listed.currencyTypeId;
  }
}

/** An order's price checked again when its price, animal, currency or date change (decidePrice). */
async function repriceOrder(client: pg.PoolClient, values: Row, current: Row, claims: readonly string[] | undefined) {
  const changes = (k: string) => k in values && values[k] !== current[k];
  if (!['unitPrice', 'productId', 'currencyTypeId', 'orderDate'].some(changes)) return;
  const m: Row = { ...current, ...values };
  decidePrice(values, current, await sharePrice(client, m.productId, m.orderDate, values.currencyTypeId ?? current.currencyTypeId), claims);
}

// ---- a new order: its animal, locked, decides it ---------------------------------------------------

/** What deciding a new order reads: its animal, locked, and the animal's listed share price. */
export interface OrderAnimal extends Animal { listed?: ListedPrice }

/** The animal of a new order, locked, with its share price listed on `day` (in `currencyTypeId` when named): one round trip. */
export async function lockOrderAnimal(client: pg.PoolClient, productId: unknown, day: unknown, currencyTypeId?: unknown): Promise<OrderAnimal | undefined> {
  const { rows } = await client.query(prepared(
    `SELECT p.id, p.share_capacity AS "shareCapacity", p.shares_sold AS "sharesSold", lp.amount, lp."currencyTypeId"
     FROM products p LEFT JOIN LATERAL (${listedPriceOf('p.id')}) lp ON true
     WHERE p.id = $1 FOR UPDATE OF p`,
    [productId, day, currencyTypeId ?? null],
  ));
  if (!rows.length) return undefined;
  const { amount, currencyTypeId: listedIn, ...animal } = rows[0];
  return { ...animal, listed: amount === null ? undefined : { amount, currencyTypeId: listedIn } };
}

/**
 * A new order as the server writes it, decided on its animal (`lockOrderAnimal`, whose row lock
 * holds until the write): priced, its discount and shares checked, its lifecycle started. Sets the
 * columns it decides on `values` (the order number is the database's: rules/numbers.sql);
 * throws the refusal. The generic create and the sale (sales.ts) both decide through it.
 */
export function decideNewOrder(values: Row, animal: OrderAnimal | undefined, claims: readonly string[] | undefined) {
  decidePrice(values, undefined, animal?.listed, claims);
  checkDiscount(values);
  if (!animal) throw badRequest([fieldError('productId', 'lookupNotFound')]);
  if (animal.shareCapacity === null) throw badRequest([fieldError('productId', 'notAnimal')]);
  const remaining = animal.shareCapacity - animal.sharesSold;
  if (Number(values.shareCount) > remaining) throw sharesExhausted(Math.max(remaining, 0));
  const status = (values.status ?? 'draft') as Status;
  if (!INITIAL.includes(status)) throw moveRefused(null, status, INITIAL);
  if (status === 'confirmed') values.confirmedAt = new Date().toISOString();
}

/** shares × price − discount, refusing a discount above the subtotal (never clamped). */
function checkDiscount(m: Row) {
  const subtotal = BigInt(Number(m.shareCount)) * toKurus(m.unitPrice as string);
  if (toKurus(m.discountAmount as string) > subtotal) {
    throw badRequest([fieldError('discountAmount', 'discountAboveSubtotal', { max: fromKurus(subtotal) })]);
  }
  return subtotal - toKurus(m.discountAmount as string);
}

const victimOrderHooks: EntityHooks = {
  async beforeWrite({ client, values, current, claims }) {
    if (!current) {
      values.orderDate ??= istanbulToday();
      values.shareCount ??= 1;
      values.discountAmount ??= '0.00';
      decideNewOrder(values, await lockOrderAnimal(client, values.productId, values.orderDate, values.currencyTypeId), claims);
      return;
    }
    if (current.status === 'cancelled' || current.status === 'completed') {
      // A final order keeps everything but its notes.
      if (Object.keys(values).some((k) => k !== 'notes' && values[k] !== current[k])) throw finalOrder();
      return;
    }
    await repriceOrder(client, values, current, claims);
    const m: Row = { ...current, ...values }; // the order as it will be
    const total = checkDiscount(m);

    const productChanged = values.productId !== undefined && values.productId !== current.productId;
    if (productChanged || values.shareCount !== undefined && values.shareCount !== current.shareCount) {
      const animals = await lockAnimals(client, [m.productId as number, current.productId as number]);
      const animal = animals.get(m.productId as number);
      if (!animal) throw badRequest([fieldError('productId', 'lookupNotFound')]);
      if (animal.shareCapacity === null) throw badRequest([fieldError('productId', 'notAnimal')]);
      // The order's own shares count as free when it stays on the same animal.
      const own = productChanged ? 0 : Number(current.shareCount);
      const remaining = animal.shareCapacity - animal.sharesSold + own;
      if (Number(m.shareCount) > remaining) throw sharesExhausted(Math.max(remaining, 0));
    }

    // What the customer was charged or has paid is tied to the customer and the currency.
    const tiedToMoney = current.status !== 'draft' || toKurus(current.paidAmount as string) > 0n
      || (await client.query(`SELECT 1 FROM victim_payments WHERE victim_order_id = $1 LIMIT 1`, [current.id])).rows.length > 0;
    if (tiedToMoney && ((values.accountId !== undefined && values.accountId !== current.accountId)
      || (values.currencyTypeId !== undefined && values.currencyTypeId !== current.currencyTypeId))) {
      throw new HttpError(409, 'error.order.lockedFields', 'Onaylı siparişin müşterisi ve para birimi değiştirilemez.');
    }
    if (total < toKurus(current.paidAmount as string)) {
      throw new HttpError(409, 'error.order.totalBelowPaid', `Sipariş tutarı ödenmiş tutarın (${current.paidAmount}) altına inemez.`, { params: { paid: current.paidAmount } });
    }
    if (values.status !== undefined && values.status !== current.status) {
      // The balance as this write leaves it: its new total less what the locked row says is paid.
      const balance = fromKurus(total - toKurus(current.paidAmount as string));
      Object.assign(values, await move(client, { ...m, status: current.status, balance }, values.status as Status));
    }
  },
  async beforeDelete({ client, current }) {
    const payments = await client.query(`SELECT 1 FROM victim_payments WHERE victim_order_id = $1 LIMIT 1`, [current.id]);
    if (current.status !== 'draft' || payments.rows.length) {
      throw new HttpError(409, 'error.order.notDeletable', 'Yalnızca ödemesi olmayan taslak siparişler silinebilir; diğerlerini iptal edin.');
    }
    // The share lines are part of the order.
    await client.query(`DELETE FROM victim_order_details WHERE victim_order_id = $1`, [current.id]);
  },
};

/**
 * Locks the order of a share line or a payment before the row itself (EntityHooks.lockFirst): an
 * order's writes lock the order, then its rows (fewer shares drop lines, a cancel cancels pending
 * payments, a document refresh), and a row's edit locks its order after (its checks, the ledger's
 * paid amount). Taken in that one order, the two wait for each other instead of deadlocking.
 */
export async function lockOrderOf(client: pg.PoolClient, table: 'victim_order_details' | 'victim_payments', id: number) {
  await client.query(prepared(`SELECT 1 FROM victim_orders WHERE id = (SELECT victim_order_id FROM ${table} WHERE id = $1) FOR UPDATE`, [id]));
}

/** A share line: its order must still be open, its number within the animal's capacity. */
const orderDetailHooks: EntityHooks = {
  lockFirst: ({ client, id }) => lockOrderOf(client, 'victim_order_details', id),
  async beforeWrite({ client, values, current }) {
    const orderIds = [current?.victimOrderId, values.victimOrderId].filter((x) => x !== undefined) as number[];
    const { rows } = await client.query(
      `SELECT o.id, o.status, o.share_count AS "shareCount", p.share_capacity AS "capacity",
              (SELECT count(*) FROM victim_order_details d WHERE d.victim_order_id = o.id) AS lines
       FROM victim_orders o JOIN products p ON p.id = o.product_id WHERE o.id = ANY($1::int[]) ORDER BY o.id FOR UPDATE OF o`,
      [orderIds],
    );
    const orders = new Map(rows.map((r) => [r.id as number, r]));
    if (rows.some((o) => o.status === 'cancelled' || o.status === 'completed')) throw finalOrder();
    const target = orders.get((values.victimOrderId ?? current?.victimOrderId) as number);
    if (!target) throw badRequest([fieldError('victimOrderId', 'lookupNotFound')]);
    const shareNo = Number(values.shareNo ?? current?.shareNo);
    if (shareNo > Number(target.capacity)) throw badRequest([fieldError('shareNo', 'maximum', { max: target.capacity })]);
    const joining = !current || target.id !== current.victimOrderId;
    if (joining && Number(target.lines) >= Number(target.shareCount)) throw tooManyLines();
  },
  async beforeDelete({ client, current }) {
    const { rows } = await client.query(`SELECT status FROM victim_orders WHERE id = $1 FOR UPDATE`, [current.victimOrderId]);
    if (rows[0]?.status === 'cancelled' || rows[0]?.status === 'completed') throw finalOrder();
  },
};
const tooManyLines = () => new HttpError(409, 'error.orderDetail.tooMany', 'Siparişin hisse sayısından fazla hisse satırı olamaz.');

/** An animal's capacity never drops below what is sold on it. */
const productHooks: EntityHooks = {
  async beforeWrite({ client, values, current }) {
    if (!current || !('shareCapacity' in values) || values.shareCapacity === current.shareCapacity) return;
    const animal = (await lockAnimals(client, [current.id as number])).get(current.id as number)!;
    const capacity = values.shareCapacity as number | null;
    if (animal.sharesSold > (capacity ?? 0)) {
      throw new HttpError(409, 'error.product.capacityBelowSold', `Hisse kapasitesi satılmış hisse sayısının (${animal.sharesSold}) altına indirilemez.`, { params: { sold: animal.sharesSold } });
    }
  },
};

/** The lifecycle operations: one call each, answering the order as it is now. */
function operations(deps: DomainDeps) {
  const moveOperation = (to: Status) => async ({ params, body, userId, operation }: OperationInput) =>
    inTransaction(deps.pool, async (client) => {
      const order = await readRow(client, ORDER, params.id as number, 'change');
      if (!order) throw new HttpError(404, 'error.notFound', 'Kayıt bulunamadı.');
      if (body?.rowVersion !== undefined && body.rowVersion !== order.rowVersion) throw staleRow(order);
      const set: Row = { status: to, ...(await move(client, order, to, body?.reason)) };
      const columns = Object.keys(set).map((name) => ORDER.fields.find((f) => f.name === name)!.column);
      await client.query(
        `UPDATE victim_orders SET ${columns.map((c, i) => `"${c}" = $${i + 2}`).join(', ')}, row_version = row_version + 1, updated_at = now() WHERE id = $1`,
        [order.id, ...Object.values(set)],
      );
      return readRow(client, ORDER, order.id as number);
    }, { userId, operation });
  return {
    confirmVictimOrder: moveOperation('confirmed'),
    cancelVictimOrder: moveOperation('cancelled'),
    completeVictimOrder: moveOperation('completed'),
  };
}

export const victimOrders: WorkflowModule = {
  hooks: { VictimOrder: victimOrderHooks, VictimOrderDetail: orderDetailHooks, Product: productHooks },
  operations,
  constraintErrors: {
    // Backstops of the checks above (they only fire if a write bypassed them).
    ck_products__shares_within_capacity: () => sharesExhausted(0),
    ck_victim_orders__total_not_negative: () => badRequest([fieldError('discountAmount', 'discountAboveSubtotal')]),
    ck_victim_order_details__lines_within_shares: tooManyLines,
    ck_victim_order_details__share_no: () => badRequest([fieldError('shareNo', 'minimum', { min: 1 })]),
    uq_victim_order_details__product_share: () =>
      new HttpError(409, 'error.conflict.unique', 'Bu değer zaten kullanılıyor.', { fields: [fieldError('shareNo', 'unique')], params: { fields: ['shareNo'] } }),
  },
};
