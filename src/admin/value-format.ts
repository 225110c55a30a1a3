// A field's value as text in the current language, as the table cells and the CSV export both
// show it: enum values by their translated labels, lookups by the referenced row's display field,
// reference rows' translated texts (names, descriptions) in the user's language (`@/lib/reference-text.ts`),
// the rest through the app's formats (`@/lib/format.ts`: money, numbers, percent, dates in
// Istanbul time; also where numbers typed the local way are read).
import { formatValue as formatScalar } from '@/lib/format.ts';
import { i18n, t } from '@/lib/i18n.ts';
import { lookupText, referenceText } from '@/lib/reference-text.ts';
import { enumLabel, fieldOf, loadedMetadata, routeOfEntity } from './metadata.ts';
import type { AdminEntity, AdminField, EntityRow } from './types.ts';

export const booleanText = (value: unknown): string => (value === true ? t('action.yes') : value === false ? t('action.no') : '');

/** The text a cell (or a CSV field) shows for one value of a row. */
export function formatValue(entity: AdminEntity, field: AdminField, row: EntityRow, locale: string = i18n.locale): string {
  const value = row[field.name];
  if (field.lookup && field.lookupTranslated) {
    return lookupText(row, field.name, field.lookup, field.lookupTranslated) ?? (value === null || value === undefined ? '' : String(value));
  }
  if (entity.translate?.fields.includes(field.name)) {
    return referenceText(entity.name, field.name, row[entity.translate.key], typeof value === 'string' ? value : null);
  }
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
  // Money in its row's currency (the currency type's code is its lookup), else the default one.
  const currency = field.kind === 'money' ? row.lookups?.currencyTypeId ?? undefined : undefined;
  return formatScalar(field.kind, field.format, value, locale, currency);
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
