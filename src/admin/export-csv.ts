// Export to CSV: every page of the current filter and sort (through the `page` operation, up to
// 10,000 rows), the list columns with their translated headers and the values as the table shows
// them, written as the farm's spreadsheets read it (src/lib/csv.ts).
import { csvField, csvSeparator, downloadCsv } from '@/lib/csv.ts';
import { t } from '@/lib/i18n.ts';
import { fetchPage } from './api.ts';
import { formatValue } from './value-format.ts';
import type { AdminEntity, EntityRow, PagedListRequest } from './types.ts';

export const EXPORT_MAX_ROWS = 10_000;
const EXPORT_PAGE_SIZE = 500; // the paged request's largest page

export interface ExportResult {
  count: number;
  total: number;
  truncated: boolean;
}

/**
 * Fetches every page of the request (from page 1), at most `EXPORT_MAX_ROWS` rows. `capped`: the
 * server stopped counting, so more rows match than `total`.
 */
export async function fetchAllPages(entity: AdminEntity, request: PagedListRequest, signal?: AbortSignal): Promise<{ rows: EntityRow[]; total: number; capped: boolean }> {
  const rows: EntityRow[] = [];
  let total = 0;
  let capped = false;
  for (let page = 1; rows.length < EXPORT_MAX_ROWS; page++) {
    const answer = await fetchPage(entity, { ...request, PageNumber: page, PageSize: EXPORT_PAGE_SIZE }, signal);
    total = answer.totalCount;
    capped = answer.totalCountCapped ?? false;
    rows.push(...answer.data);
    if (answer.data.length < EXPORT_PAGE_SIZE || (!capped && rows.length >= total)) break;
  }
  return { rows: rows.slice(0, EXPORT_MAX_ROWS), total, capped };
}

export function toCsv(entity: AdminEntity, rows: EntityRow[], locale: string): string {
  const separator = csvSeparator(locale);
  const header = entity.columns.map((c) => csvField(t(c.label), separator, true)).join(separator);
  const lines = rows.map((row) =>
    entity.columns
      .map((c) => csvField(formatValue(entity, c, row, locale), separator, c.kind === 'text' || !!c.lookup))
      .join(separator),
  );
  return [header, ...lines].join('\r\n');
}

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Exports the rows the request selects (any page number and size in it are replaced). */
export async function exportCsv(entity: AdminEntity, request: PagedListRequest, locale: string, signal?: AbortSignal): Promise<ExportResult> {
  const { rows, total, capped } = await fetchAllPages(entity, request, signal);
  downloadCsv(`${entity.plural}-${today()}.csv`, toCsv(entity, rows, locale));
  return { count: rows.length, total, truncated: capped || total > rows.length };
}
