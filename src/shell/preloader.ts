// The full-page pre-loader's visibility (app state `isVisiblePreLoader`), persisted in local
// storage so it survives a reload.
import { useSyncExternalStore } from 'react';

export const PRELOADER_STORAGE_KEY = 'isVisiblePreLoader';

const listeners = new Set<() => void>();
let visible = typeof localStorage !== 'undefined' && localStorage.getItem(PRELOADER_STORAGE_KEY) === 'true';

/** Shows or hides the full-page pre-loader. */
export function setPreLoader(value: boolean): void {
  visible = value;
  localStorage.setItem(PRELOADER_STORAGE_KEY, JSON.stringify(value));
  listeners.forEach((l) => l());
}

export const isPreLoaderVisible = (): boolean => visible;

export function usePreLoader(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => visible,
    () => false,
  );
}
