// The one query-key scheme of the app: the keys orval generates for each read (`getGet…QueryKey`
// in generated/api), which the generated hooks use by themselves:
//
//   GET  /Plural, /Plural/{id}, /Path?params   → ['/Plural'], ['/Plural/17'], ['/Path', params]
//   POST /Plural/GetListForPaging (a read)     → ['POST', '/Plural/GetListForPaging', body]
//
// Under such a key the cache holds what the generated function answers (`{ data: envelope,
// status, headers }`), whoever fetched it (a hook, or the generic screen through `operationKey`);
// a screen reads the envelope's data with `select: dataOf`.
//
// A derived key: an entry that holds anything else (rows gathered over several pages, a board a
// stream keeps live, a set of ids) is keyed by the generated key it reads from (the entity's list
// key for rows of an entity), then a name of what it holds, then what it depends on:
//   [...getGetMonitorBoardQueryKey({ date }), 'live']
//   [...getGetUserClaimsQueryKey(), 'claimIdsOf', userId]
// The name (a string where a generated key has its input, or one element more) keeps it apart
// from every generated key. Keys that are not the API's (the generic screen's metadata chunks)
// do not start with a path.
//
// So every key of the API starts with its path, and "everything of entity X" (its list, pages,
// rows, derived entries and the paths under it: `/Accounts/{id}/statement` under `/Accounts`) is
// stale after one call: `invalidatePaths(client, '/Accounts')`, or `useInvalidate()('/Accounts')`
// in a component. The persisted offline cache (query-client.ts) stores entries under these keys.
import { useCallback } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The generated key of an operation named by its method and path, for the generic screen, which
 * knows no entity by name and takes the paths from the metadata (tests/unit/web/query-keys.test.ts
 * holds it equal to the generated functions).
 */
export function operationKey(op: { method: string; path: string }, input?: unknown): QueryKey {
  const method = op.method.toUpperCase();
  if (method !== 'GET') return [method, op.path, input];
  return input === undefined ? [op.path] : [op.path, input];
}

/** The path a key of the scheme starts with, or undefined for a key that is not the API's. */
export function pathOfKey(key: QueryKey): string | undefined {
  const path = key[0] === 'POST' ? key[1] : key[0];
  return typeof path === 'string' && path.startsWith('/') ? path : undefined;
}

/** Whether a key reads `path` or a path under it (`/VictimOrders` holds `/VictimOrders/17`, not `/VictimOrdersX`). */
export function isUnder(key: QueryKey, path: string): boolean {
  const own = pathOfKey(key);
  return own !== undefined && (own === path || own.startsWith(`${path}/`));
}

/** Marks every cached answer of these paths (and the paths under them) stale: shown ones are
 *  fetched again at once, the others when a screen shows them next. */
export function invalidatePaths(client: QueryClient, ...paths: string[]): Promise<void> {
  return client.invalidateQueries({ predicate: (q) => paths.some((p) => isUnder(q.queryKey, p)) });
}

/** `invalidatePaths` with the app's query client: `await invalidate('/VictimOrders', '/Accounts')`. */
export function useInvalidate(): (...paths: string[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback((...paths: string[]) => invalidatePaths(client, ...paths), [client]);
}
