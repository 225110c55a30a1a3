// Small pieces the order page and the payment dialogs share: paged-list requests, the translated
// text of an ApiError (money parameters in the language's format), amounts typed the Turkish way,
// cache invalidation after a write, and the little field/section wrappers.
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FilterParam, FilterParamMatchMode, PagedListRequest, SortingParam } from '../../../generated/api/model/index.ts';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { formatMoney } from '@/lib/format.ts';
import { hasTranslation, t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';

export const where = (column: string, value: FilterParam['FilterValue'], mode: FilterParamMatchMode = 'equals'): FilterParam => ({
  ColumnName: column,
  FilterValue: value,
  MatchMode: mode,
  Operator: 'and',
});

export function pageRequest(filters: FilterParam[], sort: SortingParam[] = [], size = 100): PagedListRequest {
  return { PageNumber: 1, PageSize: size, FilterParam: filters, SortingParams: sort };
}

/** Money parameters of the season's errors, shown as money. */
const MONEY_PARAMS: Record<string, string[]> = {
  'error.payment.exceedsBalance': ['remaining'],
  'error.order.totalBelowPaid': ['paid'],
};

/** The translated message of a failed call, for an inline alert. */
export function errorText(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const code = err.code;
  if (code && MONEY_PARAMS[code] && hasTranslation(code)) {
    const params: Record<string, unknown> = { ...err.body?.params };
    for (const p of MONEY_PARAMS[code]) if (params[p] != null) params[p] = formatMoney(String(params[p]));
    return t(code, params);
  }
  return err.message;
}

/** An amount typed as `1.234,56`, `1234,56` or `1234.56` → `1234.56`; undefined when not one. */
export function parseAmount(text: string): string | undefined {
  let s = text.trim().replace(/\s|₺/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  if (!/^\d{1,16}(\.\d{1,2})?$/.test(s)) return undefined;
  return s;
}

/** A decimal string as the amount field shows it in the language (comma in Turkish). */
export function amountText(value: string | undefined, locale: string): string {
  if (!value) return '';
  return locale.startsWith('tr') ? value.replace('.', ',') : value;
}

/** Invalidates cached answers by their path (prefix of the generated query keys). */
export function useInvalidate() {
  const qc = useQueryClient();
  return (...paths: string[]) =>
    Promise.all(
      paths.map((p) =>
        qc.invalidateQueries({ predicate: (q) => q.queryKey.some((k) => typeof k === 'string' && (k === p || k.startsWith(`${p}/`))) }),
      ),
    );
}

export function ErrorBox({ error, children, className }: { error: unknown; children?: ReactNode; className?: string }) {
  if (!error) return null;
  return (
    <Alert variant="destructive" className={className}>
      <AlertDescription>
        <p>{errorText(error)}</p>
        {children}
      </AlertDescription>
    </Alert>
  );
}

export function Section({ title, actions, children, className, testId }: { title: string; actions?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={cn('flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm', className)} data-testid={testId} aria-label={title}>
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export const nativeSelectClass = 'h-(--control-h) py-1';
