// Where a text message goes: the provider of the setting `sms.provider`, read for every send (a
// changed setting takes effect at the next message, without a restart).
// - `log` (the default): nothing leaves the farm; the message is recorded as sent by `log`.
// - `netgsm`: Netgsm's REST v2 API, HTTP Basic with `sms.netgsm.userCode` and the secret
//   `sms.netgsm.password`, from `sms.netgsm.header`, at `sms.netgsm.baseUrl`.
// Every call to the outside has a time limit (`PROVIDER_TIMEOUT_MS`): a provider that does not
// answer is a failed attempt, retried later, never a worker held for ever.
import { decryptSecret } from '../crud/secrets.ts';

export const PROVIDER_TIMEOUT_MS = 10_000;
export const NETGSM_BASE_URL = 'https://api.netgsm.com.tr';

/** The `sms.*` settings as stored: a secret's encrypted value in place of its empty `value`. */
export type SmsSettings = Record<string, string | null | undefined>;

export interface Sent {
  provider: string;
  /** The provider's id of the message (Netgsm's `jobid`), by which its delivery report is asked. */
  providerId: string | null;
}

/** A refusal or failure of the provider, worded for the message's `error`. */
export class ProviderError extends Error {}

// What Netgsm's codes mean (its REST v2 documentation), for the message's `error`.
const SEND_CODES: Record<string, string> = {
  '20': 'message text rejected or too long',
  '30': 'invalid user code or password, or no API access',
  '40': 'sender header not defined',
  '50': 'IYS-controlled sending not allowed',
  '51': 'no IYS brand',
  '70': 'invalid parameters',
  '80': 'sending rate limit exceeded',
  '85': 'too many messages to one number within a minute',
  '100': 'Netgsm system error',
  '101': 'Netgsm system error',
};

interface NetgsmAccount {
  baseUrl: string;
  authorization: string;
  header: string;
}

function netgsmAccount(settings: SmsSettings, encryptionKey: Buffer): NetgsmAccount {
  const userCode = settings['sms.netgsm.userCode']?.trim();
  const sealed = settings['sms.netgsm.password'];
  const header = settings['sms.netgsm.header']?.trim();
  if (!userCode || !sealed) throw new ProviderError('sms.netgsm.userCode and sms.netgsm.password are not set');
  if (!header) throw new ProviderError('sms.netgsm.header is not set');
  let password: string;
  try {
    password = decryptSecret(encryptionKey, sealed);
  } catch {
    throw new ProviderError('sms.netgsm.password cannot be read with this server\'s ENCRYPTION_KEY: enter it again');
  }
  const baseUrl = (settings['sms.netgsm.baseUrl']?.trim() || NETGSM_BASE_URL).replace(/\/+$/, '');
  return { baseUrl, header, authorization: `Basic ${Buffer.from(`${userCode}:${password}`).toString('base64')}` };
}

/** A JSON POST to Netgsm: its parsed answer, or a ProviderError (timeout, unreachable, not JSON). */
async function postNetgsm(account: NetgsmAccount, path: string, body: unknown, timeoutMs: number): Promise<{ status: number; data: any }> {
  let res: Response;
  try {
    res = await fetch(`${account.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: account.authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    if (e.name === 'TimeoutError') throw new ProviderError(`Netgsm did not answer within ${timeoutMs / 1000} s`);
    throw new ProviderError(`Netgsm unreachable: ${e.cause?.code ?? e.message}`);
  }
  const text = await res.text().catch(() => '');
  let data: any;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ProviderError(`Netgsm answered HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
  }
  return { status: res.status, data };
}

/** Sends one message through the provider the settings name. */
export async function sendSms(settings: SmsSettings, encryptionKey: Buffer, to: { phone: string; text: string }, timeoutMs = PROVIDER_TIMEOUT_MS): Promise<Sent> {
  const provider = settings['sms.provider']?.trim() || 'log';
  if (provider === 'log') return { provider: 'log', providerId: null };
  if (provider !== 'netgsm') throw new ProviderError(`unknown sms.provider "${provider}"`);
  const account = netgsmAccount(settings, encryptionKey);
  const { status, data } = await postNetgsm(account, '/sms/rest/v2/send', {
    msgheader: account.header,
    messages: [{ msg: to.text, no: to.phone }],
    encoding: 'TR',
  }, timeoutMs);
  const code = String(data?.code ?? '');
  if (code === '00' && data?.jobid != null) return { provider: 'netgsm', providerId: String(data.jobid) };
  const meaning = SEND_CODES[code] ?? data?.description ?? 'unexpected answer';
  throw new ProviderError(`Netgsm ${code ? `code ${code}` : `HTTP ${status}`}: ${meaning}`);
}

/** One message's delivery as Netgsm's report tells it. */
export interface Delivery {
  providerId: string;
  state: 'delivered' | 'failed' | 'pending';
  /** The recipient refused messages from the sender (Netgsm's blacklist status). */
  optOut: boolean;
  deliveredAt: Date | null;
  error: string | null;
}

// Netgsm's report statuses: 0 waiting, 1 delivered, the rest failures; 15 is a number on the
// sender's blacklist (the recipient asked for no more messages).
const REPORT_FAILURES: Record<number, string> = {
  2: 'expired', 3: 'invalid or restricted number', 4: 'not sent to the operator', 11: 'rejected', 12: 'delivery error',
  13: 'duplicate message', 14: 'insufficient credit', 15: 'the recipient opted out (blacklisted)', 16: 'refused by IYS', 17: 'IYS error',
};

/** `dd.MM.yyyy HH:mm:ss` (Istanbul time) or an ISO time, else null. */
function reportTime(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const m = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  const date = m ? new Date(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}+03:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The delivery reports of sent Netgsm messages (`POST /sms/rest/v2/report` with `{ jobids }`,
 * at most 100 a call). Netgsm's "no records" (code 60) is an empty report.
 */
export async function netgsmReports(settings: SmsSettings, encryptionKey: Buffer, providerIds: string[], timeoutMs = PROVIDER_TIMEOUT_MS): Promise<Delivery[]> {
  const account = netgsmAccount(settings, encryptionKey);
  const { status, data } = await postNetgsm(account, '/sms/rest/v2/report', { jobids: providerIds, pagenumber: 0, pagesize: 100 }, timeoutMs);
  const code = String(data?.code ?? '');
  if (code === '60') return [];
  if (code !== '00') throw new ProviderError(`Netgsm report ${code ? `code ${code}` : `HTTP ${status}`}: ${data?.description ?? 'unexpected answer'}`);
  const jobs: any[] = Array.isArray(data.jobs) ? data.jobs : [];
  return jobs.filter((j) => j?.jobid != null).map((j) => {
    const s = Number(j.status);
    const state = s === 1 ? 'delivered' : s === 0 ? 'pending' : 'failed';
    return {
      providerId: String(j.jobid),
      state,
      optOut: s === 15,
      deliveredAt: state === 'delivered' ? reportTime(j.deliveredDate) ?? new Date() : null,
      error: state === 'failed' ? `Netgsm status ${s}: ${REPORT_FAILURES[s] ?? 'not delivered'}${j.errorCode ? ` (error ${j.errorCode})` : ''}` : null,
    };
  });
}
