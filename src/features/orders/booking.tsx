// The order's booked slots and "Randevu ver" (the slot picker, loaded on use), and the step
// history of the order's animal in the queue.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { CalendarPlus } from 'lucide-react';
import { useCreateVictimAppointment, useGetVictimAppointmentsForPaging } from '../../../generated/api/victim-appointments/victim-appointments.ts';
import { useGetVictimProductsAppointmentsForPaging } from '../../../generated/api/victim-products-appointments/victim-products-appointments.ts';
import { useGetVictimStepHistoriesForPaging } from '../../../generated/api/victim-step-histories/victim-step-histories.ts';
import type { VictimOrder } from '../../../generated/api/model/index.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { onDemand, pageRequest, Section, where } from './common.tsx';

const SlotPicker = onDemand(() => import('./slot-picker.tsx').then((m) => m.SlotPicker));

const BOOKING_TONE: Record<string, BadgeVariant> = { booked: 'info', attended: 'success', noShow: 'warn', cancelled: 'secondary' };

const when = (iso: string | null | undefined, locale: string) => (iso && !Number.isNaN(Date.parse(iso)) ? formatDateTime(iso, locale) : (iso ?? ''));

export function BookingSection({ order }: { order: VictimOrder }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const { hasClaim } = useSession();
  const [picking, setPicking] = useState(false);
  // Here rather than in the picker, which then needs nothing of this API module of its own.
  const book = useCreateVictimAppointment({ request: { silent: true } });
  const bookings = useGetVictimAppointmentsForPaging(pageRequest([where('victimOrderId', order.id)], [{ ColumnName: 'appointmentId', SortOrder: 1 }], 50), {
    query: { select: dataOf },
  });
  return (
    <Section
      title={t('orderPage.booking.section')}
      testId="order-booking"
      actions={
        hasClaim('VictimAppointments.Create') && (
          <Button variant="outline" onClick={() => SlotPicker.open(() => (book.reset(), setPicking(true)))} disabled={order.status === 'cancelled'} {...SlotPicker.warmOn}>
            <CalendarPlus />
            {t('orderPage.booking.open')}
          </Button>
        )
      }
    >
      {bookings.isLoading ? (
        <Skeleton className="h-12" />
      ) : !bookings.data?.data.length ? (
        <p className="text-sm text-muted-foreground">{t('orderPage.booking.none')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {bookings.data.data.map((b) => (
            <li key={b.id} className="flex items-center justify-between gap-2 rounded-lg bg-surface-50 px-3 py-2 text-sm dark:bg-surface-800" data-testid="booking">
              <span className="tabular-nums">{when(b.lookups?.appointmentId, locale)}</span>
              <Badge variant={BOOKING_TONE[b.status ?? 'booked']}>{t(`enum.victimAppointment.status.${b.status ?? 'booked'}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
      {picking && <SlotPicker order={order} book={book} onClose={() => setPicking(false)} />}
    </Section>
  );
}

export function StepHistorySection({ order }: { order: VictimOrder }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const queue = useGetVictimProductsAppointmentsForPaging(pageRequest([where('productId', order.productId)], [], 1), { query: { select: dataOf } });
  const row = queue.data?.data[0];
  const history = useGetVictimStepHistoriesForPaging(pageRequest([where('victimProductsAppointmentId', row?.id ?? 0)], [{ ColumnName: 'changedAt', SortOrder: -1 }], 50), {
    query: { select: dataOf, enabled: !!row },
  });
  return (
    <Section title={t('orderPage.steps.title')} testId="order-steps">
      {queue.isLoading ? (
        <Skeleton className="h-12" />
      ) : !row ? (
        <p className="text-sm text-muted-foreground">{t('orderPage.steps.notQueued')}</p>
      ) : (
        <>
          <p className="text-sm">
            {t('orderPage.steps.queue', {
              no: formatNumber(row.slaughterNo, locale),
              day: formatDate(row.slaughterDay, locale),
              step: row.lookups?.currentStepId ?? t('orderPage.steps.notReceived'),
            })}
          </p>
          {history.isLoading ? (
            <Skeleton className="h-12" />
          ) : !history.data?.data.length ? (
            <p className="text-sm text-muted-foreground">{t('orderPage.steps.empty')}</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('field.victimStepHistory.changedAt')}</TableHead>
                  <TableHead>{t('field.victimStepHistory.fromStepId')}</TableHead>
                  <TableHead>{t('field.victimStepHistory.toStepId')}</TableHead>
                  <TableHead>{t('field.victimStepHistory.changedByUserId')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {history.data.data.map((h) => (
                  <TableRow key={h.id}>
                    <TableCell>{formatDateTime(h.changedAt, locale)}</TableCell>
                    <TableCell>{h.lookups?.fromStepId ?? '—'}</TableCell>
                    <TableCell>{h.lookups?.toStepId ?? '—'}</TableCell>
                    <TableCell>{h.lookups?.changedByUserId ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Section>
  );
}
