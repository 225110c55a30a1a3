// The ledger by hand (contract: Transaction, TransactionType). Sales and collections are posted
// by the database from orders and payments; by hand, staff post everything else. Entries the
// server posted stay as posted, and the system's own types keep their code and direction.
import type pg from 'pg';
import { HttpError, badRequest, fieldError } from '../core/errors.ts';
import type { EntityHooks } from '../crud/handlers.ts';
import type { WorkflowModule } from './operations.ts';

/** Types only the server posts (expense may also be used by hand). */
const SERVER_ONLY_CODES = ['sale', 'saleReversal', 'collection', 'collectionReversal'];

const posted = () =>
  new HttpError(409, 'error.transaction.posted', 'Sistemin işlediği hareket elle değiştirilemez ya da silinemez; ilgili siparişi ya da ödemeyi değiştirin.');
const systemType = () =>
  new HttpError(409, 'error.transactionType.system', 'Sistem hareket tipinin kodu ve yönü değiştirilemez, tip silinemez.');
const isPosted = (row: Record<string, unknown>) => row.victimOrderId != null || row.victimPaymentId != null;

async function checkHandType(client: pg.PoolClient, typeId: unknown) {
  const { rows } = await client.query(`SELECT system_code FROM transaction_types WHERE id = $1`, [typeId]);
  if (rows.length && SERVER_ONLY_CODES.includes(rows[0].system_code)) throw badRequest([fieldError('transactionTypeId', 'systemTransactionType')]);
}

const transactionHooks: EntityHooks = {
  async beforeWrite({ client, values, current, userId }) {
    if (current && isPosted(current)) throw posted();
    if (values.transactionTypeId !== undefined) await checkHandType(client, values.transactionTypeId);
    // A hand entry names who wrote it, as the entries the server posts do (read-only in the contract).
    if (!current) values.createdByUserId = userId ?? null;
  },
  async beforeDelete({ current }) {
    if (isPosted(current)) throw posted();
  },
};

const transactionTypeHooks: EntityHooks = {
  async beforeWrite({ values, current }) {
    if (!current?.systemCode) return;
    const changes = (k: string) => k in values && values[k] !== current[k];
    if (changes('systemCode') || changes('direction')) throw systemType();
  },
  async beforeDelete({ current }) {
    if (current.systemCode) throw systemType();
  },
};

export const ledger: WorkflowModule = {
  hooks: { Transaction: transactionHooks, TransactionType: transactionTypeHooks },
  constraintErrors: {
    ck_transaction_types__system_direction: () => badRequest([fieldError('direction', 'directionMismatch')]),
  },
};
