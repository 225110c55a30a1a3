// The data layer for a page: the app's one query client (a nested provider shares it). Pages
// that show data load this with them, so the sign-in pages do not carry TanStack Query's cache.
// The farm's currencies come first: every amount is shown in its own currency (lib/format.ts).
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { getGetFarmQueryOptions, useGetFarm } from '../../generated/api/settings/settings.ts';
import { queryClient } from '@/lib/query-client.ts';
import { dataOf } from '@/lib/envelope.ts';
import { setCurrencies } from '@/lib/format.ts';

export function DataProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FarmCurrencies>{children}</FarmCurrencies>
    </QueryClientProvider>
  );
}

const FARM_FRESH_MS = 5 * 60_000;

/** Starts reading the farm's currencies while the layout's code still loads (router.tsx): the
 *  page waits for them, and would otherwise ask only once this provider renders. */
export const prefetchFarm = (): void => void queryClient.prefetchQuery({ ...getGetFarmQueryOptions(), staleTime: FARM_FRESH_MS, retry: 1 });

/** Shows the page once the farm's currencies are known (or could not be read: the lira then). */
function FarmCurrencies({ children }: { children: ReactNode }) {
  const farm = useGetFarm({ query: { select: dataOf, staleTime: FARM_FRESH_MS, retry: 1 } });
  if (farm.data) setCurrencies(farm.data.currencies); // a few rows, the same on every render
  return farm.isPending ? null : <>{children}</>;
}
