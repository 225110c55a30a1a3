// /Sales/new: selling Kurban shares at the counter in one form, top to bottom: the animal (cards
// with code, breed, weight, share price and a fill bar of shares sold / capacity, filterable by
// kind and free shares), the customer (search by name, phone or identity number, or create one
// inline), the shares with one shareholder each (defaulting to the customer), the optional
// deposit, and the live subtotal / discount / total. Enter on an animal or a customer moves on to
// the next part; Enter in a field saves the sale. Saving is one request, POST /Sales: the server
// makes the new customer, the order (priced and numbered by it), the shareholders and the deposit
// in one transaction, or nothing. Each submission of a form carries one Idempotency-Key, kept
// while the form is unchanged, so a double click or a retry after a time-out sells once. A refusal
// shows on its fields (a 409 because the shares went meanwhile shows how many are left beside the
// share count) and nothing typed is lost. A new customer with the name and phone of an existing
// account makes the server ask (409): the screen shows "Bu müşteri zaten kayıtlı olabilir" with
// those accounts (code, phone's last four digits), and the sale goes on with the one picked or
// with the new customer confirmed.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, UserPlus } from 'lucide-react';
import { useDebounced } from '@/admin/hooks.ts';
import { createSale } from '../../../generated/api/victim-orders/victim-orders.ts';
import { getGetAccountsQueryKey } from '../../../generated/api/accounts/accounts.ts';
import { getGetPriceTypesQueryKey } from '../../../generated/api/price-types/price-types.ts';
import { getGetProductsQueryKey } from '../../../generated/api/products/products.ts';
import type { Account, SaleRequest, SaleRequestStatus, VictimOrderDetailUpdateIntention } from '../../../generated/api/model/index.ts';
import { isValidIdentityNumber } from '../../../common/identity-number.ts';
import { phoneLast4 } from '../../../common/phone.ts';
import { PRICE_OVERRIDE_CLAIM } from '../../../common/claims.ts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { fieldClass, Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { currencyCode, formatMoney, formatNumber, moneyEditText } from '@/lib/format.ts';
import { MoneyInput } from '@/components/money-input.tsx';
import { t } from '@/lib/i18n.ts';
import { referenceText } from '@/lib/reference-text.ts';
import { cn } from '@/lib/utils.ts';
import { useSession } from '@/lib/session.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { useSubmissionKey } from '@/lib/submission-key.ts';
import { fromKurus, loadAnimals, loadReference, PAGE_SIZE, possibleDuplicates, searchCustomers, toKurus, type Animal, type PossibleDuplicate, type Reference } from './data.ts';

const INTENTIONS: VictimOrderDetailUpdateIntention[] = ['kurban', 'adak', 'akika', 'sukur'];

/** Searches ask once the clerk stops typing. */
const SEARCH_PAUSE_MS = 250;

interface Holder {
  name: string;
  phone: string;
  intention: VictimOrderDetailUpdateIntention;
}

type Errors = Record<string, string>;

/** The buyer: an account found, or a new customer the sale will make (no id yet). */
type Buyer = Pick<Account, 'title'> & Partial<Pick<Account, 'id' | 'code' | 'phoneNumber' | 'identityNumber'>> & {
  /** A new customer the clerk confirmed after being shown the accounts it may be. */
  confirmedNew?: boolean;
};

/** An account as pickers show it: enough to tell two namesakes apart (its code, its phone's last four digits). */
function AccountLine({ title, code, last4, detailClass }: { title: string; code?: string | null; last4: string | null; detailClass?: string }) {
  return (
    <>
      <span className="font-medium">{title}</span>
      {code && <span className={cn('font-mono', detailClass)}>{code}</span>}
      {last4 && <span className={cn('tabular-nums', detailClass)}>{t('sales.customer.phoneEnd', { last4 })}</span>}
    </>
  );
}


/** Where an error of POST /Sales shows: the form's own keys for the request's fields. */
function errorKey(field: string): string {
  const holder = /^shareholders\.(\d+)\.(name|phone)$/.exec(field);
  if (holder) return `${holder[2]}${holder[1]}`;
  return { discountAmount: 'discount', 'deposit.amount': 'deposit', 'deposit.paymentMethodId': 'method', productId: 'animal', accountId: 'customer' }[field] ?? field;
}

function Field({ id, label, error, hint, children, className }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {children}
      {/* The line is always there: a message appearing moves nothing. */}
      <p id={`${id}-error`} className={cn('min-h-5 text-sm', error ? 'text-destructive' : 'text-muted-foreground')} role={error ? 'alert' : undefined}>
        {error ?? hint ?? ''}
      </p>
    </div>
  );
}

const invalid = (error: string | undefined, id: string) => ({ 'aria-invalid': error ? true : undefined, 'aria-describedby': `${id}-error` });

function FillBar({ sold, capacity, locale }: { sold: number; capacity: number; locale: string }) {
  const percent = capacity > 0 ? Math.round((Math.min(sold, capacity) / capacity) * 100) : 0;
  return (
    <div className="flex flex-col gap-1">
      <span className="block h-2 overflow-hidden rounded-full bg-surface-100 dark:bg-surface-800" aria-hidden>
        <span className={cn('block h-full rounded-full', sold >= capacity ? 'bg-surface-400' : 'bg-primary')} style={{ width: `${percent}%` }} />
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">
        {t('sales.animal.fill', { sold: formatNumber(sold, locale), capacity: formatNumber(capacity, locale), free: formatNumber(Math.max(0, capacity - sold), locale) })}
      </span>
    </div>
  );
}

export function SalesPage() {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const navigate = useNavigate();
  const ids = { form: useId(), search: useId(), kind: useId(), freeOnly: useId(), customer: useId() };
  const customerSearchRef = useRef<HTMLInputElement>(null);
  const shareCountRef = useRef<HTMLInputElement>(null);
  const newTitleRef = useRef<HTMLInputElement>(null);

  // Derived keys (src/lib/query-keys.ts): each under the list it reads, so invalidating that entity reaches it.
  const reference = useQuery({ queryKey: [...getGetPriceTypesQueryKey(), 'salesReference'], queryFn: loadReference, staleTime: 5 * 60_000 });
  const ref: Reference | undefined = reference.data;

  // The animal.
  const [kind, setKind] = useState<number | null>(null);
  const [freeOnly, setFreeOnly] = useState(true);
  const [animalSearch, setAnimalSearch] = useState('');
  const [page, setPage] = useState(1);
  const animalQuery = { page, productTypeId: kind, search: useDebounced(animalSearch, SEARCH_PAUSE_MS), freeOnly };
  const animals = useQuery({
    queryKey: [...getGetProductsQueryKey(), 'salesAnimals', animalQuery],
    queryFn: ({ signal }) => loadAnimals(animalQuery, ref!, signal),
    enabled: !!ref,
    placeholderData: keepPreviousData,
  });
  const [animal, setAnimal] = useState<Animal | null>(null);
  const shown = animals.data?.animals ?? [];
  const pages = Math.max(1, Math.ceil((animals.data?.totalCount ?? 0) / PAGE_SIZE));

  // The customer.
  const [customerText, setCustomerText] = useState('');
  const customerSearch = useDebounced(customerText.trim(), SEARCH_PAUSE_MS);
  const customers = useQuery({
    queryKey: [...getGetAccountsQueryKey(), 'salesCustomers', customerSearch],
    queryFn: ({ signal }) => searchCustomers(customerSearch, signal),
    enabled: customerSearch.length >= 2,
    placeholderData: keepPreviousData,
  });
  const [customer, setCustomer] = useState<Buyer | null>(null);
  const [creating, setCreating] = useState(false);
  const [newCustomer, setNewCustomer] = useState({ title: '', phoneNumber: '', identityNumber: '' });
  const [customerErrors, setCustomerErrors] = useState<Errors>({});
  /** The accounts the new customer may be (the server asked): the clerk picks one or confirms a new customer. */
  const [duplicates, setDuplicates] = useState<PossibleDuplicate[] | null>(null);
  const firstDuplicateRef = useRef<HTMLButtonElement>(null);
  // The server's question gets the focus on its first answer (Enter picks it), once it is on the
  // screen: after the render that shows it, not on a frame that may come before that render.
  useEffect(() => {
    if (duplicates?.length) firstDuplicateRef.current?.focus();
  }, [duplicates]);
  const { hasClaim } = useSession();
  const invalidate = useInvalidate();
  const mayPrice = hasClaim(PRICE_OVERRIDE_CLAIM);

  // The shares, the money, the deposit.
  const [shareCount, setShareCount] = useState('1');
  const [unitPrice, setUnitPrice] = useState('');
  const [discount, setDiscount] = useState('0');
  const [status, setStatus] = useState<SaleRequestStatus>('confirmed');
  const [holders, setHolders] = useState<Holder[]>([{ name: '', phone: '', intention: 'kurban' }]);
  const [deposit, setDeposit] = useState('');
  const [methodId, setMethodId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const keyFor = useSubmissionKey();

  const methods = ref?.paymentMethods ?? [];
  const chosenMethod = methodId ?? methods[0]?.id ?? null;
  const count = Number.parseInt(shareCount, 10);
  const validCount = Number.isInteger(count) && count >= 1 ? count : 0;
  const unitK = toKurus(unitPrice, locale);
  const discountK = discount.trim() === '' ? 0 : toKurus(discount, locale);
  const depositK = deposit.trim() === '' ? 0 : toKurus(deposit, locale);
  const subtotalK = unitK === null ? null : unitK * validCount;
  const totalK = subtotalK === null || discountK === null ? null : Math.max(0, subtotalK - discountK);
  // The sale's amounts are in the animal's share price's currency.
  const money = (k: number | null) => (k === null ? '—' : formatMoney(fromKurus(k), locale, currencyCode(animal?.price?.currencyTypeId)));

  /** Rows follow the share count; new rows start with the customer. */
  function resize(list: Holder[], n: number, who: Buyer | null): Holder[] {
    const next = list.slice(0, Math.max(1, Math.min(7, n)));
    while (next.length < Math.min(7, n)) next.push({ name: who?.title ?? '', phone: who?.phoneNumber ?? '', intention: 'kurban' });
    return next;
  }

  function chooseAnimal(a: Animal) {
    setAnimal(a);
    setUnitPrice(moneyEditText(a.price?.amount, locale));
    setErrors((e) => ({ ...e, animal: '', shareCount: '' }));
  }

  function chooseCustomer(c: Buyer) {
    // Rows still showing the previous customer (or nothing) follow the new one.
    setHolders((list) =>
      list.map((h) => ({
        ...h,
        name: h.name === '' || h.name === customer?.title ? c.title : h.name,
        phone: h.phone === '' || h.phone === (customer?.phoneNumber ?? '') ? (c.phoneNumber ?? '') : h.phone,
      })),
    );
    setCustomer(c);
    setDuplicates(null);
    setErrors((e) => ({ ...e, customer: '' }));
  }

  /** The answer to "may already be registered": the account picked, or the new customer confirmed; the sale goes on with it. */
  function answerDuplicate(c: Buyer) {
    chooseCustomer(c);
    requestAnimationFrame(() => (document.getElementById(ids.form) as HTMLFormElement | null)?.requestSubmit());
  }

  function onAnimalKey(e: KeyboardEvent<HTMLInputElement>, a: Animal) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    chooseAnimal(a);
    customerSearchRef.current?.focus();
  }

  function onCustomerKey(e: KeyboardEvent<HTMLInputElement>, c: Account) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    chooseCustomer(c);
    shareCountRef.current?.focus();
  }

  function onCustomerSearchKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const first = customers.data?.[0];
    if (first && customerSearch === customerText.trim()) {
      chooseCustomer(first);
      shareCountRef.current?.focus();
    }
  }

  /** The new customer typed in: checked here, made by the server with the sale. */
  function takeNewCustomer() {
    const errs: Errors = {};
    const title = newCustomer.title.trim();
    const phoneNumber = newCustomer.phoneNumber.trim();
    const identityNumber = newCustomer.identityNumber.trim();
    if (!title) errs.title = t('sales.error.required');
    if (phoneNumber && !/^\+?[0-9 ()-]{7,20}$/.test(phoneNumber)) errs.phoneNumber = t('sales.error.phone');
    if (identityNumber && !isValidIdentityNumber(identityNumber)) errs.identityNumber = t('validation.format', { label: t('field.account.identityNumber') });
    setCustomerErrors(errs);
    if (Object.keys(errs).length) return;
    chooseCustomer({ title, phoneNumber: phoneNumber || null, identityNumber: identityNumber || null });
    setCreating(false);
    shareCountRef.current?.focus();
  }

  function validate(): Errors {
    const errs: Errors = {};
    if (!animal) errs.animal = t('sales.error.noAnimal');
    if (!customer) errs.customer = t('sales.error.noCustomer');
    if (!validCount) errs.shareCount = t('sales.error.shareCount');
    else if (animal && validCount > animal.sharesFree) errs.shareCount = t('error.order.sharesExhausted', { remaining: animal.sharesFree });
    if (unitK === null) errs.unitPrice = t('sales.error.money');
    if (discountK === null) errs.discount = t('sales.error.money');
    else if (subtotalK !== null && discountK > subtotalK) errs.discount = t('sales.error.discount');
    holders.forEach((h, i) => {
      if (!h.name.trim()) errs[`name${i}`] = t('sales.error.required');
      if (h.phone.trim() && !/^\+?[0-9 ()-]{7,20}$/.test(h.phone.trim())) errs[`phone${i}`] = t('sales.error.phone');
    });
    if (depositK === null) errs.deposit = t('sales.error.money');
    else if (depositK > 0 && totalK !== null && depositK > totalK) errs.deposit = t('sales.error.depositAboveTotal');
    if (depositK && !chosenMethod) errs.method = t('sales.error.required');
    return errs;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving || !ref) return;
    const errs = validate();
    setErrors(errs);
    if (Object.values(errs).some(Boolean)) {
      requestAnimationFrame(() => document.getElementById(ids.form)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const listedK = animal!.price ? toKurus(animal!.price.amount, 'en-US') : null;
    const body: SaleRequest = {
      ...(customer!.id !== undefined
        ? { accountId: customer!.id }
        : { customer: { title: customer!.title, phoneNumber: customer!.phoneNumber ?? null, identityNumber: customer!.identityNumber ?? null, ...(customer!.confirmedNew ? { confirmedNew: true } : {}) } }),
      productId: animal!.id,
      shareCount: validCount,
      shareholders: holders.slice(0, validCount).map((h) => ({ name: h.name.trim(), phone: h.phone.trim() || null, intention: h.intention })),
      discountAmount: fromKurus(discountK ?? 0),
      status,
      // The server prices the share; another price is sent only by a user who may set one.
      ...(mayPrice && unitK !== listedK ? { unitPrice: fromKurus(unitK!) } : {}),
      ...(depositK && chosenMethod ? { deposit: { amount: fromKurus(depositK), paymentMethodId: chosenMethod } } : {}),
    };
    setSaving(true);
    try {
      const sale = dataOf(await createSale(body, { silent: true, headers: { 'Idempotency-Key': keyFor(body) } }));
      keyFor.done();
      // What the sale wrote: the animal's shares, the order, the customer and their ledger, the payment.
      void invalidate('/Products', '/VictimOrders', '/VictimOrderDetail', '/VictimPayments', '/Accounts', '/Transactions');
      void navigate(`/VictimOrders/${sale.order.id}`);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.code === 'error.order.sharesExhausted') void animals.refetch();
        if (err.code === 'error.account.possibleDuplicate') {
          setDuplicates(possibleDuplicates(err.body?.params));
        }
        const fields = err.fieldMessages((f) => t(f.startsWith('customer.') ? `field.account.${f.slice(9)}` : `field.victimOrder.${f}`));
        const byField: Errors = {};
        const ofCustomer: Errors = {};
        for (const [f, m] of Object.entries(fields)) {
          // The new customer's fields show on its form, opened again with what was typed.
          if (f.startsWith('customer.') || (f === 'identityNumber' && customer?.id === undefined)) ofCustomer[f.replace(/^customer\./, '')] = m;
          else byField[errorKey(f)] = m;
        }
        if (Object.keys(ofCustomer).length) {
          setCustomerErrors(ofCustomer);
          setCreating(true);
        }
        if (err.code === 'error.order.sharesExhausted') {
          setErrors({ shareCount: err.message });
          shareCountRef.current?.focus();
        } else {
          setErrors({ ...byField, form: err.message });
        }
      } else {
        setErrors({ form: t('error.default') });
      }
    } finally {
      setSaving(false);
    }
  }

  const loadingRef = reference.isPending;
  if (reference.isError) {
    return (
      <Alert variant="destructive" role="alert">{t('sales.loadFailed')}</Alert>
    );
  }

  return (
    <form id={ids.form} className="flex flex-col gap-6" onSubmit={(e) => void submit(e)} noValidate data-testid="sales-form" aria-busy={saving}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('sales.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('sales.subtitle')}</p>
        </div>
      </header>

      {/* 1. The animal */}
      <Card className="gap-4">
        <CardHeader>
          <CardTitle><h2 className="text-base">{t('sales.animal.title')}</h2></CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end gap-4">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.search} className="text-sm font-medium">{t('sales.animal.search')}</label>
              <Input
                id={ids.search}
                className="w-56"
                value={animalSearch}
                onChange={(e) => {
                  setAnimalSearch(e.target.value);
                  setPage(1);
                }}
                onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.kind} className="text-sm font-medium">{t('sales.animal.kind')}</label>
              <select
                id={ids.kind}
                className={cn(fieldClass, 'h-(--control-h) w-48')}
                value={kind ?? ''}
                onChange={(e) => {
                  setKind(e.target.value ? Number(e.target.value) : null);
                  setPage(1);
                }}
              >
                <option value="">{t('sales.animal.allKinds')}</option>
                {(ref?.productTypes ?? []).map((pt) => (
                  <option key={pt.id} value={pt.id}>{referenceText('ProductType', 'name', pt.code, pt.name)}</option>
                ))}
              </select>
            </div>
            <label htmlFor={ids.freeOnly} className="flex h-(--control-h) items-center gap-2 text-sm font-medium">
              <input
                id={ids.freeOnly}
                type="checkbox"
                className="size-4 accent-(--primary-color,currentColor)"
                checked={freeOnly}
                onChange={(e) => {
                  setFreeOnly(e.target.checked);
                  setPage(1);
                }}
              />
              {t('sales.animal.freeOnly')}
            </label>
          </div>

          <fieldset aria-describedby="sales-animal-error" aria-busy={animals.isFetching}>
            <legend className="sr-only">{t('sales.animal.title')}</legend>
            {loadingRef || animals.isPending ? (
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-32" />)}
              </div>
            ) : shown.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">{t('sales.animal.none')}</p>
            ) : (
              <div className={cn('grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4', animals.isPlaceholderData && 'opacity-60')} data-testid="animal-list">
                {shown.map((a) => {
                  const left = a.sharesFree;
                  const checked = animal?.id === a.id;
                  return (
                    <label
                      key={a.id}
                      className={cn(
                        'relative flex cursor-pointer flex-col gap-2 rounded-lg border border-border bg-card p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
                        checked && 'border-primary bg-highlight',
                        left === 0 && 'cursor-not-allowed border-dashed bg-surface-50 dark:bg-surface-900',
                      )}
                      data-testid="animal-card"
                      data-code={a.code}
                    >
                      <input
                        type="radio"
                        name="sales-animal"
                        className="sr-only"
                        value={a.id}
                        checked={checked}
                        disabled={left === 0 && !checked}
                        onChange={() => chooseAnimal(a)}
                        onKeyDown={(e) => onAnimalKey(e, a)}
                        aria-label={`${a.code} ${a.name}`}
                      />
                      <span className="flex items-center justify-between gap-2">
                        <span className="font-mono font-semibold">{a.code}</span>
                        {checked && <Check className="size-4 text-primary-text" aria-hidden />}
                      </span>
                      <span className="truncate text-sm">{a.name}</span>
                      <span className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
                        <span>{a.breed ?? t('sales.animal.noBreed')}</span>
                        {a.liveWeightKg && <span className="tabular-nums">{t('sales.animal.weight', { kg: formatNumber(a.liveWeightKg, locale) })}</span>}
                      </span>
                      <span className="text-sm font-semibold tabular-nums">
                        {a.price ? t('sales.animal.price', { price: formatMoney(a.price.amount, locale, currencyCode(a.price.currencyTypeId)) }) : t('sales.animal.noPrice')}
                      </span>
                      <FillBar sold={a.sharesSold} capacity={a.shareCapacity ?? 0} locale={locale} />
                    </label>
                  );
                })}
              </div>
            )}
            <p id="sales-animal-error" className="mt-2 min-h-5 text-sm text-destructive" role={errors.animal ? 'alert' : undefined}>{errors.animal ?? ''}</p>
          </fieldset>
          {pages > 1 && (
            <nav className="flex items-center gap-3 text-sm" aria-label={t('sales.animal.pages')}>
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>{t('sales.previous')}</Button>
              <span className="tabular-nums">{t('sales.page', { page, pages })}</span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>{t('sales.next')}</Button>
            </nav>
          )}
        </CardContent>
      </Card>

      {/* 2. The customer */}
      <Card className="gap-4">
        <CardHeader>
          <CardTitle><h2 className="text-base">{t('sales.customer.title')}</h2></CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {customer && (
            <p className="rounded-lg bg-highlight p-3 text-sm text-highlight-foreground" data-testid="chosen-customer">
              <strong>{customer.title}</strong> · {customer.code ?? t('sales.customer.newTag')}
              {customer.phoneNumber ? ` · ${customer.phoneNumber}` : ''}
              {customer.identityNumber ? ` · ${customer.identityNumber}` : ''}
            </p>
          )}
          {duplicates && customer && customer.id === undefined && (
            <Alert variant="warn" data-testid="possible-duplicates">
              <AlertTitle>{t('sales.customer.duplicate.title')}</AlertTitle>
              <AlertDescription className="w-full opacity-100">
                <p>{t('sales.customer.duplicate.hint')}</p>
                <ul className="flex w-full flex-col gap-2">
                  {duplicates.map((a, i) => (
                    <li key={a.id} className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="possible-duplicate">
                      <AccountLine title={a.title} code={a.code} last4={a.phoneLast4} />
                      <Button
                        type="button"
                        size="sm"
                        ref={i === 0 ? firstDuplicateRef : undefined}
                        aria-label={`${t('sales.customer.duplicate.use')}: ${a.code} ${a.title}`}
                        onClick={() => answerDuplicate({ id: a.id, code: a.code, title: a.title, phoneNumber: customer.phoneNumber ?? null })}
                      >
                        {t('sales.customer.duplicate.use')}
                      </Button>
                    </li>
                  ))}
                </ul>
                <Button type="button" variant="outline" size="sm" onClick={() => answerDuplicate({ ...customer, confirmedNew: true })}>
                  {t('sales.customer.duplicate.createNew')}
                </Button>
              </AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap items-end gap-3">
            <Field id={ids.customer} label={t('sales.customer.search')} error={errors.customer || undefined} hint={t('sales.customer.searchHint')} className="w-full max-w-md">
              <Input
                id={ids.customer}
                ref={customerSearchRef}
                value={customerText}
                autoComplete="off"
                onChange={(e) => setCustomerText(e.target.value)}
                onKeyDown={onCustomerSearchKey}
                {...invalid(errors.customer || undefined, ids.customer)}
              />
            </Field>
            <Button
              variant="outline"
              className="mb-6.5"
              aria-expanded={creating}
              onClick={() => {
                setCreating((c) => !c);
                requestAnimationFrame(() => newTitleRef.current?.focus());
              }}
            >
              <UserPlus aria-hidden />
              {t('sales.customer.new')}
            </Button>
          </div>
          {customerSearch.length >= 2 && (
            <fieldset aria-busy={customers.isFetching}>
              <legend className="sr-only">{t('sales.customer.results')}</legend>
              {customers.isPending ? (
                <Skeleton className="h-10" />
              ) : (customers.data ?? []).length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('sales.customer.none')}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="customer-results">
                  {(customers.data ?? []).map((c) => (
                    <li key={c.id}>
                      <label className={cn('flex cursor-pointer flex-wrap items-center gap-x-3 px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring', customer?.id === c.id && 'bg-highlight')}>
                        <input type="radio" name="sales-customer" className="size-4" checked={customer?.id === c.id} onChange={() => chooseCustomer(c)} onKeyDown={(e) => onCustomerKey(e, c)} />
                        <AccountLine title={c.title} code={c.code} last4={phoneLast4(c.phoneNumber)} detailClass="text-muted-foreground" />
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          )}
          {creating && (
            <div
              className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-3"
              role="group"
              aria-label={t('sales.customer.new')}
              data-testid="new-customer"
              onKeyDown={(e) => {
                if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
                  e.preventDefault();
                  takeNewCustomer();
                }
              }}
            >
              <Field id={`${ids.customer}-title`} label={t('field.account.title')} error={customerErrors.title}>
                <Input id={`${ids.customer}-title`} ref={newTitleRef} value={newCustomer.title} onChange={(e) => setNewCustomer((c) => ({ ...c, title: e.target.value }))} {...invalid(customerErrors.title, `${ids.customer}-title`)} />
              </Field>
              <Field id={`${ids.customer}-phone`} label={t('field.account.phoneNumber')} error={customerErrors.phoneNumber}>
                <Input id={`${ids.customer}-phone`} type="tel" value={newCustomer.phoneNumber} onChange={(e) => setNewCustomer((c) => ({ ...c, phoneNumber: e.target.value }))} {...invalid(customerErrors.phoneNumber, `${ids.customer}-phone`)} />
              </Field>
              <Field id={`${ids.customer}-identity`} label={t('field.account.identityNumber')} error={customerErrors.identityNumber}>
                <Input id={`${ids.customer}-identity`} inputMode="numeric" value={newCustomer.identityNumber} onChange={(e) => setNewCustomer((c) => ({ ...c, identityNumber: e.target.value }))} {...invalid(customerErrors.identityNumber, `${ids.customer}-identity`)} />
              </Field>
              {customerErrors.form && <p role="alert" className="text-sm text-destructive sm:col-span-3">{customerErrors.form}</p>}
              <div className="sm:col-span-3">
                <Button type="button" onClick={() => takeNewCustomer()}>{t('sales.customer.save')}</Button>
              </div>
            </div>
          )}
        </CardContent>
      </Card>

      {/* 3. The shares and shareholders */}
      <Card className="gap-4">
        <CardHeader>
          <CardTitle><h2 className="text-base">{t('sales.shares.title')}</h2></CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Field id="sales-shareCount" label={t('field.victimOrder.shareCount')} error={errors.shareCount || undefined} hint={animal ? t('sales.shares.free', { free: animal.sharesFree }) : undefined}>
              <Input
                id="sales-shareCount"
                ref={shareCountRef}
                type="number"
                min={1}
                max={7}
                value={shareCount}
                onChange={(e) => {
                  setShareCount(e.target.value);
                  const n = Number.parseInt(e.target.value, 10);
                  if (Number.isInteger(n) && n >= 1) setHolders((list) => resize(list, n, customer));
                }}
                {...invalid(errors.shareCount || undefined, 'sales-shareCount')}
              />
            </Field>
            <Field id="sales-unitPrice" label={t('field.victimOrder.unitPrice')} error={errors.unitPrice || undefined}>
              {/* The price list's; only a user who may set another price can change it (the server checks). */}
              <MoneyInput id="sales-unitPrice" lang={locale} value={unitPrice} readOnly={!mayPrice} onValueChange={setUnitPrice} {...invalid(errors.unitPrice || undefined, 'sales-unitPrice')} />
            </Field>
            <Field id="sales-discount" label={t('field.victimOrder.discountAmount')} error={errors.discount || undefined}>
              <MoneyInput id="sales-discount" lang={locale} value={discount} onValueChange={setDiscount} {...invalid(errors.discount || undefined, 'sales-discount')} />
            </Field>
            <Field id="sales-status" label={t('field.victimOrder.status')}>
              <select id="sales-status" className={cn(fieldClass, 'h-(--control-h)')} value={status} onChange={(e) => setStatus(e.target.value as SaleRequestStatus)} aria-describedby="sales-status-error">
                <option value="confirmed">{t('enum.victimOrder.status.confirmed')}</option>
                <option value="draft">{t('enum.victimOrder.status.draft')}</option>
              </select>
            </Field>
          </div>
          <ol className="flex flex-col gap-2" data-testid="holders">
            {holders.map((h, i) => {
              const set = (patch: Partial<Holder>) => setHolders((list) => list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
              const id = `sales-holder-${i}`;
              return (
                <li key={i} className="grid items-start gap-3 rounded-lg bg-surface-50 p-3 sm:grid-cols-[3rem_1fr_1fr_10rem] dark:bg-surface-800">
                  <span className="text-sm font-semibold tabular-nums sm:pt-8">{t('sales.shares.share', { n: i + 1 })}</span>
                  <Field id={`${id}-name`} label={t('field.victimOrderDetail.shareholderName')} error={errors[`name${i}`] || undefined}>
                    <Input id={`${id}-name`} value={h.name} onChange={(e) => set({ name: e.target.value })} {...invalid(errors[`name${i}`] || undefined, `${id}-name`)} />
                  </Field>
                  <Field id={`${id}-phone`} label={t('field.victimOrderDetail.shareholderPhone')} error={errors[`phone${i}`] || undefined}>
                    <Input id={`${id}-phone`} type="tel" value={h.phone} onChange={(e) => set({ phone: e.target.value })} {...invalid(errors[`phone${i}`] || undefined, `${id}-phone`)} />
                  </Field>
                  <Field id={`${id}-intention`} label={t('field.victimOrderDetail.intention')}>
                    <select id={`${id}-intention`} className={cn(fieldClass, 'h-(--control-h)')} value={h.intention} onChange={(e) => set({ intention: e.target.value as VictimOrderDetailUpdateIntention })}>
                      {INTENTIONS.map((v) => (
                        <option key={v} value={v}>{t(`enum.victimOrderDetail.intention.${v}`)}</option>
                      ))}
                    </select>
                  </Field>
                </li>
              );
            })}
          </ol>
        </CardContent>
      </Card>

      {/* 4. The deposit, the totals and saving */}
      <Card className="gap-4">
        <CardHeader>
          <CardTitle><h2 className="text-base">{t('sales.payment.title')}</h2></CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6 lg:grid-cols-2">
          <div className="grid content-start gap-4 sm:grid-cols-2">
            <Field id="sales-deposit" label={t('sales.payment.deposit')} error={errors.deposit || undefined} hint={t('sales.payment.depositHint')}>
              <MoneyInput id="sales-deposit" lang={locale} value={deposit} onValueChange={setDeposit} {...invalid(errors.deposit || undefined, 'sales-deposit')} />
            </Field>
            <Field id="sales-method" label={t('sales.payment.method')} error={errors.method || undefined}>
              <select id="sales-method" className={cn(fieldClass, 'h-(--control-h)')} value={chosenMethod ?? ''} onChange={(e) => setMethodId(Number(e.target.value))} {...invalid(errors.method || undefined, 'sales-method')}>
                {methods.map((m) => (
                  <option key={m.id} value={m.id}>{referenceText('PaymentMethod', 'name', m.key, m.name)}</option>
                ))}
              </select>
            </Field>
          </div>
          <div className="flex flex-col gap-3">
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="totals" aria-live="polite">
              <dt className="text-muted-foreground">{t('sales.total.subtotal')}</dt>
              <dd className="text-right tabular-nums" data-testid="subtotal">{money(subtotalK)}</dd>
              <dt className="text-muted-foreground">{t('field.victimOrder.discountAmount')}</dt>
              <dd className="text-right tabular-nums" data-testid="discount">{money(discountK)}</dd>
              <dt className="font-semibold">{t('sales.total.total')}</dt>
              <dd className="text-right text-lg font-semibold tabular-nums" data-testid="total">{money(totalK)}</dd>
              {!!depositK && totalK !== null && (
                <>
                  <dt className="text-muted-foreground">{t('sales.total.balance')}</dt>
                  <dd className="text-right tabular-nums" data-testid="balance">{money(Math.max(0, totalK - depositK))}</dd>
                </>
              )}
            </dl>
            <p className="min-h-5 text-sm text-destructive" role={errors.form ? 'alert' : undefined} data-testid="form-error">{errors.form ?? ''}</p>
            <Button type="submit" size="lg" disabled={saving || loadingRef} data-testid="sales-submit">
              {saving ? t('sales.saving') : t('sales.submit')}
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}
