// Small SQL helpers of the seed: batched multi-row inserts, ids drawn up front, lookups by key.
import type pg from 'pg';
import { inTransaction } from '../client.ts';

export type Db = pg.ClientBase;
export type Row = Record<string, unknown>;

// PostgreSQL takes at most 65,535 parameters per statement.
const MAX_PARAMS = 60_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * INSERT of same-shaped rows (keys are column names) as multi-row VALUES, chunked under the
 * parameter limit. `tail` is appended (e.g. `ON CONFLICT DO NOTHING`, `RETURNING id`).
 */
export async function insertRows(db: Db, table: string, rows: readonly Row[], tail = ''): Promise<Row[]> {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]);
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const out: Row[] = [];
  for (let start = 0; start < rows.length; start += perChunk) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + perChunk).map((row) => {
      const slots = columns.map((c) => {
        if (!(c in row)) throw new Error(`${table}: row without column ${c}`);
        params.push(row[c]);
        return `$${params.length}`;
      });
      return `(${slots.join(', ')})`;
    });
    const sql = `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')} ${tail}`;
    out.push(...(await db.query(sql, params)).rows);
  }
  return out;
}

/**
 * UPDATE of several rows in one statement: each row (keys are column names, `key` among them)
 * sets its other columns on the row whose `key` matches. The values are read as the table's own
 * row type, so every column keeps its type (dates, numerics) without casts.
 */
export async function updateRows(db: Db, table: string, key: string, rows: readonly Row[]): Promise<number> {
  if (!rows.length) return 0;
  const columns = Object.keys(rows[0]);
  if (!columns.includes(key)) throw new Error(`${table}: update rows without their key ${key}`);
  for (const row of rows) {
    // A column missing from one row would be set to null on it.
    for (const c of columns) if (!(c in row)) throw new Error(`${table}: row without column ${c}`);
  }
  const set = columns.filter((c) => c !== key).map((c) => `${quote(c)} = v.${quote(c)}`);
  const sql = `UPDATE ${quote(table)} t SET ${set.join(', ')}
    FROM jsonb_populate_recordset(NULL::${quote(table)}, $1::jsonb) v WHERE t.${quote(key)} = v.${quote(key)}`;
  const { rowCount } = await db.query(sql, [JSON.stringify(rows)]);
  if (rowCount !== rows.length) throw new Error(`${table}: ${rows.length} rows to update, ${rowCount} found`);
  return rowCount;
}

/**
 * Draws `count` ids from the table's identity sequence, so rows can reference each other before
 * they are written (and the server's own inserts later continue after them).
 */
export async function allocateIds(db: Db, table: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const { rows } = await db.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2)`,
    [table, count],
  );
  return rows.map((r) => r.id);
}

/** Ids of a table keyed by one column (a natural key); `where` narrows the rows. */
export async function idsBy(db: Db, table: string, column: string, where = 'true'): Promise<Map<string, number>> {
  const { rows } = await db.query(`SELECT id, ${quote(column)}::text AS k FROM ${quote(table)} WHERE ${where} ORDER BY id`);
  const map = new Map<string, number>();
  for (const r of rows) if (!map.has(r.k)) map.set(r.k, r.id);
  return map;
}

/** The id a natural key names, or a clear error naming what the demo needs. */
export function need(map: Map<string, number>, key: string, what: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo seed: ${what} "${key}" is missing; restore it or start with SEED_DEMO=false`);
  return id;
}

/** True when the table has no row yet (reference rows staff may rename are seeded only then). */
export async function isEmpty(db: Db, table: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT NOT EXISTS (SELECT 1 FROM ${quote(table)}) AS empty`);
  return rows[0].empty;
}

/**
 * Runs `work` in one transaction, serialised against other starts by an advisory lock. Seeds
 * (reference rows, the first administrator, the demo season) are nothing a person did: they
 * leave no audit entries.
 */
export function inSeedTransaction<T>(pool: pg.Pool, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    // Two servers starting on one database must not both see "empty" and both insert.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('kurban-seed'))`);
    return work(client);
  }, { audit: false });
}
