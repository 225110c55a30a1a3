// The probes of load balancers and supervisors (GET /health, GET /ready): public, cheap, and
// answering in the envelope like every operation.
import type pg from 'pg';
import { HttpError } from '../core/errors.ts';
import { latestShippedMigration } from '../db/migrate.ts';
import type { WorkflowModule } from './operations.ts';

/** How long the database may take to answer before the server is reported not ready. */
const READY_TIMEOUT_MS = 3000;

const notReady = (params: Record<string, string>) =>
  new HttpError(503, 'error.notReady', 'Sunucu henüz hazır değil.', { params });

/**
 * Ready: the database answers, and holds every migration this version ships. Drizzle applies a
 * migration when its folder time is later than the last one recorded, so the same comparison
 * says whether any is pending.
 */
export async function readiness(pool: pg.Pool): Promise<{ status: 'ready'; migrations: number }> {
  const latest = latestShippedMigration();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database did not answer in time')), READY_TIMEOUT_MS);
  });
  let applied: { count: number; last: number };
  try {
    const query = pool.query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`).then(async ({ rows }) => {
      if (!rows[0].present) return { count: 0, last: 0 };
      const r = await pool.query('SELECT count(*)::int AS count, coalesce(max(created_at), 0)::float8 AS last FROM drizzle.__drizzle_migrations');
      return { count: r.rows[0].count as number, last: Number(r.rows[0].last) };
    });
    applied = await Promise.race([query, timeout]);
  } catch {
    throw notReady({ database: 'unreachable' });
  } finally {
    clearTimeout(timer);
  }
  if (applied.last < latest) throw notReady({ migrations: 'pending' });
  return { status: 'ready', migrations: applied.count };
}

export const health: WorkflowModule = {
  operations: (deps) => ({
    getHealth: async () => ({ status: 'ok' }),
    getReady: () => readiness(deps.pool),
  }),
};
