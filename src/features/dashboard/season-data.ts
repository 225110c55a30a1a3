// What the dashboard reads: the season's orders (shares, statuses, money), the animals on sale,
// today's appointment slots and the missed calls nobody has called back. Every call is an
// ordinary paged list call; each needs only its entity's Read claim.
import { apiFetch } from '@/lib/api-fetcher.ts';

interface Envelope<T> {
  success: boolean;
  data: T;
}
export interface Page<Row> {
  data: Row[];
  totalCount: number;
  groups?: { key: Record<string, unknown>; count: number }[];
}
interface PagedListRequest {
  PageNumber?: number;
  PageSize?: number;
  FilterParam?: { ColumnName: string; FilterValue: unknown; MatchMode?: string; Operator?: 'and' | 'or' }[];
  SortingParams?: { ColumnName: string; SortOrder: 1 | -1 }[];
  GroupingColumns?: string[];
}

/** The answer's envelope, whether the fetcher hands back `{ data: envelope, status }` or the envelope. */
function envelopeOf<T>(answer: unknown): Envelope<T> {
  const a = answer as { status?: unknown; data?: unknown };
  if (typeof a?.status === 'number' && a.data && typeof a.data === 'object' && 'success' in a.data) return a.data as Envelope<T>;
  return answer as Envelope<T>;
}

export async function page<Row>(plural: string, request: PagedListRequest, signal?: AbortSignal): Promise<Page<Row>> {
  // Silent: a card that fails says so itself; a toast per card would only repeat it.
  const answer = await apiFetch<unknown>(`/${plural}/GetListForPaging`, { method: 'POST', body: JSON.stringify(request), signal, silent: true });
  return envelopeOf<Page<Row>>(answer).data;
}

const MAX_PAGE = 500;
/** Every row matching the request, 500 at a time (a season holds a few thousand orders at most). */
export async function allRows<Row>(plural: string, request: PagedListRequest, signal?: AbortSignal): Promise<Row[]> {
  const rows: Row[] = [];
  for (let n = 1; ; n++) {
    const p = await page<Row>(plural, { ...request, PageNumber: n, PageSize: MAX_PAGE }, signal);
    rows.push(...p.data);
    if (p.data.length < MAX_PAGE || rows.length >= p.totalCount) return rows;
  }
}

/** Money strings ("1234.50") as whole kuruş: sums stay exact. */
export function kurus(value: unknown): number {
  if (typeof value === 'number') return Math.round(value * 100);
  if (typeof value !== 'string' || !value) return 0;
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace(/^[-+]/, '').split('.');
  const n = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return Number.isFinite(n) ? (negative ? -n : n) : 0;
}

/** Whole kuruş as an exact decimal string ("1234.50"), for the money formatter. */
export function decimalOf(kurus: number): string {
  const sign = kurus < 0 ? '-' : '';
  const abs = Math.abs(kurus);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Today's calendar day in Istanbul (the server's day), as YYYY-MM-DD. */
export function istanbulToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// ---- the season --------------------------------------------------------------------------------

/** The season year staff set (`season.year`), else this year in Istanbul. */
export async function seasonYear(canReadSettings: boolean, signal?: AbortSignal): Promise<number> {
  const fallback = Number(istanbulToday().slice(0, 4));
  if (!canReadSettings) return fallback;
  const p = await page<{ key: string; value: string | null }>('Settings', {
    PageSize: 1,
    FilterParam: [{ ColumnName: 'key', FilterValue: 'season.year', MatchMode: 'equals' }],
  }, signal);
  const year = Number(p.data[0]?.value);
  return Number.isInteger(year) && year >= 2000 && year <= 2200 ? year : fallback;
}

export const ORDER_STATUSES = ['draft', 'confirmed', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderSummary {
  count: number;
  byStatus: Record<OrderStatus, number>;
  sharesSold: number;
  /** Kuruş collected (payments paid). */
  collected: number;
  /** Kuruş still owed on orders that are not cancelled. */
  outstanding: number;
}

interface OrderRow {
  shareCount: number;
  status: OrderStatus;
  paidAmount: string;
  balance: string;
}

/** The season's orders: order numbers start with `K{year}-`. */
export async function orderSummary(year: number, signal?: AbortSignal): Promise<OrderSummary> {
  const rows = await allRows<OrderRow>('VictimOrders', {
    FilterParam: [{ ColumnName: 'orderNo', FilterValue: `K${year}-`, MatchMode: 'startsWith' }],
    SortingParams: [{ ColumnName: 'id', SortOrder: 1 }],
  }, signal);
  const summary: OrderSummary = { count: rows.length, byStatus: { draft: 0, confirmed: 0, completed: 0, cancelled: 0 }, sharesSold: 0, collected: 0, outstanding: 0 };
  for (const o of rows) {
    if (o.status in summary.byStatus) summary.byStatus[o.status]++;
    summary.collected += kurus(o.paidAmount);
    if (o.status === 'cancelled') continue;
    summary.sharesSold += o.shareCount ?? 0;
    summary.outstanding += kurus(o.balance);
  }
  return summary;
}

/** Shares on offer: the capacity of every active animal sold in shares. */
export async function shareCapacity(signal?: AbortSignal): Promise<number> {
  const rows = await allRows<{ shareCapacity: number | null }>('Products', {
    FilterParam: [
      { ColumnName: 'shareCapacity', FilterValue: 1, MatchMode: 'gte' },
      { ColumnName: 'isActive', FilterValue: true, MatchMode: 'equals' },
    ],
    SortingParams: [{ ColumnName: 'id', SortOrder: 1 }],
  }, signal);
  return rows.reduce((sum, p) => sum + (p.shareCapacity ?? 0), 0);
}

export interface AppointmentRow {
  id: number;
  startsAt: string;
  endsAt: string;
  capacity: number;
  bookedCount: number;
  status: 'open' | 'full' | 'closed' | 'cancelled';
  lookups?: { appointmentTypeId?: string | null };
}

export const todaysAppointments = (signal?: AbortSignal) =>
  page<AppointmentRow>('Appointments', {
    PageSize: 50,
    FilterParam: [{ ColumnName: 'startsAt', FilterValue: istanbulToday(), MatchMode: 'dateIs' }],
    SortingParams: [{ ColumnName: 'startsAt', SortOrder: 1 }],
  }, signal);

export interface CallRow {
  id: number;
  receivedAt: string;
  callerNumber: string;
  accountId: number | null;
  lookups?: { accountId?: string | null };
}

/** Missed calls not called back yet, newest first. */
export const missedCalls = (signal?: AbortSignal) =>
  page<CallRow>('NetgsmCallWebhookLogs', {
    PageSize: 6,
    FilterParam: [
      { ColumnName: 'status', FilterValue: 'missed', MatchMode: 'equals' },
      { ColumnName: 'calledBackAt', FilterValue: null, MatchMode: 'equals' },
    ],
    SortingParams: [{ ColumnName: 'receivedAt', SortOrder: -1 }],
  }, signal);
