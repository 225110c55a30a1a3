// Reference data in the user's language: a reference row's name (a payment method, a slaughter
// step, a claim's or a setting's description…) is shown through the translation its key names
// (`ref.<entity>.<field>.<key>`, `x-entity.translate` of the contract), else as stored. Every
// screen shows such a text through these two functions and nothing else.
import { referenceTextId } from '../../common/reference-codes.ts';
import { DEFAULT_LANGUAGE, hasTranslation, i18n, t, usedIds } from './i18n.ts';

/**
 * A text of a reference row in the active language. Stored texts are in the source language
 * (Turkish), so in Turkish the stored text is shown: a row staff renamed shows its new name. In
 * another language, the translation of `ref.<entity>.<field>.<key>` when the catalog holds it,
 * else the stored text. A row without a key (added by staff) shows what is stored.
 */
export function referenceText(entity: string, field: string, key: unknown, stored: string | null | undefined): string {
  if (typeof key !== 'string' || key === '') return stored ?? '';
  if (stored && isSourceLanguage()) return stored;
  const id = referenceTextId(entity, field, key);
  if (hasTranslation(id)) return t(id);
  // Listed by the translation dialog (Ctrl+Shift+K) all the same, so one can be added on the page.
  usedIds.add(id);
  return stored ?? '';
}

/** Whether the interface speaks the language reference rows are stored in (Turkish). */
const isSourceLanguage = () => (i18n.locale || DEFAULT_LANGUAGE).split('-')[0] === DEFAULT_LANGUAGE.split('-')[0];

/** A row as the API answers it: `lookups` (the referenced rows' display text) and `lookupKeys` (their keys). */
interface WithLookups {
  lookups?: Record<string, string | null>;
  lookupKeys?: Record<string, string | null>;
}

/**
 * What a row shows for its reference `field` to `entity`, whose display field (`display`, `name`
 * unless said) is translated: undefined when the row carries no text for it.
 */
export function lookupText(row: WithLookups | undefined, field: string, entity: string, display = 'name'): string | undefined {
  const shown = row?.lookups?.[field];
  if (shown === undefined || shown === null) return undefined;
  return referenceText(entity, display, row?.lookupKeys?.[field], shown);
}
