// A retry never writes twice (issue 16, point 2). A write sent with an `Idempotency-Key` header
// claims the key in its own transaction before it writes, and stores its answer there after it:
// - a retry after the first committed gets the stored answer (the same status and body);
// - a retry while the first is under way waits for it (the claim's unique key), then gets its
//   answer, or, if the first was refused and rolled back, is tried as a new request;
// - the same key with another body is a 422: the client reused a key by mistake.
// Keys are the user's own (two users' keys never meet) and per operation, kept for a day.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { HttpError } from '../core/errors.ts';

export interface IdempotentRequest {
  key: string;
  userId: number;
  operation: string;
  body: unknown;
}

export interface StoredAnswer {
  status: number;
  data: unknown;
}

/** The key a write runs under: its answer is stored on it. */
export type Claim = Pick<IdempotentRequest, 'key' | 'userId' | 'operation'>;

/**
 * `answer` (a query of one row whose `body` column is the answer's data, parameters `$1…$n` in
 * `values`) made to store that body as the answer of `claim` (with `status`) in the same statement:
 * a write that builds its answer in SQL stores it without a round trip of its own. Without a claim,
 * `answer` itself.
 */
export function storingAnswer(answer: string, values: unknown[], status: number, claim: Claim | undefined): { text: string; values: unknown[] } {
  if (!claim) return { text: answer, values };
  const n = values.length;
  return {
    text: `WITH answer AS (${answer}),
      stored AS (UPDATE idempotency_keys k SET status = $${n + 1}, response = answer.body FROM answer
                 WHERE k.user_id = $${n + 2} AND k.operation = $${n + 3} AND k.key = $${n + 4})
      SELECT body FROM answer`,
    values: [...values, status, claim.userId, claim.operation, claim.key],
  };
}

/** Keys older than this answer nothing and are removed now and then. */
const KEEP_HOURS = 24;

const keyReused = () =>
  new HttpError(422, 'error.idempotency.keyReused', 'Bu istek anahtarı (Idempotency-Key) başka bir istekle kullanılmış; her yeni işlem yeni bir anahtarla gönderilmeli.');

/** A canonical hash of the body: the same JSON with its keys in another order is the same request. */
function hashOf(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
  return createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');
}

/**
 * Runs `write` on `client` (inside the caller's transaction) once per key: answers its result, or
 * the stored answer of the first request with this key. `write` answers what to store, or says it
 * stored it itself (`stored`, through `storingAnswer` with the claim it is given).
 */
async function once(client: pg.PoolClient, request: IdempotentRequest, write: (claim: Claim) => Promise<StoredAnswer & { stored?: boolean }>): Promise<StoredAnswer> {
  const hash = hashOf(request.body);
  const claimed = await client.query(
    `INSERT INTO idempotency_keys (user_id, operation, key, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, operation, key) DO UPDATE SET request_hash = excluded.request_hash, status = NULL, response = NULL, created_at = now()
       WHERE idempotency_keys.created_at < now() - make_interval(hours => ${KEEP_HOURS})
     RETURNING 1`,
    [request.userId, request.operation, request.key, hash],
  );
  if (!claimed.rows.length) {
    // Taken by a request that committed (a conflicting claim under way is waited for above).
    const { rows } = await client.query(
      'SELECT request_hash, status, response FROM idempotency_keys WHERE user_id = $1 AND operation = $2 AND key = $3',
      [request.userId, request.operation, request.key],
    );
    if (rows[0].request_hash !== hash) throw keyReused();
    return { status: rows[0].status as number, data: rows[0].response };
  }
  const { stored, ...answer } = await write({ key: request.key, userId: request.userId, operation: request.operation });
  if (stored) return answer;
  await client.query(
    'UPDATE idempotency_keys SET status = $4, response = $5 WHERE user_id = $1 AND operation = $2 AND key = $3',
    [request.userId, request.operation, request.key, answer.status, JSON.stringify(answer.data)],
  );
  return answer;
}

/**
 * `once` when the request carries a key (and a user it is kept for), else `write` as it is: what
 * every keyed operation runs its work through, the generic create and the workflows alike.
 */
export async function keyed(client: pg.PoolClient, request: Omit<IdempotentRequest, 'key' | 'userId'> & { key?: string; userId?: number },
  write: (claim?: Claim) => Promise<StoredAnswer & { stored?: boolean }>): Promise<StoredAnswer> {
  const { key, userId } = request;
  if (key !== undefined && userId !== undefined) return once(client, { ...request, key, userId }, write);
  const { stored: _stored, ...answer } = await write();
  return answer;
}

/** Removes the keys past their day (run now and then by any instance). */
export async function sweepIdempotencyKeys(pool: pg.Pool): Promise<void> {
  await pool.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${KEEP_HOURS})`);
}
