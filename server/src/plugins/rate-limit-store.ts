// The rate limit's counters in PostgreSQL (table rate_limits, migration 0007), so that every
// server instance on the database counts the same attempts: two instances behind a load balancer
// allow AUTH_RATE_LIMIT sign-ins a minute per address, not twice that. A store for
// @fastify/rate-limit (its `store` option takes a class; its own stores are LocalStore and
// RedisStore, whose interface this follows: incr, read, child).
//
// One statement per attempt: an upsert that starts a window or counts in the current one and
// answers the count and what is left of the window. Time is the database's (now()), so the
// instances' clocks do not matter. Expired rows are removed now and then by a DELETE on the
// expiry index, from whichever instance counts an attempt; nothing runs when nobody signs in.
// When the database cannot be reached the attempt fails with its error, which the envelope
// answers as 503 error.unavailable (a sign-in needs the database anyway).
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface StoreOptions { continueExceeding?: boolean; exponentialBackoff?: boolean }


const HIT = `
  INSERT INTO rate_limits AS r (key, hits, expires_at) VALUES ($1, 1, now() + $2::float8 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.hits + 1 END,
    expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END
  RETURNING hits, greatest(0, ceil(extract(epoch FROM expires_at - now()) * 1000))::float8 AS ttl`;
const READ = `
  SELECT hits, greatest(0, ceil(extract(epoch FROM expires_at - now()) * 1000))::float8 AS ttl
  FROM rate_limits WHERE key = $1 AND expires_at > now()`;
// A row updated meanwhile is checked again by PostgreSQL before it is deleted: a window that
// just started again is kept.
const SWEEP = `DELETE FROM rate_limits WHERE expires_at <= now()`;

/** What the children of one store share: the pool and when expired rows were last removed. */
interface Shared { pool: pg.Pool; log?: FastifyBaseLogger; sweepEveryMs: number; lastSweep: number }

/**
 * The store class to hand to @fastify/rate-limit (`store: postgresRateLimitStore(pool)`): the
 * plugin makes it with its options, and a child per limited route (keys prefixed with the
 * route's method and URL, as the plugin's own stores do, so each route counts apart). Expired
 * rows are removed at most once every `sweepEveryMs` by each instance.
 */
export function postgresRateLimitStore(pool: pg.Pool, log?: FastifyBaseLogger, sweepEveryMs = 60_000): FastifyRateLimitStoreCtor {
  const shared: Shared = { pool, log, sweepEveryMs, lastSweep: Date.now() };
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: StoreOptions, prefix = '') {
      // Not needed by the routes, and each would need its own statement: refused rather than ignored.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the PostgreSQL rate-limit store supports neither continueExceeding nor exponentialBackoff');
      }
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      shared.pool.query(HIT, [this.prefix + key, timeWindow]).then(
        ({ rows }) => {
          callback(null, { current: rows[0].hits as number, ttl: rows[0].ttl as number });
          sweep();
        },
        (err: Error) => callback(err),
      );
    }

    /** The current count without counting (the plugin's `increment: false`). */
    read(key: string, callback: Callback) {
      shared.pool.query(READ, [this.prefix + key]).then(
        ({ rows }) => callback(null, rows[0] ? { current: rows[0].hits as number, ttl: rows[0].ttl as number } : { current: 0, ttl: 0 }),
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const options = routeOptions as unknown as StoreOptions & { routeInfo?: { method?: string | string[]; url?: string } };
      const method = [options.routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(options, `${this.prefix}${method}${options.routeInfo?.url ?? ''}-`);
    }
  };

  function sweep() {
    const now = Date.now();
    if (now - shared.lastSweep < shared.sweepEveryMs) return;
    shared.lastSweep = now;
    shared.pool.query(SWEEP).catch((err: Error) => shared.log?.warn({ err }, 'expired rate-limit counters could not be removed'));
  }
}
