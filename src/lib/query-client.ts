// The one TanStack Query client of the app, and its cache persisted to local storage so that
// screens show the data last fetched when offline. Loaded with the first page that shows data
// (the shell's `DataProvider`); the sign-in pages do without it. The module is ready once the
// persisted cache is restored: a page shows the restored answers at once, and (online) asks the
// server again for them, so a reload shows what the server has now.
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClient, persistQueryClientSubscribe, removeOldestQuery, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { assertOnline, isOnline } from './offline.ts';
import { session } from './session.ts';

export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const CACHE_KEY = 'query-cache';
// Bump when cached answers or their keys change, so old caches are dropped instead of misread
// (2: every read under the generated keys, src/lib/query-keys.ts).
const CACHE_BUSTER = '2';

export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    // Offline, a change is refused before it is sent (not paused and replayed later, behind the
    // user's back). `useXxx({ mutation: { meta: { silent: true } } })` leaves the toast to the form.
    onMutate: (_variables, mutation) => assertOnline({ silent: mutation.meta?.silent === true }),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Kept as long as the persisted copy, else a restored query is collected before it is shown.
      gcTime: CACHE_MAX_AGE_MS,
      // apiFetch toasts every failure: a retry would toast twice, and a 4xx does not change.
      retry: false,
      refetchOnWindowFocus: false,
    },
    // 'always': the mutation runs (and the guard above refuses it) instead of waiting for a network.
    mutations: { retry: 0, networkMode: 'always' },
  },
});

export const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: CACHE_KEY,
  throttleTime: 1000,
  // Local storage full: drop the oldest queries until the rest fits.
  retry: removeOldestQuery,
});

/** How the cache is persisted for a user: the copy is labelled with the user, so that a copy left
 *  by someone else is dropped when restored. */
export const persistOptions = (user: string | undefined): PersistQueryClientOptions => ({
  queryClient,
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: `${CACHE_BUSTER}:${user ?? ''}`,
  dehydrateOptions: {
    // Successful answers only; a query may opt out with `meta: { persist: false }`.
    shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.persist !== false,
    // Changes are never stored to be replayed later.
    shouldDehydrateMutation: () => false,
  },
});

const currentUser = () => session.user?.userInfo?.userInfo?.guid;
let owner = currentUser();
const [stopPersisting, restored] = persistQueryClient(persistOptions(owner));
let stop = stopPersisting;

// One user's data must not be shown to the next: sign-out or another user clears the cache.
session.subscribe(() => {
  const next = currentUser();
  if (next === owner) return;
  owner = next;
  stop();
  queryClient.clear();
  void persister.removeClient();
  stop = persistQueryClientSubscribe(persistOptions(owner));
});

/** Marks the answers restored at `restoredAt` (and not fetched since) stale: each is refetched
 *  when a screen shows it, and kept on screen until the new answer is in. */
function refreshRestored(restoredAt: number): void {
  const stale = () =>
    void queryClient.invalidateQueries({ predicate: (q) => q.state.dataUpdatedAt <= restoredAt });
  // Offline, a refetch would only fail: the restored copy stays until the connection is back.
  if (isOnline()) stale();
  else window.addEventListener('online', stale, { once: true });
}

if (await restored.then(() => true, () => false)) refreshRestored(Date.now());
