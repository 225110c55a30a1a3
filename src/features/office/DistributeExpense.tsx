// "Gider dağıt" on /Transactions: one expense split over chosen accounts (POST
// Transactions/distribute-expense). Equal parts are previewed with the server's own split
// (common/money.ts: largest remainder on kuruş, ties to the earlier account); parts by shares need
// the accounts' share counts, which only the server knows: the preview says so and the saved parts show.
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Plus, Split, X } from 'lucide-react';
import { useGetAccountsForPaging } from '../../../generated/api/accounts/accounts.ts';
import { useGetCurrencyTypes } from '../../../generated/api/currency-types/currency-types.ts';
import { distributeExpense, useDistributeExpense } from '../../../generated/api/transactions/transactions.ts';
import type { Account, DistributeExpenseRequestMethod, DistributeExpenseResult } from '../../../generated/api/model/index.ts';
import { fromKurus, splitByWeights, toKurus } from '../../../common/money.ts';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DateInput } from '@/components/ui/day-picker.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { fieldClass, Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { keyedCreate, useSubmissionKey } from '@/lib/submission-key.ts';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { useFieldErrors } from '@/lib/field-errors.ts';
import { formatMoney, istanbulToday, parseMoney } from '@/lib/format.ts';
import { MoneyInput } from '@/components/money-input.tsx';
import { t } from '@/lib/i18n.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';

const METHODS: DistributeExpenseRequestMethod[] = ['equal', 'shares', 'amounts'];
const SEARCH_DEBOUNCE_MS = 300;

interface Chosen {
  id: number;
  code: string;
  title: string;
  amount: string;
}

/** The Toolbar button and its dialog. */
export function DistributeExpenseButton() {
  const { hasClaim } = useSession();
  const [open, setOpen] = useState(false);
  if (!hasClaim('Transactions.Create')) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="distribute-expense">
        <Split aria-hidden="true" />
        {t('office.distribute.open')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <DistributeExpenseDialog onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function DistributeExpenseDialog({ onClose }: { onClose: () => void }) {
  const invalidate = useInvalidate();
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const ids = { total: useId(), currency: useId(), date: useId(), doc: useId(), desc: useId(), search: useId(), errors: useId() };

  const currencies = useGetCurrencyTypes({ query: { select: dataOf }, request: { silent: true } });
  const [currencyId, setCurrencyId] = useState<number>();
  const currencyList = currencies.data ?? [];
  const currency = currencyList.find((c) => c.id === currencyId) ?? currencyList.find((c) => c.isDefault) ?? currencyList[0];

  const [total, setTotal] = useState('');
  const [date, setDate] = useState<string | null>(() => istanbulToday());
  const [documentNo, setDocumentNo] = useState('');
  const [description, setDescription] = useState('');
  const [method, setMethod] = useState<DistributeExpenseRequestMethod>('equal');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  // The summary for screen readers, said on a save and gone with the next edit.
  const [announce, setAnnounce] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [result, setResult] = useState<DistributeExpenseResult>();

  const money = (v: string) => formatMoney(v, locale, currency?.code);
  const totalValue = parseMoney(total, locale) ?? null;

  // The parts as the server will compute them (null: only the server can tell).
  const preview = useMemo<(string | null)[]>(() => {
    if (method === 'shares') return chosen.map(() => null);
    if (method === 'amounts') return chosen.map((c) => (parseMoney(c.amount, locale) ?? null));
    if (!totalValue || !chosen.length) return chosen.map(() => null);
    return splitByWeights(toKurus(totalValue), chosen.map(() => 1n)).map(fromKurus);
  }, [method, chosen, totalValue]);
  const typedSum = method === 'amounts' ? fromKurus(preview.reduce((s, p) => s + (p ? toKurus(p) : 0n), 0n)) : null;
  const mismatch = method === 'amounts' && totalValue !== null && typedSum !== null && toKurus(typedSum) !== toKurus(totalValue);

  // One Idempotency-Key per distribution: a retry after a time-out writes its entries once.
  const distribute = useDistributeExpense(keyedCreate(useSubmissionKey(), distributeExpense));

  const labelOf = (field: string): string => {
    const key = field.replace(/^accounts\.\d+\./, 'accounts.');
    const labels: Record<string, string> = {
      totalAmount: t('office.distribute.total'),
      currencyTypeId: t('office.distribute.currency'),
      transactionDate: t('office.distribute.date'),
      documentNo: t('office.distribute.documentNo'),
      description: t('office.distribute.description'),
      method: t('office.distribute.method'),
      accounts: t('office.distribute.accounts'),
      'accounts.amount': t('office.distribute.amount'),
      'accounts.accountId': t('office.distribute.account'),
    };
    return labels[key] ?? field;
  };

  /** The form's own checks on what is typed now. */
  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!totalValue || toKurus(totalValue) <= 0n) found.totalAmount = t('office.distribute.error.total');
    if (!description.trim()) found.description = t('office.distribute.error.required', { label: labelOf('description') });
    if (date === null) found.transactionDate = t('validation.format', { label: labelOf('transactionDate') });
    else if (!date) found.transactionDate = t('office.distribute.error.required', { label: labelOf('transactionDate') });
    if (!chosen.length) found.accounts = t('office.distribute.error.noAccounts');
    if (method === 'amounts') {
      chosen.forEach((c, i) => {
        if (!(parseMoney(c.amount, locale) ?? null)) found[`accounts.${i}.amount`] = t('office.distribute.error.amount');
      });
      if (mismatch && !found.accounts) found.accounts = t('office.distribute.error.mismatch', { sum: money(typedSum ?? '0'), total: money(totalValue ?? '0') });
    }
    return found;
  };
  const fieldErrors = useFieldErrors(check);
  const { errors } = fieldErrors;

  /** A field edited: the server's messages about it go (the accounts' messages with any change of the list). */
  const edited = (field: string) => {
    setAnnounce(false);
    fieldErrors.edited(field);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(undefined);
    setAnnounce(true);
    const found = fieldErrors.trySave();
    // The keyboard goes to the first field to fix.
    const first = (['totalAmount', 'transactionDate', 'description', 'accounts'] as const).find((f) => found[f]);
    if (first) document.getElementById({ totalAmount: ids.total, transactionDate: ids.date, description: ids.desc, accounts: ids.search }[first])?.focus();
    if (Object.keys(found).length || !totalValue || !currency || !date) return;
    distribute.mutate(
      {
        data: {
          totalAmount: totalValue,
          currencyTypeId: currency.id,
          transactionDate: date,
          documentNo: documentNo.trim() || null,
          description: description.trim(),
          method,
          accounts: chosen.map((c) => (method === 'amounts' ? { accountId: c.id, amount: parseMoney(c.amount, locale) ?? '0' } : { accountId: c.id })),
        },
      },
      {
        onSuccess: (answer) => {
          setResult(dataOf(answer));
          // The entries posted and the balances they moved.
          void invalidate('/Transactions', '/Accounts');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields.length) fieldErrors.serverSaid(err.fieldMessages(labelOf));
          else setFailure(err instanceof Error ? err.message : String(err));
        },
      },
    );
  };

  const titleOf = new Map(chosen.map((c) => [c.id, `${c.code} · ${c.title}`]));
  const errorList = Object.entries(errors);

  return (
    <DialogContent size="lg" data-testid="distribute-dialog">
      <DialogHeader>
        <DialogTitle>{t('office.distribute.title')}</DialogTitle>
        <DialogDescription>{t('office.distribute.hint')}</DialogDescription>
      </DialogHeader>
      {result ? (
        <div className="flex flex-col gap-4" data-testid="distribute-result">
          <Alert variant="success" role="status">
            <AlertDescription>{t('office.distribute.done', { count: result.transactions.length, total: money(result.totalAmount) })}</AlertDescription>
          </Alert>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('office.distribute.created')}</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 font-medium">{t('office.distribute.account')}</th>
                <th scope="col" className="py-2 text-right font-medium">{t('office.distribute.part')}</th>
              </tr>
            </thead>
            <tbody>
              {result.transactions.map((tx) => (
                <tr key={tx.id} className="border-b border-border" data-testid="created-part">
                  <td className="py-2">{titleOf.get(tx.accountId) ?? tx.lookups?.accountId ?? `#${tx.accountId}`}</td>
                  <td className="py-2 text-right tabular-nums">{money(tx.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <DialogFooter>
            <Button onClick={onClose}>{t('office.close')}</Button>
          </DialogFooter>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-describedby={announce && errorList.length ? ids.errors : undefined}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={ids.total} label={t('office.distribute.total')} error={errors.totalAmount}>
              <MoneyInput id={ids.total} lang={locale} value={total} onValueChange={(text) => { if (text !== total) edited('totalAmount'); setTotal(text); }} required aria-required="true" aria-invalid={!!errors.totalAmount} aria-describedby={errors.totalAmount ? `${ids.total}-error` : undefined} />
            </Field>
            <Field id={ids.currency} label={t('office.distribute.currency')} error={errors.currencyTypeId}>
              <select id={ids.currency} className={cn(fieldClass, 'h-(--control-h)')} value={currency?.id ?? ''} onChange={(e) => { edited('currencyTypeId'); setCurrencyId(Number(e.target.value)); }} aria-invalid={!!errors.currencyTypeId}>
                {currencyList.map((c) => (
                  <option key={c.id} value={c.id}>{`${c.code} · ${c.name}`}</option>
                ))}
              </select>
            </Field>
            <Field id={ids.date} label={t('office.distribute.date')} error={errors.transactionDate}>
              <DateInput id={ids.date} lang={locale} value={date ?? ''} onValueChange={(day) => { edited('transactionDate'); setDate(day); }} required aria-invalid={!!errors.transactionDate} aria-describedby={errors.transactionDate ? `${ids.date}-error` : undefined} />
            </Field>
            <Field id={ids.doc} label={t('office.distribute.documentNo')} error={errors.documentNo}>
              <Input id={ids.doc} value={documentNo} maxLength={50} onChange={(e) => { edited('documentNo'); setDocumentNo(e.target.value); }} aria-invalid={!!errors.documentNo} aria-describedby={errors.documentNo ? `${ids.doc}-error` : undefined} />
            </Field>
          </div>
          <Field id={ids.desc} label={t('office.distribute.description')} error={errors.description}>
            <Input id={ids.desc} value={description} maxLength={500} onChange={(e) => { edited('description'); setDescription(e.target.value); }} required aria-required="true" aria-invalid={!!errors.description} aria-describedby={errors.description ? `${ids.desc}-error` : undefined} />
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('office.distribute.method')}</legend>
            <div className="flex flex-wrap gap-4">
              {METHODS.map((m) => (
                <label key={m} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="method" value={m} checked={method === m} onChange={() => { edited('method'); setMethod(m); }} className="size-4 accent-primary focus-visible:ring-2 focus-visible:ring-ring" />
                  {t(`office.distribute.method.${m}`)}
                </label>
              ))}
            </div>
          </fieldset>

          <AccountPicker
            inputId={ids.search}
            chosenIds={new Set(chosen.map((c) => c.id))}
            onAdd={(a) => {
              edited('accounts');
              setChosen((old) => [...old, { id: a.id, code: a.code, title: a.title, amount: '' }]);
            }}
          />

          <section aria-labelledby={`${ids.search}-chosen`} className="flex flex-col gap-2">
            <h3 id={`${ids.search}-chosen`} className="text-sm font-medium">{t('office.distribute.accounts')}</h3>
            {errors.accounts && <p id={`${ids.search}-accounts-error`} className="text-sm text-destructive">{errors.accounts}</p>}
            {chosen.length === 0 ? (
              <p className="rounded-md border border-dashed border-border p-3 text-sm text-muted-foreground">{t('office.distribute.noneChosen')}</p>
            ) : (
              <table className="w-full text-sm" data-testid="distribute-parts">
                <caption className="sr-only">{t('office.distribute.preview')}</caption>
                <thead>
                  <tr className="border-b border-border text-left text-muted-foreground">
                    <th scope="col" className="py-2 font-medium">{t('office.distribute.account')}</th>
                    {method === 'amounts' && <th scope="col" className="py-2 font-medium">{t('office.distribute.amount')}</th>}
                    <th scope="col" className="py-2 text-right font-medium">{t('office.distribute.part')}</th>
                    <th scope="col" className="py-2"><span className="sr-only">{t('office.distribute.remove')}</span></th>
                  </tr>
                </thead>
                <tbody>
                  {chosen.map((c, i) => {
                    const amountError = errors[`accounts.${i}.amount`] ?? errors[`accounts.${i}.accountId`];
                    const amountId = `${ids.search}-amount-${c.id}`;
                    return (
                      <tr key={c.id} className="border-b border-border align-top" data-testid="distribute-part">
                        <td className="py-2">{`${c.code} · ${c.title}`}</td>
                        {method === 'amounts' && (
                          <td className="py-1">
                            <MoneyInput
                              id={amountId}
                              lang={locale}
                              className="w-32"
                              aria-label={t('office.distribute.amountOf', { name: c.title })}
                              value={c.amount}
                              onValueChange={(text) => {
                                if (text !== c.amount) edited('accounts');
                                setChosen((old) => old.map((x) => (x.id === c.id ? { ...x, amount: text } : x)));
                              }}
                              aria-invalid={!!amountError}
                              aria-describedby={amountError ? `${amountId}-error` : undefined}
                            />
                            {amountError && <p id={`${amountId}-error`} className="mt-1 text-xs text-destructive">{amountError}</p>}
                          </td>
                        )}
                        <td className="py-2 text-right tabular-nums" data-testid="part-preview">
                          {preview[i] ? money(preview[i]) : <span className="text-muted-foreground">{method === 'shares' ? t('office.distribute.byShares') : '—'}</span>}
                        </td>
                        <td className="py-1 text-right">
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            className="size-8"
                            aria-label={t('office.distribute.removeOne', { name: c.title })}
                            title={t('office.distribute.remove')}
                            onClick={() => {
                              edited('accounts');
                              setChosen((old) => old.filter((x) => x.id !== c.id));
                            }}
                          >
                            <X aria-hidden="true" />
                          </Button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" className="py-2 text-left font-medium">{t('office.distribute.sum')}</th>
                    {method === 'amounts' && <td />}
                    <td className={cn('py-2 text-right font-semibold tabular-nums', mismatch && 'text-destructive')} data-testid="parts-sum">
                      {method === 'amounts' ? money(typedSum ?? '0') : totalValue ? money(totalValue) : '—'}
                    </td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            )}
            {method === 'shares' && chosen.length > 0 && <p className="text-sm text-muted-foreground">{t('office.distribute.sharesNote')}</p>}
          </section>

          {announce && errorList.length > 0 && (
            <p id={ids.errors} className="sr-only" role="alert">{errorList.map(([, m]) => m).join(' ')}</p>
          )}
          {failure && (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>{t('office.cancel')}</Button>
            <Button type="submit" disabled={distribute.isPending} data-testid="distribute-save">{t('office.distribute.save')}</Button>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && <p id={`${id}-error`} className="text-sm text-destructive">{error}</p>}
    </div>
  );
}

/** Searches the accounts (paged list, GlobalFilter) and adds one to the list. */
function AccountPicker({ inputId, chosenIds, onAdd }: { inputId: string; chosenIds: Set<number>; onAdd: (a: Account) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useGetAccountsForPaging(
    {
      PageNumber: 1,
      PageSize: 8,
      FilterParam: [{ ColumnName: 'isActive', FilterValue: true, MatchMode: 'equals', Operator: 'and' }],
      SortingParams: [{ ColumnName: 'code', SortOrder: 1 }],
      ...(query ? { GlobalFilter: query.slice(0, 200) } : {}),
    },
    { query: { select: dataOf }, request: { silent: true } },
  );
  const rows = (found.data?.data ?? []).filter((a) => !chosenIds.has(a.id));
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={inputId}>{t('office.distribute.search')}</Label>
      <Input id={inputId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('office.distribute.searchHint')} autoComplete="off" />
      <div aria-live="polite" aria-busy={found.isFetching} className="max-h-48 overflow-y-auto rounded-md border border-border">
        {found.isPending ? (
          <p className="p-3 text-sm text-muted-foreground">{t('office.loading')}</p>
        ) : found.isError ? (
          <p className="p-3 text-sm text-destructive">{t('office.loadFailed')}</p>
        ) : rows.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">{t('office.distribute.noMatch')}</p>
        ) : (
          <ul data-testid="account-results">
            {rows.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-2 border-b border-border px-3 py-1.5 last:border-b-0">
                <span className="text-sm">{`${a.code} · ${a.title}`}</span>
                <Button type="button" variant="outline" size="sm" onClick={() => onAdd(a)} aria-label={t('office.distribute.addOne', { name: a.title })}>
                  <Plus aria-hidden="true" />
                  {t('office.distribute.add')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
