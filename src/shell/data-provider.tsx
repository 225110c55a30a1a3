// The data layer for a page: the app's one query client (a nested provider shares it). Pages
// that show data load this with them, so the sign-in pages do not carry TanStack Query's cache.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client.ts';

export function DataProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
