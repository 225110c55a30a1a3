// The server's settings. Only main.ts builds one (from the environment); tests build their own.
export interface Config {
  port: number;
  host: string;
  /** Secret that signs access tokens. */
  jwtSecret: string;
  /** Key (32 bytes, base64) that encrypts writeOnly secrets such as virtual POS keys. */
  encryptionKey: Buffer;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  corsOrigins: string[];
  /** The built browser app, served on the same port. */
  staticRoot: string;
  /** Failed sign-ins, failed refreshes and wrong webhook secrets allowed per client address and
   *  minute (each counted apart), and registrations per address and minute. */
  authRateLimit: number;
  /** Sign-ins per e-mail address in `authLockoutMinutes` before it is locked until that window
   *  ends; a successful sign-in starts the count over. */
  authLockoutFailures: number;
  authLockoutMinutes: number;
  /** Which proxies' `X-Forwarded-For` to believe for the client's address (Fastify's
   *  `trustProxy`): false (none), true (any), a hop count, or addresses/CIDRs. */
  trustProxy?: boolean | number | string;
  /** A request must arrive whole (headers and body) within this many seconds, else 408. */
  requestTimeoutSeconds: number;
  /** Open connections allowed per client address (proxies TRUST_PROXY names are not counted); 0: no cap. */
  maxConnectionsPerAddress: number;
  logLevel: string;
  /** `pretty`: one readable line per request, for a person at a terminal; `json`: for a collector. */
  logFormat?: LogFormat;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * The outbox's workers (domain/messages.ts): `false` runs none in this process; otherwise their
   * defaults (4 jobs at once, a look for due jobs every second, 10 attempts 30 s apart doubling,
   * 10 s per call to the provider, delivery reports every minute), which tests shorten.
   */
  outbox?: false | { concurrency?: number; pollIntervalMs?: number; retryBaseMs?: number; maxAttempts?: number; providerTimeoutMs?: number; reports?: boolean };
}

export type LogFormat = 'pretty' | 'json';

/** TRUST_PROXY: unset or `false` → trust no proxy; `true` → any; digits → that many hops;
 *  anything else → a comma-separated list of addresses or CIDRs (e.g. `10.0.0.0/8`). */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = value?.trim() ?? '';
  if (v === '' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/**
 * LOG_FORMAT `json` or `pretty` wins; unset, a terminal gets readable lines and anything else (a
 * pipe, a file, a container's log) gets JSON. A misspelt value stops the start rather than
 * silently choosing.
 */
export function selectLogFormat(requested: string | undefined, isTTY: boolean | undefined): LogFormat {
  const wanted = requested?.trim().toLowerCase();
  if (wanted === 'json' || wanted === 'pretty') return wanted;
  if (wanted) throw new Error(`LOG_FORMAT must be json or pretty, not ${requested}`);
  return isTTY ? 'pretty' : 'json';
}
