// Display formats per language (section 9): money in the language's currency (tr-TR: TL with 2
// decimals, `₺1.234,56`; en-US: USD, `$1,234.56`), percent without grouping, dates and times in
// Europe/Istanbul (the farm's clock, whatever the browser's zone).
//
// Money and decimals arrive as strings (`^[0-9]{1,16}(\.[0-9]{1,2})?$`): they are handed to
// Intl.NumberFormat as strings, which formats them as exact decimals (Intl.NumberFormat v3), so
// 18 significant digits show without float loss. A Number is formatted as is: exact up to 15
// significant digits.
import { TIME_ZONE } from '../../common/calendar.ts';
import type { FieldKind } from '../../common/fields.ts';
import { DEFAULT_LANGUAGE, i18n, t } from './i18n.ts';

// The farm's calendar (common/, the server's too), beside the formats that show it.
export { DAY_PATTERN, TIME_ZONE, istanbulToday } from '../../common/calendar.ts';

export const CURRENCY_BY_LANGUAGE: Readonly<Record<string, string>> = { 'tr-TR': 'TRY', 'en-US': 'USD' };

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

export function currencyOf(lang: string): string {
  return CURRENCY_BY_LANGUAGE[lang] ?? (lang.startsWith('en') ? 'USD' : 'TRY');
}

/** Money with 2 decimals in the language's currency, or in `currency` when the row names one. */
export function formatMoney(value: string | number | null | undefined, lang = currentLanguage(), currency = currencyOf(lang)): string {
  if (value == null || value === '') return '';
  const n = numeric(value);
  if (n === undefined) return String(value);
  return numberFormat(lang, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
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

/** A table cell: the value of a field of the given kind and format, as text. */
export function formatValue(kind: FieldKind, format: string | undefined, value: unknown, lang = currentLanguage()): string {
  if (value == null) return '';
  const scalar = typeof value === 'string' || typeof value === 'number' ? value : undefined;
  const when = value instanceof Date ? value : scalar;
  switch (kind) {
    case 'money':
      return scalar === undefined ? String(value) : formatMoney(scalar, lang);
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
    default:
      return String(value);
  }
}
