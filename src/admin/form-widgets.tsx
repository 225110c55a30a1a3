// The widgets of the entity form, on the app's ui primitives: text input (all input types: text,
// number, email, tel, password, colour), textarea, switch, select for enums with translated labels,
// money/decimal inputs typed the local way, dates and date-times written and read in the interface
// language (not the browser's), colour, and the lookup.
import { useState, type ChangeEvent, type FocusEvent } from 'react';
import {
  ariaDescribedByIds,
  getInputProps,
  getTemplate,
  type BaseInputTemplateProps,
  type RJSFSchema,
  type WidgetProps,
} from '@rjsf/utils';
import { DateInput } from '@/components/ui/day-picker.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { t } from '@/lib/i18n.ts';
import { lookupText } from '@/lib/reference-text.ts';
import { cn } from '@/lib/utils.ts';
import { LookupCombobox } from './LookupCombobox.tsx';
import { SmsLength, isSmsTemplate } from './SmsLength.tsx';
import { enumLabel, fieldOf } from './metadata.ts';
import { isNullable } from './payload.ts';
import { moneyEditText, parseLocaleNumber, parseMoney, toLocaleEditText } from '@/lib/format.ts';
import { fromWallTime, toWallTime } from './zoned-time.ts';
import type { FormData } from './validation.ts';
import type { AdminEntity } from './types.ts';

/** What every widget of an entity form knows besides its own props. */
export interface EntityFormContext {
  entity: AdminEntity;
  mode: 'create' | 'update';
  locale: string;
  /** The edited row's `lookups` (what each reference showed in the list). */
  lookups?: Record<string, string | null>;
  /** The edited row's `lookupKeys` (by which a translated reference's name is shown). */
  lookupKeys?: Record<string, string | null>;
  /** The form's current values, for a widget that depends on another field (`message`). */
  values?: FormData;
}

export type EntityWidgetProps = WidgetProps<FormData, RJSFSchema, EntityFormContext>;
type EntityInputProps = BaseInputTemplateProps<FormData, RJSFSchema, EntityFormContext>;
type SchemaWithFormat = RJSFSchema & { format?: string };

const isInvalid = (rawErrors: string[] | undefined) => (rawErrors?.length ?? 0) > 0;

/** Extra input attributes by the contract's formats. */
function formatProps(format: string | undefined) {
  switch (format) {
    case 'phone':
      return { type: 'tel', autoComplete: 'tel', inputMode: 'tel' as const };
    case 'email':
      return { autoComplete: 'email', inputMode: 'email' as const };
    case 'identity-number':
      return { inputMode: 'numeric' as const, autoComplete: 'off' };
    default:
      return {};
  }
}

/** The single `<input>` behind the text-like widgets. */
export function BaseInputTemplate(props: EntityInputProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, rawErrors, type, placeholder, required } = props;
  const format = (schema as SchemaWithFormat).format;
  const inputProps = { ...getInputProps<FormData, RJSFSchema, EntityFormContext>(schema, type, options), ...formatProps(format) };
  if (type && type !== 'text') inputProps.type = type;
  const inputValue = inputProps.type === 'number' ? (value || value === 0 ? value : '') : (value ?? '');
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.value === '' ? options.emptyValue : target.value);
  const percent = format === 'percent';
  const input = (
    <Input
      id={id}
      name={htmlName || id}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder}
      value={inputValue as string | number}
      {...inputProps}
      onChange={onChangeOverride || handleChange}
      onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value)}
      onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value)}
      aria-invalid={isInvalid(rawErrors) || undefined}
      aria-required={required || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      className={cn(percent && 'pr-8', readonly && 'bg-muted/60 text-muted-foreground')}
    />
  );
  if (!percent) return input;
  return (
    <div className="relative">
      {input}
      <span className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden="true">%</span>
    </div>
  );
}

/**
 * Money and decimals are exact strings ("1250.50"), typed the local way ("1.250,50" in Turkish):
 * read by the one reading of typed numbers; money is shown as every money input shows it once the
 * field is left (`moneyEditText`: `1.250,50`), a decimal without grouping.
 */
export function DecimalWidget(props: EntityWidgetProps) {
  const { id, value, onChange, onBlur, onFocus, readonly, disabled, autofocus, rawErrors, required, registry, options, schema } = props;
  const locale = registry.formContext.locale;
  const isMoney = (schema as SchemaWithFormat).format === 'money';
  const shown = (v: unknown) => (isMoney && typeof v === 'string' && v !== '' ? moneyEditText(v, locale) : toLocaleEditText(v, locale));
  const [text, setText] = useState(() => shown(value));
  const [seen, setSeen] = useState<unknown>(value);
  // A value set from outside (e.g. the current row loaded after a conflict) replaces the text.
  if (value !== seen) {
    setSeen(value);
    if ((parseLocaleNumber(text, locale) ?? (text.trim() || undefined)) !== value) setText(shown(value));
  }
  return (
    <Input
      id={id}
      name={id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const parsed = parseLocaleNumber(next, locale);
        const out = next.trim() === '' ? options.emptyValue : (parsed ?? next);
        setSeen(out);
        onChange(out);
      }}
      onBlur={() => {
        // Money that is not an amount (three decimals, a sign) stays as typed, for its error.
        const parsed = isMoney ? parseMoney(text, locale) : parseLocaleNumber(text, locale);
        if (parsed !== undefined) setText(shown(parsed));
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
      aria-invalid={isInvalid(rawErrors) || undefined}
      aria-required={required || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      className="text-right tabular-nums"
    />
  );
}

/** Text: money and decimals get their own input, every other format the base input. */
export function TextWidget(props: EntityWidgetProps) {
  const format = (props.schema as SchemaWithFormat).format;
  if (format === 'money' || format === 'decimal') return <DecimalWidget {...props} />;
  const Base = getTemplate<'BaseInputTemplate', FormData, RJSFSchema, EntityFormContext>('BaseInputTemplate', props.registry, props.options);
  return <Base {...props} />;
}

export function TextareaWidget(props: EntityWidgetProps) {
  const { id, value, onChange, onBlur, onFocus, readonly, disabled, autofocus, rawErrors, required, options, placeholder } = props;
  return (
    <Textarea
      id={id}
      name={id}
      value={typeof value === 'string' ? value : ''}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
      aria-invalid={isInvalid(rawErrors) || undefined}
      aria-required={required || undefined}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}

/**
 * A message's text (`x-widget: message`, a translation's value): a textarea that, for an SMS
 * template (the row's `code` starts with `sms.`), shows its length in characters and messages.
 */
export function MessageWidget(props: EntityWidgetProps) {
  const sms = isSmsTemplate(props.registry.formContext.values?.code);
  return (
    <div className="flex flex-col gap-1">
      <TextareaWidget {...props} />
      {sms && <SmsLength text={typeof props.value === 'string' ? props.value : ''} />}
    </div>
  );
}

/** A boolean: a switch with its label beside it. */
export function CheckboxWidget(props: EntityWidgetProps) {
  const { id, value, onChange, onBlur, onFocus, readonly, disabled, autofocus, rawErrors, required, label } = props;
  return (
    <div className="flex min-h-(--control-h) items-center gap-3">
      <Switch
        id={id}
        checked={value === true}
        onCheckedChange={(checked) => onChange(checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-invalid={isInvalid(rawErrors) || undefined}
        aria-required={required || undefined}
        aria-describedby={ariaDescribedByIds(id)}
      />
      <Label htmlFor={id} className="font-normal">
        {t(label)}
        {required && <span className="text-tag-danger-foreground" aria-hidden="true">*</span>}
      </Label>
    </div>
  );
}

const EMPTY_CHOICE = '__empty';

/** An enum: a select whose options read `t('enum.<entityCamel>.<field>.<value>')`. */
export function SelectWidget(props: EntityWidgetProps) {
  const { id, name, value, onChange, onBlur, options, schema, required, readonly, disabled, rawErrors, registry, placeholder } = props;
  const entity = registry.formContext.entity;
  const enumOptions = options.enumOptions ?? [];
  const nullable = isNullable(schema as RJSFSchema & Record<string, unknown>);
  const allowEmpty = nullable || !required;
  const index = enumOptions.findIndex((o) => o.value === value && o.value !== null);
  return (
    <Select
      value={index >= 0 ? String(index) : value === null && allowEmpty ? EMPTY_CHOICE : ''}
      onValueChange={(v) => onChange(v === EMPTY_CHOICE ? (nullable ? null : options.emptyValue) : enumOptions[Number(v)]?.value)}
      onOpenChange={(open) => !open && onBlur(id, value)}
      disabled={disabled || readonly}
    >
      <SelectTrigger
        id={id}
        aria-invalid={isInvalid(rawErrors) || undefined}
        aria-required={required || undefined}
        aria-describedby={ariaDescribedByIds(id)}
      >
        <SelectValue placeholder={placeholder || t('admin.selectPlaceholder')} />
      </SelectTrigger>
      <SelectContent>
        {allowEmpty && <SelectItem value={EMPTY_CHOICE}>{t('admin.noneOption')}</SelectItem>}
        {enumOptions.map((o, i) =>
          o.value === null ? null : (
            <SelectItem key={String(o.value)} value={String(i)}>
              {enumLabel(entity, name, o.value)}
            </SelectItem>
          ),
        )}
      </SelectContent>
    </Select>
  );
}

/** A colour: the picker and its `#rrggbb` text side by side. */
export function ColorWidget(props: EntityWidgetProps) {
  const { id, value, onChange, onBlur, readonly, disabled, rawErrors, required, label } = props;
  const hex = typeof value === 'string' ? value : '';
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        aria-label={t(label)}
        value={/^#[0-9a-fA-F]{6}$/.test(hex) ? hex : '#000000'}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled || readonly}
        className="h-(--control-h) w-12 shrink-0 cursor-pointer rounded-md border border-input bg-card p-1 disabled:cursor-not-allowed"
      />
      <Input
        id={id}
        value={hex}
        maxLength={7}
        placeholder="#rrggbb"
        readOnly={readonly}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        aria-invalid={isInvalid(rawErrors) || undefined}
        aria-required={required || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        className="font-mono"
      />
    </div>
  );
}

/** An ISO instant (`2026-05-27T11:00:00Z`, not any text `Date` would read). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A day or a date and time in the interface language's format; what is not one is kept as typed, for the validator to refuse. */
function DateField({ kind, ...props }: EntityWidgetProps & { kind: 'date' | 'datetime' }) {
  const { id, value, onChange, onBlur, onFocus, readonly, disabled, autofocus, rawErrors, required, registry, options, placeholder } = props;
  const shown = kind === 'datetime' ? (typeof value === 'string' && INSTANT.test(value) ? toWallTime(value) : '') : typeof value === 'string' ? value : '';
  return (
    <DateInput
      id={id}
      name={id}
      kind={kind}
      lang={registry.formContext.locale}
      value={shown}
      onValueChange={(next, text) => onChange(next === '' ? options.emptyValue : next === null ? text : kind === 'datetime' ? (fromWallTime(next) ?? next) : next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder || undefined}
      aria-invalid={isInvalid(rawErrors) || undefined}
      aria-required={required || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      className={cn(readonly && 'bg-muted/60 text-muted-foreground')}
    />
  );
}

/** A day, kept as `YYYY-MM-DD`. */
export function DateWidget(props: EntityWidgetProps) {
  return <DateField {...props} kind="date" />;
}

/** A date and time, typed on the farm's clock (Istanbul) and kept as an ISO instant. */
export function DateTimeWidget(props: EntityWidgetProps) {
  return <DateField {...props} kind="datetime" />;
}

/** A secret: never shown; on an update, left empty it keeps its value. */
export function PasswordWidget(props: EntityWidgetProps) {
  const Base = getTemplate<'BaseInputTemplate', FormData, RJSFSchema, EntityFormContext>('BaseInputTemplate', props.registry, props.options);
  const updating = props.registry.formContext.mode === 'update';
  return <Base {...props} type="password" autoComplete="new-password" placeholder={updating ? t('admin.secretKeep') : props.placeholder} />;
}

/** A reference to another entity's row (`ui:widget: 'lookup'`), shown by its display field. */
export function LookupWidget(props: EntityWidgetProps) {
  const { id, name, value, onChange, onBlur, schema, required, readonly, disabled, rawErrors, registry, options } = props;
  const { entity, lookups, lookupKeys } = registry.formContext;
  const field = fieldOf(entity, name);
  const nullable = isNullable(schema as RJSFSchema & Record<string, unknown>);
  return (
    <LookupCombobox
      id={id}
      entityName={fieldOf(entity, name)?.lookup}
      spec={field}
      value={typeof value === 'number' ? value : null}
      onChange={(v) => onChange(v === null ? (nullable ? null : options.emptyValue) : v)}
      onBlur={() => onBlur(id, value)}
      nullable={nullable || !required}
      disabled={disabled}
      readOnly={readonly}
      invalid={isInvalid(rawErrors)}
      aria-required={required || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      fallbackLabel={field?.lookup && field.lookupTranslated ? lookupText({ lookups, lookupKeys }, name, field.lookup, field.lookupTranslated) : lookups?.[name]}
    />
  );
}
