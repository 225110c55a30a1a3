// The one TanStack Query client of the app, and its cache persisted to local storage so that
// screens show the data last fetched when offline. The app composes them:
//   <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { removeOldestQuery, type PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { assertOnline } from './offline.ts';
import { session } from './session.ts';

export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const CACHE_KEY = 'query-cache';
// Bump when cached answers change shape, so old caches are dropped instead of misread.
const CACHE_BUSTER = '1';

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

export const persistOptions: PersistQueryClientProviderProps['persistOptions'] = {
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: CACHE_BUSTER,
  dehydrateOptions: {
    // Successful answers only; a query may opt out with `meta: { persist: false }`.
    shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.persist !== false,
    // Changes are never stored to be replayed later.
    shouldDehydrateMutation: () => false,
  },
};

// One user's data must not be shown to the next: sign-out or another user clears the cache.
let owner = session.user?.userInfo?.userInfo?.guid;
session.subscribe(() => {
  const next = session.user?.userInfo?.userInfo?.guid;
  if (next === owner) return;
  owner = next;
  queryClient.clear();
  void persister.removeClient();
});
