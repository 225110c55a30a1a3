// Kurban orders: the order number and the amounts the server keeps (contract: VictimOrder).
import type pg from 'pg';
import type { EntityHooks } from '../crud/handlers.ts';
import type { WorkflowModule } from './operations.ts';

/** The season year staff set (`season.year`), else this year in Istanbul. */
async function seasonYear(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query(`SELECT value FROM settings WHERE key = 'season.year' AND NOT is_secret`);
  const year = Number(rows[0]?.value);
  if (Number.isInteger(year) && year >= 2000 && year <= 9999) return year;
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Istanbul', year: 'numeric' }).format(new Date()));
}

/** `K{season}-{sequence}`: the next number of the season, taken under a lock so two sales never share one. */
async function nextOrderNo(client: pg.PoolClient): Promise<string> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('victim_orders.order_no'))`);
  const year = await seasonYear(client);
  const prefix = `K${year}-`;
  const { rows } = await client.query(
    `SELECT coalesce(max(substring(order_no FROM length($1) + 1)::int), 0) + 1 AS next FROM victim_orders WHERE order_no LIKE $1 || '%'`,
    [prefix],
  );
  return `${prefix}${String(rows[0].next).padStart(5, '0')}`;
}

const victimOrderHooks: EntityHooks = {
  async beforeWrite({ client, values, id }) {
    if (id === undefined) values.orderNo = await nextOrderNo(client);
  },
};

import { HttpError } from '../core/errors.ts';
// TODO(season): placeholder until the module is written; nothing may remain of it.
const notYet = async () => { throw new HttpError(501, 'error.internal', 'Not implemented yet'); };

export const victimOrders: WorkflowModule = {
  hooks: { VictimOrder: victimOrderHooks },
  operations: () => ({ confirmVictimOrder: notYet, cancelVictimOrder: notYet, completeVictimOrder: notYet }),
};
