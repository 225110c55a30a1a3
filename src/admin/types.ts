// The shapes the generic entity screen works with: a row of any entity, the paged list request of
// the specification (section 3, extended with MatchMode and Operator) and its answer.
import type { AdminEntity, AdminField, FieldKind } from '../../generated/admin/index.ts';

export type { AdminEntity, AdminField, FieldKind };

/** One row of any entity, as the API answers it (camelCase names, `lookups` beside the ids). */
export interface EntityRow {
  [field: string]: unknown;
  id?: number;
  rowVersion?: number;
  lookups?: Record<string, string | null>;
}

export const MATCH_MODES = [
  'startsWith', 'contains', 'notContains', 'endsWith', 'equals', 'notEquals', 'in',
  'lt', 'lte', 'gt', 'gte', 'between', 'dateIs', 'dateIsNot', 'dateBefore', 'dateAfter',
] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

export type FilterScalar = string | number | boolean | null;
export type FilterValue = FilterScalar | FilterScalar[];

export interface FilterParam {
  ColumnName: string;
  FilterValue: FilterValue;
  MatchMode: MatchMode;
  Operator: 'and' | 'or';
}

export interface SortingParam {
  ColumnName: string;
  SortOrder: 1 | -1;
}

export interface PagedListRequest {
  /** 1-based: the table's page index + 1. */
  PageNumber: number;
  PageSize: number;
  FilterParam: FilterParam[];
  SortingParams: SortingParam[];
  GlobalFilter?: string;
}

export interface PageResult {
  data: EntityRow[];
  totalCount: number;
  pageNumber?: number;
  pageSize?: number;
}

/** One column filter as the popover edits it. */
export interface ColumnFilterState {
  mode: MatchMode;
  value: FilterValue;
}

export type ColumnFilters = Record<string, ColumnFilterState>;
