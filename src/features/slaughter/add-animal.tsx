// "Hayvan ekle" on the queue's day: an animal (the queue form's own picker: animals only, by ear
// tag and name, as the contract declares it on `VictimProductsAppointment.productId`) and one of
// the day's slaughter slots (the slots the contract's `appointmentId` picker offers, on this day).
// One create without a number: the server gives the day's next slaughter number.
import { useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { useGetAppointmentsForPaging } from '../../../generated/api/appointments/appointments.ts';
import { createVictimProductsAppointment, useCreateVictimProductsAppointment } from '../../../generated/api/victim-products-appointments/victim-products-appointments.ts';
import type { FilterParam } from '../../../generated/api/model/index.ts';
import { LookupCombobox } from '@/admin/LookupCombobox.tsx';
import { fieldOf, useEntityMetadata } from '@/admin/metadata.ts';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { fieldClass } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { keyedCreate, useSubmissionKey } from '@/lib/submission-key.ts';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { formatDate, formatTime } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { lookupText } from '@/lib/reference-text.ts';
import { notify } from '@/lib/notify.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { cn } from '@/lib/utils.ts';

const FIELD_LABEL: Record<string, string> = { productId: 'slaughter.addAnimal', appointmentId: 'slaughter.addSlot' };

/** The refusal in words: its message, and each refused field's (an animal that is no animal, or already queued). */
function errorText(err: unknown): string {
  if (!(err instanceof ApiError)) return String(err);
  return [err.message, ...Object.values(err.fieldMessages((f) => (FIELD_LABEL[f] ? t(FIELD_LABEL[f]) : f)))].join(' ');
}

export function AddAnimalDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const ids = useId();
  const queue = useEntityMetadata('VictimProductsAppointments').data;
  const animalField = queue && fieldOf(queue, 'productId');
  const slotFilter = (queue && fieldOf(queue, 'appointmentId')?.lookupFilter) ?? [];
  const slots = useGetAppointmentsForPaging(
    {
      PageNumber: 1,
      PageSize: 200,
      FilterParam: [...slotFilter.map((f) => ({ ...f, Operator: 'and' }) as FilterParam), { ColumnName: 'startsAt', FilterValue: date, MatchMode: 'dateIs', Operator: 'and' }],
      SortingParams: [{ ColumnName: 'startsAt', SortOrder: 1 }],
    },
    { query: { select: dataOf, enabled: !!queue } },
  );
  const [productId, setProductId] = useState<number | null>(null);
  const [chosenSlot, setSlot] = useState<number>();
  const slotId = chosenSlot ?? slots.data?.data[0]?.id;
  // One Idempotency-Key per animal added: a retry after a time-out queues it once.
  const create = useCreateVictimProductsAppointment(keyedCreate(useSubmissionKey(), createVictimProductsAppointment));
  const invalidate = useInvalidate();
  const time = (iso: string) => formatTime(iso, locale);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!productId || !slotId) return;
    try {
      const row = dataOf(await create.mutateAsync({ data: { productId, appointmentId: slotId } }));
      await invalidate('/VictimProductsAppointments', '/Monitor');
      notify({ severity: 'success', summary: t('slaughter.added', { animal: row.lookups?.productId ?? `#${productId}`, no: row.slaughterNo }) });
      onClose();
    } catch {
      // shown in the dialog
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent maximizable={false} data-testid="queue-add">
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('slaughter.addTitle')}</DialogTitle>
            <DialogDescription>{t('slaughter.addHelp', { day: formatDate(date, locale) })}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-animal`}>{t('slaughter.addAnimal')}</Label>
            <LookupCombobox
              id={`${ids}-animal`}
              entityName={animalField?.lookup}
              spec={animalField}
              value={productId}
              onChange={(v) => (create.reset(), setProductId(v))}
              aria-required
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-slot`}>{t('slaughter.addSlot')}</Label>
            {slots.data && !slots.data.data.length ? (
              <p className="text-sm text-muted-foreground">{t('slaughter.addNoSlots')}</p>
            ) : (
              <select id={`${ids}-slot`} className={cn(fieldClass, 'h-(--control-h)')} value={slotId ?? ''} onChange={(e) => setSlot(Number(e.target.value))}>
                {slots.data?.data.map((s) => (
                  <option key={s.id} value={s.id}>
                    {`${time(s.startsAt)}–${time(s.endsAt)} · ${lookupText(s, 'appointmentTypeId', 'AppointmentType') ?? ''}`}
                  </option>
                ))}
              </select>
            )}
          </div>
          {create.error && (
            <Alert variant="destructive">
              <AlertDescription>{errorText(create.error)}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" disabled={!productId || !slotId || create.isPending}>
              {t('slaughter.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
