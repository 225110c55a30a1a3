// What the paginator shows and allows, from the page answer: the range, the page count, which
// buttons work. A capped total (the server stopped counting: `totalCountCapped`) reads "1.000+";
// Next works while pages come full, and the last page is not known.
import { formatNumber } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';

export interface PagingInput {
  pageIndex: number;
  pageSize: number;
  total: number;
  capped?: boolean;
  /** Rows on the page shown. */
  rowsOnPage?: number;
}

export interface Paging {
  pageCount: number;
  first: number;
  last: number;
  canPrevious: boolean;
  canNext: boolean;
  canLast: boolean;
}

export function paging({ pageIndex, pageSize, total, capped = false, rowsOnPage }: PagingInput): Paging {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const canNext = capped ? (rowsOnPage ?? pageSize) >= pageSize : pageIndex + 1 < pageCount;
  return {
    pageCount,
    first: total === 0 ? 0 : pageIndex * pageSize + 1,
    last: Math.min(total, (pageIndex + 1) * pageSize),
    canPrevious: pageIndex > 0,
    canNext,
    canLast: canNext && !capped,
  };
}

/** "Toplam 1.000+ kayıttan 1–10 arası" and "Sayfa 1 / 100+", numbers in the language's format. */
export function pagingTexts(input: PagingInput, locale?: string): { range: string; page: string } {
  const p = paging(input);
  const n = (value: number) => formatNumber(value, locale);
  const capped = input.capped ?? false;
  return {
    range: t(capped ? 'message.pagingCapped' : 'message.paging', { first: n(p.first), last: n(p.last), total: n(input.total) }),
    page: t(capped ? 'admin.pageOfCapped' : 'admin.pageOf', { page: n(input.pageIndex + 1), pages: n(p.pageCount) }),
  };
}
