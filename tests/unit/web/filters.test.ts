// The generic screen's column filters as the paged list request sends them.
import { describe, expect, it } from 'vitest';
import { FIELD_KINDS, MATCH_MODES_BY_KIND } from '../../../common/fields.ts';
import { isFilterActive, matchModesOf, toFilterParams } from '../../../src/admin/filters.ts';

describe('column filters', () => {
  it('a null or empty value is a cleared filter, not sent', () => {
    expect(isFilterActive({ mode: 'equals', value: null })).toBe(false);
    expect(isFilterActive({ mode: 'contains', value: '' })).toBe(false);
    expect(toFilterParams({ name: { mode: 'contains', value: '' } })).toEqual([]);
  });

  it('"is empty" is sent as equals null (the server answers IS NULL)', () => {
    const empty = { mode: 'equals' as const, value: null, empty: true };
    expect(isFilterActive(empty)).toBe(true);
    expect(toFilterParams({ calledBackAt: empty })).toEqual([{ ColumnName: 'calledBackAt', FilterValue: null, MatchMode: 'equals', Operator: 'and' }]);
    // Only for equals and notEquals: another mode with a null value stays cleared.
    expect(isFilterActive({ mode: 'contains', value: null, empty: true })).toBe(false);
  });
});

describe('the modes a column filter offers', () => {
  it('are modes the list engine accepts for the column\'s kind (an enum\'s one value goes as equals)', () => {
    // Enums are text or integer fields, lookups integer ones (the contract's entities).
    const columns = [
      ...FIELD_KINDS.map((kind) => ({ kind })),
      { kind: 'text' as const, enum: ['a', 'b'] },
      { kind: 'integer' as const, enum: [1, 2] },
      { kind: 'integer' as const, lookup: 'Account' },
    ];
    for (const { kind, ...variant } of columns) {
      const sent = matchModesOf({ name: 'x', label: 'x', kind, ...variant }).flatMap((m) => (m === 'in' ? ['in', 'equals'] : [m]));
      for (const mode of sent) expect(MATCH_MODES_BY_KIND[kind], `${kind} ${JSON.stringify(variant)}`).toContain(mode);
    }
  });
});
