// The side menu as data: the specification's eleven groups, in its order, with exactly its links
// in its order. Labels and Read claims come from the generated admin metadata.
import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeftRight, BadgeCheck, Banknote, Beef, Boxes, CalendarClock, CalendarDays, CalendarRange, ClipboardList,
  Coins, CreditCard, FileCog, FolderTree, Tag, Landmark, Languages, ListChecks, ListOrdered, MapPin, Percent,
  PhoneCall, Settings, Shapes, ShieldCheck, SlidersHorizontal, Tags, UserCog, Users, UsersRound, Wallet,
  KeyRound, Layers, Receipt, Package, Contact, ListTree,
} from 'lucide-react';
import { adminRoutes } from '../../generated/admin/routes.ts';

export interface MenuLink {
  /** Route, e.g. `/VictimPayments`. */
  to: string;
  /** Translation key of the label (the entity's plural label). */
  label: string;
  /** Claim needed to see the link (the entity's Read claim; Admin passes all). */
  claim: string;
  icon: LucideIcon;
}

export interface MenuGroup {
  /** Menu group key (`victim` …), also the `menu` of the generated metadata. */
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

export const MENU: MenuGroup[] = SPEC.map((g) => ({
  key: g.key,
  label: `menu.${g.key}`,
  icon: g.icon,
  items: g.links.map(([to, icon]) => {
    const meta = byRoute.get(to);
    const plural = to.slice(1);
    return { to, icon, label: meta?.label ?? `entity.${plural[0].toLowerCase()}${plural.slice(1)}`, claim: meta?.claims.read ?? `${plural}.Read` };
  }),
}));

/** The groups and links a user may see: links whose Read claim the user has; groups with none
 *  are left out. */
export function visibleMenu(hasClaim: (claim: string) => boolean): MenuGroup[] {
  return MENU.map((g) => ({ ...g, items: g.items.filter((i) => hasClaim(i.claim)) })).filter((g) => g.items.length > 0);
}

/** Whether a link is the current page (its route, or a page under it). */
export const isActiveLink = (to: string, pathname: string): boolean =>
  pathname.toLowerCase() === to.toLowerCase() || pathname.toLowerCase().startsWith(`${to.toLowerCase()}/`);

/** The group holding the current page, if any. */
export const groupOfPath = (groups: MenuGroup[], pathname: string): string | undefined =>
  groups.find((g) => g.items.some((i) => isActiveLink(i.to, pathname)))?.key;
