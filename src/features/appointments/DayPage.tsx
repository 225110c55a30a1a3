// `/Appointments/day`: the chosen day's slots (default today, Istanbul) by start time, each with
// its type, time, fill (bookedCount / capacity as a bar) and status; "Randevu oluştur" beside the
// day picker. `?date=YYYY-MM-DD` picks the day.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { useGetAppointmentsForPaging } from '../../../generated/api/appointments/appointments.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DayPicker } from '@/components/ui/day-picker.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { useDayParam } from '@/lib/day-param.ts';
import { formatDate, formatNumber, formatTime } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { lookupText } from '@/lib/reference-text.ts';
import { cn } from '@/lib/utils.ts';
import { GenerateButton } from './GenerateDialog.tsx';

const STATUS_TONE: Record<string, BadgeVariant> = { open: 'success', full: 'warn', closed: 'secondary', cancelled: 'danger' };

export function DayPage() {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const [date, setDate] = useDayParam();
  const id = useId();
  const slots = useGetAppointmentsForPaging(
    {
      PageNumber: 1,
      PageSize: 500,
      FilterParam: [{ ColumnName: 'startsAt', FilterValue: date, MatchMode: 'dateIs', Operator: 'and' }],
      SortingParams: [{ ColumnName: 'startsAt', SortOrder: 1 }],
    },
    { query: { select: dataOf }, request: { silent: true } },
  );
  const time = (iso: string) => formatTime(iso, locale);
  const rows = slots.data?.data ?? [];

  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-4 p-4 sm:p-6" data-testid="appointments-day">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id={`${id}-title`} className="text-xl font-semibold">
            {t('appointments.day.title')}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">{formatDate(date, locale)}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <DayPicker label={t('appointments.day.date')} value={date} onChange={setDate} lang={locale} />
          <GenerateButton />
          <Button variant="link" asChild>
            <Link to="/Appointments">{t('appointments.day.all')}</Link>
          </Button>
        </div>
      </header>

      <div className="rounded-xl border border-border bg-card p-4 text-card-foreground" aria-busy={slots.isFetching}>
        {rows.length === 0 ? (
          slots.isPending ? (
            <div className="flex flex-col gap-2" aria-label={t('appointments.day.loading')}>
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : (
            <p className="py-8 text-center text-muted-foreground">{slots.isError ? t('appointments.day.loadFailed') : t('appointments.day.empty')}</p>
          )
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">{`${t('appointments.day.title')} — ${formatDate(date, locale)}`}</caption>
              <thead>
                <tr className="border-b border-border text-muted-foreground">
                  <th scope="col" className="px-3 py-2 font-medium">{t('appointments.day.column.time')}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t('appointments.day.column.type')}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t('appointments.day.column.fill')}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t('appointments.day.column.status')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((slot) => {
                  const ratio = slot.capacity > 0 ? Math.min(1, slot.bookedCount / slot.capacity) : 0;
                  const status = slot.status ?? 'open';
                  return (
                    <tr key={slot.id} className="border-b border-border" data-slot-id={slot.id}>
                      <td className="whitespace-nowrap px-3 py-2 font-medium tabular-nums">
                        {time(slot.startsAt)} – {time(slot.endsAt)}
                      </td>
                      <td className="px-3 py-2">{lookupText(slot, 'appointmentTypeId', 'AppointmentType') ?? ''}</td>
                      <td className="px-3 py-2">
                        <div className="flex items-center gap-3">
                          <div className="h-2 w-32 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                            <div className={cn('h-full rounded-full', ratio >= 1 ? 'bg-amber-500' : 'bg-primary')} style={{ width: `${Math.round(ratio * 100)}%` }} />
                          </div>
                          <span className="tabular-nums">
                            {t('appointments.day.fill', { booked: formatNumber(slot.bookedCount, locale), capacity: formatNumber(slot.capacity, locale) })}
                          </span>
                        </div>
                      </td>
                      <td className="px-3 py-2">
                        <Badge variant={STATUS_TONE[status] ?? 'secondary'}>{t(`enum.appointment.status.${status}`)}</Badge>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
