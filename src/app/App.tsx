// Composition only: translations, the router, and what shows over every page. The data layer
// (TanStack Query) comes with the pages that show data (see router.tsx).
import { I18nProvider } from '@lingui/react';
import { BrowserRouter } from 'react-router-dom';
import { i18n } from '@/lib/i18n.ts';
import { GlobalElements } from '@/shell/GlobalElements.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <GlobalElements />
    </I18nProvider>
  );
}
