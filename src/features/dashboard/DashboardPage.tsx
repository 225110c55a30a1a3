// /Dashboard: the season at a glance, from the ordinary list calls. Each card shows only when the
// user may read what it needs; a card that fails says so on its own and the others stay.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, ChartPie, PhoneMissed, ShoppingCart, Wallet } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatDateTime, formatMoney, formatNumber, formatPercent, TIME_ZONE } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import {
  ORDER_STATUSES, decimalOf, missedCalls, orderSummary, seasonYear, shareCapacity, todaysAppointments, type OrderStatus,
} from './season-data.ts';

const ORDER_TONE: Record<OrderStatus, BadgeVariant> = { draft: 'secondary', confirmed: 'info', completed: 'success', cancelled: 'danger' };
const SLOT_TONE: Record<string, BadgeVariant> = { open: 'success', full: 'warn', closed: 'secondary', cancelled: 'danger' };

export function DashboardPage() {
  const { i18n } = useLingui();
  const { hasClaim, user } = useSession();
  const who = user?.userInfo?.userInfo?.guid ?? '';
  const can = {
    orders: hasClaim('VictimOrders.Read'),
    products: hasClaim('Products.Read'),
    appointments: hasClaim('Appointments.Read'),
    calls: hasClaim('NetgsmCallWebhookLogs.Read'),
    settings: hasClaim('Settings.Read'),
  };
  const locale = i18n.locale || 'tr-TR';

  const year = useQuery({ queryKey: ['dashboard', who, 'seasonYear'], queryFn: ({ signal }) => seasonYear(can.settings, signal) });
  const orders = useQuery({
    queryKey: ['dashboard', who, 'orders', year.data],
    queryFn: ({ signal }) => orderSummary(year.data!, signal),
    enabled: can.orders && year.data !== undefined,
  });
  const capacity = useQuery({ queryKey: ['dashboard', who, 'capacity'], queryFn: ({ signal }) => shareCapacity(signal), enabled: can.orders && can.products });
  const slots = useQuery({ queryKey: ['dashboard', who, 'appointments'], queryFn: ({ signal }) => todaysAppointments(signal), enabled: can.appointments });
  const calls = useQuery({ queryKey: ['dashboard', who, 'missedCalls'], queryFn: ({ signal }) => missedCalls(signal), enabled: can.calls });

  const nothing = !can.orders && !can.appointments && !can.calls;
  // The season's money is in lira, whatever the language shows.
  const money = (kurus: number) => formatMoney(decimalOf(kurus), locale, 'TRY');
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

  return (
    <div className="flex flex-col gap-6" data-testid="dashboard">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('dashboard.title')}</h1>
        {year.data !== undefined && <p className="mt-1 text-muted-foreground">{t('dashboard.subtitle', { year: year.data })}</p>}
      </header>

      {nothing && <p className="rounded-lg border border-border bg-card p-6 text-muted-foreground">{t('dashboard.noAccess')}</p>}

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {can.orders && can.products && (
          <StatCard title={t('dashboard.shares.title')} icon={<ChartPie />} query={[orders, capacity]}>
            {orders.data && capacity.data !== undefined && (
              <Meter
                value={t('dashboard.shares.value', { sold: formatNumber(orders.data.sharesSold, locale), capacity: formatNumber(capacity.data, locale) })}
                ratio={capacity.data ? orders.data.sharesSold / capacity.data : 0}
                note={t('dashboard.shares.free', { free: Math.max(0, capacity.data - orders.data.sharesSold) })}
                locale={locale}
              />
            )}
          </StatCard>
        )}
        {can.orders && (
          <StatCard title={t('dashboard.collection.title')} icon={<Wallet />} query={[orders]}>
            {orders.data && (
              <div className="flex flex-col gap-3">
                <Meter
                  value={money(orders.data.collected)}
                  ratio={ratio(orders.data.collected, orders.data.collected + orders.data.outstanding)}
                  note={t('dashboard.collection.collected')}
                  locale={locale}
                />
                <p className="text-sm text-muted-foreground">
                  {t('dashboard.collection.outstanding')}:{' '}
                  <span className="font-semibold text-foreground">{money(orders.data.outstanding)}</span>
                </p>
              </div>
            )}
          </StatCard>
        )}
        {can.orders && (
          <StatCard title={t('dashboard.orders.title')} icon={<ShoppingCart />} query={[orders]} className="md:col-span-2">
            {orders.data && (
              <div className="flex flex-col gap-3">
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {ORDER_STATUSES.map((s) => (
                    <li key={s} className="flex flex-col gap-1 rounded-lg bg-surface-50 p-3 dark:bg-surface-800">
                      <Badge variant={ORDER_TONE[s]}>{t(`enum.victimOrder.status.${s}`)}</Badge>
                      <span className="text-2xl font-semibold tabular-nums">{orders.data.byStatus[s]}</span>
                    </li>
                  ))}
                </ul>
                <p className="text-sm text-muted-foreground">
                  {t('dashboard.orders.total', { count: orders.data.count })} ·{' '}
                  <Link to="/VictimOrders" className="text-primary-text underline underline-offset-4">{t('dashboard.viewAll')}</Link>
                </p>
              </div>
            )}
          </StatCard>
        )}
        {can.appointments && (
          <StatCard title={t('dashboard.appointments.title')} icon={<CalendarClock />} query={[slots]} className="md:col-span-1 xl:col-span-2">
            {slots.data &&
              (slots.data.data.length === 0 ? (
                <p className="text-muted-foreground">{t('dashboard.appointments.none')}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-border">
                  {slots.data.data.map((a) => (
                    <li key={a.id} className="flex items-center gap-3 py-2">
                      <span className="w-24 shrink-0 font-medium tabular-nums">
                        {time(a.startsAt)}–{time(a.endsAt)}
                      </span>
                      <span className="min-w-0 flex-1 truncate">{a.lookups?.appointmentTypeId ?? ''}</span>
                      <span className="text-sm text-muted-foreground tabular-nums">
                        {t('dashboard.appointments.booked', { booked: a.bookedCount, capacity: a.capacity })}
                      </span>
                      <Badge variant={SLOT_TONE[a.status] ?? 'secondary'}>{t(`enum.appointment.status.${a.status}`)}</Badge>
                    </li>
                  ))}
                </ul>
              ))}
          </StatCard>
        )}
        {can.calls && (
          <StatCard
            title={t('dashboard.calls.title')}
            icon={<PhoneMissed />}
            query={[calls]}
            className="md:col-span-1 xl:col-span-2"
            badge={calls.data ? <Badge variant={calls.data.totalCount ? 'danger' : 'success'}>{calls.data.totalCount}</Badge> : undefined}
          >
            {calls.data &&
              (calls.data.data.length === 0 ? (
                <p className="text-muted-foreground">{t('dashboard.calls.none')}</p>
              ) : (
                <div className="flex flex-col gap-2">
                  <ul className="flex flex-col divide-y divide-border">
                    {calls.data.data.map((c) => (
                      <li key={c.id} className="flex items-center gap-3 py-2">
                        <span className="font-medium tabular-nums">{c.callerNumber}</span>
                        <span className="min-w-0 flex-1 truncate text-muted-foreground">{c.lookups?.accountId ?? ''}</span>
                        <span className="text-sm text-muted-foreground tabular-nums">{formatDateTime(c.receivedAt, locale)}</span>
                      </li>
                    ))}
                  </ul>
                  <Link to="/NetgsmCallWebhookLogs" className="text-sm text-primary-text underline underline-offset-4">{t('dashboard.viewAll')}</Link>
                </div>
              ))}
          </StatCard>
        )}
      </div>
    </div>
  );
}

function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

interface QueryState {
  isPending: boolean;
  isError: boolean;
  fetchStatus: string;
}

function StatCard({ title, icon, query, children, className, badge }: {
  title: string;
  icon: ReactNode;
  query: QueryState[];
  children: ReactNode;
  className?: string;
  badge?: ReactNode;
}) {
  const failed = query.some((q) => q.isError);
  const loading = !failed && query.some((q) => q.isPending);
  return (
    <Card className={cn('gap-3', className)} aria-busy={loading}>
      <CardHeader className="flex-row items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-highlight text-highlight-foreground [&_svg]:size-5" aria-hidden>
          {icon}
        </span>
        <CardTitle className="flex-1 text-base">
          <h2>{title}</h2>
        </CardTitle>
        {badge}
      </CardHeader>
      <CardContent>
        {failed ? (
          <p role="alert" className="text-sm text-destructive">{t('dashboard.loadFailed')}</p>
        ) : loading ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

/** A big number, a bar for its share of the whole, and a note. */
function Meter({ value, ratio, note, locale }: { value: string; ratio: number; note: string; locale: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, ratio)) * 100);
  return (
    <div className="flex flex-col gap-2">
      <span className="text-2xl font-semibold tabular-nums sm:text-3xl">{value}</span>
      <div
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={note}
        className="h-2.5 overflow-hidden rounded-full bg-surface-100 dark:bg-surface-800"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-sm text-muted-foreground">
        {note} · {formatPercent(percent, locale)}
      </span>
    </div>
  );
}
