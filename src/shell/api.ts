// The few calls the shell makes, through the app's fetcher. The fetcher answers either the
// envelope `{ success, data, error }` or `{ data: envelope, status }`; both are read here.
import { apiFetch, type ApiRequestInit } from '@/lib/api-fetcher.ts';

interface Envelope<T> {
  success?: boolean;
  data: T;
  error?: { code?: string; message?: string } | null;
}

/** Calls the API and answers the envelope's `data`; a failure is thrown (an ApiError, already
 *  shown as a toast unless `silent`). */
export async function callApi<T>(url: string, init?: ApiRequestInit): Promise<T> {
  const res = (await apiFetch<unknown>(url, init)) as Record<string, unknown> | undefined;
  const wrapped = !!res && typeof res.status === 'number' && 'data' in res && !('success' in res);
  const envelope = (wrapped ? res.data : res) as Envelope<T> | undefined;
  const status = wrapped ? (res.status as number) : 200;
  if (status >= 400 || envelope?.success === false) {
    throw Object.assign(new Error(envelope?.error?.message ?? 'An error occurred'), { status, body: envelope?.error });
  }
  return envelope?.data as T;
}

export const postJson = <T,>(url: string, body: unknown, init: ApiRequestInit = {}) =>
  callApi<T>(url, { method: 'POST', ...init, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

/** A language of the interface (the Languages entity). */
export interface Language {
  id?: number;
  name: string;
  code: string;
  /** ISO 3166-1 alpha-2 country code of the flag, e.g. `TR`. */
  flag: string;
  isActive?: boolean;
  displayOrder?: number;
}

/** The server's messages of one language (public), for `activateLanguage(code, fetchServerMessages)`. */
export const fetchServerMessages = (code: string) =>
  callApi<Record<string, string>>(`/Translates/languages/${encodeURIComponent(code)}`, { silent: true });

/** Every language (needs `Languages.Read`). */
export const fetchLanguages = () => callApi<Language[]>('/Languages', { silent: true });

export interface PageResult<T> {
  data: T[];
  totalCount: number;
}

/** One page of an entity's rows (`POST /{Plural}/GetListForPaging`). */
export const fetchPage = <T,>(plural: string, request: Record<string, unknown>, init: ApiRequestInit = { silent: true }) =>
  postJson<PageResult<T>>(`/${plural}/GetListForPaging`, request, init);
