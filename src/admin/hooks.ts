// Small hooks of the entity screen: a debounced value, a media query.
import { useEffect, useState, useSyncExternalStore } from 'react';

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Whether a media query matches now, re-rendering when that changes (a rotated phone). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Phones: below Tailwind's `sm` (640 px), where lists show cards instead of tables. */
export const PHONE_QUERY = '(max-width: 639.98px)';
