// The table's features and columns (TanStack Table v9): server-side sorting and paging, row
// selection, and the columns derived from the entity's metadata: a selection checkbox, one column
// per list column, and the row actions (edit, delete) the user's claims allow.
import {
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
} from '@tanstack/react-table';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { t } from '@/lib/i18n.ts';
import { CellValue, isNumericField } from './cells.tsx';
import { displayOf } from './value-format.ts';
import type { AdminEntity, AdminField, EntityPageExtension, EntityRow } from './types.ts';

export interface AdminColumnMeta {
  /** The entity field a data column shows. */
  field?: AdminField;
  align?: 'start' | 'end';
  /** A column with a fixed narrow width (selection, actions). */
  narrow?: boolean;
  /** Kept at the row's end while the table scrolls sideways (the row actions). */
  pinned?: 'end';
}

export interface AdminTableMeta {
  entity: AdminEntity;
  locale: string;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (row: EntityRow) => void;
  onDelete: (row: EntityRow) => void;
  /** A feature's actions of a row, shown before edit and delete. */
  RowActions?: EntityPageExtension['RowActions'];
}

export const features = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<AdminColumnMeta>(),
  tableMeta: metaHelper<AdminTableMeta>(),
});
export type Features = typeof features;

const helper = createColumnHelper<Features, EntityRow>();

export const rowIdOf = (row: EntityRow, index: number): string => (row.id !== undefined ? String(row.id) : `i${index}`);

/** The columns of an entity's table; stable for one entity (handlers come through the table meta). */
export function buildColumns(entity: AdminEntity, withSelection: boolean, withActions: boolean): ColumnDef<Features, EntityRow, unknown>[] {
  const columns: ColumnDef<Features, EntityRow, unknown>[] = [];
  if (withSelection) {
    columns.push(
      helper.display({
        id: '__select',
        enableSorting: false,
        meta: { narrow: true },
        header: ({ table }) => {
          const all = table.getIsAllPageRowsSelected();
          const some = table.getIsSomePageRowsSelected();
          return (
            <Checkbox
              checked={all ? true : some ? 'indeterminate' : false}
              onClick={() => table.toggleAllPageRowsSelected(!all)}
              aria-label={t('admin.selectAll')}
              disabled={table.getRowModel().rows.length === 0}
            />
          );
        },
        cell: ({ row, table }) => {
          const selected = row.getIsSelected();
          const name = displayOf(table.options.meta!.entity, row.original);
          return (
            <Checkbox
              checked={selected}
              // Shift-click selects the range from the last clicked row.
              onClick={(e) => row.getToggleSelectedHandler()({ target: { checked: !selected }, shiftKey: e.shiftKey, nativeEvent: e.nativeEvent })}
              aria-label={t('admin.selectRow', { name })}
            />
          );
        },
      }),
    );
  }
  for (const field of entity.columns) {
    columns.push(
      helper.accessor((row: EntityRow) => row[field.name], {
        id: field.name,
        header: () => t(field.label),
        enableSorting: field.kind !== 'json',
        meta: { field, align: isNumericField(field) ? 'end' : 'start' },
        cell: ({ row, table }) => <CellValue entity={entity} field={field} row={row.original} locale={table.options.meta!.locale} />,
      }) as ColumnDef<Features, EntityRow, unknown>,
    );
  }
  if (withActions) {
    columns.push(
      helper.display({
        id: '__actions',
        enableSorting: false,
        meta: { narrow: true, align: 'end', pinned: 'end' },
        header: () => <span className="sr-only">{t('admin.actions')}</span>,
        cell: ({ row, table }) => {
          const meta = table.options.meta!;
          const name = displayOf(meta.entity, row.original);
          return (
            <div className="flex justify-end gap-1">
              {meta.RowActions && <meta.RowActions entity={meta.entity} row={row.original} />}
              {meta.canUpdate && (
                <Button variant="ghost" size="icon" className="size-8" onClick={() => meta.onEdit(row.original)} aria-label={t('admin.editRow', { name })} title={t('action.edit')}>
                  <Pencil aria-hidden="true" />
                </Button>
              )}
              {meta.canDelete && (
                <Button variant="ghost" size="icon" className="size-8 text-tag-danger-foreground hover:bg-tag-danger hover:text-tag-danger-foreground" onClick={() => meta.onDelete(row.original)} aria-label={t('admin.deleteRow', { name })} title={t('action.delete')}>
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </div>
          );
        },
      }),
    );
  }
  return columns;
}
