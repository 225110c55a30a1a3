// "Randevu ver" and "Taşı": the days that still have a free seat (counted by the server,
// `Appointments/free-days`), opening on the first of them, then that day's slots that have not
// started, with their free seats (full or closed ones disabled). Choosing one books it for the
// order; a slot of a type the order already holds asks first and then moves that booking there, in
// one request (a PUT of the booking's slot: one transaction on the server, the queue follows).
// "İptal et" asks before cancelling a booking. Its own chunk, loaded when the user goes to book.
import { useId, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { useGetAppointmentFreeDays, useGetAppointmentsForPaging } from '../../../generated/api/appointments/appointments.ts';
import type { useCreateVictimAppointment, useUpdateVictimAppointment } from '../../../generated/api/victim-appointments/victim-appointments.ts';
import type { Appointment, AppointmentFreeDay, VictimAppointment, VictimOrder } from '../../../generated/api/model/index.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { formatDateTime, formatNumber, formatTime } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { lookupText, referenceText } from '@/lib/reference-text.ts';
import { cn } from '@/lib/utils.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { dateTimeText, ErrorBox, pageRequest, where } from './common.tsx';

type Create = ReturnType<typeof useCreateVictimAppointment>;
type Update = ReturnType<typeof useUpdateVictimAppointment>;

/** An order's booking with its slot's type and start (read with the order's bookings). */
export interface BookingOfOrder {
  booking: VictimAppointment;
  typeId?: number;
  typeName?: string;
  startsAt?: string;
}

const whenOf = (held: BookingOfOrder, locale: string) => dateTimeText(held.startsAt ?? held.booking.lookups?.appointmentId, locale);

/** What a booking or a move changes: the bookings, the slots' counts, the queue and its board. */
const CHANGED = ['/VictimAppointments', '/Appointments', '/VictimProductsAppointments', '/Monitor'];

/** The PUT of a booking that changes only `change` (an update names the required fields as they are). */
const updateOf = (b: VictimAppointment, change: Partial<VictimAppointment>) => ({
  id: b.id,
  rowVersion: b.rowVersion,
  victimOrderId: b.victimOrderId,
  accountId: b.accountId,
  appointmentId: b.appointmentId,
  ...change,
});

interface Day {
  day: string;
  types: AppointmentFreeDay[];
}

/**
 * `book`, `update`: the calls, held by the order page's booking section (reset at each opening).
 * `moving`: the booking being moved (its type's slots only); else a new booking, asking to move
 * the order's booking of the chosen slot's type when it has one (`bookings`).
 */
export function SlotPicker({
  order,
  book,
  update,
  bookings,
  moving,
  onClose,
}: {
  order: VictimOrder;
  book: Create;
  update: Update;
  bookings: BookingOfOrder[];
  moving?: BookingOfOrder;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const ids = useId();
  const typeId = moving?.typeId;
  const free = useGetAppointmentFreeDays(typeId ? { appointmentTypeId: typeId } : undefined, { query: { select: dataOf } });
  const days = useMemo<Day[]>(() => {
    const byDay = new Map<string, AppointmentFreeDay[]>();
    for (const d of free.data ?? []) byDay.set(d.day, [...(byDay.get(d.day) ?? []), d]);
    return [...byDay].map(([day, types]) => ({ day, types }));
  }, [free.data]);
  const [chosenDay, setDay] = useState<string>();
  // The first day with a free seat until the user picks another.
  const day = chosenDay ?? days[0]?.day;
  // Loaded once per opening: slots that start later than now are the only ones offered.
  const [now] = useState(() => new Date().toISOString());
  const filters = [where('startsAt', day ?? '', 'dateIs'), where('startsAt', now, 'gt'), ...(typeId ? [where('appointmentTypeId', typeId)] : [])];
  const slots = useGetAppointmentsForPaging(pageRequest(filters, [{ ColumnName: 'startsAt', SortOrder: 1 }], 200), {
    query: { select: dataOf, enabled: !!day },
  });
  const [asking, setAsking] = useState<{ held: BookingOfOrder; slot: Appointment }>();
  const invalidate = useInvalidate();
  const time = (iso: string) => formatTime(iso, locale);
  const dayText = (d: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${d}T00:00:00Z`));
  const pending = book.isPending || update.isPending;
  const error = book.error ?? update.error;

  const done = async () => {
    await invalidate(...CHANGED);
    onClose();
  };
  const refused = async () => {
    // The refusal shows below; the days and slots are read again (one may have filled meanwhile).
    await Promise.all([slots.refetch(), free.refetch()]);
  };
  const moveTo = async (held: VictimAppointment, slot: Appointment) => {
    setAsking(undefined);
    book.reset();
    update.reset();
    try {
      await update.mutateAsync({ data: updateOf(held, { appointmentId: slot.id }) });
      await done();
    } catch {
      await refused();
    }
  };
  const choose = async (slot: Appointment) => {
    if (moving) return moveTo(moving.booking, slot);
    // The order already holds a booking of this type: ask to move it rather than book twice.
    const held = bookings.find((b) => b.booking.status === 'booked' && b.typeId === slot.appointmentTypeId);
    if (held) return setAsking({ held, slot });
    book.reset();
    update.reset();
    try {
      await book.mutateAsync({ data: { victimOrderId: order.id, accountId: order.accountId, appointmentId: slot.id, status: 'booked' } });
      await done();
    } catch (err) {
      // Booked meanwhile (another screen): the server names the booking; ask about that one.
      const named = err instanceof ApiError && err.code === 'error.booking.alreadyBooked' ? bookings.find((b) => b.booking.id === err.body?.params?.bookingId) : undefined;
      if (named) {
        book.reset();
        setAsking({ held: named, slot });
      } else await refused();
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent maximizable={false} data-testid="slot-picker">
        <DialogHeader>
          <DialogTitle>{moving ? t('orderPage.booking.moveTitle') : t('orderPage.booking.title')}</DialogTitle>
          <DialogDescription>
            {moving
              ? t('orderPage.booking.moveHelp', { orderNo: order.orderNo, when: whenOf(moving, locale) })
              : t('orderPage.booking.help', { orderNo: order.orderNo })}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <h3 id={`${ids}-days`} className="text-sm font-medium">
            {t('orderPage.booking.days')}
          </h3>
          {free.isLoading ? (
            <Skeleton className="h-16" />
          ) : !days.length ? (
            <p className="text-sm text-muted-foreground" data-testid="no-free-days">
              {t('orderPage.booking.noDays')}
            </p>
          ) : (
            <ul className="flex max-h-40 flex-wrap gap-2 overflow-y-auto p-0.5" aria-labelledby={`${ids}-days`}>
              {days.map((d) => (
                <li key={d.day}>
                  <Button
                    variant={d.day === day ? 'default' : 'outline'}
                    aria-pressed={d.day === day}
                    className="h-auto flex-col items-start gap-0.5 px-3 py-1.5"
                    onClick={() => (book.reset(), update.reset(), setDay(d.day))}
                    data-testid="free-day"
                    data-day={d.day}
                  >
                    <span className="font-medium">{dayText(d.day)}</span>
                    {d.types.map((ty) => (
                      <span key={ty.appointmentTypeId} className="text-xs font-normal tabular-nums">
                        {t('orderPage.booking.daySeats', { type: referenceText('AppointmentType', 'name', ty.typeCode, ty.typeName), free: formatNumber(ty.freeSeats, locale) })}
                      </span>
                    ))}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <ErrorBox error={error} />
        {day && (
          <ul className="flex min-h-40 flex-col gap-1.5" aria-label={t('orderPage.booking.slots')} aria-busy={slots.isFetching}>
            {slots.isLoading && <Skeleton className="h-10" />}
            {slots.data?.data.length === 0 && <li className="p-2 text-sm text-muted-foreground">{t('orderPage.booking.noSlots')}</li>}
            {slots.data?.data.map((s) => {
              const seats = Math.max(0, s.capacity - s.bookedCount);
              const open = s.status === 'open' && seats > 0;
              return (
                <li key={s.id}>
                  <Button
                    variant="outline"
                    className="h-auto w-full justify-between py-2"
                    disabled={!open || pending || s.id === moving?.booking.appointmentId}
                    onClick={() => void choose(s)}
                    data-testid="slot"
                    data-slot-id={s.id}
                  >
                    <span className="flex flex-col items-start">
                      <span className="font-medium tabular-nums">
                        {time(s.startsAt)}–{time(s.endsAt)}
                      </span>
                      <span className="text-xs text-muted-foreground">{lookupText(s, 'appointmentTypeId', 'AppointmentType')}</span>
                    </span>
                    <span className={cn('text-sm', !open && 'text-muted-foreground')}>
                      {open
                        ? t('orderPage.booking.free', { free: formatNumber(seats, locale), capacity: formatNumber(s.capacity, locale) })
                        : t(`enum.appointment.status.${seats > 0 ? (s.status ?? 'open') : 'full'}`)}
                    </span>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('action.close')}
          </Button>
        </DialogFooter>
        <AlertDialog open={!!asking} onOpenChange={(o) => !o && setAsking(undefined)}>
          <AlertDialogContent data-testid="ask-move">
            <AlertDialogHeader>
              <AlertDialogTitle>{t('orderPage.booking.askMoveTitle')}</AlertDialogTitle>
              <AlertDialogDescription>
                {asking &&
                  t('orderPage.booking.askMove', {
                    type: asking.held.typeName ?? lookupText(asking.slot, 'appointmentTypeId', 'AppointmentType') ?? '',
                    when: whenOf(asking.held, locale),
                    to: formatDateTime(asking.slot.startsAt, locale),
                  })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t('action.cancel')}</AlertDialogCancel>
              <AlertDialogAction onClick={() => asking && void moveTo(asking.held.booking, asking.slot)}>{t('orderPage.booking.moveAction')}</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  );
}

/** Asks before cancelling a booking (its place is freed); one PUT of its status. */
export function CancelBooking({ held, update, onClose }: { held: BookingOfOrder; update: Update; onClose: () => void }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const invalidate = useInvalidate();
  const when = whenOf(held, locale);
  const cancel = async () => {
    try {
      await update.mutateAsync({ data: updateOf(held.booking, { status: 'cancelled' }) });
      await invalidate(...CHANGED);
      onClose();
    } catch {
      // shown in the dialog
    }
  };
  return (
    <AlertDialog open onOpenChange={(o) => !o && onClose()}>
      <AlertDialogContent data-testid="cancel-booking">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('orderPage.booking.cancelTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('orderPage.booking.cancelConfirm', { type: held.typeName ?? '', when })}</AlertDialogDescription>
        </AlertDialogHeader>
        <ErrorBox error={update.error} />
        <AlertDialogFooter>
          <AlertDialogCancel>{t('orderPage.booking.keep')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={update.isPending}
            onClick={(e) => {
              e.preventDefault();
              void cancel();
            }}
          >
            {t('orderPage.booking.cancelAction')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
