// The side menu: the groups of menu.ts the user may see (hidden entirely for guests). Root groups
// are small uppercase headings that open and close (opening one closes the others); the open
// group and the active link follow the route, also after a reload. Keyboard: arrow keys move
// between headings and links, Right/Left open/close a group, Home/End jump; typing letters moves
// to the next link starting with them (the typed text resets after 500 ms).
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { ChevronDown } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { hasClaim } from '../../common/claims.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { activeLinkOf, visibleMenu } from './menu.ts';

/** Type-ahead: the typed letters are forgotten after this many milliseconds. */
export const TYPEAHEAD_RESET_MS = 500;

export interface SideMenuProps {
  /** Called after a link is clicked (the layout closes the menu on mobile and in overlay mode). */
  onLinkClick?: () => void;
  className?: string;
}

const collator = (s: string) => s.toLocaleLowerCase('tr-TR');

export function SideMenu({ onLinkClick, className }: SideMenuProps) {
  useLingui();
  const { user, isGuest } = useSession();
  const { pathname } = useLocation();
  const claims = user?.claims;
  const groups = useMemo(() => visibleMenu((c) => hasClaim(claims, c)), [claims]);
  // The current page's link (one, the most specific) and its group.
  const activeLink = activeLinkOf(groups, pathname);
  const routeGroup = activeLink?.group;

  const [open, setOpen] = useState<string | undefined>(routeGroup);
  // The open group follows the route: on every navigation the current page's group opens.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (routeGroup) setOpen(routeGroup);
  }

  const navRef = useRef<HTMLElement>(null);
  const typed = useRef({ text: '', timer: 0 as ReturnType<typeof setTimeout> | 0 });

  if (isGuest || groups.length === 0) return null;

  const focusables = () =>
    Array.from(navRef.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? []).filter((el) => !el.closest('[inert]'));

  const focusLink = (group: string, to: string) => {
    if (open !== group) flushSync(() => setOpen(group));
    navRef.current?.querySelector<HTMLElement>(`[data-menu-link="${CSS.escape(to)}"]`)?.focus();
  };

  const typeAhead = (key: string) => {
    const state = typed.current;
    if (state.timer) clearTimeout(state.timer);
    state.text += collator(key);
    state.timer = setTimeout(() => {
      state.text = '';
      state.timer = 0;
    }, TYPEAHEAD_RESET_MS);
    // Repeating one letter cycles through the links starting with it.
    const search = [...state.text].every((c) => c === state.text[0]) ? state.text[0] : state.text;
    const links = groups.flatMap((g) => g.items.map((i) => ({ group: g.key, to: i.to, label: collator(t(i.label)) })));
    const current = (document.activeElement as HTMLElement | null)?.dataset.menuLink;
    const start = current ? links.findIndex((l) => l.to === current) : -1;
    // A longer text keeps the current link if it still matches; a single letter moves on.
    const from = search.length > 1 && start >= 0 ? start : start + 1;
    for (let n = 0; n < links.length; n++) {
      const l = links[(from + n) % links.length];
      if (l.label.startsWith(search)) {
        focusLink(l.group, l.to);
        return;
      }
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const items = focusables();
    const active = document.activeElement as HTMLElement | null;
    const index = active ? items.indexOf(active) : -1;
    const group = active?.dataset.menuGroup;
    const move = (i: number) => {
      e.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index < 0 ? items.length - 1 : index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(items.length - 1);
      case 'ArrowRight':
        if (group) {
          e.preventDefault();
          if (open !== group) flushSync(() => setOpen(group));
          else focusables()[index + 1]?.focus();
        }
        return;
      case 'ArrowLeft': {
        e.preventDefault();
        if (group && open === group) setOpen(undefined);
        else if (!group && active?.dataset.menuParent) navRef.current?.querySelector<HTMLElement>(`[data-menu-group="${active.dataset.menuParent}"]`)?.focus();
        return;
      }
      case 'Escape':
        return;
      default:
        if (e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey) {
          e.preventDefault();
          typeAhead(e.key);
        } else if (e.key === ' ' && typed.current.text) {
          e.preventDefault();
          typeAhead(e.key);
        }
    }
  };

  return (
    <nav ref={navRef} aria-label={t('shell.menu')} onKeyDown={onKeyDown} className={cn('select-none', className)} data-slot="side-menu">
      <ul className="flex flex-col gap-1">
        {groups.map((g) => {
          const expanded = open === g.key;
          const headingId = `menu-group-${g.key}`;
          const listId = `menu-list-${g.key}`;
          return (
            <li key={g.key} className="flex flex-col">
              <button
                type="button"
                id={headingId}
                data-menu-item
                data-menu-group={g.key}
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => setOpen(expanded ? undefined : g.key)}
                className={cn(
                  'flex w-full items-center justify-between gap-2 rounded-md px-2 py-2.5 text-left text-xs font-bold uppercase tracking-wide text-foreground outline-none transition-colors duration-200 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                  routeGroup === g.key && 'text-highlight-foreground',
                )}
              >
                <span className="min-w-0 truncate">{t(g.label)}</span>
                <ChevronDown aria-hidden className={cn('size-4 shrink-0 transition-transform duration-200', expanded && 'rotate-180')} />
              </button>
              <div
                className={cn('grid transition-[grid-template-rows] duration-200 ease-out', expanded ? 'grid-rows-[1fr]' : 'grid-rows-[0fr]')}
                inert={!expanded}
              >
                <ul id={listId} aria-labelledby={headingId} className="flex min-h-0 flex-col gap-0.5 overflow-hidden">
                  {g.items.map((item) => {
                    const current = item.to === activeLink?.to;
                    const Icon = item.icon;
                    return (
                      <li key={item.to}>
                        <Link
                          to={item.to}
                          data-menu-item
                          data-menu-link={item.to}
                          data-menu-parent={g.key}
                          aria-current={current ? 'page' : undefined}
                          onClick={() => onLinkClick?.()}
                          className={cn(
                            'flex items-center gap-2.5 rounded-md px-4 py-2.5 text-sm text-foreground outline-none transition-colors duration-200 hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                            current && 'bg-highlight font-semibold text-highlight-foreground hover:bg-highlight hover:text-highlight-foreground',
                          )}
                        >
                          <Icon aria-hidden className={cn('size-4 shrink-0', current ? 'text-current' : 'text-muted-foreground')} />
                          <span className="min-w-0 truncate">{t(item.label)}</span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
