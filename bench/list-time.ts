// The database's time for one list request (issue 17, point 3): what PostgreSQL spends planning
// and running the statements the server runs for a full first page (crud/list.ts
// `listStatements`: on a small table the page with its lookups and its exact count, one statement
// when searched, on a large one the one statement that takes both), from EXPLAIN ANALYZE, the
// median of 7 after a warm-up.
// Shared by `npm run bench` and `npm run bench:season`.
import type pg from 'pg';
import { entityByName } from '../server/src/crud/entities.ts';
import { countedInOneStatement, isLargeTable, listStatements, type PagedListRequest } from '../server/src/crud/list.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The statements of `request` on the list of `entity`, as the server runs them on this table's size. */
export async function listRequestStatements(pool: pg.Pool, entity: string, request: PagedListRequest) {
  const e = entityByName.get(entity)!;
  const s = listStatements(e, request);
  const large = await isLargeTable(pool, e.table);
  const statements = countedInOneStatement(large, s.q) ? [large ? s.rowsCounted : s.rowsAllCounted] : [s.rows, s.exactCount];
  return { statements, params: s.q.params.values };
}

/** Milliseconds of database time per request (planning and execution of each statement) and of its planning alone, medians of 7. */
export async function databaseTime(pool: pg.Pool, entity: string, request: PagedListRequest): Promise<{ ms: number; planning: number }> {
  const { statements, params } = await listRequestStatements(pool, entity, request);
  const times: number[] = [];
  const plannings: number[] = [];
  for (let i = 0; i < 8; i++) {
    let ms = 0;
    let planning = 0;
    for (const sql of statements) {
      const [{ 'QUERY PLAN': [plan] }] = (await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)).rows;
      ms += plan['Planning Time'] + plan['Execution Time'];
      planning += plan['Planning Time'];
    }
    if (i > 0) {
      times.push(ms);
      plannings.push(planning);
    }
  }
  return { ms: median(times), planning: median(plannings) };
}
