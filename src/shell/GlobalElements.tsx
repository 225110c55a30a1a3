// Everything the app shows over any page: the toaster, the loading bar (while any API request is
// in flight), the full-page pre-loader, the offline notice, the update prompt and the
// translation dialog (Ctrl+Shift+K). Render it once, inside the i18n provider.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { WifiOff } from 'lucide-react';
import { onRequestsInFlight, requestsInFlight } from '@/lib/api-fetcher.ts';
import { t } from '@/lib/i18n.ts';
import { useOnline } from '@/lib/offline.ts';
import { usePreLoader } from './preloader.ts';
import { Toaster } from './Toaster.tsx';
import { TranslationDialog } from './TranslationDialog.tsx';
import { TranslatedUiLabels } from './ui-labels.tsx';

export { setPreLoader, usePreLoader } from './preloader.ts';

/** A thin bar at the top of the page while any API request is in flight. */
export function LoadingBar() {
  useLingui();
  const busy = useSyncExternalStore(onRequestsInFlight, requestsInFlight) > 0;
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('app.loading')}
      data-slot="loading-bar"
      className="pointer-events-none fixed inset-x-0 top-0 z-(--z-toast) h-0.75 overflow-hidden bg-primary/20"
    >
      <div className="absolute inset-0 origin-left animate-loading-bar bg-primary" />
    </div>
  );
}

/** The full-page pre-loader, shown while `setPreLoader(true)` holds. */
export function PreLoader() {
  useLingui();
  const visible = usePreLoader();
  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-slot="preloader"
      className="fixed inset-0 z-(--z-preloader) flex animate-fade-in flex-col items-center justify-center gap-4 bg-background/85 backdrop-blur-sm"
    >
      <span aria-hidden className="size-12 animate-spin rounded-full border-4 border-primary/25 border-t-primary" />
      <span className="text-sm font-medium text-foreground">{t('app.loading')}</span>
    </div>
  );
}

/** While the browser is offline: the screens show the data last fetched, and changes cannot be
 *  saved; says so at the bottom of every page. The live region stays mounted so that going
 *  offline is announced. */
export function OfflineNotice() {
  useLingui();
  const online = useOnline();
  return (
    <div role="status" data-slot="offline-notice" className="pointer-events-none fixed inset-x-0 bottom-4 z-(--z-toast) flex justify-center px-4">
      {!online && (
        <p className="flex items-center gap-2 rounded-full border border-current/15 bg-tag-warn px-4 py-2 text-sm font-medium text-tag-warn-foreground shadow-lg">
          <WifiOff aria-hidden className="size-4 shrink-0" />
          {t('message.offline')}
        </p>
      )}
    </div>
  );
}

/** How often an open app looks for a new version of the service worker. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** Screens nobody sits at (the hall TV's board): a new version is taken up there unasked. */
export const UNATTENDED_ROUTES = ['/Monitor'];
/** … once nobody has touched the screen for this long (someone may be reading it). */
export const UNATTENDED_IDLE_MS = 60 * 1000;

const UpdateDialog = lazy(() => import('./UpdateDialog.tsx').then((m) => ({ default: m.UpdateDialog })));

let lastInput = 0;
const noteInput = () => (lastInput = Date.now());

/**
 * Asks before a new version (service worker /sw.js) takes over; on an unattended screen there is
 * nobody to ask, and a dialog would cover the board for days: it reloads into it when idle.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    // The browser looks for a new /sw.js only when a page is opened, and moving inside the app
    // opens none: a tab kept open all day would never be asked. So an open app asks the server
    // itself now and then (while online).
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
  // The shell sits outside the router: the address is read at render, and re-read every few
  // seconds while a new version waits.
  const [, setTick] = useState(0);
  const unattended = UNATTENDED_ROUTES.includes(window.location.pathname);
  useEffect(() => {
    window.addEventListener('pointerdown', noteInput, true);
    window.addEventListener('keydown', noteInput, true);
    return () => {
      window.removeEventListener('pointerdown', noteInput, true);
      window.removeEventListener('keydown', noteInput, true);
    };
  }, []);
  useEffect(() => {
    if (!needRefresh) return;
    let taken = false;
    const check = () => {
      setTick((n) => n + 1);
      if (taken || !UNATTENDED_ROUTES.includes(window.location.pathname) || Date.now() - lastInput < UNATTENDED_IDLE_MS) return;
      taken = true;
      void updateServiceWorker(true);
    };
    check();
    const id = setInterval(check, 5000);
    return () => clearInterval(id);
  }, [needRefresh, updateServiceWorker]);
  if (!needRefresh || unattended) return null;
  return (
    <Suspense>
      <UpdateDialog onAnswer={(reload) => (reload ? void updateServiceWorker(true) : setNeedRefresh(false))} />
    </Suspense>
  );
}

/** The page title comes from the translations. */
function DocumentTitle() {
  useLingui();
  const title = t('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

export function GlobalElements() {
  return (
    <TranslatedUiLabels>
      <DocumentTitle />
      <LoadingBar />
      <Toaster />
      <PreLoader />
      <OfflineNotice />
      <UpdatePrompt />
      <TranslationDialog />
    </TranslatedUiLabels>
  );
}
