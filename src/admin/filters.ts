// Column filters: which match modes fit a column's kind, what a cleared filter is, and the paged
// request (specification sections 3 and 9) built from the table's state.
import type { SortingState } from '@tanstack/react-table';
import type { AdminEntity, AdminField, ColumnFilterState, ColumnFilters, FilterParam, MatchMode, PagedListRequest } from './types.ts';

export type FilterEditor = 'text' | 'number' | 'date' | 'boolean' | 'enum' | 'lookup' | 'none';

// What the filters offer, out of what the list engine accepts for the kind (common/fields.ts).
const TEXT_MODES: MatchMode[] = ['startsWith', 'contains', 'notContains', 'endsWith', 'equals', 'notEquals'];
const NUMBER_MODES: MatchMode[] = ['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte', 'between'];
const DATE_MODES: MatchMode[] = ['dateIs', 'dateIsNot', 'dateBefore', 'dateAfter', 'between'];

/** The editor a column's filter uses. */
export function filterEditorOf(field: AdminField): FilterEditor {
  if (field.lookup) return 'lookup';
  if (field.enum) return 'enum';
  switch (field.kind) {
    case 'text':
    case 'uuid':
      return 'text';
    case 'integer':
    case 'number':
    case 'money':
    case 'decimal':
      return 'number';
    case 'date':
    case 'datetime':
      return 'date';
    case 'boolean':
      return 'boolean';
    default:
      return 'none';
  }
}

/** The match modes offered for a column (the first is the default). */
export function matchModesOf(field: AdminField): MatchMode[] {
  switch (filterEditorOf(field)) {
    case 'text':
      return field.kind === 'uuid' ? ['equals', 'notEquals'] : TEXT_MODES;
    case 'number':
      return NUMBER_MODES;
    case 'date':
      return DATE_MODES;
    case 'boolean':
    case 'lookup':
      return ['equals'];
    case 'enum':
      // A checklist: sent as `equals` when one value is ticked, as `in` for several.
      return ['in'];
    default:
      return [];
  }
}

export const defaultMatchMode = (field: AdminField): MatchMode | undefined => matchModesOf(field)[0];

/** True when the filter carries a value (a cleared filter is not sent). */
export function isFilterActive(filter: ColumnFilterState | undefined): filter is ColumnFilterState {
  if (!filter) return false;
  if (filter.empty && (filter.mode === 'equals' || filter.mode === 'notEquals')) return true;
  const v = filter.value;
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.some((x) => x !== null && x !== '');
  return true;
}

/** The column filters as the request's FilterParam list (all joined with `and`). */
export function toFilterParams(filters: ColumnFilters): FilterParam[] {
  return Object.entries(filters)
    .filter(([, f]) => isFilterActive(f))
    .map(([column, f]) => {
      let { mode, value } = f;
      // An enum checklist with one value is an `equals`; with several, an `in`.
      if (mode === 'in' && Array.isArray(value) && value.length === 1) {
        mode = 'equals';
        value = value[0];
      }
      if (mode === 'between' && Array.isArray(value)) value = [value[0] === '' ? null : value[0] ?? null, value[1] === '' ? null : value[1] ?? null];
      return { ColumnName: column, FilterValue: value, MatchMode: mode, Operator: 'and' as const };
    });
}

export const toSortingParams = (sorting: SortingState) =>
  sorting.map((s) => ({ ColumnName: s.id, SortOrder: (s.desc ? -1 : 1) as 1 | -1 }));

/** The paged list request of the table's state. */
export function buildPageRequest(args: {
  pageIndex: number;
  pageSize: number;
  sorting: SortingState;
  filters: ColumnFilters;
  globalFilter: string;
}): PagedListRequest {
  const search = args.globalFilter.trim();
  return {
    PageNumber: args.pageIndex + 1,
    PageSize: args.pageSize,
    FilterParam: toFilterParams(args.filters),
    SortingParams: toSortingParams(args.sorting),
    ...(search ? { GlobalFilter: search.slice(0, 200) } : {}),
  };
}

/** The entity's default sort (`-` prefix descending), where every field is a column. */
export function defaultSorting(entity: AdminEntity): SortingState {
  const columns = new Set(entity.columns.map((c) => c.name));
  const sorting = entity.sort.map((s) => ({ id: s.replace(/^-/, ''), desc: s.startsWith('-') }));
  return sorting.every((s) => columns.has(s.id)) ? sorting : [];
}
