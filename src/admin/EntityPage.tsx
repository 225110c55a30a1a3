// The generic entity screen: one page renders any entity from its generated metadata alone
// (`loadAdminEntity[plural]()`): toolbar (New, Delete selected, search, Export CSV), the server-
// paged table (sort, per-column filters, selection, row actions), the paginator, the New/Edit
// dialog and the delete confirmation. It knows no entity by name.
import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTable, type PaginationState, type RowSelectionState, type SortingState, type Updater } from '@tanstack/react-table';
import { useLingui } from '@lingui/react';
import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { t } from '@/lib/i18n.ts';
import { notify } from '@/lib/notify.ts';
import { useSession } from '@/lib/session.ts';
import { hasOperation, pageQuery } from './api.ts';
import { DeleteDialog, type DeleteTarget } from './DeleteDialog.tsx';
import { EntityCards } from './EntityCards.tsx';
import { EntityTable } from './EntityTable.tsx';
import { errorMessage } from './errors.ts';
import { EXPORT_MAX_ROWS, exportCsv } from './export-csv.ts';
import { buildPageRequest, defaultSorting, isFilterActive } from './filters.ts';
import { PHONE_QUERY, useDebounced, useMediaQuery } from './hooks.ts';
import { isKnownEntity, loadLookupTargetsMetadata, useEntityMetadata, useLookupTargetsMetadata } from './metadata.ts';
import { Paginator } from './Paginator.tsx';
import { buildColumns, features, rowIdOf, type AdminTableMeta } from './table-columns.tsx';
import { Toolbar } from './Toolbar.tsx';
import { displayOf } from './value-format.ts';
import type { AdminEntity, ColumnFilters, ColumnFilterState, EntityPageExtension, EntityRow } from './types.ts';

const NO_ROWS: EntityRow[] = [];
const NO_EXTENSION: EntityPageExtension = {};
// The dialog (react-jsonschema-form) is its own chunk: the list shows without waiting
// for it, and it is fetched right after, so opening it is instant.
const loadDialog = () => import('./EntityDialog.tsx');
const EntityDialog = lazy(() => loadDialog().then((m) => ({ default: m.EntityDialog })));
const SEARCH_DEBOUNCE_MS = 400;

/** `extension`: what a feature adds to this entity's screen (buttons, row actions, a row page). */
export function EntityPage({ plural, extension }: { plural: string; extension?: EntityPageExtension }) {
  const metadata = useEntityMetadata(plural);
  useLingui(); // re-render on a language switch
  if (!isKnownEntity(plural)) {
    return (
      <div className="p-6">
        <h1 className="text-xl font-semibold">{t('page.notFound')}</h1>
      </div>
    );
  }
  if (metadata.error) {
    return (
      <div className="p-6">
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{errorMessage(metadata.error)}</AlertDescription>
        </Alert>
      </div>
    );
  }
  if (!metadata.data) return <PageSkeleton />;
  return <EntityScreen key={plural} entity={metadata.data} extension={extension ?? NO_EXTENSION} />;
}

function PageSkeleton() {
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6" aria-busy="true">
      <span className="sr-only">{t('app.loading')}</span>
      <Skeleton className="h-7 w-48" />
      <div className="flex justify-between gap-3">
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-9 w-64" />
      </div>
      <div className="flex flex-col gap-3 rounded-lg border border-border p-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    </div>
  );
}

const resolve = <T,>(updater: Updater<T>, old: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater);

function EntityScreen({ entity, extension }: { entity: AdminEntity; extension: EntityPageExtension }) {
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const headingId = useId();
  const session = useSession();
  const phone = useMediaQuery(PHONE_QUERY);
  // Lookup cells show the referenced rows' display fields formatted by their kind.
  useLookupTargetsMetadata(entity);
  const canCreate = hasOperation(entity, 'create') && session.hasClaim(entity.claims.create);
  const canUpdate = hasOperation(entity, 'update') && session.hasClaim(entity.claims.update);
  const canDelete = hasOperation(entity, 'delete') && session.hasClaim(entity.claims.delete);

  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const [sorting, setSorting] = useState<SortingState>(() => defaultSorting(entity));
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [filters, setFilters] = useState<ColumnFilters>(() => extension.initialFilters ?? {});
  // An address may open the screen searched (`/Products?search=TR34…`, the search palette's
  // links); a new such address for the open screen searches anew.
  const linkedSearch = useSearchParams()[0].get('search') ?? '';
  const [search, setSearch] = useState(linkedSearch);
  const [seenLinkedSearch, setSeenLinkedSearch] = useState(linkedSearch);
  if (seenLinkedSearch !== linkedSearch) {
    setSeenLinkedSearch(linkedSearch);
    setSearch(linkedSearch);
  }
  const debouncedSearch = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const [appliedSearch, setAppliedSearch] = useState(debouncedSearch);
  if (appliedSearch !== debouncedSearch) {
    // A new search starts from the first page, with nothing selected.
    setAppliedSearch(debouncedSearch);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
    setRowSelection({});
  }

  const request = useMemo(
    () => buildPageRequest({ ...pagination, sorting, filters, globalFilter: appliedSearch }),
    [pagination, sorting, filters, appliedSearch],
  );
  const page = useQuery({ ...pageQuery(entity, request), placeholderData: keepPreviousData });
  const total = page.data?.totalCount ?? 0;
  // After deletes the page may lie past the end: go to the last one.
  if (page.data && !page.isPlaceholderData && total > 0 && pagination.pageIndex * pagination.pageSize >= total) {
    setPagination((p) => ({ ...p, pageIndex: Math.max(0, Math.ceil(total / p.pageSize) - 1) }));
  }

  useEffect(() => {
    void loadDialog();
  }, []);
  const [editing, setEditing] = useState<EntityRow | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget[] | null>(null);
  const [exporting, setExporting] = useState(false);

  const { rowLink, RowActions, Toolbar: ExtraTools, CreateDialog, RecordPanel, useReadOnly } = extension;
  const [creating, setCreating] = useState(false);
  // A row with a page of its own opens there; others in the edit dialog.
  const onEdit = useCallback((row: EntityRow) => (rowLink ? void navigate(rowLink(row)) : setEditing(row)), [rowLink, navigate]);
  const onDelete = useCallback((row: EntityRow) => {
    if (typeof row.id === 'number' && row.id > 0) setDeleting([{ id: row.id, name: displayOf(entity, row) }]);
  }, [entity]);

  const columns = useMemo(() => buildColumns(entity, canDelete, canUpdate || canDelete || !!RowActions), [entity, canDelete, canUpdate, RowActions]);
  const meta = useMemo<AdminTableMeta>(
    () => ({ entity, locale, canUpdate: canUpdate || !!rowLink, canDelete, onEdit, onDelete, RowActions }),
    [entity, locale, canUpdate, canDelete, onEdit, onDelete, RowActions, rowLink],
  );
  const table = useTable({
    features,
    columns,
    data: page.data?.data ?? NO_ROWS,
    getRowId: rowIdOf,
    meta,
    state: { pagination, sorting, rowSelection },
    onPaginationChange: setPagination,
    onSortingChange: (updater) => {
      setSorting((old) => resolve(updater, old));
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onRowSelectionChange: setRowSelection,
    manualPagination: true,
    manualSorting: true,
    rowCount: total,
    enableMultiSort: true,
    enableRowSelection: canDelete,
    autoResetPageIndex: false,
  });

  // Another filter starts from the first page, with nothing selected (no hidden row gets deleted).
  const setFilter = (column: string, filter: ColumnFilterState | undefined) => {
    setFilters((old) => {
      const next = { ...old };
      if (filter) next[column] = filter;
      else delete next[column];
      return next;
    });
    setPagination((p) => ({ ...p, pageIndex: 0 }));
    setRowSelection({});
  };
  const clearFilters = () => {
    setFilters({});
    setPagination((p) => ({ ...p, pageIndex: 0 }));
    setRowSelection({});
  };
  const filtersActive = Object.values(filters).some(isFilterActive);

  const selectedIds = Object.keys(rowSelection);
  const deleteSelected = () => {
    const loaded = new Map((page.data?.data ?? []).map((r, i) => [rowIdOf(r, i), r]));
    const targets = selectedIds
      .map((id) => ({ id: Number(id), name: loaded.has(id) ? displayOf(entity, loaded.get(id)) : `#${id}` }))
      .filter((x) => Number.isInteger(x.id) && x.id > 0);
    if (targets.length) setDeleting(targets);
  };
  const onDeleted = (ids: number[]) => {
    setRowSelection((old) => {
      const next = { ...old };
      for (const id of ids) delete next[String(id)];
      return next;
    });
    if (editing && typeof editing.id === 'number' && ids.includes(editing.id)) setEditing(null);
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await loadLookupTargetsMetadata(entity);
      const result = await exportCsv(entity, request, locale);
      notify({ severity: 'success', summary: t('admin.exportDone', { count: result.count }) });
      if (result.truncated) notify({ severity: 'warn', summary: t('admin.exportTruncated', { max: EXPORT_MAX_ROWS }), life: 6000 });
    } catch (err) {
      notify({ severity: 'error', summary: errorMessage(err) });
    } finally {
      setExporting(false);
    }
  };

  // What the table and the cards (phones) both show.
  const listState = {
    isLoading: page.isPending && page.fetchStatus !== 'idle',
    isFetching: page.isFetching,
    error: page.error,
    onRetry: () => void page.refetch(),
    onRowOpen: canUpdate || rowLink ? onEdit : undefined,
  };

  return (
    // The shell's layout holds the page's <main>; this is its one section.
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <h1 id={headingId} className="text-xl font-semibold">{t(entity.label)}</h1>
      <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground">
        <Toolbar
          canCreate={canCreate}
          canDelete={canDelete}
          selectedCount={selectedIds.length}
          onNew={() => (CreateDialog ? setCreating(true) : setEditing({}))}
          onDeleteSelected={deleteSelected}
          searchable={entity.search.length > 0 || entity.fields.some((f) => f.lookup)}
          search={search}
          onSearchChange={setSearch}
          filtersActive={filtersActive}
          onClearFilters={clearFilters}
          exporting={exporting}
          onExport={() => void onExport()}
          extra={ExtraTools && <ExtraTools entity={entity} />}
        />
        {phone ? (
          <EntityCards table={table} entity={entity} {...listState} />
        ) : (
          <EntityTable table={table} entity={entity} locale={locale} filters={filters} onFilterChange={setFilter} {...listState} />
        )}
        <Paginator
          pageIndex={pagination.pageIndex}
          pageSize={pagination.pageSize}
          total={total}
          capped={page.data?.totalCountCapped ?? false}
          rowsOnPage={page.data?.data.length}
          locale={locale}
          onPageChange={(pageIndex) => setPagination((p) => ({ ...p, pageIndex }))}
          onPageSizeChange={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
        />
      </div>
      <Suspense fallback={null}>
        <EntityDialog entity={entity} row={editing} locale={locale} onClose={() => setEditing(null)} canDelete={canDelete} onDelete={onDelete} RecordPanel={RecordPanel} useReadOnly={useReadOnly} />
      </Suspense>
      {CreateDialog && creating && <CreateDialog entity={entity} onClose={() => setCreating(false)} />}
      <DeleteDialog entity={entity} targets={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />
    </section>
  );
}
