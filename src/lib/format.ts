// Display formats per language (section 9): money in its own currency with the language's
// separators (`₺1.234,56` in Turkish, `₺1,234.56` in English: an amount's currency is its row's,
// else the farm's default, never the language's), percent without grouping, dates and times in
// Europe/Istanbul (the farm's clock, whatever the browser's zone).
//
// Money and decimals arrive as strings (`^[0-9]{1,16}(\.[0-9]{1,2})?$`): they are handed to
// Intl.NumberFormat as strings, which formats them as exact decimals (Intl.NumberFormat v3), so
// 18 significant digits show without float loss. A Number is formatted as is: exact up to 15
// significant digits.
import { TIME_ZONE } from '../../common/calendar.ts';
import type { FieldKind } from '../../common/fields.ts';
import { nationalDigits, phoneDigits } from '../../common/phone.ts';
import { DEFAULT_LANGUAGE, i18n, t } from './i18n.ts';

// The farm's calendar (common/, the server's too), beside the formats that show it.
export { DAY_PATTERN, TIME_ZONE, istanbulToday } from '../../common/calendar.ts';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const currentLanguage = (): string => i18n.locale || DEFAULT_LANGUAGE;

// Intl formatters are costly to build and a table formats thousands of cells: one per setting.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(lang, options)));
  return f;
}
function dateFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(lang, options)));
  return f;
}

/** A decimal string stays a string (exact); anything else must be a finite number. */
function numeric(value: string | number): Intl.StringNumericLiteral | number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const s = value.trim();
  return DECIMAL.test(s) ? (s as Intl.StringNumericLiteral) : undefined;
}

/** A currency of the farm (GET /Farm). */
export interface Currency { id: number; code: string; isDefault: boolean }

/**
 * The farm's currencies, set once the data layer has read them (shell/data-provider.tsx): the
 * formats below are plain functions, called by cells and exports outside React. Until then (and
 * on a farm with none) the default is the lira, the reference seed's default.
 */
let currencies: { byId: Map<number, string>; defaultCode: string } = { byId: new Map(), defaultCode: 'TRY' };
export function setCurrencies(list: readonly Currency[]): void {
  currencies = { byId: new Map(list.map((c) => [c.id, c.code])), defaultCode: list.find((c) => c.isDefault)?.code ?? 'TRY' };
}
/** The code of a currency type by its id (a row's `currencyTypeId`), else the default currency's. */
export const currencyCode = (currencyTypeId?: number | null): string =>
  (currencyTypeId == null ? undefined : currencies.byId.get(currencyTypeId)) ?? currencies.defaultCode;

/**
 * Money with 2 decimals in `currency` (a code; the farm's default when not given) and the
 * language's separators: the one money format of every screen, export and message.
 */
export function formatMoney(value: string | number | null | undefined, lang = currentLanguage(), currency = currencies.defaultCode): string {
  if (value == null || value === '') return '';
  const n = numeric(value);
  if (n === undefined) return String(value);
  return numberFormat(lang, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

/** A number with the language's grouping; a decimal string keeps exactly its own decimals. */
export function formatNumber(value: string | number | null | undefined, lang = currentLanguage()): string {
  if (value == null || value === '') return '';
  const n = numeric(value);
  if (n === undefined) return String(value);
  const digits = typeof n === 'string' ? (n.split('.')[1]?.length ?? 0) : undefined;
  return numberFormat(lang, digits === undefined ? { maximumFractionDigits: 20 } : { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

/** A rate given in percent (18 → `%18` / `18%`), at most 2 decimals, never grouped. */
export function formatPercent(value: string | number | null | undefined, lang = currentLanguage()): string {
  if (value == null || value === '') return '';
  const n = numeric(value);
  if (n === undefined) return String(value);
  // The `percent` unit takes the value as is; style 'percent' would multiply by 100 in floats.
  return numberFormat(lang, { style: 'unit', unit: 'percent', useGrouping: false, maximumFractionDigits: 2 }).format(n);
}

/** A calendar date: tr-TR `27.05.2026`, en-US `05/27/2026`. */
export function formatDate(value: string | number | Date | null | undefined, lang = currentLanguage()): string {
  if (value == null || value === '') return '';
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE };
  // A date-only value has no zone: read and shown as the same calendar day (UTC both ways).
  const day = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (day) return dateFormat(lang, { ...options, timeZone: 'UTC' }).format(Date.UTC(+day[1], +day[2] - 1, +day[3]));
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : dateFormat(lang, options).format(d);
}

/** An instant in Istanbul time: tr-TR `27.05.2026 14:30`, en-US `05/27/2026, 2:30 PM`. */
export function formatDateTime(value: string | number | Date | null | undefined, lang = currentLanguage()): string {
  if (value == null || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return dateFormat(lang, { day: '2-digit', month: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE }).format(d);
}

/** A time of day in Istanbul: tr-TR `14:30`, en-US `02:30 PM`. */
export function formatTime(value: string | number | Date | null | undefined, lang = currentLanguage()): string {
  if (value == null || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return dateFormat(lang, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE }).format(d);
}

/** A phone number as staff read it out: `0553 779 44 95` for a Turkish number, else as stored. */
export function formatPhone(phone: string): string {
  const n = nationalDigits(phone);
  return n ? `0${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6, 8)} ${n.slice(8)}` : phone;
}

/** The `tel:` link that calls a phone number (`tel:+905537794495`). */
export function telHref(phone: string): string {
  const n = nationalDigits(phone);
  return n ? `tel:+90${n}` : `tel:${phone.trim().startsWith('+') ? '+' : ''}${phoneDigits(phone)}`;
}

/** A table cell: the value of a field of the given kind and format, as text (money in `currency`, a code). */
export function formatValue(kind: FieldKind, format: string | undefined, value: unknown, lang = currentLanguage(), currency?: string): string {
  if (value == null) return '';
  const scalar = typeof value === 'string' || typeof value === 'number' ? value : undefined;
  const when = value instanceof Date ? value : scalar;
  switch (kind) {
    case 'money':
      return scalar === undefined ? String(value) : formatMoney(scalar, lang, currency);
    case 'number':
    case 'integer':
    case 'decimal':
      if (scalar === undefined) return String(value);
      return format === 'percent' ? formatPercent(scalar, lang) : formatNumber(scalar, lang);
    case 'boolean':
      return value ? t('action.yes') : t('action.no');
    case 'date':
      return when === undefined ? String(value) : formatDate(when, lang);
    case 'datetime':
      return when === undefined ? String(value) : formatDateTime(when, lang);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'text':
      return format === 'phone' && typeof value === 'string' ? formatPhone(value) : String(value);
    default:
      return String(value);
  }
}

// ---- reading what people type ----------------------------------------------------------------

const separators = new Map<string, string>();

/** The decimal separator of a language (`,` in Turkish). */
export function decimalSeparator(locale: string): string {
  let sep = separators.get(locale);
  if (!sep) {
    sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    separators.set(locale, sep);
  }
  return sep;
}

/**
 * A number typed the local way ("1.250,50" in Turkish, "1,250.50" in English; a lone "12.5" in
 * Turkish is read as a decimal too) as the contract's canonical string ("1250.50"); undefined
 * when it is not a number.
 */
export function parseLocaleNumber(text: string, locale: string): string | undefined {
  const dec = decimalSeparator(locale);
  const group = dec === ',' ? '.' : ',';
  // Spaces, and a currency sign or name typed with the amount (`₺`, `TL`, `$`, `€`).
  let s = text.trim().replace(/\s|₺|\$|€|TL|TRY|USD|EUR/gi, '');
  if (!s) return undefined;
  // A single other separator followed by 1–2 digits at the end was meant as the decimal point.
  if (!s.includes(dec) && s.split(group).length === 2 && new RegExp(`\\${group}\\d{1,2}$`).test(s)) s = s.replace(group, dec);
  s = s.split(group).join('').replace(dec, '.');
  return /^-?\d+(\.\d+)?$/.test(s) ? s.replace(/^(-?)0+(?=\d)/, '$1') : undefined;
}

/** A canonical number string shown the local way, without grouping, for editing. */
export function toLocaleEditText(value: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value);
  return decimalSeparator(locale) === ',' ? s.replace('.', ',') : s;
}

/**
 * An amount of money typed the local way, the one reading of every money input: what a Turkish
 * clerk types (`5000`, `5.000`, `5.000,50`, `5000,5`, `₺5.000`) and what an English one types
 * (`5,000.50`); a thousands separator is never read as a decimal point. The contract's money
 * string (`5000.50`), or undefined when it is not an amount of 0 or more with at most 2 decimals.
 */
export function parseMoney(text: string, lang = currentLanguage()): string | undefined {
  const s = parseLocaleNumber(text, lang);
  return s !== undefined && /^\d{1,16}(\.\d{1,2})?$/.test(s) ? s : undefined;
}

/** An amount as a money input shows it: the language's grouping and 2 decimals, no currency (`5.000,50`). */
export function moneyEditText(value: string | null | undefined, lang = currentLanguage()): string {
  if (value == null || value === '') return '';
  const n = numeric(value);
  return n === undefined ? value : numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}
