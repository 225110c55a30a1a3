// The sale at the counter as one operation (contract: POST /Sales, paths/sales.yaml): the
// customer, the order, its shareholders and the deposit in one request and one database
// transaction, so that any refusal leaves nothing behind. Each row is written through the generic
// engine's create on this transaction (`createIn`), so the rules of accounts, orders and payments
// (hooks and database rules) are the same as on their own routes: the server numbers and prices
// the order (victim-orders.ts), the database posts the sale and the deposit to the ledger.
import type pg from 'pg';
import { badRequest, fieldError, forbidden } from '../core/errors.ts';
import { hasClaim } from '../../../common/claims.ts';
import { ACCOUNT_TYPE, PAYMENT_STATUS } from '../../../common/reference-codes.ts';
import { createIn, readRow } from '../crud/handlers.ts';
import { entityByName } from '../crud/entities.ts';
import { lookupsSelect } from '../crud/lookups.ts';
import { inTransaction } from '../db/client.ts';
import { once, type StoredAnswer } from '../db/idempotency.ts';
import { Answered, type DomainDeps, type OperationInput, type WorkflowModule } from './operations.ts';

const ACCOUNT = entityByName.get('Account')!;
const ORDER = entityByName.get('VictimOrder')!;
const SHARE = entityByName.get('VictimOrderDetail')!;
const PAYMENT = entityByName.get('VictimPayment')!;

interface Shareholder { name: string; phone?: string | null; intention?: string }
interface SaleRequest {
  accountId?: number;
  customer?: { title: string; phoneNumber?: string | null; identityNumber?: string | null; email?: string | null };
  productId: number;
  shareCount: number;
  shareholders?: Shareholder[];
  unitPrice?: string;
  discountAmount?: string;
  status?: 'draft' | 'confirmed';
  proxyReceived?: boolean;
  deliveryMethod?: string;
  notes?: string | null;
  deposit?: { amount: string; paymentMethodId: number; virtualPosId?: number | null };
}

/** The id of a reference row by its code (reference-codes.ts); the reference seed keeps these rows. */
async function idByCode(client: pg.PoolClient, table: 'account_types' | 'payment_statuses', code: string): Promise<number> {
  const { rows } = await client.query(`SELECT id FROM ${table} WHERE code = $1`, [code]);
  if (!rows.length) throw new Error(`reference row ${table}.${code} is missing`);
  return rows[0].id as number;
}

/** What the request asks beyond the operation's claim, and what the contract cannot say: checked before anything is written. */
function checkRequest(body: SaleRequest, claims: readonly string[]) {
  if ((body.accountId === undefined) === (body.customer === undefined)) {
    throw badRequest([fieldError(body.customer ? 'customer' : 'accountId', body.customer ? 'oneBuyer' : 'required')]);
  }
  if ((body.shareholders?.length ?? 0) > body.shareCount) throw badRequest([fieldError('shareholders', 'maxItems', { max: body.shareCount })]);
  if (body.customer && !hasClaim(claims, 'Accounts.Create')) throw forbidden('Accounts.Create');
  if (body.deposit && !hasClaim(claims, 'VictimPayments.Create')) throw forbidden('VictimPayments.Create');
}

/**
 * Names the order's share lines: the database made one per share with the customer as holder
 * (lowest free share numbers first); the given shareholders replace them in share order, in one
 * statement. The lines are the sale's own, just made: no rule of an existing line applies.
 */
async function nameShareholders(client: pg.PoolClient, orderId: number, holders: Shareholder[]) {
  if (!holders.length) return;
  await client.query(
    `UPDATE victim_order_details d SET shareholder_name = h.name, shareholder_phone = h.phone, intention = h.intention
     FROM (SELECT id, row_number() OVER (ORDER BY share_no) AS n FROM victim_order_details WHERE victim_order_id = $1) l
     JOIN unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS h(name, phone, intention, n) ON h.n = l.n
     WHERE d.id = l.id`,
    [orderId, holders.map((h) => h.name), holders.map((h) => h.phone ?? null), holders.map((h) => h.intention ?? 'kurban')],
  );
}

async function sell(client: pg.PoolClient, deps: DomainDeps, body: SaleRequest, scope: { userId?: number; claims?: readonly string[]; operation?: string }): Promise<StoredAnswer> {
  const { crud } = deps;
  const accountId = body.customer
    ? (await createIn(client, crud, ACCOUNT, { ...body.customer, accountTypeId: await idByCode(client, 'account_types', ACCOUNT_TYPE.customer) }, scope)).id as number
    : body.accountId!;
  const order = await createIn(client, crud, ORDER, {
    accountId,
    productId: body.productId,
    shareCount: body.shareCount,
    ...(body.unitPrice !== undefined ? { unitPrice: body.unitPrice } : {}),
    discountAmount: body.discountAmount ?? '0.00',
    status: body.status ?? 'confirmed',
    proxyReceived: body.proxyReceived ?? false,
    deliveryMethod: body.deliveryMethod ?? 'pickup',
    notes: body.notes ?? null,
  }, scope);
  const orderId = order.id as number;
  await nameShareholders(client, orderId, body.shareholders ?? []);
  const payment = body.deposit
    ? await createIn(client, crud, PAYMENT, {
      victimOrderId: orderId,
      accountId,
      amount: body.deposit.amount,
      currencyTypeId: order.currencyTypeId,
      paymentMethodId: body.deposit.paymentMethodId,
      virtualPosId: body.deposit.virtualPosId ?? null,
      paymentStatusId: await idByCode(client, 'payment_statuses', PAYMENT_STATUS.paid),
    }, scope)
    : null;
  const shares = await client.query(`SELECT ${lookupsSelect(SHARE)} FROM victim_order_details t WHERE t.victim_order_id = $1 ORDER BY t.share_no`, [orderId]);
  // The order as the deposit left it (its paid amount and balance).
  return { status: 201, data: { order: body.deposit ? await readRow(client, ORDER, orderId) : order, shares: shares.rows, payment } };
}

export const sales: WorkflowModule = {
  operations: (deps) => ({
    async createSale(input: OperationInput) {
      const body = input.body as SaleRequest;
      checkRequest(body, input.claims ?? []);
      const scope = { userId: input.userId, claims: input.claims, operation: input.operation };
      const key = input.headers['idempotency-key'];
      const answer = await inTransaction(deps.pool, (client) =>
        typeof key === 'string' && input.userId !== undefined
          ? once(client, { key, userId: input.userId, operation: input.operation, body }, () => sell(client, deps, body, scope))
          : sell(client, deps, body, scope), scope);
      return new Answered(answer.status, answer.data);
    },
  }),
};
