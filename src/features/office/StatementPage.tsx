// /Accounts/:id/statement: the account statement (GET Accounts/{id}/statement?from=&to=): opening
// balance, the entries with their running balance, the range's totals and the closing balance.
// The range lives in the URL (?from=&to=), so a printed or shared statement is the same one.
// "Yazdır" prints the page (the controls hide in print), "CSV" saves the answer as shown.
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { useGetAccountStatement } from '../../../generated/api/accounts/accounts.ts';
import type { GetAccountStatementParams } from '../../../generated/api/model/index.ts';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DateInput } from '@/components/ui/day-picker.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { downloadCsv } from '@/lib/csv.ts';
import { statementCsv } from './statement-csv.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function StatementPage() {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const headingId = useId();
  const fromId = useId();
  const toId = useId();
  const { id: idText } = useParams();
  const id = Number(idText);
  const valid = Number.isInteger(id) && id > 0;

  const [search, setSearch] = useSearchParams();
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const [draft, setDraft] = useState({ from, to });
  const [rangeError, setRangeError] = useState<string>();

  const params: GetAccountStatementParams = {
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
  };
  const statement = useGetAccountStatement(id, params, {
    query: { enabled: valid, select: dataOf, placeholderData: keepPreviousData },
    request: { silent: true },
  });
  const s = statement.data;
  const money = (v: string) => formatMoney(v, locale, s?.currencyCode);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    // A day typed that is no day (the field keeps the text) is refused, not dropped.
    const unreadable = (['from', 'to'] as const).find((k) => draft[k] && !DAY.test(draft[k]));
    if (unreadable) {
      setRangeError(t('validation.format', { label: t(`office.statement.${unreadable}`) }));
      return;
    }
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError(t('office.statement.badRange'));
      return;
    }
    setRangeError(undefined);
    const next = new URLSearchParams();
    if (draft.from) next.set('from', draft.from);
    if (draft.to) next.set('to', draft.to);
    setSearch(next, { replace: true });
  };

  const exportCsv = () => {
    if (!s) return;
    const range = [s.from, s.to].filter(Boolean).join('_');
    downloadCsv(`ekstre-${s.accountCode}${range ? `-${range}` : ''}.csv`, statementCsv(s, locale));
  };

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 p-4 sm:p-6 print:p-0" data-testid="statement">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/Accounts" className="mb-2 inline-flex items-center gap-1 text-sm text-primary-text underline-offset-4 hover:underline focus-visible:outline-2 print:hidden">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('office.statement.back')}
          </Link>
          <h1 id={headingId} className="text-xl font-semibold">{t('office.statement.title')}</h1>
          {s && (
            <p className="text-muted-foreground" data-testid="statement-account">
              {`${s.accountCode} · ${s.accountTitle} · ${s.currencyCode}`}
              {(s.from || s.to) && ` · ${s.from ? formatDate(s.from, locale) : '…'} – ${s.to ? formatDate(s.to, locale) : '…'}`}
            </p>
          )}
        </div>
        <div className="flex gap-2 print:hidden">
          <Button variant="outline" onClick={() => window.print()} disabled={!s}>
            <Printer aria-hidden="true" />
            {t('office.statement.print')}
          </Button>
          <Button variant="outline" onClick={exportCsv} disabled={!s} data-testid="statement-csv">
            <Download aria-hidden="true" />
            {t('office.statement.csv')}
          </Button>
        </div>
      </header>

      <form onSubmit={apply} className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-card p-4 print:hidden" noValidate>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fromId}>{t('office.statement.from')}</Label>
          <DateInput id={fromId} lang={locale} value={draft.from} onValueChange={(day, text) => setDraft((d) => ({ ...d, from: day ?? text }))} aria-invalid={!!rangeError} aria-describedby={rangeError ? `${fromId}-error` : undefined} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={toId}>{t('office.statement.to')}</Label>
          <DateInput id={toId} lang={locale} value={draft.to} onValueChange={(day, text) => setDraft((d) => ({ ...d, to: day ?? text }))} aria-invalid={!!rangeError} />
        </div>
        <Button type="submit">{t('office.statement.show')}</Button>
        {rangeError && <p id={`${fromId}-error`} className="w-full text-sm text-destructive" role="alert">{rangeError}</p>}
      </form>

      {!valid ? (
        <Alert variant="destructive"><AlertDescription>{t('office.statement.notFound')}</AlertDescription></Alert>
      ) : statement.isError && !s ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {statement.error instanceof Error ? statement.error.message : t('office.loadFailed')}
            <Button variant="outline" size="sm" onClick={() => void statement.refetch()}>{t('office.retry')}</Button>
          </AlertDescription>
        </Alert>
      ) : !s ? (
        <Skeleton className="h-64" />
      ) : (
        <div className={cn('rounded-xl border border-border bg-card p-4 print:border-0 print:p-0', statement.isPlaceholderData && 'opacity-60')} aria-busy={statement.isFetching}>
          {statement.isError && (
            <p className="mb-3 text-sm text-destructive" role="alert">{statement.error instanceof Error ? statement.error.message : t('office.loadFailed')}</p>
          )}
          <div className="overflow-x-auto">
            <table className="w-full text-sm print:text-xs" data-testid="statement-table">
              <caption className="sr-only">{t('office.statement.title')}</caption>
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">{t('office.statement.col.date')}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t('office.statement.col.type')}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t('office.statement.col.document')}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t('office.statement.col.description')}</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">{t('office.statement.col.debit')}</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">{t('office.statement.col.credit')}</th>
                  <th scope="col" className="py-2 text-right font-medium">{t('office.statement.col.balance')}</th>
                </tr>
              </thead>
              <tbody>
                <tr className="border-b border-border bg-surface-50 dark:bg-surface-800 print:bg-transparent">
                  <th scope="row" colSpan={6} className="py-2 pr-3 text-left font-medium">{t('office.statement.opening')}</th>
                  <td className="py-2 text-right font-semibold tabular-nums" data-testid="statement-opening">{money(s.openingBalance)}</td>
                </tr>
                {s.entries.length === 0 ? (
                  <tr>
                    <td colSpan={7} className="py-6 text-center text-muted-foreground">{t('office.statement.empty')}</td>
                  </tr>
                ) : (
                  s.entries.map((e) => (
                    <tr key={e.id} className="border-b border-border" data-testid="statement-entry">
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDate(e.transactionDate, locale)}</td>
                      <td className="py-2 pr-3">{e.transactionTypeName}</td>
                      <td className="py-2 pr-3">{e.documentNo ?? ''}</td>
                      <td className="py-2 pr-3">{e.description ?? ''}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{Number(e.debit) ? money(e.debit) : ''}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{Number(e.credit) ? money(e.credit) : ''}</td>
                      <td className="py-2 text-right tabular-nums">{money(e.balance)}</td>
                    </tr>
                  ))
                )}
              </tbody>
              <tfoot>
                <tr className="border-b border-border">
                  <th scope="row" colSpan={4} className="py-2 pr-3 text-left font-medium">{t('office.statement.totals')}</th>
                  <td className="py-2 pr-3 text-right font-semibold tabular-nums" data-testid="statement-debit">{money(s.totalDebit)}</td>
                  <td className="py-2 pr-3 text-right font-semibold tabular-nums" data-testid="statement-credit">{money(s.totalCredit)}</td>
                  <td />
                </tr>
                <tr>
                  <th scope="row" colSpan={6} className="py-2 pr-3 text-left font-semibold">{t('office.statement.closing')}</th>
                  <td className="py-2 text-right text-base font-semibold tabular-nums" data-testid="statement-closing">{money(s.closingBalance)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
