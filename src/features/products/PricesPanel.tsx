// "Fiyatlar": a product's prices (its ProductPrices rows: price type, currency, amount, valid
// from/to) as a section of the product's edit dialog, read through the generated paged-list hook
// under its generated key (src/lib/query-keys.ts). They are added, edited and deleted in the
// generic dialogs of the /ProductPrices screen (a new one prefilled with the product), which mark
// everything under /ProductPrices stale after a write: this list follows. Each part only with its
// ProductPrices claim: no section without Read, no "Fiyat ekle" without Create, no edit without
// Update, no delete without Delete.
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { useGetProductPricesForPaging } from '../../../generated/api/product-prices/product-prices.ts';
import type { PagedListRequest, ProductPrice } from '../../../generated/api/model/index.ts';
import { hasOperation } from '@/admin/api.ts';
import { DeleteDialog, type DeleteTarget } from '@/admin/DeleteDialog.tsx';
import { EntityDialog } from '@/admin/EntityDialog.tsx';
import { errorMessage } from '@/admin/errors.ts';
import { fieldOf, useEntityMetadata } from '@/admin/metadata.ts';
import type { AdminEntity, EntityRow, RecordPanelProps } from '@/admin/types.ts';
import { displayOf, formatValue } from '@/admin/value-format.ts';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { formatMoney } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';

const PRICES = 'ProductPrices';
const PAGE = 50;
const MAX = 500; // the paged list's largest page
const COLUMNS = ['priceTypeId', 'currencyTypeId', 'amount', 'validFrom', 'validTo'] as const;

/** The product's prices: by price type, the latest period first. */
const request = (productId: number, size: number): PagedListRequest => ({
  PageNumber: 1,
  PageSize: size,
  FilterParam: [{ ColumnName: 'productId', FilterValue: productId, MatchMode: 'equals', Operator: 'and' }],
  SortingParams: [
    { ColumnName: 'priceTypeId', SortOrder: 1 },
    { ColumnName: 'currencyTypeId', SortOrder: 1 },
    { ColumnName: 'validFrom', SortOrder: -1 },
  ],
});

const ISO_CURRENCY = /^[A-Z]{3}$/;

/** A cell's text: the amount in the row's own currency (its code is what the reference shows). */
function cellText(entity: AdminEntity, row: ProductPrice, column: (typeof COLUMNS)[number], locale: string): string {
  if (column === 'amount') {
    const code = row.lookups?.currencyTypeId;
    if (code && ISO_CURRENCY.test(code)) return formatMoney(row.amount, locale, code);
  }
  if (column === 'validTo' && !row.validTo) return t('productPrices.openEnded');
  const field = fieldOf(entity, column);
  return field ? formatValue(entity, field, { ...row }, locale) : String(row[column] ?? '');
}

export function PricesPanel({ id }: RecordPanelProps) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const { hasClaim } = useSession();
  const entity = useEntityMetadata(PRICES).data;
  const canRead = hasClaim(entity?.claims.read ?? `${PRICES}.Read`);
  const can = (op: 'create' | 'update' | 'delete') => !!entity && hasOperation(entity, op) && hasClaim(entity.claims[op]);
  const [size, setSize] = useState(PAGE);
  const body = request(id, size);
  const prices = useGetProductPricesForPaging(body, {
    query: { enabled: canRead, select: dataOf, placeholderData: keepPreviousData },
    // The section shows its own failure.
    request: { silent: true },
  });
  const [editing, setEditing] = useState<EntityRow | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget[] | null>(null);

  if (!canRead) return null;
  const rows = prices.data?.data ?? [];
  // A new price is the product's: its name as the prices already show it (else the list of products names it).
  const productName = rows.find((r) => r.lookups?.productId)?.lookups?.productId;
  const newPrice = (): EntityRow => ({ productId: id, ...(productName ? { lookups: { productId: productName } } : {}) });
  const actions = can('update') || can('delete');

  return (
    <section aria-labelledby={`product-prices-${id}`} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-3 text-card-foreground" data-testid="product-prices" aria-busy={prices.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`product-prices-${id}`} className="flex items-center gap-2 text-sm font-semibold">
          <Tags className="size-4" aria-hidden />
          {t('productPrices.title')}
        </h3>
        {entity && can('create') && (
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(newPrice())}>
            <Plus aria-hidden="true" />
            {t('productPrices.add')}
          </Button>
        )}
      </div>
      {prices.isError ? (
        <p className="text-sm text-tag-danger-foreground" role="alert">{errorMessage(prices.error)}</p>
      ) : !prices.data || !entity ? (
        <Skeleton className="h-16" aria-label={t('app.loading')} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('productPrices.empty')}</p>
      ) : (
        <Table className="text-xs" containerClassName="rounded-md border border-border">
          <TableHeader>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableHead key={c} className={c === 'amount' ? 'h-8 text-right' : 'h-8'}>{t(fieldOf(entity, c)?.label ?? c)}</TableHead>
              ))}
              {actions && <TableHead className="h-8" data-pinned="end"><span className="sr-only">{t('admin.actions')}</span></TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const name = displayOf(entity, { ...row });
              return (
                <TableRow key={row.id} data-testid="product-price">
                  {COLUMNS.map((c) => (
                    <TableCell key={c} className={c === 'amount' ? 'py-1.5 text-right tabular-nums' : 'py-1.5'}>{cellText(entity, row, c, locale)}</TableCell>
                  ))}
                  {actions && (
                    <TableCell className="py-1 text-right" data-pinned="end">
                      <div className="flex justify-end gap-1">
                        {can('update') && (
                          <Button type="button" variant="ghost" size="icon" className="size-7" onClick={() => setEditing({ ...row })} aria-label={t('admin.editRow', { name })} title={t('action.edit')}>
                            <Pencil aria-hidden="true" />
                          </Button>
                        )}
                        {can('delete') && (
                          <Button type="button" variant="ghost" size="icon" className="size-7 text-tag-danger-foreground hover:bg-tag-danger hover:text-tag-danger-foreground" onClick={() => setDeleting([{ id: row.id, name }])} aria-label={t('admin.deleteRow', { name })} title={t('action.delete')}>
                            <Trash2 aria-hidden="true" />
                          </Button>
                        )}
                      </div>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {prices.data && prices.data.totalCount > rows.length && size < MAX && (
        <Button type="button" variant="outline" size="sm" className="self-start" disabled={prices.isFetching} onClick={() => setSize((s) => Math.min(s + PAGE, MAX))}>
          {t('productPrices.more')}
        </Button>
      )}
      {entity && (
        <>
          <EntityDialog
            entity={entity}
            row={editing}
            locale={locale}
            onClose={() => setEditing(null)}
            canDelete={can('delete')}
            onDelete={(row) => typeof row.id === 'number' && setDeleting([{ id: row.id, name: displayOf(entity, row) }])}
          />
          <DeleteDialog
            entity={entity}
            targets={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={(ids) => {
              if (typeof editing?.id === 'number' && ids.includes(editing.id)) setEditing(null);
            }}
          />
        </>
      )}
    </section>
  );
}
