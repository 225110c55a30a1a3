// "Randevu ver": a day, then that day's slots with their free seats (full or closed ones
// disabled); choosing one books it for the order. Its own chunk, loaded when the user goes to book.
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import { useGetAppointmentsForPaging } from '../../../generated/api/appointments/appointments.ts';
import type { useCreateVictimAppointment } from '../../../generated/api/victim-appointments/victim-appointments.ts';
import type { Appointment, VictimOrder } from '../../../generated/api/model/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { DateInput } from '@/components/ui/day-picker.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { formatNumber, TIME_ZONE } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { ErrorBox, pageRequest, where } from './common.tsx';

/** Today in Istanbul as YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** `book`: the booking call, held by the order page's booking section (reset at each opening). */
export function SlotPicker({ order, book, onClose }: { order: VictimOrder; book: ReturnType<typeof useCreateVictimAppointment>; onClose: () => void }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const ids = useId();
  const [day, setDay] = useState(today);
  const slots = useGetAppointmentsForPaging(pageRequest(day ? [where('startsAt', day, 'dateIs')] : [], [{ ColumnName: 'startsAt', SortOrder: 1 }], 200), {
    query: { select: dataOf, enabled: !!day },
  });
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
          <DateInput id={`${ids}-day`} lang={locale} value={day} onValueChange={(next) => (book.reset(), setDay(next ?? ''))} />
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
