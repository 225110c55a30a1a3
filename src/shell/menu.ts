// The side menu as data. First the season's group: the daily screens staff open all season long
// (the dashboard, the orders, a new sale, the hall Monitor, the day's appointments, the prices),
// which the specification's groups do not link (issue 17, point 9); first because they are what
// staff use every day, the definitions below being set up once. Then the specification's eleven
// groups, in its order, with exactly its links in its order. Entity labels and Read claims come
// from the generated admin metadata; a season link's claim is the one its route's guard (or, for
// the dashboard, its page) asks for.
import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeftRight, BadgeCheck, Banknote, Beef, Boxes, CalendarClock, CalendarDays, CalendarRange, ClipboardList,
  Coins, CreditCard, FileCog, FolderTree, Tag, Landmark, Languages, ListChecks, ListOrdered, MapPin, Percent,
  PhoneCall, Settings, Shapes, ShieldCheck, SlidersHorizontal, Tags, UserCog, Users, UsersRound, Wallet,
  KeyRound, Layers, Receipt, Package, Contact, ListTree, LayoutDashboard, ShoppingCart, CirclePlus, MonitorPlay,
  CalendarCheck, BadgeTurkishLira, Sprout,
} from 'lucide-react';
import { adminRoutes } from '../../generated/admin/routes.ts';

export interface MenuLink {
  /** Route, e.g. `/VictimPayments`. */
  to: string;
  /** Translation key of the label (the entity's plural label). */
  label: string;
  /** Claim needed to see the link (an entity's Read claim, a season screen's guard's; Admin passes all). */
  claim: string;
  icon: LucideIcon;
}

export interface MenuGroup {
  /** Menu group key (`season`, `victim` …); a specification group's is also the `menu` of the generated metadata. */
  key: string;
  /** Translation key of the heading (`menu.victim` …). */
  label: string;
  icon: LucideIcon;
  items: MenuLink[];
}

const SPEC: { key: string; icon: LucideIcon; links: [string, LucideIcon][] }[] = [
  { key: 'victim', icon: Beef, links: [['/VictimAppointments', CalendarClock], ['/VictimPayments', Wallet], ['/VictimProductsAppointments', ListOrdered], ['/VictimOrderDetail', ClipboardList], ['/VictimAppointmentSteps', ListChecks]] },
  { key: 'appointment', icon: CalendarDays, links: [['/Appointments', CalendarRange], ['/AppointmentTypes', CalendarDays]] },
  { key: 'account', icon: Contact, links: [['/Accounts', Contact], ['/AccountTypes', Tags], ['/AddressTypes', MapPin]] },
  { key: 'product', icon: Package, links: [['/Products', Package], ['/Categories', FolderTree], ['/VatRates', Percent], ['/ProductTypes', Boxes], ['/CurrencyTypes', Coins], ['/PriceTypes', Tag]] },
  { key: 'transactions', icon: ArrowLeftRight, links: [['/Transactions', ArrowLeftRight], ['/TransactionTypes', Receipt]] },
  { key: 'authorization', icon: ShieldCheck, links: [['/Users', Users], ['/Groups', UsersRound], ['/GroupClaims', KeyRound], ['/UserGroups', Layers], ['/UserClaims', UserCog], ['/OperationClaims', BadgeCheck]] },
  { key: 'language', icon: Languages, links: [['/Languages', Languages], ['/Translates', ListTree]] },
  { key: 'attribute', icon: Shapes, links: [['/Attributes', Shapes], ['/AttributeOptions', SlidersHorizontal], ['/AttributeTypes', FileCog]] },
  { key: 'payment', icon: CreditCard, links: [['/VirtualPOSs', Landmark], ['/PaymentMethods', Banknote], ['/PaymentStatus', CreditCard]] },
  { key: 'settings', icon: Settings, links: [['/Settings', Settings]] },
  { key: 'logs', icon: PhoneCall, links: [['/NetgsmCallWebhookLogs', PhoneCall]] },
];

const byRoute = new Map<string, { label: string; claims: { read: string } }>(adminRoutes.map((r) => [r.route, r]));
const readClaimOf = (to: string): string => byRoute.get(to)?.claims.read ?? `${to.slice(1)}.Read`;

/** The season's group: its links' routes are in src/app/router.tsx and layout-routes.tsx. */
const SEASON: MenuGroup = {
  key: 'season',
  label: 'menu.season',
  icon: Sprout,
  items: [
    // The route is open to every signed-in user; the page shows its figures with Dashboard.Read.
    { to: '/Dashboard', label: 'menu.season.dashboard', claim: 'Dashboard.Read', icon: LayoutDashboard },
    { to: '/VictimOrders', label: 'menu.season.orders', claim: readClaimOf('/VictimOrders'), icon: ShoppingCart },
    { to: '/Sales/new', label: 'menu.season.newSale', claim: 'VictimOrders.Create', icon: CirclePlus },
    { to: '/Monitor', label: 'menu.season.monitor', claim: 'Monitor.Read', icon: MonitorPlay },
    { to: '/Appointments/day', label: 'menu.season.appointmentsDay', claim: readClaimOf('/Appointments'), icon: CalendarCheck },
    { to: '/ProductPrices', label: 'menu.season.productPrices', claim: readClaimOf('/ProductPrices'), icon: BadgeTurkishLira },
  ],
};

export const MENU: MenuGroup[] = [
  SEASON,
  ...SPEC.map((g) => ({
    key: g.key,
    label: `menu.${g.key}`,
    icon: g.icon,
    items: g.links.map(([to, icon]) => {
      const meta = byRoute.get(to);
      const plural = to.slice(1);
      return { to, icon, label: meta?.label ?? `entity.${plural[0].toLowerCase()}${plural.slice(1)}`, claim: readClaimOf(to) };
    }),
  })),
];

/** The groups and links a user may see: links whose claim the user has; groups with none are
 *  left out. */
export function visibleMenu(hasClaim: (claim: string) => boolean): MenuGroup[] {
  return MENU.map((g) => ({ ...g, items: g.items.filter((i) => hasClaim(i.claim)) })).filter((g) => g.items.length > 0);
}

/** Whether a link's route holds the page (its route, or a page under it). */
export const isActiveLink = (to: string, pathname: string): boolean =>
  pathname.toLowerCase() === to.toLowerCase() || pathname.toLowerCase().startsWith(`${to.toLowerCase()}/`);

/** The link of the current page: of the links holding it, the most specific one
 *  (`/Appointments/day` rather than `/Appointments`), so one link is current. */
export function activeLinkOf(groups: MenuGroup[], pathname: string): { group: string; to: string } | undefined {
  let found: { group: string; to: string } | undefined;
  for (const g of groups) {
    for (const i of g.items) if (isActiveLink(i.to, pathname) && (!found || i.to.length > found.to.length)) found = { group: g.key, to: i.to };
  }
  return found;
}

/** The group holding the current page, if any. */
export const groupOfPath = (groups: MenuGroup[], pathname: string): string | undefined => activeLinkOf(groups, pathname)?.group;
