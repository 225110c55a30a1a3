// The rendered table: sortable headers (click; Shift+click adds a column to the sort) with their
// filter buttons, the rows, skeleton rows while the first page loads, the empty and error states.
import { ArrowDown, ArrowUp, ArrowUpDown, RotateCw } from 'lucide-react';
import type { ReactTable } from '@tanstack/react-table';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { ColumnFilter } from './ColumnFilter.tsx';
import { errorMessage } from './errors.ts';
import type { Features } from './table-columns.tsx';
import type { AdminEntity, ColumnFilters, ColumnFilterState, EntityRow } from './types.ts';

interface Props {
  table: ReactTable<Features, EntityRow>;
  entity: AdminEntity;
  locale: string;
  filters: ColumnFilters;
  onFilterChange: (column: string, filter: ColumnFilterState | undefined) => void;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  onRowOpen?: (row: EntityRow) => void;
}

export function EntityTable({ table, entity, locale, filters, onFilterChange, isLoading, isFetching, error, onRetry, onRowOpen }: Props) {
  const columnCount = table.getAllLeafColumns().length;
  const rows = table.getRowModel().rows;
  const skeletonRows = Math.min(table.state.pagination.pageSize, 10);
  return (
    <div className="relative rounded-lg border border-border" aria-busy={isLoading || isFetching}>
      {isFetching && !isLoading && (
        <div className="absolute inset-x-0 top-0 z-10 h-0.5 overflow-hidden rounded-t-lg" aria-hidden="true">
          <div className="h-full w-1/3 animate-pulse bg-primary" />
        </div>
      )}
      <Table>
        <TableCaption className="sr-only">{t(entity.label)}</TableCaption>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => {
                const column = header.column;
                const meta = column.columnDef.meta;
                const field = meta?.field;
                const sorted = column.getIsSorted();
                const sortIndex = column.getSortIndex();
                const multi = table.state.sorting.length > 1;
                return (
                  <TableHead
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    data-pinned={meta?.pinned}
                    className={cn(meta?.narrow && 'w-10', meta?.align === 'end' && 'text-right')}
                  >
                    {header.isPlaceholder ? null : field ? (
                      <div className={cn('flex items-center gap-0.5', meta?.align === 'end' && 'justify-end')}>
                        {column.getCanSort() ? (
                          <button
                            type="button"
                            onClick={column.getToggleSortingHandler()}
                            title={t('admin.sortHint')}
                            className="-ml-1.5 inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 font-semibold outline-none transition-colors duration-200 hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
                          >
                            <table.FlexRender header={header} />
                            {sorted === 'asc' ? (
                              <ArrowUp className="size-3.5 text-primary-text" aria-hidden="true" />
                            ) : sorted === 'desc' ? (
                              <ArrowDown className="size-3.5 text-primary-text" aria-hidden="true" />
                            ) : (
                              <ArrowUpDown className="size-3.5 opacity-40" aria-hidden="true" />
                            )}
                            {sorted && multi && (
                              <span className="text-[0.65rem] font-bold text-primary-text" aria-hidden="true">
                                {sortIndex + 1}
                              </span>
                            )}
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                        <ColumnFilter
                          entity={entity}
                          field={field}
                          filter={filters[field.name]}
                          onChange={(f) => onFilterChange(field.name, f)}
                          locale={locale}
                        />
                      </div>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        {/* A refetch keeps the rows readable (dimmed text would fall below 4.5:1): the loading bar says it. */}
        <TableBody aria-busy={isFetching && !isLoading ? true : undefined}>
          {isLoading &&
            Array.from({ length: skeletonRows }, (_, i) => (
              <TableRow key={`skeleton-${i}`} className="hover:bg-transparent">
                {Array.from({ length: columnCount }, (_, j) => (
                  <TableCell key={j}>
                    <Skeleton className={cn('h-4', j === 0 && columnCount > 2 ? 'w-4' : 'w-full max-w-40')} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {!isLoading && error !== null && rows.length === 0 && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columnCount} className="p-0">
                <ListError error={error} onRetry={onRetry} />
              </TableCell>
            </TableRow>
          )}
          {!isLoading && error === null && rows.length === 0 && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columnCount} className="p-0">
                <ListEmpty />
              </TableCell>
            </TableRow>
          )}
          {!isLoading &&
            rows.map((row) => (
              <TableRow
                key={row.id}
                data-state={row.getIsSelected() ? 'selected' : undefined}
                onDoubleClick={onRowOpen ? () => onRowOpen(row.original) : undefined}
              >
                {row.getAllCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  return (
                    <TableCell key={cell.id} data-column={cell.column.id} data-pinned={meta?.pinned} className={cn(meta?.align === 'end' && 'text-right tabular-nums', meta?.narrow && 'w-10 whitespace-nowrap')}>
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** A list that could not be read, with a retry (the table's and the cards' alike). */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-3 py-10 text-center text-sm">
      <span className="text-tag-danger-foreground">{errorMessage(error)}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('action.retry')}
      </Button>
    </div>
  );
}

export function ListEmpty() {
  return <p className="px-3 py-10 text-center text-sm text-muted-foreground">{t('message.noRecords')}</p>;
}
