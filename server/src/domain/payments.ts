// Kurban payments (contract: VictimPayment). The database posts the ledger from a payment's
// status (collection when it becomes paid, its reversal when it leaves paid) and keeps the
// order's paid amount under a check (paid ≤ total). Here every write is judged first against the
// order, locked, so that a refusal says why: the order's account and currency, the virtual POS,
// the status moves, the balance left, and what a paid payment may no longer change.
import type pg from 'pg';
import { HttpError, badRequest, fieldError, type FieldError } from '../core/errors.ts';
import { toKurus } from '../../../common/money.ts';
import type { EntityHooks } from '../crud/handlers.ts';
import { prepared } from '../db/client.ts';
import type { WorkflowModule } from './operations.ts';
import { lockOrderOf } from './victim-orders.ts';

type Row = Record<string, unknown>;
export type StatusCode = 'pending' | 'paid' | 'cancelled' | 'refunded';

/** Status moves (payment.yaml): cancelled and refunded are final. */
const MOVES: Record<StatusCode, StatusCode[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['refunded', 'cancelled'],
  cancelled: [],
  refunded: [],
};
const INITIAL: StatusCode[] = ['pending', 'paid'];

/** What a paid payment has posted to the ledger: none of it changes under the entry. */
const POSTED_FIELDS = ['amount', 'victimOrderId', 'accountId', 'currencyTypeId', 'paymentMethodId'];

const exceedsBalance = (remaining: string) =>
  new HttpError(409, 'error.payment.exceedsBalance', `Ödeme siparişin kalan borcunu aşıyor: en fazla ${remaining} alınabilir.`, { params: { remaining } });
const paidLocked = () =>
  new HttpError(409, 'error.payment.paidLocked', 'Ödenmiş ödemenin tutarı, siparişi, carisi, para birimi ve yöntemi değiştirilemez; gerekirse iade edin.');

/** What judging a payment reads (`paymentFacts`): one round trip. */
export interface PaymentFacts {
  /** The status it will have, and the one it has (an update). */
  to?: StatusCode;
  from?: StatusCode;
  /** Its order, locked: concurrent payments of one order are judged one after the other. */
  order?: { status: string; accountId: number; currencyTypeId: number; balance: string };
  method?: { code: string; isActive: boolean };
  /** Its virtual POS: active with its keys; undefined when it names none or an unknown one. */
  posUsable?: boolean;
}

export async function paymentFacts(client: pg.PoolClient, m: Row, current: Row | undefined): Promise<PaymentFacts> {
  const { rows } = await client.query(prepared(
    `SELECT (SELECT code FROM payment_statuses WHERE id = $1) AS "to", (SELECT code FROM payment_statuses WHERE id = $2) AS "from",
            pm.code AS "methodCode", pm.is_active AS "methodActive",
            (SELECT v.is_active AND v.api_password_enc IS NOT NULL AND v.store_key_enc IS NOT NULL FROM virtual_pos_devices v WHERE v.id = $4) AS "posUsable",
            o.status, o.account_id AS "accountId", o.currency_type_id AS "currencyTypeId", o.balance
     FROM (SELECT 1) one
     LEFT JOIN payment_methods pm ON pm.id = $3
     LEFT JOIN LATERAL (SELECT status, account_id, currency_type_id, balance FROM victim_orders WHERE id = $5 FOR UPDATE) o ON true`,
    [m.paymentStatusId, current?.paymentStatusId ?? null, m.paymentMethodId, m.virtualPosId ?? null, m.victimOrderId],
  ));
  const r = rows[0];
  return {
    to: r.to ?? undefined,
    from: r.from ?? undefined,
    order: r.status === null ? undefined : { status: r.status, accountId: r.accountId, currencyTypeId: r.currencyTypeId, balance: r.balance },
    method: r.methodCode === null ? undefined : { code: r.methodCode, isActive: r.methodActive },
    posUsable: r.posUsable ?? undefined,
  };
}

/**
 * Judges a payment as it will be (`m`; `current` for an update) against what it reads: its status
 * move, its order (account, currency, balance left), its method and virtual POS, and what a paid
 * payment may no longer change. Throws the refusal. The generic writes and the sale's deposit
 * (sales.ts) are judged by it.
 */
export function judgePayment(m: Row, current: Row | undefined, facts: PaymentFacts) {
  const { to } = facts;
  if (!to) throw badRequest([fieldError('paymentStatusId', 'lookupNotFound')]);

  if (current) {
    const from = facts.from!;
    const changed = Object.keys(m).filter((k) => m[k] !== current[k]);
    if (!MOVES[from].length && changed.length) {
      throw new HttpError(409, 'error.payment.final', 'Sonuçlanmış (iptal ya da iade edilmiş) ödeme değiştirilemez.');
    }
    if (from === 'paid' && changed.some((k) => POSTED_FIELDS.includes(k))) throw paidLocked();
    if (to !== from && !MOVES[from].includes(to)) {
      throw new HttpError(409, 'error.payment.transition', 'Ödeme bu durumdan seçilen duruma geçemez.', { params: { from, to, allowed: MOVES[from] } });
    }
    if (from === 'paid') {
      // A completed order keeps its payments as they are (what completing promised): no refund.
      if (facts.order?.status === 'completed') {
        throw new HttpError(409, 'error.payment.orderCompleted', 'Tamamlanmış siparişin ödemesi iade ya da iptal edilemez.');
      }
      return; // refunded or cancelled: the database posts the reversal
    }
  } else if (!INITIAL.includes(to)) {
    throw new HttpError(409, 'error.payment.transition', 'Ödeme bu durumdan seçilen duruma geçemez.', { params: { from: null, to, allowed: INITIAL } });
  }
  if (to === 'cancelled') return; // a pending payment given up: nothing to check against the order

  const { order } = facts;
  if (!order) throw badRequest([fieldError('victimOrderId', 'lookupNotFound')]);
  if (order.status === 'cancelled') throw new HttpError(409, 'error.payment.orderCancelled', 'İptal edilmiş siparişe ödeme alınamaz.');
  const errors: FieldError[] = [];
  if (m.accountId !== order.accountId) errors.push(fieldError('accountId', 'notOrderAccount'));
  if (m.currencyTypeId !== order.currencyTypeId) errors.push(fieldError('currencyTypeId', 'notOrderCurrency'));
  errors.push(...methodErrors(m, current, facts));
  if (errors.length) throw badRequest(errors);
  // Money is taken up to the order's balance; a pending payment is held to it as well.
  if (toKurus(m.amount as string) > toKurus(order.balance)) throw exceedsBalance(order.balance);
}

const victimPaymentHooks: EntityHooks = {
  lockFirst: ({ client, id }) => lockOrderOf(client, 'victim_payments', id),
  async beforeWrite({ client, values, current }) {
    const m: Row = { ...current, ...values }; // the payment as it will be
    judgePayment(m, current, await paymentFacts(client, m, current));
  },
  async beforeDelete({ client, current }) {
    const posted = await client.query(`SELECT 1 FROM transactions WHERE victim_payment_id = $1 LIMIT 1`, [current.id]);
    if (posted.rows.length) throw new HttpError(409, 'error.payment.notDeletable', 'Cari harekete işlenmiş ödeme silinemez; iade edin ya da iptal edin.');
  },
};

/**
 * A payment's method: an active one for money taken from now on (a method staff retired stays on
 * the payments that used it); a virtual POS payment names an active POS with its keys, any other
 * method names none.
 */
function methodErrors(m: Row, current: Row | undefined, { method, posUsable }: PaymentFacts): FieldError[] {
  if (!method) return [fieldError('paymentMethodId', 'lookupNotFound')];
  if (!method.isActive && m.paymentMethodId !== current?.paymentMethodId) return [fieldError('paymentMethodId', 'inactive')];
  const pos = m.virtualPosId ?? null;
  if (method.code !== 'virtualPos') return pos === null ? [] : [fieldError('virtualPosId', 'virtualPosNotAllowed')];
  if (pos === null) return [fieldError('virtualPosId', 'virtualPosRequired')];
  if (posUsable === undefined) return [fieldError('virtualPosId', 'lookupNotFound')];
  return posUsable ? [] : [fieldError('virtualPosId', 'invalid')];
}

export const payments: WorkflowModule = {
  hooks: { VictimPayment: victimPaymentHooks },
  constraintErrors: {
    // Backstops of the checks above, for a write that reached the database without them.
    ck_victim_orders__paid_within_total: () =>
      new HttpError(409, 'error.payment.overTotal', 'Ödemeler siparişin tutarını aşamaz.'),
    ck_victim_payments__paid_locked: paidLocked,
  },
};
