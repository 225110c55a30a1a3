// Account statements (GET Accounts/{id}/statement): the opening balance, the entries of a range
// in one currency with their running balance, the range's totals and the closing balance, all
// computed by the database (a window sum) from one consistent snapshot of the ledger.
import { HttpError, badRequest, fieldError, notFound } from '../core/errors.ts';
import { fromKurus, toKurus } from '../../../common/money.ts';
import { inTransaction } from '../db/client.ts';
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';

const MAX_ENTRIES = 10_000;

/** The range's entries of one account and currency (`$2`/`$3` left null: open-ended). */
const IN_RANGE = `t.account_id = $1 AND t.currency_type_id = $4
  AND ($2::date IS NULL OR t.transaction_date >= $2::date) AND ($3::date IS NULL OR t.transaction_date <= $3::date)`;

async function getAccountStatement(deps: DomainDeps, input: OperationInput) {
  const id = input.params.id as number;
  const { from = null, to = null, currencyTypeId = null } = input.query as { from?: string; to?: string; currencyTypeId?: number };
  if (from && to && to < from) throw badRequest([fieldError('to', 'dateOrder')]);

  // One snapshot: the header and the entries agree even while entries are being written.
  return inTransaction(deps.pool, async (client) => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const head = (await client.query(
      `SELECT a.id AS "accountId", a.code AS "accountCode", a.title AS "accountTitle",
              c.id AS "currencyTypeId", c.code AS "currencyCode"
       FROM accounts a
       LEFT JOIN currency_types c ON c.id = coalesce($2::int, kurban_default_currency())
       WHERE a.id = $1`,
      [id, currencyTypeId],
    )).rows[0];
    if (!head) throw notFound();
    if (head.currencyTypeId === null) {
      // Without a default currency the statement must name one.
      throw badRequest([fieldError('currencyTypeId', currencyTypeId === null ? 'required' : 'lookupNotFound')]);
    }
    const params = [id, from, to, head.currencyTypeId];
    const totals = (await client.query(
      `SELECT coalesce(sum(tt.direction * t.amount) FILTER (WHERE $2::date IS NOT NULL AND t.transaction_date < $2::date), 0)::numeric(20, 2)::text AS opening,
              coalesce(sum(t.amount) FILTER (WHERE tt.direction = 1 AND ${IN_RANGE}), 0)::numeric(20, 2)::text AS debit,
              coalesce(sum(t.amount) FILTER (WHERE tt.direction = -1 AND ${IN_RANGE}), 0)::numeric(20, 2)::text AS credit,
              count(*) FILTER (WHERE ${IN_RANGE})::int AS entries
       FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
       WHERE t.account_id = $1 AND t.currency_type_id = $4 AND ($3::date IS NULL OR t.transaction_date <= $3::date)`,
      params,
    )).rows[0] as { opening: string; debit: string; credit: string; entries: number };
    if (totals.entries > MAX_ENTRIES) {
      throw new HttpError(400, 'error.statement.tooLong', 'Seçilen aralıkta çok fazla hareket var; lütfen daha kısa bir tarih aralığı seçin.', {
        params: { count: totals.entries, max: MAX_ENTRIES },
      });
    }
    const { rows: entries } = await client.query(
      `SELECT t.id, t.transaction_date AS "transactionDate", t.transaction_type_id AS "transactionTypeId", tt.name AS "transactionTypeName",
              tt.direction, t.document_no AS "documentNo", t.description, t.amount,
              CASE WHEN tt.direction = 1 THEN t.amount ELSE 0 END::numeric(18, 2) AS debit,
              CASE WHEN tt.direction = -1 THEN t.amount ELSE 0 END::numeric(18, 2) AS credit,
              ($5::numeric + sum(tt.direction * t.amount) OVER (ORDER BY t.transaction_date, t.id ROWS UNBOUNDED PRECEDING))::numeric(20, 2)::text AS balance,
              t.victim_order_id AS "victimOrderId", t.victim_payment_id AS "victimPaymentId"
       FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
       WHERE ${IN_RANGE}
       ORDER BY t.transaction_date, t.id`,
      [...params, totals.opening],
    );
    return {
      ...head,
      from,
      to,
      openingBalance: totals.opening,
      totalDebit: totals.debit,
      totalCredit: totals.credit,
      closingBalance: fromKurus(toKurus(totals.opening) + toKurus(totals.debit) - toKurus(totals.credit)),
      entries,
    };
  });
}

export const statements: WorkflowModule = {
  operations: (deps) => ({ getAccountStatement: (input) => getAccountStatement(deps, input) }),
};
