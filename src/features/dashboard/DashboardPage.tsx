// /Dashboard: the season at a glance, from one call (GET Dashboard/summary, claim Dashboard.Read)
// whose figures the database computes. A user without Dashboard.Read gets a note, not a failing
// call. Within it, each card shows only when the user may also read the list behind it (as the
// list-based dashboard did): orders and money need VictimOrders.Read, shares Products.Read too, the
// appointments Appointments.Read, the queue VictimProductsAppointments.Read, the calls
// NetgsmCallWebhookLogs.Read. The season selector offers the current season (the server's
// `season.year`, from the first answer) and the years around it; the query key follows it.
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { CalendarClock, ChartColumn, ChartPie, ListOrdered, MessageSquareText, PhoneMissed, ShoppingCart, Wallet } from 'lucide-react';
import { useGetDashboardSummary } from '../../../generated/api/dashboard/dashboard.ts';
import type { DashboardSummary, GetDashboardSummaryParams } from '../../../generated/api/model/index.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { fieldClass } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { formatMoney, formatNumber, formatPercent, formatTime } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { referenceText } from '@/lib/reference-text.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { CollectionsChart } from './CollectionsChart.tsx';

type OrderStatus = keyof DashboardSummary['orders'];
const ORDER_STATUSES: readonly OrderStatus[] = ['draft', 'confirmed', 'completed', 'cancelled'];
const ORDER_TONE: Record<OrderStatus, BadgeVariant> = { draft: 'secondary', confirmed: 'info', completed: 'success', cancelled: 'danger' };
type MessageStatus = keyof DashboardSummary['messagesToday'];
const MESSAGE_STATUSES: readonly MessageStatus[] = ['queued', 'sent', 'delivered', 'failed'];
const MESSAGE_TONE: Record<MessageStatus, BadgeVariant> = { queued: 'info', sent: 'warn', delivered: 'success', failed: 'danger' };
const SLOT_TONE: Record<string, BadgeVariant> = { open: 'success', full: 'warn', closed: 'secondary', cancelled: 'danger' };
/** The selector's years: this many before the current season and after it. */
const YEARS_BEFORE = 3;
const YEARS_AFTER = 1;

const paramsOf = (season: number | undefined): GetDashboardSummaryParams | undefined => (season === undefined ? undefined : { season });
export function DashboardPage() {
  const { i18n } = useLingui();
  const { hasClaim } = useSession();
  const locale = i18n.locale || 'tr-TR';
  const allowed = hasClaim('Dashboard.Read');
  const can = {
    orders: hasClaim('VictimOrders.Read'),
    products: hasClaim('Products.Read'),
    appointments: hasClaim('Appointments.Read'),
    queue: hasClaim('VictimProductsAppointments.Read'),
    calls: hasClaim('NetgsmCallWebhookLogs.Read'),
    messages: hasClaim('Messages.Read'),
  };

  // `undefined`: the server's current season. `current` remembers it for the selector's years.
  const [chosen, setChosen] = useState<number>();
  const [current, setCurrent] = useState<number>();
  const summary = useGetDashboardSummary(paramsOf(chosen), {
    // The previous season's figures stay (dimmed) while the next season's load.
    query: { enabled: allowed, placeholderData: keepPreviousData, select: dataOf },
    // Silent: the page says itself that it failed.
    request: { silent: true },
  });
  const data = summary.data;
  if (current === undefined && chosen === undefined && data) setCurrent(data.season);

  const nothing = !can.orders && !can.appointments && !can.calls && !can.queue;
  if (!allowed || nothing) {
    return (
      <div className="flex flex-col gap-6" data-testid="dashboard">
        <h1 className="text-2xl font-semibold tracking-tight">{t('dashboard.title')}</h1>
        <p className="rounded-lg border border-border bg-card p-6 text-muted-foreground">{t('dashboard.noAccess')}</p>
      </div>
    );
  }

  const money = (value: string) => formatMoney(value, locale, data?.currencyCode);
  const time = (iso: string) => formatTime(iso, locale);
  const state = { failed: summary.isError && !data, loading: !data && !summary.isError };
  const stale = summary.isPlaceholderData;

  return (
    <div className="flex flex-col gap-6" data-testid="dashboard" aria-busy={summary.isFetching}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('dashboard.title')}</h1>
          {data && <p className="mt-1 text-muted-foreground">{t('dashboard.subtitle', { year: data.season })}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          {hasClaim('VictimOrders.Create') && (
            <Button asChild>
              <Link to="/Sales/new" data-testid="new-sale">{t('sales.new')}</Link>
            </Button>
          )}
          {current !== undefined && <SeasonPicker current={current} value={chosen ?? current} onChange={(y) => setChosen(y === current ? undefined : y)} />}
        </div>
      </header>

      <div className={cn('grid gap-6 md:grid-cols-2 xl:grid-cols-4', stale && 'opacity-60 transition-opacity')} data-testid="dashboard-cards">
        {can.orders && can.products && (
          <StatCard title={t('dashboard.shares.title')} icon={<ChartPie />} state={state} testId="card-shares">
            {data && (
              <Meter
                value={t('dashboard.shares.value', { sold: formatNumber(data.shares.sold, locale), capacity: formatNumber(data.shares.capacity, locale) })}
                ratio={ratio(data.shares.sold, data.shares.capacity)}
                note={t('dashboard.shares.free', { free: formatNumber(Math.max(0, data.shares.capacity - data.shares.sold), locale) })}
                extra={t('dashboard.shares.animals', { full: formatNumber(data.shares.animalsFull, locale), animals: formatNumber(data.shares.animals, locale) })}
                locale={locale}
              />
            )}
          </StatCard>
        )}
        {can.orders && (
          <StatCard title={t('dashboard.collection.title')} icon={<Wallet />} state={state} testId="card-money">
            {data && (
              <div className="flex flex-col gap-3">
                <Meter
                  value={money(data.money.collected)}
                  ratio={ratio(Number(data.money.collected), Number(data.money.sold))}
                  note={t('dashboard.collection.collected')}
                  locale={locale}
                />
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">{t('dashboard.money.sold')}</dt>
                  <dd className="text-right font-semibold tabular-nums" data-testid="money-sold">{money(data.money.sold)}</dd>
                  <dt className="text-muted-foreground">{t('dashboard.collection.outstanding')}</dt>
                  <dd className="text-right font-semibold tabular-nums" data-testid="money-outstanding">{money(data.money.outstanding)}</dd>
                </dl>
              </div>
            )}
          </StatCard>
        )}
        {can.orders && (
          <StatCard title={t('dashboard.orders.title')} icon={<ShoppingCart />} state={state} className="md:col-span-2" testId="card-orders">
            {data && (
              <div className="flex flex-col gap-3">
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {ORDER_STATUSES.map((s) => (
                    <li key={s} className="flex flex-col gap-1 rounded-lg bg-surface-50 p-3 dark:bg-surface-800" data-testid={`orders-${s}`}>
                      <Badge variant={ORDER_TONE[s]}>{t(`enum.victimOrder.status.${s}`)}</Badge>
                      <span className="text-2xl font-semibold tabular-nums">{formatNumber(data.orders[s], locale)}</span>
                    </li>
                  ))}
                </ul>
                <p className="text-sm text-muted-foreground">
                  {t('dashboard.orders.total', { count: formatNumber(ORDER_STATUSES.reduce((n, s) => n + data.orders[s], 0), locale) })} ·{' '}
                  <Link to="/VictimOrders" className="text-primary-text underline underline-offset-4">{t('dashboard.viewAll')}</Link>
                </p>
              </div>
            )}
          </StatCard>
        )}
        {can.orders && (
          <StatCard title={t('dashboard.collections.title')} icon={<ChartColumn />} state={state} className="md:col-span-2 xl:col-span-3" testId="card-collections">
            {data && <CollectionsChart days={data.collectionsByDay} currency={data.currencyCode} locale={locale} />}
          </StatCard>
        )}
        {can.calls && (
          <StatCard
            title={t('dashboard.calls.title')}
            icon={<PhoneMissed />}
            state={state}
            testId="card-calls"
            badge={data ? <Badge variant={data.missedCallsNotReturned ? 'danger' : 'success'}>{formatNumber(data.missedCallsNotReturned, locale)}</Badge> : undefined}
          >
            {data && (
              <div className="flex flex-col gap-2">
                {data.missedCallsNotReturned === 0 ? (
                  <p className="text-muted-foreground">{t('dashboard.calls.none')}</p>
                ) : (
                  <span className="text-3xl font-semibold tabular-nums" data-testid="calls-count">{formatNumber(data.missedCallsNotReturned, locale)}</span>
                )}
                <Link to="/NetgsmCallWebhookLogs" className="text-sm text-primary-text underline underline-offset-4">{t('dashboard.viewAll')}</Link>
              </div>
            )}
          </StatCard>
        )}
        {can.messages && (
          <StatCard title={t('dashboard.messages.title')} icon={<MessageSquareText />} state={state} testId="card-messages">
            {data && (
              <div className="flex flex-col gap-2">
                <ul className="grid grid-cols-2 gap-2">
                  {MESSAGE_STATUSES.map((s) => (
                    <li key={s} className="flex flex-col gap-1 rounded-lg bg-surface-50 p-2 dark:bg-surface-800" data-testid={`messages-${s}`}>
                      <Badge variant={MESSAGE_TONE[s]}>{t(`enum.message.status.${s}`)}</Badge>
                      <span className="text-xl font-semibold tabular-nums">{formatNumber(data.messagesToday[s], locale)}</span>
                    </li>
                  ))}
                </ul>
                <Link to="/Messages" className="text-sm text-primary-text underline underline-offset-4">{t('dashboard.viewAll')}</Link>
              </div>
            )}
          </StatCard>
        )}
        {can.queue && (
          <StatCard title={t('dashboard.queue.title')} icon={<ListOrdered />} state={state} className="md:col-span-2" testId="card-queue">
            {data && <QueueBars steps={data.queueByStep} locale={locale} />}
          </StatCard>
        )}
        {can.appointments && (
          <StatCard title={t('dashboard.appointments.title')} icon={<CalendarClock />} state={state} className="md:col-span-2" testId="card-appointments">
            {data &&
              (data.appointmentsToday.length === 0 ? (
                <p className="text-muted-foreground">{t('dashboard.appointments.none')}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-border">
                  {data.appointmentsToday.map((a) => (
                    <li key={a.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="appointment">
                      <span className="w-24 shrink-0 font-medium tabular-nums">
                        {time(a.startsAt)}–{time(a.endsAt)}
                      </span>
                      <span className="flex min-w-0 flex-1 items-center gap-2">
                        <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: a.color }} aria-hidden />
                        <span className="truncate">{referenceText('AppointmentType', 'name', a.typeCode, a.typeName)}</span>
                      </span>
                      <span className="flex items-center gap-2">
                        <Bar ratio={ratio(a.bookedCount, a.capacity)} color={a.color} className="w-16" />
                        <span className="text-sm text-muted-foreground tabular-nums">
                          {t('dashboard.appointments.booked', { booked: a.bookedCount, capacity: a.capacity })}
                        </span>
                      </span>
                      <Badge variant={SLOT_TONE[a.status] ?? 'secondary'}>{t(`enum.appointment.status.${a.status}`)}</Badge>
                    </li>
                  ))}
                </ul>
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

function SeasonPicker({ current, value, onChange }: { current: number; value: number; onChange: (year: number) => void }) {
  const id = useId();
  const years: number[] = [];
  for (let y = current + YEARS_AFTER; y >= current - YEARS_BEFORE; y--) years.push(y);
  if (!years.includes(value)) years.push(value);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">{t('dashboard.season')}</label>
      <select id={id} className={cn(fieldClass, 'h-9 w-28')} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid="season-select">
        {years.map((y) => (
          <option key={y} value={y}>{y}</option>
        ))}
      </select>
    </div>
  );
}

function StatCard({ title, icon, state, children, className, badge, testId }: {
  title: string;
  icon: ReactNode;
  state: { failed: boolean; loading: boolean };
  children: ReactNode;
  className?: string;
  badge?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className={cn('gap-3', className)} aria-busy={state.loading} data-testid={testId}>
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
        {state.failed ? (
          <p role="alert" className="text-sm text-destructive">{t('dashboard.loadFailed')}</p>
        ) : state.loading ? (
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

/** A bar filled to `ratio` in `color` (neutral without one); decorative: the figure is written beside it. */
function Bar({ ratio, color, className }: { ratio: number; color?: string | null; className?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, ratio)) * 100);
  return (
    <span className={cn('block h-2.5 overflow-hidden rounded-full bg-surface-100 dark:bg-surface-800', className)} aria-hidden>
      <span className={cn('block h-full rounded-full', !color && 'bg-surface-400')} style={{ width: `${percent}%`, ...(color ? { backgroundColor: color } : {}) }} />
    </span>
  );
}

/** The season's animals by current step: one coloured bar per step, scaled to the largest. */
function QueueBars({ steps, locale }: { steps: DashboardSummary['queueByStep']; locale: string }) {
  const total = steps.reduce((n, s) => n + s.count, 0);
  if (total === 0) return <p className="text-muted-foreground">{t('dashboard.queue.none')}</p>;
  const most = Math.max(...steps.map((s) => s.count));
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {steps.map((s) => (
          <li key={s.stepId ?? 'none'} className="grid grid-cols-[minmax(7rem,10rem)_1fr_3rem] items-center gap-3" data-testid="queue-step">
            <span className="truncate text-sm">{s.name === null ? t('dashboard.queue.notReceived') : referenceText('VictimAppointmentStep', 'name', s.code, s.name)}</span>
            <Bar ratio={ratio(s.count, most)} color={s.color} className="h-3" />
            <span className="text-right font-semibold tabular-nums">{formatNumber(s.count, locale)}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{t('dashboard.queue.total', { count: formatNumber(total, locale) })}</p>
    </div>
  );
}

/** A big number, a bar for its share of the whole, and a note. */
function Meter({ value, ratio, note, extra, locale }: { value: string; ratio: number; note: string; extra?: string; locale: string }) {
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
      {extra && <span className="text-sm text-muted-foreground">{extra}</span>}
    </div>
  );
}
