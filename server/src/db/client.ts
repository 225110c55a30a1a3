// One pg pool for the process, used two ways: Drizzle for typed domain queries, plain
// parameterised SQL for the generic CRUD engine.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema.ts';

// DATE stays 'YYYY-MM-DD' (no shift through a local midnight); counts (int8) become numbers;
// NUMERIC stays a string so money is never a float.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, options: '-c TimeZone=Europe/Istanbul' });
  // An idle connection dropped by the server (a restart, a shutdown) is replaced on next use;
  // without a listener the pool's error event would end the process.
  let closing = false;
  pool.on('error', (err) => {
    if (!closing) console.error('database connection lost:', err.message);
  });
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => { closing = true; return pool.end(); } };
}

/**
 * Who writes, through which operation: the transaction settings the database's triggers read
 * (the database rules, server/src/db/rules).
 */
export interface WriteScope {
  /** The signed-in user: `kurban.user_id`. What the database records on its own (ledger entries it posts, step history, the audit trail) names who made the change. */
  userId?: number;
  /** The contract's operationId of the request: `kurban.operation`, recorded in the audit trail. */
  operation?: string;
  /** `false` for seeds and bulk loads only: their writes leave no audit entries (`kurban.audit = off`). */
  audit?: false;
  /**
   * The signed-in user's claims, as the router checked them: for rules that depend on what the
   * writer holds (who may grant what: domain/permissions.ts). Not a database setting.
   */
  claims?: readonly string[];
}

/**
 * `BEGIN` and the writer's settings as one statement list, so that a write pays one round trip for
 * them instead of two (round trips are what a short write costs most). A statement list cannot take
 * parameters: the values are the server's own (an integer user id, an operationId of the contract)
 * and are quoted by the driver's `escapeLiteral` all the same. An empty value means unset to the
 * triggers.
 */
function beginWith(client: pg.PoolClient, scope: WriteScope): string {
  if (scope.userId === undefined && scope.operation === undefined && scope.audit !== false) return 'BEGIN';
  if (scope.userId !== undefined && !Number.isSafeInteger(scope.userId)) throw new Error(`user id ${scope.userId} is not an integer`);
  const setting = (name: string, value: string) => `set_config('${name}', ${client.escapeLiteral(value)}, true)`;
  return `BEGIN; SELECT ${setting('kurban.user_id', scope.userId === undefined ? '' : String(scope.userId))}, `
    + `${setting('kurban.operation', scope.operation ?? '')}, ${setting('kurban.audit', scope.audit === false ? 'off' : '')}`;
}

/** Runs `work` in one database transaction on one connection, under the writer's `scope`. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, scope: WriteScope = {}): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(beginWith(client, scope));
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

const statementNames = new Map<string, string>();
/**
 * A statement PostgreSQL parses and plans once per connection and then reuses (a named prepared
 * statement): for the fixed statements of the write path, whose planning costs more than their
 * execution (a row read with its lookups is planned in 0.1–0.3 ms and run in 0.03). Only for
 * statements whose text is fixed or drawn from a small set (one per entity): each name stays
 * prepared on every connection.
 */
export function prepared(text: string, values: unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}
