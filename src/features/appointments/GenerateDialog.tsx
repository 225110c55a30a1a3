// "Randevu oluştur": makes the slots of one appointment type over a date range
// (POST Appointments/generate). The type comes from the AppointmentTypes list and gives the slot
// length and capacity their defaults; the weekdays are seven toggle buttons (Pzt … Paz, all on).
// The answer shows how many slots were made and how many already existed; field errors of a 400
// show under their fields, each until its field is edited, and the form's own ones go once fixed.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { CalendarPlus, Loader2 } from 'lucide-react';
import { useGetAppointmentTypes } from '../../../generated/api/appointment-types/appointment-types.ts';
import { useGenerateAppointments } from '../../../generated/api/appointments/appointments.ts';
import type { AppointmentGenerateRequest, AppointmentGenerateResult, AppointmentType } from '../../../generated/api/model/index.ts';
import { addDays } from '../../../common/calendar.ts';
import { Button } from '@/components/ui/button.tsx';
import { DateInput } from '@/components/ui/day-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { fieldClass, Input } from '@/components/ui/input.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { useFieldErrors } from '@/lib/field-errors.ts';
import { istanbulToday } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { referenceText } from '@/lib/reference-text.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

interface Form {
  appointmentTypeId: string;
  dateFrom: string;
  dateTo: string;
  dailyStart: string;
  dailyEnd: string;
  slotMinutes: string;
  capacity: string;
  weekdays: number[];
}

const FIELDS = ['appointmentTypeId', 'dateFrom', 'dateTo', 'dailyStart', 'dailyEnd', 'slotMinutes', 'capacity', 'weekdays'] as const;
type Field = (typeof FIELDS)[number];

/** The toolbar button and its dialog; the slots made show at once wherever slots are listed. */
export function GenerateButton() {
  const { hasClaim } = useSession();
  const [open, setOpen] = useState(false);
  if (!hasClaim('Appointments.Create')) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <CalendarPlus aria-hidden="true" />
        {t('appointments.generate.open')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <GenerateDialogBody onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function GenerateDialogBody({ onClose }: { onClose: () => void }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const invalidate = useInvalidate();
  const id = useId();
  const today = istanbulToday();
  const [form, setForm] = useState<Form>({
    appointmentTypeId: '',
    dateFrom: today,
    dateTo: addDays(today, 6),
    dailyStart: '09:00',
    dailyEnd: '17:00',
    slotMinutes: '',
    capacity: '',
    weekdays: [...WEEKDAYS],
  });
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<AppointmentGenerateResult | undefined>(undefined);
  const types = useGetAppointmentTypes({ query: { select: (r) => dataOf(r) }, request: { silent: true } });
  const generate = useGenerateAppointments({ request: { silent: true } });
  const active = (types.data ?? []).filter((ty) => ty.isActive !== false);

  const label = (field: Field) => t(`appointments.generate.field.${field}`);
  /** The form's own checks on what is typed now. */
  const check = () => {
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['appointmentTypeId', 'dateFrom', 'dateTo', 'dailyStart', 'dailyEnd'] as const) {
      if (!form[field]) found[field] = t('appointments.generate.required', { label: label(field) });
    }
    if (form.weekdays.length === 0) found.weekdays = t('appointments.generate.noWeekday');
    return found as Record<string, string>;
  };
  const fieldErrors = useFieldErrors(check);
  const errors = fieldErrors.errors as Partial<Record<Field, string>>;
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    for (const field of Object.keys(patch)) fieldErrors.edited(field);
    setResult(undefined);
  };
  const chooseType = (value: string) => {
    const type: AppointmentType | undefined = active.find((ty) => String(ty.id) === value);
    set({
      appointmentTypeId: value,
      ...(type ? { slotMinutes: String(type.durationMinutes), capacity: String(type.defaultCapacity ?? 1) } : {}),
    });
  };
  const toggleDay = (day: number) =>
    set({ weekdays: form.weekdays.includes(day) ? form.weekdays.filter((d) => d !== day) : [...form.weekdays, day].sort() });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = fieldErrors.trySave();
    setFailure(undefined);
    setResult(undefined);
    if (Object.keys(local).length) return;
    const body: AppointmentGenerateRequest = {
      appointmentTypeId: Number(form.appointmentTypeId),
      dateFrom: form.dateFrom,
      dateTo: form.dateTo,
      dailyStart: form.dailyStart,
      dailyEnd: form.dailyEnd,
      weekdays: form.weekdays,
      ...(form.slotMinutes ? { slotMinutes: Number(form.slotMinutes) } : {}),
      ...(form.capacity ? { capacity: Number(form.capacity) } : {}),
    };
    try {
      const answer = dataOf(await generate.mutateAsync({ data: body }));
      setResult(answer);
      if (answer.made > 0) await invalidate('/Appointments');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const byField = err.fieldMessages((f) => ((FIELDS as readonly string[]).includes(f.split(/[.[]/)[0]) ? label(f.split(/[.[]/)[0] as Field) : f));
      const inline: Partial<Record<Field, string>> = {};
      const other: string[] = [];
      for (const [f, message] of Object.entries(byField)) {
        const name = f.split(/[.[]/)[0] as Field;
        if ((FIELDS as readonly string[]).includes(name)) inline[name] = message;
        else other.push(message);
      }
      fieldErrors.serverSaid(inline as Record<string, string>);
      setFailure(Object.keys(inline).length && !other.length ? undefined : [err.message, ...other].join(' '));
    }
  };

  const errorId = (field: Field) => `${id}-${field}-error`;
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={errorId(field)} className="text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;
  const labelled = (field: Field, control: ReactNode, className?: string) => (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
        {label(field)}
      </label>
      {control}
      {fieldError(field)}
    </div>
  );

  return (
    <DialogContent size="lg" maximizable={false}>
      <DialogHeader>
        <DialogTitle>{t('appointments.generate.title')}</DialogTitle>
        <DialogDescription>{t('appointments.generate.description')}</DialogDescription>
      </DialogHeader>
      <form id={`${id}-form`} noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2">
        {labelled('appointmentTypeId', <select
            {...fieldProps('appointmentTypeId')}
            className={cn(fieldClass, 'h-(--control-h)')}
            value={form.appointmentTypeId}
            onChange={(e) => chooseType(e.target.value)}
            disabled={types.isPending}
          >
            <option value="">{types.isPending ? t('appointments.generate.loadingTypes') : t('appointments.generate.chooseType')}</option>
            {active.map((ty) => (
              <option key={ty.id} value={ty.id}>
                {referenceText('AppointmentType', 'name', ty.code, ty.name)}
              </option>
            ))}
          </select>, 'sm:col-span-2')}
        {labelled('dateFrom', <DateInput lang={locale} {...fieldProps('dateFrom')} value={form.dateFrom} onValueChange={(v) => set({ dateFrom: v ?? '' })} />)}
        {labelled('dateTo', <DateInput lang={locale} {...fieldProps('dateTo')} value={form.dateTo} onValueChange={(v) => set({ dateTo: v ?? '' })} />)}
        {labelled('dailyStart', <DateInput kind="time" lang={locale} {...fieldProps('dailyStart')} value={form.dailyStart} onValueChange={(v) => set({ dailyStart: v ?? '' })} />)}
        {labelled('dailyEnd', <DateInput kind="time" lang={locale} {...fieldProps('dailyEnd')} value={form.dailyEnd} onValueChange={(v) => set({ dailyEnd: v ?? '' })} />)}
        {labelled('slotMinutes', <Input type="number" min={5} max={1440} inputMode="numeric" {...fieldProps('slotMinutes')} value={form.slotMinutes} onChange={(e) => set({ slotMinutes: e.target.value })} />)}
        {labelled('capacity', <Input type="number" min={1} max={10000} inputMode="numeric" {...fieldProps('capacity')} value={form.capacity} onChange={(e) => set({ capacity: e.target.value })} />)}
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <span id={`${id}-weekdays-label`} className="text-sm font-medium">
            {label('weekdays')}
          </span>
          <div role="group" aria-labelledby={`${id}-weekdays-label`} aria-describedby={errors.weekdays ? errorId('weekdays') : undefined} className="flex flex-wrap gap-2">
            {WEEKDAYS.map((day) => {
              const on = form.weekdays.includes(day);
              return (
                <Button
                  key={day}
                  type="button"
                  size="sm"
                  variant={on ? 'default' : 'outline'}
                  aria-pressed={on}
                  title={t(`appointments.weekday.long.${day}`)}
                  onClick={() => toggleDay(day)}
                  className="min-w-12"
                >
                  {t(`appointments.weekday.short.${day}`)}
                </Button>
              );
            })}
          </div>
          {fieldError('weekdays')}
        </div>
      </form>
      {failure && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      <p role="status" className={result ? 'rounded-md border border-border bg-muted px-3 py-2 text-sm font-medium' : 'sr-only'} data-testid="generate-result">
        {result ? t('appointments.generate.result', { made: result.made, skipped: result.skipped }) : ''}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('action.close')}
        </Button>
        <Button type="submit" form={`${id}-form`} disabled={generate.isPending}>
          {generate.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('appointments.generate.submit')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
