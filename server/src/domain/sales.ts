// The sale at the counter as one operation (contract: POST /Sales, paths/sales.yaml): the
// customer, the order, its shareholders and the deposit in one request and one database
// transaction, so that any refusal leaves nothing behind. The order and the deposit are decided by
// the same functions as their own routes (`decideNewOrder`, `judgePayment`: one home per rule) on
// what one query reads, then written by one statement (rules/sales.sql): the order's number is
// taken in that statement, so the season's counter row is held only from there to the commit and
// sales of different animals do not queue behind each other (issue 16, points 5 and 6). The
// database's own rules run on those writes as on any other: share lines, sold shares, the posted
// sale and deposit, the audit trail. A new customer is never a silent double of an account
// (issue 17, point 4): an identity number already used is a 409 naming its account (the Account
// hook, catalogue.ts), and the same name and phone as an active account's is a 409 naming the
// accounts it may be, until the clerk confirms a new customer.
import type pg from 'pg';
import { HttpError, badRequest, fieldError, forbidden } from '../core/errors.ts';
import { hasClaim } from '../../../common/claims.ts';
import { istanbulToday } from '../../../common/calendar.ts';
import { fromKurus, toKurus } from '../../../common/money.ts';
import { phoneKey } from '../../../common/phone.ts';
import { ACCOUNT_TYPE, PAYMENT_STATUS } from '../../../common/reference-codes.ts';
import { createIn } from '../crud/handlers.ts';
import { type EntityMeta, entityByName } from '../crud/entities.ts';
import { lookupsJson } from '../crud/lookups.ts';
import { inTransaction, prepared } from '../db/client.ts';
import { type Claim, keyed, type StoredAnswer, storingAnswer } from '../db/idempotency.ts';
import { Answered, type DomainDeps, type OperationInput, type WorkflowModule } from './operations.ts';
import { judgePayment } from './payments.ts';
import { decideNewOrder, lockOrderAnimal } from './victim-orders.ts';

const ACCOUNT = entityByName.get('Account')!;
const ORDER = entityByName.get('VictimOrder')!;
const SHARE = entityByName.get('VictimOrderDetail')!;
const PAYMENT = entityByName.get('VictimPayment')!;

interface Shareholder { name: string; phone?: string | null; intention?: string }
interface SaleRequest {
  accountId?: number;
  customer?: { title: string; phoneNumber?: string | null; identityNumber?: string | null; email?: string | null; confirmedNew?: boolean };
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

/** The id of the customer account type by its code (reference-codes.ts); the reference seed keeps the row. */
async function customerTypeId(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query(prepared(`SELECT id FROM account_types WHERE code = $1`, [ACCOUNT_TYPE.customer]));
  if (!rows.length) throw new Error(`reference row account_types.${ACCOUNT_TYPE.customer} is missing`);
  return rows[0].id as number;
}

/** An account the new customer may already have (contract: 409 `error.account.possibleDuplicate`). */
interface PossibleDuplicate { id: number; code: string; title: string; phoneLast4: string }

const possibleDuplicate = (accounts: PossibleDuplicate[]) =>
  new HttpError(409, 'error.account.possibleDuplicate',
    `Bu müşteri zaten kayıtlı olabilir: ${accounts.map((a) => `${a.code} ${a.title} (…${a.phoneLast4})`).join(', ')}. Mevcut hesabı seçin ya da yeni müşteri olduğunu onaylayın.`,
    { params: { accounts } });

/**
 * No new customer silently doubles an account: an active account with the same title (case and
 * Turkish letters aside)
 * and the same phone (its last 10 digits, whatever the format) answers 409 naming those accounts,
 * unless the clerk has seen them and confirmed a new customer (`confirmedNew`). An account whose
 * identity number differs from the one typed is another person. Sales making customers of one
 * phone wait for each other here, so the second sees the first's account once it commits.
 */
async function refuseLikelyDuplicate(client: pg.PoolClient, customer: NonNullable<SaleRequest['customer']>) {
  const phone = phoneKey(customer.phoneNumber);
  if (customer.confirmedNew || !phone) return;
  await client.query(prepared(`SELECT pg_advisory_xact_lock(hashtext('accounts.phone'), hashtext($1))`, [phone]));
  const { rows } = await client.query(prepared(
    `SELECT id, code, title, right(phone_number_search, 4) AS "phoneLast4" FROM accounts
     WHERE is_active AND phone_number_search = $2 AND title_search = kurban_fold($1)
       AND ($3::text IS NULL OR identity_number IS NULL OR identity_number = $3)
     ORDER BY code LIMIT 10`,
    // The phone and the title as the search compares them (their search copies: rules/search.sql), through the phone's search index.
    [customer.title.trim(), phone, customer.identityNumber ?? null],
  ));
  if (rows.length) throw possibleDuplicate(rows as PossibleDuplicate[]);
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

/** Row values (contract names) as the columns `rules/sales.sql` reads them. */
const columnsOf = (e: EntityMeta, values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([name, v]) => [e.fields.find((f) => f.name === name)!.column, v]));

/** What deciding the deposit reads besides the order: the paid status, the method and the virtual POS (one round trip). */
async function depositFacts(client: pg.PoolClient, deposit: NonNullable<SaleRequest['deposit']>) {
  const { rows } = await client.query(prepared(
    `SELECT (SELECT id FROM payment_statuses WHERE code = $1) AS "paidId", pm.code AS "methodCode", pm.is_active AS "methodActive",
            (SELECT v.is_active AND v.api_password_enc IS NOT NULL AND v.store_key_enc IS NOT NULL FROM virtual_pos_devices v WHERE v.id = $3) AS "posUsable"
     FROM (SELECT 1) one LEFT JOIN payment_methods pm ON pm.id = $2`,
    [PAYMENT_STATUS.paid, deposit.paymentMethodId, deposit.virtualPosId ?? null],
  ));
  const r = rows[0];
  if (r.paidId === null) throw new Error(`reference row payment_statuses.${PAYMENT_STATUS.paid} is missing`);
  return r as { paidId: number; methodCode: string | null; methodActive: boolean | null; posUsable: boolean | null };
}

async function sell(client: pg.PoolClient, deps: DomainDeps, body: SaleRequest, scope: { userId?: number; claims?: readonly string[]; operation?: string }, claim?: Claim): Promise<StoredAnswer & { stored: boolean }> {
  let accountId = body.accountId!;
  if (body.customer) {
    const { confirmedNew: _confirmed, ...customer } = body.customer;
    await refuseLikelyDuplicate(client, body.customer);
    accountId = (await createIn(client, deps.crud, ACCOUNT, { ...customer, accountTypeId: await customerTypeId(client) }, scope)).id as number;
  }
  const order: Record<string, unknown> = {
    accountId,
    productId: body.productId,
    shareCount: body.shareCount,
    ...(body.unitPrice !== undefined ? { unitPrice: body.unitPrice } : {}),
    discountAmount: body.discountAmount ?? '0.00',
    status: body.status ?? 'confirmed',
    proxyReceived: body.proxyReceived ?? false,
    deliveryMethod: body.deliveryMethod ?? 'pickup',
    notes: body.notes ?? null,
    orderDate: istanbulToday(),
    confirmedAt: null,
  };
  decideNewOrder(order, await lockOrderAnimal(client, order.productId, order.orderDate), scope.claims);

  let payment: Record<string, unknown> | null = null;
  if (body.deposit) {
    const facts = await depositFacts(client, body.deposit);
    payment = {
      accountId,
      amount: body.deposit.amount,
      currencyTypeId: order.currencyTypeId,
      paymentMethodId: body.deposit.paymentMethodId,
      virtualPosId: body.deposit.virtualPosId ?? null,
      paymentStatusId: facts.paidId,
    };
    // The order as it will be written: its balance is its total.
    const total = BigInt(Number(order.shareCount)) * toKurus(order.unitPrice as string) - toKurus(order.discountAmount as string);
    judgePayment(payment, undefined, {
      to: PAYMENT_STATUS.paid,
      order: { status: order.status as string, accountId, currencyTypeId: order.currencyTypeId as number, balance: fromKurus(total) },
      method: facts.methodCode === null ? undefined : { code: facts.methodCode, isActive: facts.methodActive! },
      posUsable: facts.posUsable ?? undefined,
    });
  }

  const holders = body.shareholders ?? [];
  const { rows } = await client.query(prepared(
    `SELECT order_id AS "orderId", payment_id AS "paymentId" FROM kurban_record_sale($1::jsonb, $2::text[], $3::text[], $4::text[], $5::jsonb)`,
    [columnsOf(ORDER, order), holders.map((h) => h.name), holders.map((h) => h.phone ?? null), holders.map((h) => h.intention ?? 'kurban'),
      payment && columnsOf(PAYMENT, payment)],
  ));
  const { orderId, paymentId } = rows[0] as { orderId: number; paymentId: number | null };
  // The answer, built in SQL and stored for a retry in the same statement: the counter rows the
  // writes took are held for this one more round trip and the commit.
  const statement = storingAnswer(SALE_ANSWER, [orderId, paymentId], 201, claim);
  const answer = await client.query(prepared(statement.text, statement.values));
  return { status: 201, data: answer.rows[0].body, stored: claim !== undefined };
}

/** The sale's answer (contract: SaleEnvelope's data): the order, its share lines and the deposit's payment or null. */
const SALE_ANSWER = `SELECT jsonb_build_object(
  'order', (SELECT ${lookupsJson(ORDER)} FROM victim_orders t WHERE t.id = $1),
  'shares', coalesce((SELECT jsonb_agg(${lookupsJson(SHARE)} ORDER BY t.share_no) FROM victim_order_details t WHERE t.victim_order_id = $1), '[]'::jsonb),
  'payment', (SELECT ${lookupsJson(PAYMENT)} FROM victim_payments t WHERE t.id = $2::int)) AS body`;

export const sales: WorkflowModule = {
  operations: (deps) => ({
    async createSale(input: OperationInput) {
      const body = input.body as SaleRequest;
      checkRequest(body, input.claims ?? []);
      const scope = { userId: input.userId, claims: input.claims, operation: input.operation };
      const request = { key: input.idempotencyKey, userId: input.userId, operation: input.operation, body };
      const answer = await inTransaction(deps.pool, (client) => keyed(client, request, (claim) => sell(client, deps, body, scope, claim)), scope);
      return new Answered(answer.status, answer.data);
    },
  }),
};
