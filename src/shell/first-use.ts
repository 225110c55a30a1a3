// What a control loaded on first use (light-controls.tsx) hands to the real one it loads.
import { useCallback, useRef, type RefCallback } from 'react';

/** How the user opened the control the first time: a stand-in button took that press. */
export type Opening = 'pointer' | 'keyboard';

export interface OpenOnUseProps {
  className?: string;
  /** Open at once: the stand-in was pressed. */
  defaultOpen?: boolean;
  openedWith?: Opening;
}

/** A ref for a menu's content that may open from a stand-in. Radix moves focus to the first item
 *  when its own trigger opens the menu with a key; a menu mounted already open does not know a key
 *  opened it, so its first opening by keyboard focuses the first item here (radix then leaves the
 *  focus where it is). */
export function useFirstItemFocus(openedWith?: Opening): RefCallback<HTMLElement> {
  const pending = useRef(openedWith === 'keyboard');
  return useCallback((content: HTMLElement | null) => {
    if (!content || !pending.current) return;
    pending.current = false;
    content.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true });
  }, []);
}
