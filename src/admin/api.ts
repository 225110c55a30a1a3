// The calls of the generic screen, made through the app's fetcher (`apiFetch`): the paths come
// from the entity's metadata (`operations`), never from a name written here. The calls are
// `silent` (no toast from the fetcher): the screen shows each failure where it happened (the
// table, the dialog, the lookup, the delete confirmation).
import { apiFetch, type ApiRequestInit } from '@/lib/api-fetcher.ts';
import type { AdminEntity, EntityRow, PagedListRequest, PageResult } from './types.ts';

interface Envelope<T> {
  success: boolean;
  data: T;
  error: unknown;
}

/** The envelope, whether the fetcher hands back `{ data: envelope, status }` or the envelope itself. */
function envelopeOf<T>(answer: unknown): Envelope<T> {
  const a = answer as { status?: unknown; data?: unknown } | undefined;
  if (a && typeof a.status === 'number' && a.data && typeof a.data === 'object' && 'success' in a.data) {
    return a.data as Envelope<T>;
  }
  return answer as Envelope<T>;
}

async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const init: ApiRequestInit = { method, signal, silent: true, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
  const answer = await apiFetch<unknown>(path, init);
  return envelopeOf<T>(answer)?.data;
}

export type OperationName = keyof AdminEntity['operations'];

function operation(entity: AdminEntity, name: OperationName) {
  const op = entity.operations[name];
  if (!op) throw new Error(`${entity.plural}: no ${name} operation`);
  return op;
}

export const hasOperation = (entity: AdminEntity, name: OperationName): boolean => !!entity.operations[name];

const withId = (path: string, id: number) => path.replace('{id}', encodeURIComponent(String(id)));

/** One page through the `page` operation (`POST …/GetListForPaging`); the answer's `data.data`. */
export async function fetchPage(entity: AdminEntity, request: PagedListRequest, signal?: AbortSignal): Promise<PageResult> {
  const op = operation(entity, 'page');
  const page = await call<PageResult | null>(op.method, op.path, request, signal);
  return { ...page, data: page?.data ?? [], totalCount: page?.totalCount ?? 0 };
}

/** Every row of an entity (the `list` operation, at most 10,000), e.g. for a lookup. */
export async function fetchAll(path: string, signal?: AbortSignal): Promise<EntityRow[]> {
  return (await call<EntityRow[] | null>('GET', path, undefined, signal)) ?? [];
}

/** Creates (POST) or updates (PUT) with a body already in payload names. */
export async function saveRow(entity: AdminEntity, mode: 'create' | 'update', payload: Record<string, unknown>): Promise<EntityRow> {
  const op = operation(entity, mode);
  return call<EntityRow>(op.method, op.path, payload);
}

/** Deletes one row. The specification: a delete is sent only when the id is above 0. */
export async function deleteRow(entity: AdminEntity, id: unknown): Promise<boolean> {
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return false;
  const op = operation(entity, 'delete');
  await call<unknown>(op.method, withId(op.path, id));
  return true;
}
