// Counters of attempts in PostgreSQL (table rate_limits, migration 0007), so that every server
// instance on the database counts the same attempts: two instances behind a load balancer allow
// a budget once, not twice.
//
// One statement per count: `kurban_rate_hit` (rules/rate-limits.sql), an upsert that starts a
// window or counts in the current one and answers the count and what is left of the window, so
// concurrent attempts get consecutive counts and exactly `max` of them fit in a budget. Time is
// the database's (now()), so the instances' clocks do not matter. Expired rows are
// removed now and then by a DELETE on the expiry index, from whichever instance counts; nothing
// runs when nobody counts. When the database cannot be reached the count fails with its error,
// which the envelope answers as 503 error.unavailable (what is counted needs the database anyway).
import type pg from 'pg';
import type { Config } from '../core/config.ts';
import { HttpError, tooManyRequests } from '../core/errors.ts';

/** At most `max` attempts in a window of `seconds` that starts with the first one. */
export interface Budget {
  max: number;
  seconds: number;
}

/** The budgets of the server's public doors (config: AUTH_RATE_LIMIT, AUTH_LOCKOUT_*). */
export interface Budgets {
  /** Failures per client address (and registrations): sign-in, refresh and webhook each count apart. */
  perAddress: Budget;
  /** Sign-ins per e-mail address: past it, the account is locked until the window ends. */
  perAccount: Budget;
}

/** AUTH_RATE_LIMIT failures a minute per address; AUTH_LOCKOUT_FAILURES sign-ins per account in AUTH_LOCKOUT_MINUTES. */
export function budgetsOf(config: Pick<Config, 'authRateLimit' | 'authLockoutFailures' | 'authLockoutMinutes'>): Budgets {
  return {
    perAddress: { max: config.authRateLimit, seconds: 60 },
    perAccount: { max: config.authLockoutFailures, seconds: config.authLockoutMinutes * 60 },
  };
}

/** One attempt counted (rules/rate-limits.sql, shared with the tracking page's lookup). */
const HIT = `SELECT hits, retry_after AS "retryAfter" FROM kurban_rate_hit($1, $2)`;
// A row updated meanwhile is checked again by PostgreSQL before it is deleted: a window that
// just started again is kept.
const SWEEP = `DELETE FROM rate_limits WHERE expires_at <= now()`;

interface Log {
  warn(obj: object, msg: string): void;
}

export class RateLimits {
  readonly budgets: Budgets;
  private readonly pool: pg.Pool;
  private readonly log?: Log;
  private readonly sweepEveryMs: number;
  private lastSweep = Date.now();

  /** Expired rows are removed at most once every `sweepEveryMs` by each instance. */
  constructor(pool: pg.Pool, budgets: Budgets, log?: Log, sweepEveryMs = 60_000) {
    this.pool = pool;
    this.budgets = budgets;
    this.log = log;
    this.sweepEveryMs = sweepEveryMs;
  }

  /**
   * Counts one attempt under `key`. Past the budget it throws `refusal` (by default a 429
   * error.tooManyRequests) with the seconds left of the window, which the answer's Retry-After
   * repeats.
   */
  async count(key: string, budget: Budget, refusal: (seconds: number) => HttpError = tooManyRequests): Promise<void> {
    const { rows } = await this.pool.query({ name: 'kurban-rate-hit', text: HIT, values: [key, budget.seconds] });
    this.sweep();
    if ((rows[0].hits as number) > budget.max) throw refusal(rows[0].retryAfter as number);
  }

  /**
   * Runs `attempt`; a failure of it that `counts` is counted under `key` and thrown as it is, or
   * as a 429 once past the budget. Successes are not counted, so they are never refused because
   * of other clients' failures.
   */
  async failures<T>(key: string, budget: Budget, attempt: () => Promise<T>, counts: (err: unknown) => boolean): Promise<T> {
    try {
      return await attempt();
    } catch (err) {
      if (counts(err)) await this.count(key, budget);
      throw err;
    }
  }

  /** Starts `key` over (a success resets an account's count). */
  async clear(key: string): Promise<void> {
    await this.pool.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }

  private sweep() {
    const now = Date.now();
    if (now - this.lastSweep < this.sweepEveryMs) return;
    this.lastSweep = now;
    this.pool.query(SWEEP).catch((err: Error) => this.log?.warn({ err }, 'expired rate-limit counters could not be removed'));
  }
}
