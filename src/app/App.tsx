// Composition only: providers, the router, and what shows over every page.
import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from 'react-router-dom';
import { i18n } from '@/lib/i18n.ts';
import { persistOptions, queryClient } from '@/lib/query-client.ts';
import { setNavigator } from '@/lib/api-fetcher.ts';
import { GlobalElements } from '@/shell/GlobalElements.tsx';
import { router } from './router.tsx';

setNavigator((path) => void router.navigate(path));

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <RouterProvider router={router} />
        <GlobalElements />
      </PersistQueryClientProvider>
    </I18nProvider>
  );
}
