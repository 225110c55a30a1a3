// The list on phones (below 640 px, where a table would scroll sideways): a card per row with the
// display field as its title, the first few other columns as label and value, and the row's
// actions. The card opens the row as a double click on a table row does: its title is the button
// (keyboard), stretched over the card (touch). Cells come from the table's own columns, so the
// values, the selection checkbox and the actions are the table's.
import { Fragment } from 'react';
import type { ReactTable } from '@tanstack/react-table';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { ListEmpty, ListError } from './EntityTable.tsx';
import type { Features } from './table-columns.tsx';
import { displayOf } from './value-format.ts';
import type { AdminEntity, AdminField, EntityRow } from './types.ts';

/** The fields a card shows under its title: the first list columns but the display field (unless
 *  it is a phone number: the title opens the row, the field is the number to call). */
export const cardFields = (entity: AdminEntity, count = 3): AdminField[] =>
  entity.columns.filter((f) => (f.name !== entity.display || f.format === 'phone') && f.kind !== 'json').slice(0, count);

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

interface Props {
  table: ReactTable<Features, EntityRow>;
  entity: AdminEntity;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  onRowOpen?: (row: EntityRow) => void;
}

export function EntityCards({ table, entity, isLoading, isFetching, error, onRetry, onRowOpen }: Props) {
  const rows = table.getRowModel().rows;
  const shown = new Set(cardFields(entity).map((f) => f.name));
  return (
    <div data-slot="entity-cards" aria-busy={isLoading || isFetching} className={cn('transition-opacity duration-200', isFetching && !isLoading && 'opacity-60')}>
      {isLoading ? (
        <div className="flex flex-col gap-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full rounded-lg" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-border">{error !== null ? <ListError error={error} onRetry={onRetry} /> : <ListEmpty />}</div>
      ) : (
        <ul aria-label={t(entity.label)} className="flex flex-col gap-2">
          {rows.map((row) => {
            const cells = row.getAllCells();
            const select = cells.find((c) => c.column.id === '__select');
            const actions = cells.find((c) => c.column.id === '__actions');
            const values = cells.filter((c) => shown.has(c.column.id) && !isEmpty(row.original[c.column.id]));
            const title = displayOf(entity, row.original);
            return (
              <li
                key={row.id}
                data-slot="entity-card"
                data-state={row.getIsSelected() ? 'selected' : undefined}
                className="relative flex flex-col gap-2 rounded-lg border border-border p-3 transition-colors duration-200 hover:bg-accent/60 data-[state=selected]:bg-highlight data-[state=selected]:text-highlight-foreground"
              >
                <div className="flex items-start gap-2">
                  {/* Above the stretched button: these take their own taps. */}
                  {select && (
                    <div className="relative z-[1] flex size-5 items-center">
                      <table.FlexRender cell={select} />
                    </div>
                  )}
                  <h2 className="min-w-0 flex-1 break-words font-semibold">
                    {onRowOpen ? (
                      <button
                        type="button"
                        data-slot="entity-card-open"
                        onClick={() => onRowOpen(row.original)}
                        className="text-left outline-none after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:after:ring-2 focus-visible:after:ring-ring"
                      >
                        {title}
                      </button>
                    ) : (
                      title
                    )}
                  </h2>
                </div>
                {values.length > 0 && (
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [&_a]:relative [&_a]:z-[1]">
                    {values.map((cell) => (
                      <Fragment key={cell.id}>
                        <dt className="text-muted-foreground">{t(cell.column.columnDef.meta?.field?.label ?? '')}</dt>
                        <dd className="min-w-0">
                          <table.FlexRender cell={cell} />
                        </dd>
                      </Fragment>
                    ))}
                  </dl>
                )}
                {actions && (
                  <div className="relative z-[1] flex justify-end">
                    <table.FlexRender cell={actions} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
