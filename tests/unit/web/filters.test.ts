// The generic screen's column filters as the paged list request sends them.
import { describe, expect, it } from 'vitest';
import { isFilterActive, toFilterParams } from '../../../src/admin/filters.ts';

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
