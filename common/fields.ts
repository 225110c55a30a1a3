// The kinds of fields the contract's entities have (from a property's type and format) and the
// match modes of the generic list's filters: which the list engine accepts for each kind, and
// out of which the browser's column filters offer theirs.

export const FIELD_KINDS = ['integer', 'number', 'boolean', 'text', 'date', 'datetime', 'money', 'decimal', 'uuid', 'json'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const MATCH_MODES = [
  'startsWith', 'contains', 'notContains', 'endsWith', 'equals', 'notEquals', 'in',
  'lt', 'lte', 'gt', 'gte', 'between', 'dateIs', 'dateIsNot', 'dateBefore', 'dateAfter',
] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

const TEXT_MODES: readonly MatchMode[] = ['startsWith', 'contains', 'notContains', 'endsWith', 'equals', 'notEquals', 'in'];
const ORDERED_MODES: readonly MatchMode[] = ['equals', 'notEquals', 'in', 'lt', 'lte', 'gt', 'gte', 'between'];
const DATE_MODES: readonly MatchMode[] = [...ORDERED_MODES, 'dateIs', 'dateIsNot', 'dateBefore', 'dateAfter'];

/** The match modes a filter on a field of each kind may use; any other is refused (400). */
export const MATCH_MODES_BY_KIND: Readonly<Record<FieldKind, readonly MatchMode[]>> = {
  text: TEXT_MODES,
  uuid: ['equals', 'notEquals', 'in'],
  integer: ORDERED_MODES,
  number: ORDERED_MODES,
  money: ORDERED_MODES,
  decimal: ORDERED_MODES,
  boolean: ['equals', 'notEquals'],
  date: DATE_MODES,
  datetime: DATE_MODES,
  json: [],
};
