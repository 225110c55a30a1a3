// One pg pool for the process, used two ways: Drizzle for typed domain queries, plain
// parameterised SQL for the generic CRUD engine.
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

/** Runs `work` in one database transaction on one connection, under the writer's `scope`. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, scope: WriteScope = {}): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    if (scope.userId !== undefined || scope.operation !== undefined || scope.audit === false) {
      // One round trip; an empty value means unset to the triggers.
      await client.query(
        `SELECT set_config('kurban.user_id', $1, true), set_config('kurban.operation', $2, true), set_config('kurban.audit', $3, true)`,
        [scope.userId === undefined ? '' : String(scope.userId), scope.operation ?? '', scope.audit === false ? 'off' : ''],
      );
    }
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
