// The search palette (issue 17, point 12), loaded on first use (SearchLauncher.tsx): one field
// over the screens of the menu and the records staff look for: accounts (customers), orders,
// animals and payments. Records come from each entity's server-side search (its
// `x-entity.search`: an order by number, customer name, phone or ear tag; Turkish letters and
// case aside), one small page per entity the user may read, a moment after typing stops. Every
// result is a link: Enter or a click opens it, a middle click opens a tab.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Beef, Contact, ShoppingCart, Wallet, type LucideIcon } from 'lucide-react';
import { useGetAccountsForPaging } from '../../generated/api/accounts/accounts.ts';
import { useGetProductsForPaging } from '../../generated/api/products/products.ts';
import { useGetVictimOrdersForPaging } from '../../generated/api/victim-orders/victim-orders.ts';
import { useGetVictimPaymentsForPaging } from '../../generated/api/victim-payments/victim-payments.ts';
import { hasClaim } from '../../common/claims.ts';
import { phoneLast4 } from '../../common/phone.ts';
import { useDebounced } from '@/admin/hooks.ts';
import { dataOf } from '@/lib/envelope.ts';
import { currencyCode, formatMoney } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { lookupText } from '@/lib/reference-text.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from '@/components/ui/command.tsx';
import { visibleMenu } from './menu.ts';
import { matchScreens, SEARCH_MIN_CHARS, searchRequest } from './search.ts';

/** Typing pauses this long before the records are asked for. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the field starts with (a letter typed on the top bar's box). */
  initialQuery?: string;
}

/** Enter opens the chosen result as a click on its link does (cmdk's own Enter only selects). */
function openChosenLink(e: KeyboardEvent<HTMLDivElement>) {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  const link = e.currentTarget.querySelector<HTMLAnchorElement>('a[cmdk-item][data-selected="true"]');
  if (!link) return;
  e.preventDefault();
  link.click();
}

export function SearchPalette({ open, onOpenChange, initialQuery = '' }: SearchPaletteProps) {
  useLingui();
  // The chosen result's key (cmdk's value), kept here so that the list can choose its first result.
  const [chosen, setChosen] = useState('');
  return (
    <CommandDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('search.title')}
      description={t('search.description')}
      commandProps={{ label: t('search.title'), shouldFilter: false, loop: true, vimBindings: false, onKeyDown: openChosenLink, value: chosen, onValueChange: setChosen }}
    >
      {/* Mounted with each opening (the dialog's content is), so every search starts afresh. */}
      <PaletteBody initialQuery={initialQuery} chosen={chosen} onChoose={setChosen} onOpened={() => onOpenChange(false)} />
    </CommandDialog>
  );
}

interface Hit {
  key: string;
  to: string;
  title: string;
  detail?: string;
  /** Right-aligned: an amount, the shares left. */
  aside?: string;
  icon: LucideIcon;
}

interface HitGroup {
  key: string;
  heading: string;
  hits: Hit[];
}

const join = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');
const LIVE = { staleTime: 30_000, placeholderData: keepPreviousData } as const;
const SILENT = { silent: true } as const;

/** The records matching `text` (empty: none asked), per entity the user may read. */
function useRecordHits(text: string, locale: string) {
  const session = useSession();
  const can = (claim: string) => !!text && session.hasClaim(claim);
  const canAccounts = can('Accounts.Read');
  const canOrders = can('VictimOrders.Read');
  const canAnimals = can('Products.Read');
  const canPayments = can('VictimPayments.Read');
  const money = (amount: string | null | undefined, currencyTypeId?: number | null) => formatMoney(amount, locale, currencyCode(currencyTypeId));

  const accounts = useGetAccountsForPaging(searchRequest(text, [{ ColumnName: 'title', SortOrder: 1 }]), {
    query: { ...LIVE, enabled: canAccounts, select: dataOf },
    request: SILENT,
  });
  const orders = useGetVictimOrdersForPaging(searchRequest(text, [{ ColumnName: 'orderDate', SortOrder: -1 }, { ColumnName: 'orderNo', SortOrder: -1 }]), {
    query: { ...LIVE, enabled: canOrders, select: dataOf },
    request: SILENT,
  });
  // Animals: the products sold as Kurban (with a share capacity); their code is the ear tag.
  const animals = useGetProductsForPaging(
    searchRequest(text, [{ ColumnName: 'code', SortOrder: 1 }], [{ ColumnName: 'shareCapacity', FilterValue: 0, MatchMode: 'gt', Operator: 'and' }]),
    { query: { ...LIVE, enabled: canAnimals, select: dataOf }, request: SILENT },
  );
  const payments = useGetVictimPaymentsForPaging(searchRequest(text, [{ ColumnName: 'paidAt', SortOrder: -1 }]), {
    query: { ...LIVE, enabled: canPayments, select: dataOf },
    request: SILENT,
  });

  const groups: HitGroup[] = [];
  const add = (key: string, heading: string, enabled: boolean, hits: Hit[] | undefined) => {
    if (enabled && hits?.length) groups.push({ key, heading, hits });
  };
  add('accounts', t('entity.accounts'), canAccounts, accounts.data?.data.map((a) => {
    const last4 = phoneLast4(a.phoneNumber);
    return {
      key: `account:${a.id}`,
      to: `/Accounts/${a.id}/statement`,
      title: a.title,
      detail: join(a.code, lookupText(a, 'accountTypeId', 'AccountType'), last4 && t('search.phoneEnding', { digits: last4 })),
      icon: Contact,
    };
  }));
  add('orders', t('entity.victimOrders'), canOrders, orders.data?.data.map((o) => ({
    key: `order:${o.id}`,
    to: `/VictimOrders/${o.id}`,
    title: join(o.orderNo, o.lookups?.accountId),
    detail: join(o.lookups?.productId, t(`enum.victimOrder.status.${o.status}`)),
    aside: money(o.totalAmount, o.currencyTypeId),
    icon: ShoppingCart,
  })));
  add('animals', t('search.animals'), canAnimals, animals.data?.data.map((p) => ({
    key: `animal:${p.id}`,
    // The generic screen opens searched for the ear tag (its `search` address parameter).
    to: `/Products?search=${encodeURIComponent(p.code)}`,
    title: p.name,
    detail: t('search.earTag', { tag: p.code }),
    aside: p.shareCapacity ? t('search.sharesFree', { free: p.sharesFree ?? 0, capacity: p.shareCapacity }) : undefined,
    icon: Beef,
  })));
  // A payment opens on its order's page (its receipt and history are there), or, for a user who
  // may not read orders, on the payments screen searched for its receipt number.
  const ordersReadable = session.hasClaim('VictimOrders.Read');
  add('payments', t('entity.victimPayments'), canPayments, payments.data?.data.map((p) => ({
    key: `payment:${p.id}`,
    to: ordersReadable || !p.receiptNo ? `/VictimOrders/${p.victimOrderId}` : `/VictimPayments?search=${encodeURIComponent(p.receiptNo)}`,
    title: join(p.receiptNo, p.lookups?.accountId),
    detail: join(p.lookups?.victimOrderId, lookupText(p, 'paymentStatusId', 'PaymentStatus')),
    aside: money(p.amount, p.currencyTypeId),
    icon: Wallet,
  })));
  const asked = [canAccounts && accounts, canOrders && orders, canAnimals && animals, canPayments && payments].filter((q) => !!q);
  const searching = asked.some((q) => q.isFetching);
  // The groups change together, once every entity asked has answered: results do not move under
  // the arrow keys while slower ones arrive, and the first result is the one chosen.
  const shown = useRef(groups);
  if (!searching) shown.current = groups;
  return { groups: shown.current, searching, failed: asked.some((q) => q.isError) };
}

interface PaletteBodyProps {
  initialQuery: string;
  chosen: string;
  onChoose: (key: string) => void;
  onOpened: () => void;
}

function PaletteBody({ initialQuery, chosen, onChoose, onOpened }: PaletteBodyProps) {
  const { i18n } = useLingui();
  const claims = useSession().user?.claims;
  const [query, setQuery] = useState(initialQuery);
  const typed = query.trim();
  const settled = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const long = typed.length >= SEARCH_MIN_CHARS;
  // The screens follow every key at once (they are the menu's, in memory); the records the text
  // once typing pauses.
  const menu = useMemo(() => visibleMenu((c) => hasClaim(claims, c)), [claims]);
  const screens = matchScreens(menu, query, t);
  const records = useRecordHits(long && settled.length >= SEARCH_MIN_CHARS ? settled : '', i18n.locale);
  const waiting = long && (settled !== typed || records.searching);

  const groups: HitGroup[] = [
    ...(screens.length
      ? [{ key: 'screens', heading: t('search.screens'), hits: screens.map((s) => ({ key: `screen:${s.to}`, to: s.to, title: s.label, detail: s.group, icon: s.icon })) }]
      : []),
    ...records.groups,
  ];
  // cmdk keeps a choice whose result has gone (a new text, new results): the first result is
  // chosen then, so that Enter always opens what is highlighted.
  const keys = groups.flatMap((g) => g.hits.map((h) => h.key));
  const first = keys[0] ?? '';
  const stale = !keys.includes(chosen);
  useEffect(() => {
    if (stale) onChoose(first);
  }, [stale, first, onChoose]);

  return (
    <>
      <CommandInput value={query} onValueChange={setQuery} placeholder={t('search.placeholder')} />
      {/* Busy while the records are asked for: the previous results stay until the new ones come. */}
      <CommandList label={t('search.results')} aria-busy={waiting || undefined}>
        {!waiting && !groups.length && <CommandEmpty>{records.failed ? t('search.failed') : t('search.empty')}</CommandEmpty>}
        {groups.map((g) => (
          <CommandGroup key={g.key} heading={g.heading} data-group={g.key}>
            {g.hits.map((hit) => (
              <HitItem key={hit.key} hit={hit} onOpened={onOpened} />
            ))}
          </CommandGroup>
        ))}
      </CommandList>
      <Hints>
        {waiting ? t('search.searching') : typed.length > 0 && !long ? t('search.minChars', { count: SEARCH_MIN_CHARS }) : t('search.keys')}
      </Hints>
    </>
  );
}

function Hints({ children }: { children: ReactNode }) {
  return <p className="shrink-0 border-t border-border px-3 py-2 text-xs text-muted-foreground">{children}</p>;
}

/** A plain click opens the link here (the palette closes); a click with a modifier key opens a tab or
 *  window and leaves the palette open. */
const plainClick = (e: MouseEvent) => e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey;

/** A result's second line and amount: muted, but readable on the chosen result's background. */
const SECONDARY = 'text-xs text-muted-foreground group-data-[selected=true]:text-accent-foreground';

function HitItem({ hit, onOpened }: { hit: Hit; onOpened: () => void }) {
  const Icon = hit.icon;
  return (
    <CommandItem asChild value={hit.key}>
      <Link to={hit.to} onClick={(e) => plainClick(e) && onOpened()} className="group cursor-pointer">
        <Icon aria-hidden />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium">{hit.title}</span>
          {hit.detail && <span className={cn('truncate', SECONDARY)}>{hit.detail}</span>}
        </span>
        {hit.aside && <span className={cn('shrink-0 tabular-nums', SECONDARY)}>{hit.aside}</span>}
      </Link>
    </CommandItem>
  );
}
