// Kurban payments (contract: VictimPayment). The database posts the ledger from a payment's
// status (collection when it becomes paid, its reversal when it leaves paid) and keeps the
// order's paid amount under a check (paid ≤ total). Here every write is judged first against the
// order, locked, so that a refusal says why: the order's account and currency, the virtual POS,
// the status moves, the balance left, and what a paid payment may no longer change.
import type pg from 'pg';
import { HttpError, badRequest, fieldError, type FieldError } from '../core/errors.ts';
import { toKurus } from '../../../common/money.ts';
import type { EntityHooks } from '../crud/handlers.ts';
import type { WorkflowModule } from './operations.ts';

type Row = Record<string, unknown>;
type StatusCode = 'pending' | 'paid' | 'cancelled' | 'refunded';

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

async function statusCode(client: pg.PoolClient, id: unknown): Promise<StatusCode | undefined> {
  const { rows } = await client.query(`SELECT code FROM payment_statuses WHERE id = $1`, [id]);
  return rows[0]?.code;
}

const victimPaymentHooks: EntityHooks = {
  async beforeWrite({ client, values, current }) {
    const m: Row = { ...current, ...values }; // the payment as it will be
    const to = await statusCode(client, m.paymentStatusId);
    if (!to) throw badRequest([fieldError('paymentStatusId', 'lookupNotFound')]);

    if (current) {
      const from = (await statusCode(client, current.paymentStatusId))!;
      const changed = Object.keys(values).filter((k) => values[k] !== current[k]);
      if (!MOVES[from].length && changed.length) {
        throw new HttpError(409, 'error.payment.final', 'Sonuçlanmış (iptal ya da iade edilmiş) ödeme değiştirilemez.');
      }
      if (from === 'paid' && changed.some((k) => POSTED_FIELDS.includes(k))) throw paidLocked();
      if (to !== from && !MOVES[from].includes(to)) {
        throw new HttpError(409, 'error.payment.transition', 'Ödeme bu durumdan seçilen duruma geçemez.', { params: { from, to, allowed: MOVES[from] } });
      }
      if (from === 'paid') return; // refunded or cancelled: the database posts the reversal
    } else if (!INITIAL.includes(to)) {
      throw new HttpError(409, 'error.payment.transition', 'Ödeme bu durumdan seçilen duruma geçemez.', { params: { from: null, to, allowed: INITIAL } });
    }
    if (to === 'cancelled') return; // a pending payment given up: nothing to check against the order

    // The order, locked: concurrent payments of one order are judged one after the other.
    const { rows } = await client.query(
      `SELECT o.id, o.status, o.account_id, o.currency_type_id, o.balance FROM victim_orders o WHERE o.id = $1 FOR UPDATE`,
      [m.victimOrderId],
    );
    const order = rows[0];
    if (!order) throw badRequest([fieldError('victimOrderId', 'lookupNotFound')]);
    if (order.status === 'cancelled') throw new HttpError(409, 'error.payment.orderCancelled', 'İptal edilmiş siparişe ödeme alınamaz.');
    const errors: FieldError[] = [];
    if (m.accountId !== order.account_id) errors.push(fieldError('accountId', 'notOrderAccount'));
    if (m.currencyTypeId !== order.currency_type_id) errors.push(fieldError('currencyTypeId', 'notOrderCurrency'));
    errors.push(...(await methodErrors(client, m, current)));
    if (errors.length) throw badRequest(errors);
    // Money is taken up to the order's balance; a pending payment is held to it as well.
    if (toKurus(m.amount as string) > toKurus(order.balance)) throw exceedsBalance(order.balance);
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
async function methodErrors(client: pg.PoolClient, m: Row, current: Row | undefined): Promise<FieldError[]> {
  const { rows } = await client.query(`SELECT code, is_active FROM payment_methods WHERE id = $1`, [m.paymentMethodId]);
  if (!rows.length) return [fieldError('paymentMethodId', 'lookupNotFound')];
  if (!rows[0].is_active && m.paymentMethodId !== current?.paymentMethodId) return [fieldError('paymentMethodId', 'inactive')];
  const pos = m.virtualPosId ?? null;
  if (rows[0].code !== 'virtualPos') return pos === null ? [] : [fieldError('virtualPosId', 'virtualPosNotAllowed')];
  if (pos === null) return [fieldError('virtualPosId', 'virtualPosRequired')];
  const device = await client.query(
    `SELECT is_active AND api_password_enc IS NOT NULL AND store_key_enc IS NOT NULL AS usable FROM virtual_pos_devices WHERE id = $1`,
    [pos],
  );
  if (!device.rows.length) return [fieldError('virtualPosId', 'lookupNotFound')];
  return device.rows[0].usable ? [] : [fieldError('virtualPosId', 'invalid')];
}

export const payments: WorkflowModule = {
  hooks: { VictimPayment: victimPaymentHooks },
  constraintErrors: {
    // Backstops of the checks above, for a write that reached the database without them.
    ck_victim_orders__paid_within_total: () =>
      new HttpError(409, 'error.payment.exceedsBalance', 'Ödeme siparişin kalan borcunu aşıyor.', { params: { remaining: null } }),
    ck_victim_payments__paid_locked: paidLocked,
  },
};
