// The top bar's search: a box (an icon button on a phone) and Ctrl+K (Cmd+K on a Mac), from
// anywhere, inside text fields too, open the search palette. The palette (cmdk, the dialog, the
// entities' hooks) is loaded on first use, so the layout's pages do not carry it: pointing at or
// focusing the box starts the load, opening waits for it.
import { useCallback, useEffect, useRef, useState, type ComponentType, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import { Search } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { Button } from '@/components/ui/button.tsx';
import type { SearchPaletteProps } from './SearchPalette.tsx';

/** Ctrl+K, or Cmd+K on a Mac (Ctrl+Shift+K is the translation dialog's). */
export const isSearchShortcut = (e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code' | 'key'>): boolean =>
  (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && (e.code === 'KeyK' || e.key.toLowerCase() === 'k');

/** The shortcut as the keyboard in use names it. */
export const searchShortcutLabel = (platform: string): string => (/mac|iphone|ipad/i.test(platform) ? '⌘K' : 'Ctrl K');

type Palette = ComponentType<SearchPaletteProps>;
let loaded: Palette | undefined;
let loading: Promise<Palette> | undefined;
const loadPalette = () =>
  (loading ??= import('./SearchPalette.tsx').then(
    (m) => (loaded = m.SearchPalette),
    (err: unknown) => {
      loading = undefined; // offline or a stale build: the next use tries again
      throw err;
    },
  ));
const warm = () => void loadPalette().catch(() => undefined);

const platform = () => (typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent);

/** `compact`: the phone's icon button instead of the box. */
export function SearchLauncher({ compact = false }: { compact?: boolean }) {
  useLingui();
  const { isAuthenticated } = useSession();
  const [Palette, setPalette] = useState<Palette | undefined>(() => loaded);
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState('');
  const openRef = useRef(open);
  openRef.current = open;

  const show = useCallback((query = '') => {
    setInitialQuery(query);
    void loadPalette().then(
      (P) => {
        setPalette(() => P);
        setOpen(true);
      },
      () => undefined,
    );
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e) || e.repeat) return;
      e.preventDefault(); // the browser's own Ctrl+K (its address bar search)
      if (openRef.current) setOpen(false);
      else show();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);

  if (!isAuthenticated) return null; // a guest has nothing to search
  const label = t('search.open');
  const shortcut = searchShortcutLabel(platform());
  // A letter typed on the focused box starts the search with it, as a text field would.
  const onKeyDown = (e: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (e.key.length !== 1 || e.key === ' ' || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    show(e.key);
  };
  const common = {
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    'aria-keyshortcuts': 'Control+K Meta+K',
    title: `${label} (${shortcut})`,
    onPointerEnter: warm,
    onFocus: warm,
    onClick: () => show(),
    onKeyDown,
  };
  return (
    <>
      {compact ? (
        <Button variant="ghost" size="icon" className="rounded-full" data-slot="search-button" aria-label={label} {...common}>
          <Search />
        </Button>
      ) : (
        <button
          type="button"
          data-slot="search-box"
          {...common}
          className={cn(
            'flex h-9 w-56 items-center gap-2 rounded-md border border-input bg-card px-3 text-sm text-muted-foreground outline-none transition-colors duration-200',
            'hover:border-surface-400 focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/25 dark:bg-surface-950 xl:w-72',
          )}
        >
          <Search aria-hidden className="size-4 shrink-0" />
          <span className="min-w-0 flex-1 truncate text-left">{t('search.box')}</span>
          {/* The box's name is what it shows (its words and the shortcut); the shortcut's text in the body colour, legible on its chip. */}
          <kbd className="shrink-0 rounded border border-border bg-muted px-1.5 font-sans text-[0.6875rem] font-medium text-foreground">{shortcut}</kbd>
        </button>
      )}
      {Palette && <Palette open={open} onOpenChange={setOpen} initialQuery={initialQuery} />}
    </>
  );
}
