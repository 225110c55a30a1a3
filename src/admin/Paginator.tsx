// The paginator: "Toplam {total} kayıttan {first}–{last} arası", the page size (10/20/50/100) and
// first / previous / next / last page buttons. When the server stopped counting (`capped`), the
// total reads "1.000+", Next stays enabled while pages come full and Last is disabled: the last
// page is not known.
import { useId } from 'react';
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { t } from '@/lib/i18n.ts';
import { paging, pagingTexts } from './paging.ts';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

interface Props {
  pageIndex: number;
  pageSize: number;
  total: number;
  /** More rows match than `total` (the server's `totalCountCapped`). */
  capped?: boolean;
  /** Rows on the page shown: a capped list has a next page while its pages come full. */
  rowsOnPage?: number;
  locale?: string;
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function Paginator({ pageIndex, pageSize, total, capped = false, rowsOnPage, locale, onPageChange, onPageSizeChange }: Props) {
  const sizeId = useId();
  const input = { pageIndex, pageSize, total, capped, rowsOnPage };
  const { pageCount, canPrevious, canNext, canLast } = paging(input);
  const texts = pagingTexts(input, locale);
  return (
    <nav aria-label={t('admin.pagination')} className="flex flex-col-reverse items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {texts.range}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="whitespace-nowrap text-sm text-muted-foreground">
            {t('admin.rowsPerPage')}
          </label>
          <Select value={String(pageSize)} onValueChange={(v) => onPageSizeChange(Number(v))}>
            <SelectTrigger id={sizeId} size="sm" className="w-20">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAGE_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)}>{size}</SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" disabled={!canPrevious} onClick={() => onPageChange(0)} aria-label={t('admin.firstPage')} title={t('admin.firstPage')}>
            <ChevronFirst aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" disabled={!canPrevious} onClick={() => onPageChange(pageIndex - 1)} aria-label={t('admin.previousPage')} title={t('admin.previousPage')}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="min-w-20 text-center text-sm tabular-nums">{texts.page}</span>
          <Button variant="ghost" size="icon" disabled={!canNext} onClick={() => onPageChange(pageIndex + 1)} aria-label={t('admin.nextPage')} title={t('admin.nextPage')}>
            <ChevronRight aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" disabled={!canLast} onClick={() => onPageChange(pageCount - 1)} aria-label={t('admin.lastPage')} title={t('admin.lastPage')}>
            <ChevronLast aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
