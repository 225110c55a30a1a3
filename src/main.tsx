import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLanguage, savedLanguage } from '@/lib/i18n.ts';
import { fetchServerMessages } from '@/shell/api.ts';
import { App } from './app/App.tsx';
import { reloadOnMissingCode } from './app/RouteErrorBoundary.tsx';
import './index.css';

reloadOnMissingCode();

// The bundled catalog first (offline, at once), then the server's translations over it.
const language = savedLanguage();
await activateLanguage(language);
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for all of it (a phone takes a few hundred): input stays answered.
startTransition(() => {
  createRoot(document.getElementById('app')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
void activateLanguage(language, fetchServerMessages);
