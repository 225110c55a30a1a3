// Composition only: providers, the router, and what shows over every page.
import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { BrowserRouter } from 'react-router-dom';
import { i18n } from '@/lib/i18n.ts';
import { persistOptions, queryClient } from '@/lib/query-client.ts';
import { GlobalElements } from '@/shell/GlobalElements.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <GlobalElements />
      </PersistQueryClientProvider>
    </I18nProvider>
  );
}
