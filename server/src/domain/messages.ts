// The outbox's delivery (rules/messages.sql writes the messages and their jobs) and
// `POST /Messages/{id}/resend`.
//
// Every server instance runs a graphile-worker runner on a small pool of its own (one LISTEN
// connection and `concurrency` connections for the jobs). A job is taken by one worker at a time
// (graphile-worker locks it); the message row is locked too while it is sent (`FOR UPDATE`), so
// that even two jobs of one message (a worker taken for dead while it still ran) send it once.
// A send the provider refuses or that fails is tried again after a growing delay
// (`retryBaseMs` × 2^(attempt − 1): 30 s, 1 min, 2 min … about 4 h 15 min over 10 attempts by
// default, so an hour-long outage of the provider loses nothing); after `maxAttempts` tries the
// message is `failed` with the provider's error, and staff resend it by hand. A server stopped
// mid-way loses nothing either: the job stays in the database until a worker completes it.
// What is not guarded: a worker killed after the provider accepted a message and before its
// commit sends that message again when the job is retried (at least once, never zero times).
//
// Delivery reports: a recurring job (every minute, once for all instances: graphile-worker's
// cron) asks Netgsm about the messages it accepted in the last three days and moves them to
// `delivered` or `failed`; a recipient on the sender's blacklist sets the account's `smsOptOut`.
//
// The workers' writes are nobody's edit of a record: `kurban.audit = off` for their transactions.
import pg from 'pg';
import { Logger, parseCronItems, run, type JobHelpers, type Runner, type Task } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../core/config.ts';
import { HttpError, notFound } from '../core/errors.ts';
import { inTransaction } from '../db/client.ts';
import { entityByName } from '../crud/entities.ts';
import { readRow } from '../crud/handlers.ts';
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';
import { bookingRemindersTask, REMINDER_CRON, REMINDER_TASK } from './message-reminders.ts';
import { netgsmReports, sendSms, ProviderError, PROVIDER_TIMEOUT_MS, type SmsSettings } from './sms-providers.ts';

/**
 * `concurrency`: jobs run at once by this instance (its pool holds this many connections, plus
 * the listener's and one more); `pollIntervalMs`: how often a worker looks for jobs that became
 * due (new ones are announced at once); `retryBaseMs`: the delay before the second attempt, each
 * next one doubling it; `maxAttempts`: attempts before a message is `failed`;
 * `providerTimeoutMs`: the time limit of one call to the provider; `reports: false`: no recurring
 * jobs, neither the delivery reports nor the evening reminder (tests call them themselves).
 */
export type OutboxOptions = Exclude<Config['outbox'], false | undefined>;

export const OUTBOX_DEFAULTS = { concurrency: 4, pollIntervalMs: 1000, retryBaseMs: 30_000, maxAttempts: 10, providerTimeoutMs: PROVIDER_TIMEOUT_MS, reports: true } as const;

export const SEND_TASK = 'kurban.sendMessage';
export const REPORT_TASK = 'kurban.messageReports';
/** Messages whose delivery is still asked about, after they were accepted. */
const REPORT_DAYS = 3;

/** A message to send, locked, with the `sms.*` settings of this moment. */
const CLAIM = `
  SELECT m.id, m.phone, m.text, m.attempts,
         (SELECT jsonb_object_agg(s.key, CASE WHEN s.is_secret THEN s.secret_value_enc ELSE s.value END)
            FROM settings s WHERE s.key LIKE 'sms.%') AS settings
    FROM messages m
   WHERE m.id = $1 AND m.status = 'queued'
     FOR UPDATE OF m`;

const MARK_SENT = `
  UPDATE messages SET status = 'sent', attempts = attempts + 1, provider = $2, provider_id = $3, error = NULL,
         sent_at = now(), row_version = row_version + 1, updated_at = now()
   WHERE id = $1`;

// A failed attempt: counted; queued again after its delay with a new job, or failed at the limit.
const MARK_FAILED_ATTEMPT = `
  WITH tried AS (
    UPDATE messages SET attempts = attempts + 1, error = left($2, 1000),
           status = CASE WHEN attempts + 1 >= $3 THEN 'failed' ELSE 'queued' END,
           send_after = CASE WHEN attempts + 1 >= $3 THEN send_after
                             ELSE now() + make_interval(secs => $4::float8 / 1000 * power(2, attempts)) END,
           row_version = row_version + 1, updated_at = now()
     WHERE id = $1
     RETURNING id, status, send_after)
  SELECT kurban_message_job(id, send_after) FROM tried WHERE status = 'queued'`;

/** The wait before the workers are started again after the database could not be reached. */
const RESTART_MS = 10_000;

export class Outbox {
  private runner?: Runner;
  private retry?: NodeJS.Timeout;
  private stopping = false;
  private readonly pool: pg.Pool;
  private readonly options: Required<OutboxOptions>;
  private readonly encryptionKey: Buffer;
  private readonly log: FastifyBaseLogger;

  constructor(connectionString: string, encryptionKey: Buffer, log: FastifyBaseLogger, options: OutboxOptions = {}) {
    this.encryptionKey = encryptionKey;
    this.log = log;
    this.options = { ...OUTBOX_DEFAULTS, ...options };
    this.pool = new pg.Pool({ connectionString, max: this.options.concurrency + 2, options: '-c TimeZone=Europe/Istanbul', application_name: 'kurban-outbox' });
    // A connection the server drops (a restart) is replaced at the next use; without listeners its
    // error would end the process.
    const lost = (err: Error) => { if (!this.stopping) this.log.warn({ err }, 'outbox: database connection lost'); };
    this.pool.on('error', lost);
    this.pool.on('connect', (client) => client.on('error', lost));
  }

  /**
   * Starts the workers. A database that cannot be reached yet does not keep the server from
   * starting (it answers /ready with 503 meanwhile): the workers are tried again every
   * `RESTART_MS` until they run, and nothing queued is lost (the jobs wait in the database).
   */
  async start(): Promise<void> {
    try {
      await this.launch();
    } catch (err) {
      if (this.stopping) return;
      this.log.warn({ err }, `outbox: the workers could not start; trying again in ${RESTART_MS / 1000} s`);
      this.retry = setTimeout(() => void this.start(), RESTART_MS);
      this.retry.unref();
    }
  }

  private async launch(): Promise<void> {
    const log = this.log;
    const logger = new Logger(() => (level, message, meta) => {
      if (level === 'error') log.error({ meta }, `outbox: ${message}`);
      else if (level === 'warning') log.warn({ meta }, `outbox: ${message}`);
      else log.debug({ meta }, `outbox: ${message}`);
    });
    const taskList: Record<string, Task> = {
      [SEND_TASK]: async (payload) => this.sendOne(Number((payload as { id?: unknown }).id)),
      [REPORT_TASK]: async (_payload, helpers: JobHelpers) => { await this.pollDeliveryReports(helpers); },
      [REMINDER_TASK]: bookingRemindersTask,
    };
    this.runner = await run({
      pgPool: this.pool,
      concurrency: this.options.concurrency,
      pollInterval: this.options.pollIntervalMs,
      noHandleSignals: true,
      logger,
      taskList,
      // The recurring jobs: delivery reports every minute, the evening reminder of tomorrow's bookings.
      parsedCronItems: this.options.reports ? parseCronItems([{ task: REPORT_TASK, match: '* * * * *', identifier: REPORT_TASK }, REMINDER_CRON]) : [],
    });
  }

  async stop(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    this.stopping = true;
    clearTimeout(this.retry);
    if (runner) await runner.stop().catch((err: Error) => this.log.warn({ err }, 'outbox: stopping the workers failed'));
    await this.pool.end().catch(() => {});
  }

  /** Sends one queued message (nothing for a message already sent, failed or away). */
  async sendOne(id: number): Promise<void> {
    if (!Number.isSafeInteger(id)) return;
    const client = await this.pool.connect();
    try {
      await client.query(`BEGIN; SET LOCAL kurban.audit = 'off'`);
      const { rows } = await client.query(CLAIM, [id]);
      const message = rows[0];
      if (message) {
        try {
          const sent = await sendSms((message.settings ?? {}) as SmsSettings, this.encryptionKey, message, this.options.providerTimeoutMs);
          await client.query(MARK_SENT, [id, sent.provider, sent.providerId]);
        } catch (err) {
          if (!(err instanceof ProviderError)) this.log.warn({ err, messageId: id }, 'outbox: sending a message failed');
          const reason = err instanceof Error ? err.message : String(err);
          await client.query(MARK_FAILED_ATTEMPT, [id, reason, this.options.maxAttempts, this.options.retryBaseMs]);
        }
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * Asks Netgsm about the messages it accepted (the oldest first, 100 a call, at most 5 calls:
   * Netgsm allows 10 report queries a minute) and records what it says.
   */
  async pollDeliveryReports(helpers?: Pick<JobHelpers, 'logger'>): Promise<number> {
    let moved = 0;
    let lastId = 0;
    for (let call = 0; call < 5; call++) {
      const { rows } = await this.pool.query(
        `SELECT id, provider_id FROM messages
          WHERE status = 'sent' AND provider = 'netgsm' AND provider_id IS NOT NULL
            AND sent_at > now() - make_interval(days => $1) AND id > $2
          ORDER BY id LIMIT 100`,
        [REPORT_DAYS, lastId],
      );
      if (rows.length === 0) break;
      lastId = rows[rows.length - 1].id;
      const settings = (await this.pool.query(
        `SELECT jsonb_object_agg(key, CASE WHEN is_secret THEN secret_value_enc ELSE value END) AS s FROM settings WHERE key LIKE 'sms.%'`,
      )).rows[0]?.s ?? {};
      let reports;
      try {
        reports = await netgsmReports(settings, this.encryptionKey, rows.map((r) => String(r.provider_id)), this.options.providerTimeoutMs);
      } catch (err) {
        // Asked again at the next run.
        (helpers?.logger ?? this.log).warn(`outbox: Netgsm delivery reports could not be read: ${(err as Error).message}`);
        break;
      }
      const done = reports.filter((r) => r.state !== 'pending');
      if (done.length > 0) {
        moved += await inTransaction(this.pool, async (client) => {
          await client.query(
            `WITH report AS (
               SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(provider_id text, state text, opt_out boolean, delivered_at timestamptz, error text)),
             moved AS (
               UPDATE messages m SET status = r.state, delivered_at = r.delivered_at, error = coalesce(r.error, m.error),
                      row_version = m.row_version + 1, updated_at = now()
                 FROM report r
                WHERE m.provider = 'netgsm' AND m.provider_id = r.provider_id AND m.status = 'sent'
                RETURNING m.account_id, r.opt_out)
             UPDATE accounts a SET sms_opt_out = true, row_version = a.row_version + 1, updated_at = now()
               FROM moved WHERE moved.opt_out AND a.id = moved.account_id AND NOT a.sms_opt_out`,
            [JSON.stringify(done.map((r) => ({ provider_id: r.providerId, state: r.state, opt_out: r.optOut, delivered_at: r.deliveredAt, error: r.error })))],
          );
          return done.length;
        }, { audit: false });
      }
      if (rows.length < 100) break;
    }
    return moved;
  }
}

const messageEntity = () => entityByName.get('Message')!;

/** `POST /Messages/{id}/resend`: a failed message queued again, its attempts from zero. */
function resend(deps: DomainDeps) {
  return async ({ params, userId, operation }: OperationInput) => {
    const id = params.id as number;
    return inTransaction(deps.pool, async (client) => {
      const { rows } = await client.query(
        `WITH again AS (
           UPDATE messages SET status = 'queued', attempts = 0, error = NULL, send_after = now(),
                  row_version = row_version + 1, updated_at = now()
            WHERE id = $1 AND status = 'failed'
            RETURNING id)
         SELECT id, kurban_message_job(id, now()) FROM again`,
        [id],
      );
      const row = await readRow(client, messageEntity(), id);
      if (!row) throw notFound();
      if (rows.length === 0) {
        throw new HttpError(409, 'error.message.notFailed', 'Yalnızca gönderilemeyen (başarısız) bir mesaj yeniden gönderilir.', { params: { status: row.status } });
      }
      return row;
    }, { userId, operation });
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's outbox workers (absent when the config runs none). */
    outbox?: Outbox;
  }
}

export const messages: WorkflowModule = {
  operations: (deps) => ({ resendMessage: resend(deps) }),
};
