// The toolbar of the CRUD page: New and Delete selected on the left (by claims), the global search
// and Export (CSV) on the right, and a button clearing every column filter when some are set.
import { useId, type ReactNode } from 'react';
import { Download, FilterX, Loader2, Plus, Search, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { t } from '@/lib/i18n.ts';

interface Props {
  canCreate: boolean;
  canDelete: boolean;
  selectedCount: number;
  onNew: () => void;
  onDeleteSelected: () => void;
  searchable: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  filtersActive: boolean;
  onClearFilters: () => void;
  exporting: boolean;
  onExport: () => void;
  /** A feature's buttons for this entity (see EntityPageExtension). */
  extra?: ReactNode;
}

export function Toolbar(p: Props) {
  const countId = useId();
  return (
    <div role="toolbar" aria-label={t('admin.toolbar')} className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {p.canCreate && (
          <Button onClick={p.onNew}>
            <Plus aria-hidden="true" />
            {t('action.new')}
          </Button>
        )}
        {p.canDelete && (
          <Button variant="destructive" onClick={p.onDeleteSelected} disabled={p.selectedCount === 0} aria-describedby={countId}>
            <Trash2 aria-hidden="true" />
            {t('action.deleteSelected')}
          </Button>
        )}
        {p.extra}
        <span id={countId} className={p.selectedCount ? 'text-sm text-muted-foreground' : 'sr-only'} aria-live="polite">
          {p.selectedCount ? t('admin.selectedCount', { count: p.selectedCount }) : ''}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {p.filtersActive && (
          <Button variant="ghost" onClick={p.onClearFilters}>
            <FilterX aria-hidden="true" />
            {t('filter.clearAll')}
          </Button>
        )}
        {p.searchable && (
          <div className="relative">
            <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              type="search"
              value={p.search}
              onChange={(e) => p.onSearchChange(e.target.value)}
              placeholder={t('action.search')}
              aria-label={t('action.search')}
              maxLength={200}
              className="w-56 pl-8"
            />
          </div>
        )}
        <Button variant="outline" onClick={p.onExport} disabled={p.exporting} aria-busy={p.exporting} title={t('admin.exportCsv')}>
          {p.exporting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          {p.exporting ? t('admin.exporting') : t('action.export')}
        </Button>
      </div>
    </div>
  );
}
