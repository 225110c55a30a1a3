// The order's booked slots and "Randevu ver" (a day, then that day's slots with their free seats;
// full or closed ones disabled), and the step history of the order's animal in the queue.
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import { CalendarPlus } from 'lucide-react';
import { useGetAppointmentsForPaging } from '../../../generated/api/appointments/appointments.ts';
import { useCreateVictimAppointment, useGetVictimAppointmentsForPaging } from '../../../generated/api/victim-appointments/victim-appointments.ts';
import { useGetVictimProductsAppointmentsForPaging } from '../../../generated/api/victim-products-appointments/victim-products-appointments.ts';
import { useGetVictimStepHistoriesForPaging } from '../../../generated/api/victim-step-histories/victim-step-histories.ts';
import type { Appointment, VictimOrder } from '../../../generated/api/model/index.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { formatDate, formatDateTime, formatNumber, TIME_ZONE } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { ErrorBox, pageRequest, Section, useInvalidate, where } from './common.tsx';

const BOOKING_TONE: Record<string, BadgeVariant> = { booked: 'info', attended: 'success', noShow: 'warn', cancelled: 'secondary' };

/** Today in Istanbul as YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const when = (iso: string | null | undefined, locale: string) => (iso && !Number.isNaN(Date.parse(iso)) ? formatDateTime(iso, locale) : (iso ?? ''));

function SlotPicker({ order, onClose }: { order: VictimOrder; onClose: () => void }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const ids = useId();
  const [day, setDay] = useState(today);
  const slots = useGetAppointmentsForPaging(pageRequest(day ? [where('startsAt', day, 'dateIs')] : [], [{ ColumnName: 'startsAt', SortOrder: 1 }], 200), {
    query: { select: dataOf, enabled: !!day },
  });
  const book = useCreateVictimAppointment({ request: { silent: true } });
  const invalidate = useInvalidate();
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

  const choose = async (slot: Appointment) => {
    try {
      await book.mutateAsync({ data: { victimOrderId: order.id, accountId: order.accountId, appointmentId: slot.id, status: 'booked' } });
      await invalidate('/VictimAppointments', '/Appointments');
      onClose();
    } catch {
      // The refusal shows below; the slots are read again (one may have filled meanwhile).
      await slots.refetch();
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent maximizable={false} data-testid="slot-picker">
        <DialogHeader>
          <DialogTitle>{t('orderPage.booking.title')}</DialogTitle>
          <DialogDescription>{t('orderPage.booking.help', { orderNo: order.orderNo })}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-day`}>{t('orderPage.booking.day')}</Label>
          <Input id={`${ids}-day`} type="date" value={day} onChange={(e) => (book.reset(), setDay(e.target.value))} />
        </div>
        <ErrorBox error={book.error} />
        <ul className="flex min-h-40 flex-col gap-1.5" aria-label={t('orderPage.booking.slots')} aria-busy={slots.isFetching}>
          {slots.isLoading && <Skeleton className="h-10" />}
          {slots.data?.data.length === 0 && <li className="p-2 text-sm text-muted-foreground">{t('orderPage.booking.noSlots')}</li>}
          {slots.data?.data.map((s) => {
            const free = Math.max(0, s.capacity - s.bookedCount);
            const open = s.status === 'open' && free > 0;
            return (
              <li key={s.id}>
                <Button
                  variant="outline"
                  className="h-auto w-full justify-between py-2"
                  disabled={!open || book.isPending}
                  onClick={() => void choose(s)}
                  data-testid="slot"
                  data-slot-id={s.id}
                >
                  <span className="flex flex-col items-start">
                    <span className="font-medium tabular-nums">
                      {time(s.startsAt)}–{time(s.endsAt)}
                    </span>
                    <span className="text-xs text-muted-foreground">{s.lookups?.appointmentTypeId}</span>
                  </span>
                  <span className={cn('text-sm', !open && 'text-muted-foreground')}>
                    {open ? t('orderPage.booking.free', { free: formatNumber(free, locale), capacity: formatNumber(s.capacity, locale) }) : t(`enum.appointment.status.${free > 0 ? (s.status ?? 'open') : 'full'}`)}
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('action.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function BookingSection({ order }: { order: VictimOrder }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const { hasClaim } = useSession();
  const [picking, setPicking] = useState(false);
  const bookings = useGetVictimAppointmentsForPaging(pageRequest([where('victimOrderId', order.id)], [{ ColumnName: 'appointmentId', SortOrder: 1 }], 50), {
    query: { select: dataOf },
  });
  return (
    <Section
      title={t('orderPage.booking.section')}
      testId="order-booking"
      actions={
        hasClaim('VictimAppointments.Create') && (
          <Button variant="outline" onClick={() => setPicking(true)} disabled={order.status === 'cancelled'}>
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
      {picking && <SlotPicker order={order} onClose={() => setPicking(false)} />}
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
