// The Netgsm call webhook (contract: `Netgsm/call-webhook`) and missed calls being returned
// (`called-back`). The webhook is authenticated with the secret setting, stores a call once per
// provider id (a retry adds nothing, also when retries race), stores nothing it cannot read as a
// call, and matches the caller to an account by phone number.
import { createHash, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { HttpError, fieldError, hasCode, notFound, type FieldError } from '../core/errors.ts';
import { inTransaction } from '../db/client.ts';
import { entityByName } from '../crud/entities.ts';
import { readRow } from '../crud/handlers.ts';
import { decryptSecret } from '../crud/secrets.ts';
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';

const logEntity = () => entityByName.get('NetgsmCallWebhookLog')!;

/**
 * A phone number in E.164, or undefined when it is not one. Turkish forms (`0532 123 45 67`,
 * `532-123-4567`, `90532…`) get +90; `00…` is the international prefix.
 */
export function toE164(input: string): string | undefined {
  const compact = input.trim().replace(/[\s\-().]/g, '');
  let digits: string;
  if (/^\+\d+$/.test(compact)) digits = compact.slice(1);
  else if (/^00\d+$/.test(compact)) digits = compact.slice(2);
  else if (/^0\d{10}$/.test(compact)) digits = `90${compact.slice(1)}`;
  else if (/^[2-9]\d{9}$/.test(compact)) digits = `90${compact}`;
  else if (/^90\d{10}$/.test(compact)) digits = compact;
  else return undefined;
  if (!/^[1-9]\d{6,14}$/.test(digits)) return undefined;
  // A Turkish number has 10 digits after the country code.
  if (digits.startsWith('90') && digits.length !== 12) return undefined;
  return `+${digits}`;
}

const DIRECTIONS: Record<string, 'inbound' | 'outbound'> = { in: 'inbound', inbound: 'inbound', incoming: 'inbound', out: 'outbound', outbound: 'outbound', outgoing: 'outbound' };
// A call that did not connect (cancelled, failed) has to be returned like a missed one.
const STATUSES: Record<string, 'answered' | 'missed' | 'busy'> = {
  answer: 'answered', answered: 'answered',
  noanswer: 'missed', 'no answer': 'missed', no_answer: 'missed', missed: 'missed', cancel: 'missed', cancelled: 'missed', canceled: 'missed', failed: 'missed',
  busy: 'busy',
};

interface Call {
  uniqueId: string;
  callerNumber: string | null;
  calledNumber: string | null;
  direction: 'inbound' | 'outbound';
  status: 'answered' | 'missed' | 'busy';
  durationSeconds: number;
  /** One of the two: a wall-clock time in Istanbul, or an instant. */
  startedLocal: string | null;
  startedAt: string | null;
  rawPayload: string;
}

/** `YYYY-MM-DD HH:MM[:SS]` (Istanbul) or ISO 8601 with an offset; a date that does not exist is refused. */
function parseStart(text: string): { local?: string; instant?: string } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '00', zone] = m;
  const probe = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
  if (probe.getUTCFullYear() !== +y || probe.getUTCMonth() !== +mo - 1 || probe.getUTCDate() !== +d || probe.getUTCHours() !== +h || probe.getUTCMinutes() !== +mi || probe.getUTCSeconds() !== +s) return undefined;
  if (!zone) return { local: `${y}-${mo}-${d} ${h}:${mi}:${s}` };
  const instant = Date.parse(text.replace(' ', 'T'));
  return Number.isNaN(instant) ? undefined : { instant: new Date(instant).toISOString() };
}

/** The provider's fields (names case-insensitive) as a call, or a 400 naming what is wrong. */
export function parseCall(fields: Record<string, unknown>): Call {
  const lower = new Map<string, unknown>();
  for (const [k, v] of Object.entries(fields)) if (!lower.has(k.toLowerCase())) lower.set(k.toLowerCase(), v);
  const errors: FieldError[] = [];
  /** The first of `names` given, as text; null when none (or empty). */
  const text = (...names: string[]): string | null => {
    for (const n of names) {
      const v = lower.get(n);
      if (v === undefined || v === null) continue;
      if (typeof v === 'boolean' || typeof v === 'object') {
        errors.push(fieldError(n, 'type'));
        return null;
      }
      const s = String(v).trim();
      if (s !== '') return s;
    }
    return null;
  };
  const number = (field: string, ...names: string[]): string | null => {
    const v = text(...names);
    if (v === null) return null;
    const e164 = toE164(v);
    if (!e164) errors.push(fieldError(field, 'format', { format: 'phone' }));
    return e164 ?? null;
  };

  const uniqueId = text('uniqueid', 'unique_id');
  if (uniqueId === null) {
    if (!errors.length) errors.push(fieldError('uniqueid', 'required'));
  } else if (uniqueId.length > 100) errors.push(fieldError('uniqueid', 'maxLength', { max: 100 }));
  const callerNumber = number('caller', 'caller', 'caller_id', 'callerid');
  const calledNumber = number('called', 'called', 'dialed', 'called_number');
  const directionText = text('direction');
  const direction = directionText === null ? 'inbound' : DIRECTIONS[directionText.toLowerCase()];
  if (!direction) errors.push(fieldError('direction', 'enum', { allowed: ['IN', 'OUT', 'inbound', 'outbound'] }));
  // A call whose outcome is not reported is kept as missed, so that it is called back.
  const statusText = text('status');
  const status = statusText === null ? 'missed' : STATUSES[statusText.toLowerCase()];
  if (!status) errors.push(fieldError('status', 'enum', { allowed: ['ANSWER', 'NOANSWER', 'BUSY', 'CANCEL', 'FAILED', 'answered', 'missed', 'busy'] }));
  const durationText = text('duration');
  let durationSeconds = 0;
  if (durationText !== null) {
    if (!/^\d{1,9}$/.test(durationText)) errors.push(fieldError('duration', 'type'));
    else if (Number(durationText) > 86400) errors.push(fieldError('duration', 'maximum', { max: 86400 }));
    else durationSeconds = Number(durationText);
  }
  const startText = text('start_date', 'startdate', 'start_time');
  const start = startText === null ? {} : parseStart(startText);
  if (!start) errors.push(fieldError('start_date', 'format', { format: 'date-time' }));

  // What was received, but never the secret.
  const rawPayload = JSON.stringify(Object.fromEntries(Object.entries(fields).filter(([k]) => k.toLowerCase() !== 'secret')));
  if (rawPayload.length > 20_000) errors.push(fieldError('body', 'maxLength', { max: 20_000 }));
  if (errors.length) {
    throw new HttpError(400, 'error.webhook.notACall', 'İstek bir çağrı bildirimi olarak okunamadı.', { fields: errors });
  }
  return {
    uniqueId: uniqueId!, callerNumber, calledNumber, direction: direction!, status: status!, durationSeconds,
    startedLocal: start?.local ?? null, startedAt: start?.instant ?? null, rawPayload,
  };
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** The secret of the request against the stored one: 503 when none is set, 401 when missing or wrong. */
async function authenticate(deps: DomainDeps, given: unknown) {
  const { rows } = await deps.pool.query(`SELECT secret_value_enc FROM settings WHERE key = 'netgsm.webhookSecret'`);
  const sealed = rows[0]?.secret_value_enc as string | null | undefined;
  let secret = '';
  if (sealed) {
    try {
      secret = decryptSecret(deps.crud.encryptionKey, sealed);
    } catch {
      secret = ''; // sealed under another key: as good as unset until it is entered again
    }
  }
  if (secret === '') {
    throw new HttpError(503, 'error.webhook.secretUnset', 'Netgsm webhook gizli anahtarı ayarlanmamış: Ayarlar ekranında netgsm.webhookSecret değerini girin.');
  }
  // Digests have equal lengths, so the comparison time tells nothing about the secret.
  if (typeof given !== 'string' || given === '' || !timingSafeEqual(digest(given), digest(secret))) {
    throw new HttpError(401, 'error.webhook.unauthorized', 'Webhook gizli anahtarı eksik ya da hatalı.');
  }
}

/** The one account whose phone number is the same number; null when none or several. */
async function matchAccount(client: pg.PoolClient, e164: string | null): Promise<number | null> {
  if (!e164) return null;
  // The last 10 digits narrow the search; the numbers are then compared whole.
  const { rows } = await client.query(
    `SELECT id, phone_number FROM accounts WHERE phone_number IS NOT NULL AND right(regexp_replace(phone_number, '[^0-9]', '', 'g'), 10) = $1 LIMIT 50`,
    [e164.slice(-10)],
  );
  const same = rows.filter((r) => toE164(r.phone_number as string) === e164);
  return same.length === 1 ? (same[0].id as number) : null;
}

function webhook(deps: DomainDeps, fieldsOf: (input: OperationInput) => Record<string, unknown>) {
  return async (input: OperationInput) => {
    const fields = fieldsOf(input);
    const header = input.headers['x-webhook-secret'];
    const secretField = Object.entries(fields).find(([k]) => k.toLowerCase() === 'secret')?.[1];
    const given = typeof header === 'string' && header !== '' ? header : (input.query.secret ?? secretField);
    // Wrong secrets are counted per address and answered 429 past the budget; the right one never is.
    await deps.limits.failures(`webhook:address:${input.address}`, deps.limits.budgets.perAddress, () => authenticate(deps, given), hasCode('error.webhook.unauthorized'));
    const call = parseCall(fields);
    return inTransaction(deps.pool, async (client) => {
      const party = call.direction === 'inbound' ? call.callerNumber : call.calledNumber;
      const accountId = await matchAccount(client, party);
      const inserted = await client.query(
        `INSERT INTO netgsm_call_webhook_logs (received_at, unique_id, caller_number, called_number, direction, status, duration_seconds, started_at, raw_payload, account_id)
         VALUES (now(), $1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, $8::timestamp AT TIME ZONE 'Europe/Istanbul'), $9, $10)
         ON CONFLICT (unique_id) DO NOTHING
         RETURNING id, account_id, coalesce(started_at, received_at) AS at`,
        [call.uniqueId, call.callerNumber, call.calledNumber, call.direction, call.status, call.durationSeconds, call.startedAt, call.startedLocal, call.rawPayload, accountId],
      );
      if (!inserted.rows.length) {
        // A retry: a racing first delivery has committed (ON CONFLICT waited for it).
        const { rows } = await client.query('SELECT id, account_id FROM netgsm_call_webhook_logs WHERE unique_id = $1', [call.uniqueId]);
        return { id: rows[0].id as number, duplicate: true, accountId: rows[0].account_id as number | null };
      }
      const row = inserted.rows[0];
      // A missed call from a number with an open order gets the tracking link by SMS, at most once
      // an hour per number (rules/message-events.sql).
      if (call.direction === 'inbound' && call.status !== 'answered') await client.query('SELECT kurban_missed_call_events($1)', [row.id]);
      // Reaching the number (an answered call from it, any call to it) returns its earlier missed calls.
      const returned = call.direction === 'outbound' ? call.calledNumber : call.status === 'answered' ? call.callerNumber : null;
      if (returned) {
        await client.query(
          `UPDATE netgsm_call_webhook_logs SET called_back_at = now(), row_version = row_version + 1, updated_at = now()
           WHERE caller_number = $1 AND direction = 'inbound' AND status IN ('missed', 'busy') AND called_back_at IS NULL
             AND id <> $2 AND coalesce(started_at, received_at) <= $3`,
          [returned, row.id, row.at],
        );
      }
      return { id: row.id as number, duplicate: false, accountId: row.account_id as number | null };
    }, { operation: input.operation });
  };
}

function markCalledBack(deps: DomainDeps) {
  return async ({ params, userId, operation }: OperationInput) => {
    const e = logEntity();
    const id = params.id as number;
    // The first mark stays: only a call still waiting is marked. In a transaction of its own so
    // that the audit trail names who marked it.
    const row = await inTransaction(deps.pool, async (client) => {
      await client.query(
        `UPDATE netgsm_call_webhook_logs SET called_back_at = now(), called_back_by_user_id = $2, row_version = row_version + 1, updated_at = now()
         WHERE id = $1 AND direction = 'inbound' AND status IN ('missed', 'busy') AND called_back_at IS NULL`,
        [id, userId ?? null],
      );
      return readRow(client, e, id);
    }, { userId, operation });
    if (!row) throw notFound();
    if (row.direction !== 'inbound' || row.status === 'answered') {
      throw new HttpError(409, 'error.call.notMissed', 'Yalnızca cevapsız ya da meşgul gelen çağrılar geri arandı olarak işaretlenir.');
    }
    return row;
  };
}

export const calls: WorkflowModule = {
  operations: (deps) => ({
    netgsmCallWebhookGet: webhook(deps, (input) => input.query),
    netgsmCallWebhookPost: webhook(deps, (input) => input.body as Record<string, unknown>),
    markCallCalledBack: markCalledBack(deps),
  }),
};
