// The calls of the generic screen, made through the app's fetcher (`apiFetch`): the paths come
// from the entity's metadata (`operations`), never from a name written here, and the reads are
// cached under the keys the generated hooks use for the same calls (`operationKey`), holding the
// same answers, so a feature's hook and this screen share one entry and one invalidation. The
// calls are `silent` (no toast from the fetcher): the screen shows each failure where it happened
// (the table, the dialog, the lookup, the delete confirmation).
import { queryOptions, skipToken } from '@tanstack/react-query';
import { apiFetch, type ApiRequestInit } from '@/lib/api-fetcher.ts';
import { dataOf, type Answer } from '@/lib/envelope.ts';
import { operationKey } from '@/lib/query-keys.ts';
import type { AdminEntity, EntityRow, PagedListRequest, PageResult } from './types.ts';

function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, headers?: Record<string, string>): Promise<Answer<T>> {
  const init: ApiRequestInit = { method, signal, silent: true, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
  return apiFetch<Answer<T>>(path, init);
}

export type OperationName = keyof AdminEntity['operations'];

function operation(entity: AdminEntity, name: OperationName) {
  const op = entity.operations[name];
  if (!op) throw new Error(`${entity.plural}: no ${name} operation`);
  return op;
}

export const hasOperation = (entity: AdminEntity, name: OperationName): boolean => !!entity.operations[name];

/** The entity's path (its list's): every cached answer of the entity is under it (`invalidatePaths`). */
export const entityPath = (entity: AdminEntity): string => operation(entity, 'list').path;

const withId = (path: string, id: number) => path.replace('{id}', encodeURIComponent(String(id)));

/** The page of an answer of the `page` operation, with its rows and count never missing. */
export function pageOf(answer: Answer<PageResult | null>): PageResult {
  const page = dataOf(answer);
  return { ...page, data: page?.data ?? [], totalCount: page?.totalCount ?? 0 };
}

/** One page through the `page` operation (`POST …/GetListForPaging`), under its generated key. */
export function pageQuery(entity: AdminEntity, request: PagedListRequest) {
  const op = operation(entity, 'page');
  return queryOptions({
    queryKey: operationKey(op, request),
    queryFn: ({ signal }) => call<PageResult | null>(op.method, op.path, request, signal),
    select: pageOf,
  });
}

/** One page, fetched outside the cache (the export reads every page once). */
export async function fetchPage(entity: AdminEntity, request: PagedListRequest, signal?: AbortSignal): Promise<PageResult> {
  const op = operation(entity, 'page');
  return pageOf(await call<PageResult | null>(op.method, op.path, request, signal));
}

const rowsOf = (answer: Answer<EntityRow[] | null>): EntityRow[] => dataOf(answer) ?? [];

/** Every row of an entity (the `list` operation, at most 10,000) under its generated key, e.g. for
 *  a lookup. Until the entity's metadata is in, a key of no call: the query waits and holds nothing. */
export function listQuery(entity: AdminEntity | undefined) {
  const op = entity && operation(entity, 'list');
  return queryOptions({
    queryKey: op ? operationKey(op) : ['admin-list-waiting'],
    queryFn: op ? ({ signal }) => call<EntityRow[] | null>(op.method, op.path, undefined, signal) : skipToken,
    select: rowsOf,
  });
}

/**
 * Creates (POST) or updates (PUT) with a body already in payload names. The save of an idempotent
 * entity carries `keyFor(payload)` as its Idempotency-Key: the same key for the same body sent
 * again (a retry after a time-out), so the server creates once, and an update sent again is
 * answered as the first instead of refused as stale by its own save.
 */
export async function saveRow(entity: AdminEntity, mode: 'create' | 'update', payload: Record<string, unknown>, keyFor?: (body: unknown) => string): Promise<EntityRow> {
  const op = operation(entity, mode);
  const headers = entity.idempotent && keyFor ? { 'Idempotency-Key': keyFor(payload) } : undefined;
  return dataOf(await call<EntityRow>(op.method, op.path, payload, undefined, headers));
}

/** Deletes one row. The specification: a delete is sent only when the id is above 0. */
export async function deleteRow(entity: AdminEntity, id: unknown): Promise<boolean> {
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return false;
  const op = operation(entity, 'delete');
  await call<unknown>(op.method, withId(op.path, id));
  return true;
}
