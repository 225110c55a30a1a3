// A column's filter: a funnel button in the header opening a popover with the match modes that
// fit the column's kind and an editor for the value (text, number or range, day or range, yes/no,
// an enum checklist, a lookup). Enter or Apply sets it; Clear removes it.
import { useId, useState, type FormEvent } from 'react';
import { Filter } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { DateInput } from '@/components/ui/day-picker.tsx';
import { isDateValue } from '@/components/ui/date-text.ts';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { defaultMatchMode, filterEditorOf, isFilterActive, matchModesOf } from './filters.ts';
import { LookupCombobox } from './LookupCombobox.tsx';
import { enumLabel } from './metadata.ts';
import { parseLocaleNumber, toLocaleEditText } from '@/lib/format.ts';
import type { AdminEntity, AdminField, ColumnFilterState, FilterScalar, FilterValue, MatchMode } from './types.ts';

interface Props {
  entity: AdminEntity;
  field: AdminField;
  filter: ColumnFilterState | undefined;
  onChange: (filter: ColumnFilterState | undefined) => void;
  locale: string;
}

export function ColumnFilter({ entity, field, filter, onChange, locale }: Props) {
  const [open, setOpen] = useState(false);
  const label = t(field.label);
  const active = isFilterActive(filter);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={t('admin.filterColumn', { label })}
          title={t('admin.filterColumn', { label })}
          className={cn(
            'inline-flex size-7 items-center justify-center rounded-md outline-none transition-colors duration-200 hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
            active ? 'text-primary-text' : 'text-muted-foreground',
          )}
        >
          <Filter className="size-3.5" fill={active ? 'currentColor' : 'none'} aria-hidden="true" />
          {active && <span className="sr-only">{t('filter.applied')}</span>}
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80" aria-label={t('admin.filterColumn', { label })}>
        {open && (
          <FilterForm
            entity={entity}
            field={field}
            filter={filter}
            locale={locale}
            onDone={(next) => {
              onChange(next);
              setOpen(false);
            }}
          />
        )}
      </PopoverContent>
    </Popover>
  );
}

function FilterForm({ entity, field, filter, locale, onDone }: Omit<Props, 'onChange'> & { onDone: (f: ColumnFilterState | undefined) => void }) {
  const editor = filterEditorOf(field);
  const modes = matchModesOf(field);
  const [mode, setMode] = useState<MatchMode>(filter?.mode ?? defaultMatchMode(field) ?? 'equals');
  const [value, setValue] = useState<FilterValue>(() => initialDraft(filter, editor, locale));
  const [invalid, setInvalid] = useState(false);
  const id = useId();
  const label = t(field.label);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (editor === 'number' && !numbersParse(value, locale)) {
      setInvalid(true);
      return;
    }
    // A day typed in the language's format that is no day (the field keeps the text).
    if (editor === 'date' && (Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && v !== '' && !isDateValue(v, 'date'))) {
      setInvalid(true);
      return;
    }
    const out = toFilterValue(value, editor, field, locale, mode);
    const next = { mode, value: out };
    onDone(isFilterActive(next) ? next : undefined);
  };

  const textInput = (v: FilterScalar, set: (v: string) => void, aria: string, autoFocus = false) => editor === 'date' ? (
    <DateInput
      lang={locale}
      value={v === null ? '' : String(v)}
      onValueChange={(day, text) => {
        setInvalid(false);
        set(day ?? text);
      }}
      aria-label={aria}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      autoFocus={autoFocus}
    />
  ) : (
    <Input
      type="text"
      inputMode={editor === 'number' ? 'decimal' : undefined}
      value={v === null ? '' : String(v)}
      onChange={(e) => {
        setInvalid(false);
        set(e.target.value);
      }}
      aria-label={aria}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      autoFocus={autoFocus}
    />
  );

  const range = Array.isArray(value) ? value : [value, null];
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={t('admin.filterColumn', { label })}>
      <p className="text-sm font-semibold">{label}</p>
      {modes.length > 1 && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-mode`}>{t('filter.matchMode')}</Label>
          <Select
            value={mode}
            onValueChange={(m) => {
              setMode(m as MatchMode);
              if ((m === 'between') !== Array.isArray(value)) setValue(m === 'between' ? [range[0] ?? '', ''] : (range[0] ?? ''));
            }}
          >
            <SelectTrigger id={`${id}-mode`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {modes.map((m) => (
                <SelectItem key={m} value={m}>{t(`filter.matchMode.${m}`)}</SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}

      {(editor === 'text' || editor === 'number' || editor === 'date') &&
        (mode === 'between' ? (
          <div className="grid grid-cols-2 gap-2">
            <div className="flex flex-col gap-1.5">
              <span className="text-xs text-muted-foreground" aria-hidden="true">{t('filter.from')}</span>
              {textInput(range[0] ?? null, (v) => setValue([v, range[1] ?? '']), `${label}: ${t('filter.from')}`, true)}
            </div>
            <div className="flex flex-col gap-1.5">
              <span className="text-xs text-muted-foreground" aria-hidden="true">{t('filter.to')}</span>
              {textInput(range[1] ?? null, (v) => setValue([range[0] ?? '', v]), `${label}: ${t('filter.to')}`)}
            </div>
          </div>
        ) : (
          textInput(Array.isArray(value) ? (value[0] ?? null) : value, setValue, `${label}: ${t('filter.value')}`, true)
        ))}

      {invalid && (
        <p id={`${id}-error`} role="alert" className="text-xs text-tag-danger-foreground">
          {t('validation.filterValue', { label })}
        </p>
      )}

      {editor === 'boolean' && (
        <Select value={value === true ? 'true' : value === false ? 'false' : undefined} onValueChange={(v) => setValue(v === 'true')}>
          <SelectTrigger aria-label={`${label}: ${t('filter.value')}`}>
            <SelectValue placeholder={t('filter.value')} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="true">{t('action.yes')}</SelectItem>
            <SelectItem value="false">{t('action.no')}</SelectItem>
          </SelectContent>
        </Select>
      )}

      {editor === 'enum' && (
        <fieldset className="flex max-h-56 flex-col gap-2 overflow-y-auto">
          <legend className="sr-only">{label}</legend>
          {(field.enum ?? []).filter((v) => v !== null).map((v) => {
            const list = Array.isArray(value) ? value : [];
            const checked = list.includes(v);
            const optionId = `${id}-${String(v)}`;
            return (
              <div key={String(v)} className="flex items-center gap-2">
                <Checkbox
                  id={optionId}
                  checked={checked}
                  onCheckedChange={(c) => setValue(c === true ? [...list, v] : list.filter((x) => x !== v))}
                />
                <Label htmlFor={optionId} className="font-normal">{enumLabel(entity, field.name, v)}</Label>
              </div>
            );
          })}
        </fieldset>
      )}

      {editor === 'lookup' && (
        <LookupCombobox
          entityName={field.lookup}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => setValue(v)}
          aria-label={`${label}: ${t('filter.value')}`}
        />
      )}

      <div className="flex justify-end gap-2 pt-1">
        <Button type="button" variant="outline" size="sm" onClick={() => onDone(undefined)}>
          {t('action.clear')}
        </Button>
        <Button type="submit" size="sm">
          {t('action.apply')}
        </Button>
      </div>
    </form>
  );
}

/** True when every non-empty part of a number filter's draft reads as a number. */
function numbersParse(draft: FilterValue, locale: string): boolean {
  const parts = Array.isArray(draft) ? draft : [draft];
  return parts.every((v) => v === null || String(v).trim() === '' || parseLocaleNumber(String(v), locale) !== undefined);
}

/** The editor's draft of a filter: numbers shown the local way. */
function initialDraft(filter: ColumnFilterState | undefined, editor: ReturnType<typeof filterEditorOf>, locale: string): FilterValue {
  if (!filter) return editor === 'enum' ? [] : editor === 'lookup' || editor === 'boolean' ? null : '';
  if (editor !== 'number') return filter.value;
  const show = (v: FilterScalar) => (v === null ? '' : toLocaleEditText(v, locale));
  return Array.isArray(filter.value) ? filter.value.map(show) : show(filter.value);
}

/** The draft as the request's FilterValue: numbers parsed from the local way of typing them. */
function toFilterValue(draft: FilterValue, editor: ReturnType<typeof filterEditorOf>, field: AdminField, locale: string, mode: MatchMode): FilterValue {
  const one = (v: FilterScalar): FilterScalar => {
    if (v === null) return null;
    if (editor === 'text') return String(v).trim();
    if (editor === 'number') {
      const s = parseLocaleNumber(String(v), locale);
      if (s === undefined) return String(v).trim() === '' ? null : String(v).trim();
      return field.kind === 'money' || field.kind === 'decimal' ? s : Number(s);
    }
    return v;
  };
  if (editor === 'enum') return Array.isArray(draft) ? draft : [];
  if (mode === 'between') {
    const [lo, hi] = Array.isArray(draft) ? draft : [draft, null];
    return [one(lo ?? null), one(hi ?? null)];
  }
  return one(Array.isArray(draft) ? (draft[0] ?? null) : draft);
}
