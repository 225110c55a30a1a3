// The orval mutator: every generated call goes through here. Base path /api/v1, JSON, the Bearer
// token when one exists, a 24,000 ms timeout. It returns what orval's response types describe,
// `{ data: <the { success, data, error } envelope>, status, headers }`, and throws an ApiError for
// a non-2xx answer or `success: false`, after showing the error catalogue's toast (section 8).
//
// Opting out of the toast: pass `{ silent: true }` in the request options, e.g.
//   useUpdateLanguage({ request: { silent: true } })   or   getLanguages({ silent: true })
// The ApiError is still thrown (its `message` is already translated), so a form can show it and its
// field errors inline. Session handling (refresh, logout, redirect) is never silenced.
// A write the server undid because it ran into another one (503 error.writeConflict) is sent
// again once, after a short pause, when that cannot write twice: a read, or a keyed write.
import { hasTranslation, t } from './i18n.ts';
import { notify } from './notify.ts';
import { session } from './session.ts';

export const API_BASE = '/api/v1';
export const REQUEST_TIMEOUT_MS = 24_000;
export const LOGIN_ROUTE = '/auth/login';
const REFRESH_URL = `${API_BASE}/Auth/refresh-token`;
// A 401 from these is the answer itself (wrong credentials, a spent refresh token), not an expired
// access token: refreshing would be pointless or loop.
const NO_REFRESH = [`${API_BASE}/Auth/login`, REFRESH_URL];

export interface ApiErrorBody {
  code: string;
  message: string;
  params?: Record<string, unknown>;
  fields?: { field: string; code: string; message: string; params?: Record<string, unknown> }[];
  current?: Record<string, unknown>;
}

/** Why a call failed: the server answered (`http`), or no usable answer came. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'offline' | 'failure';

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | undefined;
  readonly kind: ApiErrorKind;
  /** `message` is the translated text the toast showed (or would have shown). */
  constructor(status: number, body: ApiErrorBody | undefined, message: string, kind: ApiErrorKind = status ? 'http' : 'failure', cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.kind = kind;
  }
  get code(): string | undefined {
    return this.body?.code;
  }
  get fields(): NonNullable<ApiErrorBody['fields']> {
    return this.body?.fields ?? [];
  }
  /** On a 409 for a stale rowVersion: the row as it is now. */
  get current(): Record<string, unknown> | undefined {
    return this.body?.current;
  }
  /** Each bad field's message, translated with its label (`{label}` in the catalogue). */
  fieldMessages(labelOf: (field: string) => string = (f) => f): Record<string, string> {
    return Object.fromEntries(
      this.fields.map((f) => [f.field, hasTranslation(f.code) ? t(f.code, { ...f.params, label: labelOf(f.field) }) : f.message]),
    );
  }
}

/** What the mutator resolves with: orval's `{ data, status, headers }`. */
export interface ApiResponse<D = unknown> {
  data: D;
  status: number;
  headers: Headers;
}

export interface ApiRequestInit extends RequestInit {
  /** No toast on failure; the caller shows the thrown ApiError itself. */
  silent?: boolean;
  /** Overrides the 24,000 ms timeout. */
  timeoutMs?: number;
}

type Navigate = (path: string) => void;
let navigate: Navigate = (path) => window.location.assign(path);
/** The app registers the router's navigate so that a failed refresh does not reload the page. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: ApiErrorBody | null;
}
interface Answer {
  status: number;
  headers: Headers;
  body: Envelope | undefined;
  /** The body was there but not JSON (a proxy's HTML page, say). */
  malformed: boolean;
}

// Errors already shown: requests that share one (a failed refresh) show it once.
const shown = new WeakSet<ApiError>();

function toast(error: ApiError): void {
  shown.add(error);
  notify({ severity: 'error', summary: error.message });
}

/** A parameter that names translation keys (a 409's `referencedBy: ['entity.products']`) in words. */
function localized(value: unknown): unknown {
  if (typeof value === 'string') return hasTranslation(value) ? t(value) : value;
  return Array.isArray(value) ? value.map(localized).join(', ') : value;
}

/** The server's message translated by its code when this catalogue knows the code. */
function translated(body: ApiErrorBody | undefined, fallback: string): string {
  if (!body?.code || !hasTranslation(body.code)) return body?.message || fallback;
  const params = Object.fromEntries(Object.entries(body.params ?? {}).map(([k, v]) => [k, localized(v)]));
  return t(body.code, params);
}

/** One exchange under the timeout. HTTP statuses are returned, not thrown. */
async function exchange(url: string, init: RequestInit, token: string | undefined, timeoutMs: number): Promise<Answer> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  // JSON bodies only: a FormData upload must keep the boundary the browser writes.
  if (typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // Own controller and timer (not AbortSignal.timeout): the timer is cleared when the answer is in,
  // and a timeout can be told apart from the caller's own abort.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const outer = init.signal;
  const abort = () => controller.abort();
  if (outer?.aborted) abort();
  else outer?.addEventListener('abort', abort, { once: true });
  try {
    const response = await fetch(url, { ...init, headers, signal: controller.signal });
    const text = await response.text();
    let body: Envelope | undefined;
    let malformed = false;
    try {
      body = text ? (JSON.parse(text) as Envelope) : undefined;
    } catch {
      malformed = true;
    }
    return { status: response.status, headers: response.headers, body, malformed };
  } catch (err) {
    if (timedOut) throw new ApiError(0, undefined, t('error.timeout'), 'timeout', err);
    if (controller.signal.aborted) throw new ApiError(0, undefined, t('error.timeout'), 'aborted', err);
    // fetch rejects with a TypeError when the server cannot be reached.
    if (err instanceof TypeError) throw new ApiError(0, undefined, t('ERR_NETWORK'), 'network', err);
    throw err;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abort);
  }
}

/** The catalogue's message for an answer that is not a success. */
function httpError(a: Answer): ApiError {
  const body = a.body?.error ?? undefined;
  let message: string;
  if (a.status === 404) message = t('error.notFound');
  // 2xx with success:false is a service failure: its default is the connection error.
  else if (a.status >= 200 && a.status < 300) message = translated(body, t('error.connection'));
  else message = translated(body, t('error.default'));
  return new ApiError(a.status, body, message, 'http');
}

function unwrap(a: Answer): ApiResponse {
  const ok = a.status >= 200 && a.status < 300;
  if (ok && a.malformed) throw new ApiError(a.status, undefined, t('error.connection'), 'failure');
  if (!ok || a.body?.success === false) throw httpError(a);
  return { data: a.body, status: a.status, headers: a.headers };
}

// The refresh in progress: every request that gets a 401 meanwhile waits for this one.
let refreshing: Promise<string> | null = null;

/** A refresh answered 429 is tried again after the answer's Retry-After, at most this long and this often. */
export const RETRY_AFTER_CAP_MS = 60_000;
export const RETRIES_AFTER_429 = 2;

/** Retry-After in milliseconds (seconds or an HTTP date; 1 s when absent), at most the cap. */
function retryAfterMs(headers: Headers): number {
  const value = headers.get('Retry-After')?.trim() ?? '';
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Math.min(Math.max(Number.isFinite(ms) ? ms : 1000, 1000), RETRY_AFTER_CAP_MS);
}

/** A token newer than the rejected one: already renewed by another request, or renewed now. */
function renewedToken(rejected: string | undefined, timeoutMs: number): Promise<string> {
  const now = session.user?.token;
  if (now && now !== rejected) return Promise.resolve(now);
  refreshing ??= refresh(timeoutMs).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refresh(timeoutMs: number): Promise<string> {
  const refreshToken = session.user?.refreshToken;
  if (!refreshToken) return signOut(undefined);
  // A network failure or timeout propagates as it is: the server being away is no reason to end
  // the session. Nor is a 429 (others' attempts from the same address): wait as the server says
  // and try again; still refused, it is thrown as it is, and the session is kept.
  const ask = () => exchange(REFRESH_URL, { method: 'POST', body: JSON.stringify({ refreshToken }) }, undefined, timeoutMs);
  let a = await ask();
  for (let retry = 0; a.status === 429 && retry < RETRIES_AFTER_429; retry++) {
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs(a.headers)));
    a = await ask();
  }
  const pair = (a.body?.data as { data?: { token?: string; refreshToken?: string; claims?: unknown } } | undefined)?.data;
  if (a.status >= 200 && a.status < 300 && a.body?.success !== false && pair?.token && pair.refreshToken) {
    // The claims as of now: a claim removed since sign-in leaves the menus with this refresh.
    const claims = Array.isArray(pair.claims) && pair.claims.every((c) => typeof c === 'string') ? pair.claims : undefined;
    session.updateTokens({ token: pair.token, refreshToken: pair.refreshToken, ...(claims ? { claims } : {}) });
    return pair.token;
  }
  if (a.status >= 500 || a.status === 429) throw httpError(a);
  // A 400 or a business failure: the refresh token is spent or revoked.
  return signOut(a);
}

/** Ends the session, goes to login (coming back here after it), and shows one toast for all the
 *  requests that wait on it. */
function signOut(a: Answer | undefined): never {
  // Read before logging out (a listener of the session may move the page); the auth pages
  // themselves are no place to come back to.
  const { pathname, search, hash } = window.location;
  const back = pathname.startsWith('/auth/') ? '' : `?returnUrl=${encodeURIComponent(pathname + search + hash)}`;
  session.logout();
  if (window.location.pathname !== LOGIN_ROUTE) navigate(LOGIN_ROUTE + back);
  const body = a?.body?.error ?? undefined;
  const error = new ApiError(401, body, translated(body, t('error.unauthorized')), 'http');
  toast(error);
  throw error;
}

/**
 * Signs out: the session ends here at once, so that no request after this one carries its
 * token, then the server ends it everywhere (its access token is refused from then on; best
 * effort: a failure to reach the server is not shown).
 */
export async function logout(): Promise<void> {
  const refreshToken = session.user?.refreshToken;
  session.logout();
  if (refreshToken) await apiFetch(`${API_BASE}/Auth/logout`, { method: 'POST', body: JSON.stringify({ refreshToken }), silent: true }).catch(() => undefined);
}

let inFlight = 0;
const inFlightListeners = new Set<() => void>();
function countInFlight(delta: number): void {
  inFlight += delta;
  for (const listener of inFlightListeners) listener();
}

/** How many API requests are under way (the global loading bar shows while any is). */
export const requestsInFlight = (): number => inFlight;

export function onRequestsInFlight(listener: () => void): () => void {
  inFlightListeners.add(listener);
  return () => inFlightListeners.delete(listener);
}

/** A write that ran into another one at the same moment: the server undid it whole (503). */
const isWriteConflict = (a: Answer) => a.status === 503 && a.body?.error?.code === 'error.writeConflict';
/** Whether sending `request` again cannot write twice: a read, or a write with its Idempotency-Key. */
const canResend = (request: RequestInit) =>
  ['GET', 'HEAD', undefined].includes(request.method?.toUpperCase()) || new Headers(request.headers).has('Idempotency-Key');
/** The pause before sending again, a little random so that the two writers do not meet again. */
const WRITE_CONFLICT_PAUSE_MS = 100;

export async function apiFetch<T>(url: string, init: ApiRequestInit = {}): Promise<T> {
  const { silent = false, timeoutMs = REQUEST_TIMEOUT_MS, ...request } = init;
  const full = url.startsWith(API_BASE) ? url : `${API_BASE}${url}`;
  countInFlight(1);
  try {
    const token = session.user?.token;
    let answer = await exchange(full, request, token, timeoutMs);
    if (answer.status === 401 && !NO_REFRESH.some((p) => full.startsWith(p))) {
      // Retried once: a second 401 is thrown like any error, never refreshed again.
      answer = await exchange(full, request, await renewedToken(token, timeoutMs), timeoutMs);
    }
    if (isWriteConflict(answer) && canResend(request)) {
      // Sent again once: the first sending wrote nothing, and the key keeps a retry from writing twice.
      await new Promise((resolve) => setTimeout(resolve, WRITE_CONFLICT_PAUSE_MS * (1 + Math.random())));
      answer = await exchange(full, request, session.user?.token ?? token, timeoutMs);
    }
    return unwrap(answer) as T;
  } catch (err) {
    // Anything else thrown inside the call is a service failure ('Bağlantı hatası').
    const error = err instanceof ApiError ? err : new ApiError(0, undefined, t('error.connection'), 'failure', err);
    // A caller's abort (a query cancelled because the screen moved on) is nothing to report.
    if (!silent && error.kind !== 'aborted' && !shown.has(error)) toast(error);
    throw error;
  } finally {
    countInFlight(-1);
  }
}

export default apiFetch;
