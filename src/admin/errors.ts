// What a failed call means to the user: the translated message of the server's error code (or of
// the client-side failure), and the per-field messages of a 400 or a 409 unique.
import { ApiError, type ApiErrorBody } from '@/lib/api-fetcher.ts';
import { hasTranslation, t } from '@/lib/i18n.ts';
import type { AdminEntity } from './types.ts';

/** A translation of `id`, or `fallback` when the catalog lacks it. */
const translated = (id: string, values: Record<string, unknown> | undefined, fallback: string): string =>
  hasTranslation(id) ? t(id, values) : fallback;

export const errorBody = (err: unknown): ApiErrorBody | undefined => (err instanceof ApiError ? err.body : undefined);
export const errorStatus = (err: unknown): number | undefined => (err instanceof ApiError ? err.status : undefined);

/**
 * The message of any failure, in the current language: the server's error code translated, else
 * what the fetcher made of it (network, timeout, offline: its message is already translated).
 */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body;
    if (body?.code === 'error.conflict.referenced') return referencedMessage(body);
    if (body?.code && hasTranslation(body.code)) return t(body.code, body.params);
    if (err.status === 404) return t('error.notFound');
    return err.message || body?.message || t('error.default');
  }
  if (err instanceof TypeError) return t('ERR_NETWORK');
  return t('error.default');
}

/** 409 on delete: the row is used elsewhere; `params.referencedBy` holds the labels' keys. */
export function referencedMessage(body: ApiErrorBody): string {
  const raw = body.params?.referencedBy;
  const labels = (Array.isArray(raw) ? raw : raw ? [raw] : []).map((k) => translated(String(k), undefined, String(k))).filter(Boolean);
  return t('error.conflict.referenced', { referencedBy: labels.join(', ') || '—' });
}

export const isStaleConflict = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 409 && err.body?.code === 'error.conflict.stale';

/** The form field a server error names: a contract name (`languageId`) or a payload name (`LanguageId`). */
export function formFieldOf(entity: AdminEntity, name: string, formFields: string[]): string | undefined {
  if (formFields.includes(name)) return name;
  const byPayload = Object.entries(entity.payloadNames).find(([, payload]) => payload === name)?.[0];
  if (byPayload && formFields.includes(byPayload)) return byPayload;
  const lower = name.toLowerCase();
  return formFields.find((f) => f.toLowerCase() === lower);
}

/**
 * The server's field errors as messages per form field, translated with the field's label
 * (`t(code, { label, ...params })`); errors on no form field come back in `rest`.
 */
export function serverFieldErrors(
  err: unknown,
  entity: AdminEntity,
  formFields: string[],
  labelOf: (field: string) => string,
): { fields: Record<string, ServerFieldError>; rest: string[] } {
  const fields: Record<string, ServerFieldError> = {};
  const rest: string[] = [];
  const all = errorBody(err)?.fields ?? [];
  // A clash on a composite unique key names every field of the key: they are fixed together.
  const uniqueGroup = all.filter((f) => f.code === 'validation.unique').length > 1 ? 'unique' : undefined;
  for (const f of all) {
    const field = formFieldOf(entity, f.field, formFields);
    const label = field ? labelOf(field) : f.field;
    const message = translated(f.code, { label, ...f.params }, f.message);
    if (field) fields[field] ??= { message, group: f.code === 'validation.unique' ? uniqueGroup : undefined };
    else rest.push(message);
  }
  return { fields, rest };
}

export interface ServerFieldError {
  message: string;
  /** Errors of one group go away together once one of their fields is edited. */
  group?: string;
}
