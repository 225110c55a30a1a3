// Offline: screens keep showing the data last fetched (the persisted query cache, see
// query-client.ts), but a change is refused before it is sent, with an error the form can show.
// Nothing navigates away, so the form keeps what was typed.
import { useSyncExternalStore } from 'react';
import { ApiError } from './api-fetcher.ts';
import { t } from './i18n.ts';
import { notify } from './notify.ts';

export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser is online; re-renders on the `online` and `offline` events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** The refusal of a change while offline: status 0, code `message.offline`. */
export function offlineError(): ApiError {
  const message = t('message.offline');
  return new ApiError(0, { code: 'message.offline', message }, message, 'offline');
}

/**
 * Throws offlineError() when offline, after a toast unless `silent` (the caller shows it). Every
 * mutation runs it first (query-client.ts); call it before a write made outside a mutation.
 */
export function assertOnline(options: { silent?: boolean } = {}): void {
  if (isOnline()) return;
  const error = offlineError();
  if (!options.silent) notify({ severity: 'warn', summary: error.message });
  throw error;
}
