// The shapes the generic entity screen works with: a row of any entity, the paged list request of
// the specification (section 3, extended with MatchMode and Operator) and its answer.
import type { ComponentType } from 'react';
import type { AdminEntity, AdminField, FieldKind } from '../../generated/admin/index.ts';
import type { MatchMode } from '../../common/fields.ts';

export type { AdminEntity, AdminField, FieldKind, MatchMode };

/** One row of any entity, as the API answers it (camelCase names, `lookups` beside the ids, and
 *  `lookupKeys`: the keys of referenced rows whose shown name is translated). */
export interface EntityRow {
  [field: string]: unknown;
  id?: number;
  rowVersion?: number;
  lookups?: Record<string, string | null>;
  lookupKeys?: Record<string, string | null>;
}

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
  /** More rows match than `totalCount`: the server stopped counting there. */
  totalCountCapped?: boolean;
  pageNumber?: number;
  pageSize?: number;
}

/** One column filter as the popover edits it. */
export interface ColumnFilterState {
  mode: MatchMode;
  value: FilterValue;
  /** With `equals` (or `notEquals`) and a null value: "is empty" ("is not empty"), not a cleared filter. */
  empty?: boolean;
}

export type ColumnFilters = Record<string, ColumnFilterState>;

/**
 * What a hand-written feature adds to the generic screen of one entity (composed by the router:
 * the screen itself stays entity-free). Each part is optional.
 */
export interface EntityPageExtension {
  /** Buttons beside New (e.g. "Yeni satış", "Gider dağıt"). After a write, a feature marks what it
   *  changed stale by path (`useInvalidate` of src/lib/query-keys.ts), this list included. */
  Toolbar?: ComponentType<{ entity: AdminEntity }>;
  /** Actions of one row, before edit and delete (e.g. "Geri arandı", "Yetkiler"). */
  RowActions?: ComponentType<{ entity: AdminEntity; row: EntityRow }>;
  /** A page of its own for a row (e.g. `/VictimOrders/17`): opening a row goes there instead of the edit dialog. */
  rowLink?: (row: EntityRow) => string;
  /** Column filters the screen opens with (e.g. the missed calls not returned yet). */
  initialFilters?: ColumnFilters;
  /** A dialog of its own for New, instead of the generic form (e.g. the standalone payment). */
  CreateDialog?: ComponentType<{ entity: AdminEntity; onClose: () => void }>;
  /** A section under the edit dialog's form of an existing row (e.g. its change history). */
  RecordPanel?: ComponentType<RecordPanelProps>;
  /** Why an existing row cannot be changed, as a translated note (undefined: it can); its edit
   *  dialog then opens read-only with the note (e.g. a share line of a completed order). A hook,
   *  called by the dialog with its row. */
  useReadOnly?: (row: EntityRow) => string | undefined;
}

/** What a section about one record is given: the entity (plural), the row's id, and its version (it changes with the row). */
export interface RecordPanelProps {
  plural: string;
  id: number;
  version?: number;
}
