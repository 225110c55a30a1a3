// Expense distribution (POST Transactions/distribute-expense): one expense split over chosen
// accounts equally, by their Kurban shares or by typed amounts, into parts that add up to the
// total to the kuruş, all written by one INSERT in one database transaction. A retry with the
// same Idempotency-Key answers the first answer and writes nothing again (db/idempotency.ts).
import type pg from 'pg';
import { HttpError, badRequest, fieldError, type FieldError } from '../core/errors.ts';
import { fromKurus, splitByWeights, toKurus } from '../../../common/money.ts';
import { translateDbError } from '../crud/handlers.ts';
import { entityByName } from '../crud/entities.ts';
import { lookupsSelect } from '../crud/lookups.ts';
import { inTransaction } from '../db/client.ts';
import { keyed } from '../db/idempotency.ts';
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';

interface DistributeRequest {
  transactionTypeId?: number;
  totalAmount: string;
  currencyTypeId: number;
  transactionDate: string;
  documentNo?: string | null;
  description: string;
  method: 'equal' | 'shares' | 'amounts';
  productId?: number;
  accounts: { accountId: number; amount?: string }[];
}

/** The transaction type to post: the named hand type (or `expense`), else the `expense` type. */
async function expenseType(client: pg.PoolClient, requested?: number): Promise<number> {
  if (requested === undefined) {
    const { rows } = await client.query(`SELECT id FROM transaction_types WHERE system_code = 'expense' ORDER BY id LIMIT 1`);
    // Without a system expense type the dialog must name the type.
    if (!rows[0]) throw badRequest([fieldError('transactionTypeId', 'required')]);
    return rows[0].id;
  }
  const { rows } = await client.query(`SELECT system_code FROM transaction_types WHERE id = $1`, [requested]);
  if (!rows[0]) throw badRequest([fieldError('transactionTypeId', 'lookupNotFound')]);
  if (rows[0].system_code !== null && rows[0].system_code !== 'expense') throw badRequest([fieldError('transactionTypeId', 'systemTransactionType')]);
  return requested;
}

/** Σ shares of each account's orders that are not cancelled (on one animal when given). */
async function sharesOf(client: pg.PoolClient, accountIds: number[], productId?: number): Promise<bigint[]> {
  const { rows } = await client.query(
    `SELECT a.id, coalesce(sum(o.share_count), 0)::bigint AS shares
     FROM unnest($1::int[]) WITH ORDINALITY AS a(id, ord)
     LEFT JOIN victim_orders o ON o.account_id = a.id AND o.status <> 'cancelled' AND ($2::int IS NULL OR o.product_id = $2)
     GROUP BY a.id, a.ord ORDER BY a.ord`,
    [accountIds, productId ?? null],
  );
  return rows.map((r) => BigInt(r.shares));
}

async function distributeExpense(deps: DomainDeps, input: OperationInput) {
  const req = input.body as DistributeRequest;
  const total = toKurus(req.totalAmount);
  const accountIds = req.accounts.map((a) => a.accountId);
  const errors: FieldError[] = [];
  // Text is trimmed as on every entity write.
  const description = req.description.trim();
  const documentNo = req.documentNo?.trim() || null;
  if (!description) errors.push(fieldError('description', 'required'));
  if (total <= 0n) errors.push(fieldError('totalAmount', 'exclusiveMinimum', { min: '0' }));
  const seen = new Set<number>();
  const repeated = accountIds.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  if (repeated.length) errors.push(fieldError('accounts', 'duplicate', { accountIds: [...new Set(repeated)] }));
  if (req.method === 'amounts') {
    req.accounts.forEach((a, i) => { if (a.amount === undefined) errors.push(fieldError(`accounts.${i}.amount`, 'required')); });
    const sum = req.accounts.reduce((s, a) => s + toKurus(a.amount), 0n);
    if (!errors.length && sum !== total) errors.push(fieldError('accounts', 'amountsMismatch', { sum: fromKurus(sum), total: fromKurus(total) }));
  }
  if (errors.length) throw badRequest(errors);

  const transaction = entityByName.get('Transaction')!;
  const distribute = async (client: pg.PoolClient) => {
    const typeId = await expenseType(client, req.transactionTypeId);
    const checks = (await client.query(
      `SELECT EXISTS (SELECT 1 FROM currency_types WHERE id = $1) AS currency,
              $2::int IS NULL OR EXISTS (SELECT 1 FROM products WHERE id = $2) AS product`,
      [req.currencyTypeId, req.method === 'shares' ? (req.productId ?? null) : null],
    )).rows[0];
    if (!checks.currency) errors.push(fieldError('currencyTypeId', 'lookupNotFound'));
    if (!checks.product) errors.push(fieldError('productId', 'lookupNotFound'));
    // The accounts are locked in id order, as the ledger trigger updates their balances: two
    // distributions over the same accounts wait for each other instead of deadlocking.
    const found = new Map((await client.query(
      `SELECT id, is_active FROM accounts WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE`,
      [accountIds],
    )).rows.map((r) => [r.id as number, r.is_active as boolean]));
    accountIds.forEach((id, i) => {
      if (!found.has(id)) errors.push(fieldError(`accounts.${i}.accountId`, 'lookupNotFound'));
      else if (!found.get(id)) errors.push(fieldError(`accounts.${i}.accountId`, 'invalid', { reason: 'inactive' }));
    });
    if (errors.length) throw badRequest(errors);

    let parts: bigint[];
    if (req.method === 'amounts') parts = req.accounts.map((a) => toKurus(a.amount));
    else if (req.method === 'equal') parts = splitByWeights(total, accountIds.map(() => 1n));
    else {
      const shares = await sharesOf(client, accountIds, req.productId);
      if (shares.every((s) => s === 0n)) {
        throw new HttpError(409, 'error.expense.noShares', 'Seçilen carilerin hissesi yok; hisseye göre dağıtılamaz.');
      }
      parts = splitByWeights(total, shares);
    }
    const charged = accountIds.map((id, i) => ({ id, part: parts[i] })).filter((x) => x.part > 0n);
    const { rows } = await client.query(
      `INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date, document_no, description, created_by_user_id)
       SELECT p.account_id, $3, p.amount, $4, $5, $6, $7, $8
       FROM unnest($1::int[], $2::numeric[]) WITH ORDINALITY AS p(account_id, amount, ord) ORDER BY p.ord
       RETURNING id`,
      [charged.map((x) => x.id), charged.map((x) => fromKurus(x.part)), typeId, req.currencyTypeId, req.transactionDate,
        documentNo, description, input.userId ?? null],
    );
    // As the generic Transactions GET answers them, in the order of the request.
    const created = await client.query(
      `SELECT ${lookupsSelect(transaction)} FROM transactions t WHERE t.id = ANY($1::int[])
       ORDER BY array_position($2::int[], t.account_id), t.id`,
      [rows.map((r) => r.id), charged.map((x) => x.id)],
    );
    return { totalAmount: fromKurus(total), transactions: created.rows };
  };
  const request = { key: input.idempotencyKey, userId: input.userId, operation: input.operation, body: input.body };
  try {
    return await inTransaction(deps.pool, async (client) =>
      (await keyed(client, request, async () => ({ status: 200, data: await distribute(client) }))).data, { userId: input.userId, operation: input.operation });
  } catch (err) {
    translateDbError(transaction, err);
  }
}

export const expenses: WorkflowModule = {
  operations: (deps) => ({ distributeExpense: (input) => distributeExpense(deps, input) }),
};
