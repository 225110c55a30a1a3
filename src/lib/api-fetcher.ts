// The orval mutator: every generated hook calls the API through here. Base path /api/v1, JSON,
// the Bearer token when one exists, a 24,000 ms timeout, and the { success, data, error }
// envelope unwrapped: a failure is thrown as an ApiError carrying the server's error body.
export const API_BASE = '/api/v1';
export const REQUEST_TIMEOUT_MS = 24_000;

export interface ApiErrorBody {
  code: string;
  message: string;
  params?: Record<string, unknown>;
  fields?: { field: string; code: string; message: string; params?: Record<string, unknown> }[];
  current?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | undefined;
  constructor(status: number, body: ApiErrorBody | undefined, message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

function accessToken(): string | undefined {
  try {
    return JSON.parse(localStorage.getItem('user') ?? 'null')?.token ?? undefined;
  } catch {
    return undefined;
  }
}

export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type') && init.body) headers.set('Content-Type', 'application/json');
  const token = accessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const response = await fetch(url.startsWith(API_BASE) ? url : `${API_BASE}${url}`, { ...init, headers, signal });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  if (!response.ok || body?.success === false) {
    throw new ApiError(response.status, body?.error, body?.error?.message ?? 'An error occurred');
  }
  return body as T;
}

export default apiFetch;
