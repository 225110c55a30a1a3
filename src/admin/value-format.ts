// A field's value as text in the current language, as the table cells and the CSV export both
// show it: enum values by their translated labels, lookups by the referenced row's display field,
// the rest through the app's formats (`@/lib/format.ts`: money, numbers, percent, dates in
// Istanbul time). Also: reading numbers typed the local way, for the money and filter inputs.
import { formatValue as formatScalar } from '@/lib/format.ts';
import { i18n, t } from '@/lib/i18n.ts';
import { enumLabel, fieldOf, loadedMetadata, routeOfEntity } from './metadata.ts';
import type { AdminEntity, AdminField, EntityRow } from './types.ts';

export const booleanText = (value: unknown): string => (value === true ? t('action.yes') : value === false ? t('action.no') : '');

/** The text a cell (or a CSV field) shows for one value of a row. */
export function formatValue(entity: AdminEntity, field: AdminField, row: EntityRow, locale: string = i18n.locale): string {
  const value = row[field.name];
  if (field.lookup) {
    const shown = row.lookups?.[field.name];
    if (shown === undefined || shown === null) return value === null || value === undefined ? '' : String(value);
    // The referenced row's display field, formatted as its own list would show it.
    const target = loadedMetadata(routeOfEntity(field.lookup)?.plural);
    const display = target && fieldOf(target, target.display);
    if (!target || !display || display.lookup) return shown;
    return formatValue(target, display, { [display.name]: fromDatabaseText(shown, display) }, locale);
  }
  if (value === null || value === undefined) return '';
  if (field.enum) return enumLabel(entity, field.name, value);
  if (field.kind === 'boolean') return booleanText(value);
  return formatScalar(field.kind, field.format, value, locale);
}

/** A value the server rendered as PostgreSQL text (`lookups`), back in the API's own form. */
function fromDatabaseText(text: string, field: AdminField): unknown {
  switch (field.kind) {
    case 'datetime':
      // "2026-05-27 07:00:00+03" → "2026-05-27T07:00:00+03:00"
      return text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
    case 'boolean':
      return text === 'true' || text === 't';
    case 'integer':
    case 'number':
      return Number(text);
    default:
      return text;
  }
}

/** What names a row to people: its display field as the list shows it, else its id. */
export function displayOf(entity: AdminEntity, row: EntityRow | undefined): string {
  if (!row) return '';
  const field = fieldOf(entity, entity.display);
  const text = field ? formatValue(entity, field, row) : String(row[entity.display] ?? '');
  if (text.trim() !== '') return text;
  return row.id !== undefined ? `#${row.id}` : '';
}

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
  let s = text.trim().replace(/\s/g, '');
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
