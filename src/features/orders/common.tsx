// Small pieces the order page and the payment dialogs share: paged-list requests, the translated
// text of an ApiError (money parameters in the language's format), the order shown anew after a
// refused write, the little field/section wrappers, and dialogs loaded on use.
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useGetPaymentStatus } from '../../../generated/api/payment-status/payment-status.ts';
import type { FilterParam, FilterParamMatchMode, PagedListRequest, PaymentStatus, SortingParam } from '../../../generated/api/model/index.ts';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { formatDateTime, formatMoney } from '@/lib/format.ts';
import { hasTranslation, t } from '@/lib/i18n.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
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
  'error.order.completeUnpaid': ['balance'],
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

/** After a refused write of the order (409: changed meanwhile, or not allowed in its state), the
 *  page shows the order as it is now, so that the next try starts from it instead of repeating
 *  the refusal. */
export function useRefreshOnConflict() {
  const invalidate = useInvalidate();
  return async (err: unknown) => {
    if (err instanceof ApiError && err.status === 409) await invalidate('/VictimOrders');
  };
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

/** An instant (ISO, or a lookup's database text `2032-05-04 11:00:00+03`) in the language's format; as given when unreadable. */
export const dateTimeText = (value: string | null | undefined, locale: string): string => {
  const iso = value?.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return iso && !Number.isNaN(Date.parse(iso)) ? formatDateTime(iso, locale) : (value ?? '');
};

export function usePaymentStatuses(): PaymentStatus[] | undefined {
  return useGetPaymentStatus({ query: { select: dataOf, staleTime: 300_000 } }).data;
}

/** The words of a status or move named by a 409's `allowed`. */
const moveLabel = (m: unknown) => {
  const key = `enum.victimOrder.status.${String(m)}`;
  return hasTranslation(key) ? t(key) : String(m);
};

/** A refused move of the order, with the moves its status allows. */
export function MoveError({ error }: { error: unknown }) {
  const allowed = error instanceof ApiError && Array.isArray(error.body?.params?.allowed) ? (error.body.params.allowed as unknown[]) : undefined;
  return (
    <ErrorBox error={error}>
      {allowed && <p>{allowed.length ? t('orderPage.allowedMoves', { moves: allowed.map(moveLabel).join(', ') }) : t('orderPage.noMoves')}</p>}
    </ErrorBox>
  );
}

/** A dialog whose code (with the dialog primitives) loads when it is first opened, not with the
 *  page. Its button opens it through `open`, which shows it once the code is there: it then
 *  mounts at once (a lazy component would suspend, and React holds a revealed Suspense boundary
 *  back up to 300 ms). `warmOn` starts the load when the user points at or focuses the button. */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = undefined; // a later use tries again
        throw err;
      },
    ));
  const Lazy = lazy(async () => ({ default: await start() }));
  function OnDemand(props: P) {
    // Chosen once per opening: switching from the lazy one to the loaded one would remount it.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  const warm = () => void start().catch(() => undefined);
  /** Runs `show` once the code is loaded; if it cannot be, `show` still runs and the lazy path
   *  reports the failure as any page's missing code. */
  const open = (show: () => void) => void start().then(show, show);
  return Object.assign(OnDemand, { open, warmOn: { onPointerEnter: warm, onFocus: warm } });
}
