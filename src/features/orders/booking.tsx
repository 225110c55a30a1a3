// The order's bookings with "Taşı" (move) and "İptal et" (cancel, after asking) and "Randevu
// ver" (the slot picker, loaded on use), and the step history of the order's animal in the queue.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { CalendarClock, CalendarPlus, CalendarX } from 'lucide-react';
import { useGetAppointmentsForPaging } from '../../../generated/api/appointments/appointments.ts';
import { createVictimAppointment, useCreateVictimAppointment, useGetVictimAppointmentsForPaging, useUpdateVictimAppointment } from '../../../generated/api/victim-appointments/victim-appointments.ts';
import { useGetVictimProductsAppointmentsForPaging } from '../../../generated/api/victim-products-appointments/victim-products-appointments.ts';
import { useGetVictimStepHistoriesForPaging } from '../../../generated/api/victim-step-histories/victim-step-histories.ts';
import type { VictimOrder } from '../../../generated/api/model/index.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { keyedCreate, useSubmissionKey } from '@/lib/submission-key.ts';
import { dataOf } from '@/lib/envelope.ts';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { lookupText } from '@/lib/reference-text.ts';
import { useSession } from '@/lib/session.ts';
import { dateTimeText, onDemand, pageRequest, Section, where } from './common.tsx';
import type { BookingOfOrder } from './slot-picker.tsx';

const SlotPicker = onDemand(() => import('./slot-picker.tsx').then((m) => m.SlotPicker));
const CancelBooking = onDemand(() => import('./slot-picker.tsx').then((m) => m.CancelBooking));

const BOOKING_TONE: Record<string, BadgeVariant> = { booked: 'info', attended: 'success', noShow: 'warn', cancelled: 'secondary' };

export function BookingSection({ order }: { order: VictimOrder }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const { hasClaim } = useSession();
  // undefined: closed; `{}`: a new booking; `{ moving }`: that booking moved.
  const [picking, setPicking] = useState<{ moving?: BookingOfOrder }>();
  const [cancelling, setCancelling] = useState<BookingOfOrder>();
  // Here rather than in the picker, which then needs nothing of this API module of its own.
  // One Idempotency-Key per booking made: a double click or a retry after a time-out books once.
  const book = useCreateVictimAppointment(keyedCreate(useSubmissionKey(), createVictimAppointment));
  const update = useUpdateVictimAppointment({ request: { silent: true } });
  const bookings = useGetVictimAppointmentsForPaging(pageRequest([where('victimOrderId', order.id)], [{ ColumnName: 'appointmentId', SortOrder: 1 }], 50), {
    query: { select: dataOf },
  });
  // The bookings' slots: their type (one active booking per type) and start.
  const slotIds = bookings.data?.data.map((b) => b.appointmentId) ?? [];
  const slots = useGetAppointmentsForPaging(pageRequest([where('id', slotIds, 'in')], [], 50), { query: { select: dataOf, enabled: slotIds.length > 0 } });
  const held: BookingOfOrder[] = (bookings.data?.data ?? []).map((booking) => {
    const slot = slots.data?.data.find((s) => s.id === booking.appointmentId);
    return { booking, typeId: slot?.appointmentTypeId, typeName: lookupText(slot, 'appointmentTypeId', 'AppointmentType'), startsAt: slot?.startsAt };
  });
  const canUpdate = hasClaim('VictimAppointments.Update');
  const open = (next: { moving?: BookingOfOrder }) => SlotPicker.open(() => (book.reset(), update.reset(), setPicking(next)));
  return (
    <Section
      title={t('orderPage.booking.section')}
      testId="order-booking"
      actions={
        hasClaim('VictimAppointments.Create') && (
          <Button variant="outline" onClick={() => open({})} disabled={order.status === 'cancelled'} {...SlotPicker.warmOn}>
            <CalendarPlus />
            {t('orderPage.booking.open')}
          </Button>
        )
      }
    >
      {bookings.isLoading ? (
        <Skeleton className="h-12" />
      ) : !held.length ? (
        <p className="text-sm text-muted-foreground">{t('orderPage.booking.none')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {held.map((h) => {
            const { booking: b } = h;
            const when = dateTimeText(h.startsAt ?? b.lookups?.appointmentId, locale);
            const active = (b.status ?? 'booked') === 'booked' && canUpdate && order.status !== 'cancelled';
            return (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-50 px-3 py-2 text-sm dark:bg-surface-800" data-testid="booking" data-booking-id={b.id}>
                <span className="tabular-nums">{when}</span>
                {h.typeName && <span className="mr-auto text-xs text-muted-foreground">{h.typeName}</span>}
                <span className="flex flex-wrap items-center gap-2">
                  <Badge variant={BOOKING_TONE[b.status ?? 'booked']}>{t(`enum.victimAppointment.status.${b.status ?? 'booked'}`)}</Badge>
                  {active && (
                    <>
                      <Button size="sm" variant="outline" onClick={() => open({ moving: h })} disabled={h.typeId === undefined} aria-label={t('orderPage.booking.moveRow', { when })} {...SlotPicker.warmOn}>
                        <CalendarClock />
                        {t('orderPage.booking.move')}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => CancelBooking.open(() => (update.reset(), setCancelling(h)))}
                        aria-label={t('orderPage.booking.cancelRow', { when })}
                        {...CancelBooking.warmOn}
                      >
                        <CalendarX />
                        {t('orderPage.booking.cancel')}
                      </Button>
                    </>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {picking && <SlotPicker order={order} book={book} update={update} bookings={held} moving={picking.moving} onClose={() => setPicking(undefined)} />}
      {cancelling && <CancelBooking held={cancelling} update={update} onClose={() => setCancelling(undefined)} />}
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
              step: lookupText(row, 'currentStepId', 'VictimAppointmentStep') ?? t('orderPage.steps.notReceived'),
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
                    <TableCell>{lookupText(h, 'fromStepId', 'VictimAppointmentStep') ?? '—'}</TableCell>
                    <TableCell>{lookupText(h, 'toStepId', 'VictimAppointmentStep') ?? '—'}</TableCell>
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
