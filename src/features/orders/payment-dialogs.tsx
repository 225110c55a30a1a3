// The payment dialogs, their own chunk (loaded when one is first opened): "Ödeme al" (the payment
// form with the order fixed), the standalone payment (pick the customer, then one of their open
// orders, then the same form), which the VictimPayments screen opens for New, and the refund's
// confirmation. An amount above the order's balance is refused on the amount field (with the most
// that can be taken); Escape on a form with typed values asks before discarding them.
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useLingui } from '@lingui/react';
import { Wallet } from 'lucide-react';
import { useGetAccountsForPaging } from '../../../generated/api/accounts/accounts.ts';
import { useGetPaymentMethods } from '../../../generated/api/payment-methods/payment-methods.ts';
import { useGetVictimOrdersForPaging } from '../../../generated/api/victim-orders/victim-orders.ts';
import { createVictimPayment, useCreateVictimPayment } from '../../../generated/api/victim-payments/victim-payments.ts';
import { useGetVirtualPOSs } from '../../../generated/api/virtual-po-ss/virtual-po-ss.ts';
import type { VictimOrder, VictimPayment } from '../../../generated/api/model/index.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { fieldClass, Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { useDiscardGuard } from '@/admin/discard-guard.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { currencyCode, formatMoney, moneyEditText, parseMoney } from '@/lib/format.ts';
import { MoneyInput } from '@/components/money-input.tsx';
import { t } from '@/lib/i18n.ts';
import { referenceText } from '@/lib/reference-text.ts';
import { keyedCreate, useSubmissionKey } from '@/lib/submission-key.ts';
import { cn } from '@/lib/utils.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { ErrorBox, errorText, nativeSelectClass, pageRequest, usePaymentStatuses, where } from './common.tsx';

/** The server's refusal of an amount above the order's balance: said on the amount field. */
const EXCEEDS_BALANCE = 'error.payment.exceedsBalance';
const exceedsBalance = (err: unknown) => err instanceof ApiError && err.code === EXCEEDS_BALANCE;

/** The payment form of one order: amount (the balance by default), method, virtual POS when the
 *  method needs one, description; the payment is created paid. `dirty` holds whether anything
 *  was typed or chosen (kept up to date as each change is committed, before the next key). */
function PaymentForm({ order, onDone, onCancel, dirty: dirtyRef }: { order: VictimOrder; onDone: () => void; onCancel: () => void; dirty?: RefObject<boolean> }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const ids = useId();
  const methods = useGetPaymentMethods({ query: { select: dataOf, staleTime: 300_000 } }).data?.filter((m) => m.isActive !== false);
  const poss = useGetVirtualPOSs({ query: { select: dataOf, staleTime: 300_000 } }).data?.filter((p) => p.isActive !== false);
  const statuses = usePaymentStatuses();
  const paid = statuses?.find((s) => s.code === 'paid');
  const [proposed] = useState(() => moneyEditText(order.balance, locale));
  const [amount, setAmount] = useState(proposed);
  const [methodId, setMethodId] = useState<number>();
  const [posId, setPosId] = useState<number>();
  const [description, setDescription] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // One key per payment taken: a double click or a retry after a time-out takes it once.
  const create = useCreateVictimPayment(keyedCreate(useSubmissionKey(), createVictimPayment));
  const invalidate = useInvalidate();

  const method = methods?.find((m) => m.id === (methodId ?? methods[0]?.id));
  const needsPos = method?.code === 'virtualPos';
  const pos = poss?.find((p) => p.id === (posId ?? poss.find((x) => x.isDefault)?.id ?? poss[0]?.id));
  const label = (f: string) => t(`field.victimPayment.${f}`);

  const dirty = amount !== proposed || description.trim() !== '' || methodId !== undefined || posId !== undefined;
  useLayoutEffect(() => {
    if (!dirtyRef) return;
    dirtyRef.current = dirty;
    return () => {
      dirtyRef.current = false;
    };
  }, [dirty, dirtyRef]);
  /** A field edited: its message goes (it is checked again on saving). */
  const edited = (f: string) => {
    if (f === 'amount') setAmountError(undefined);
    setFieldErrors((old) => (f in old ? Object.fromEntries(Object.entries(old).filter(([k]) => k !== f)) : old));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = parseMoney(amount, locale);
    if (!value || Number(value) <= 0) {
      setAmountError(t('orderPage.payment.amountInvalid'));
      return;
    }
    setAmountError(undefined);
    setFieldErrors({});
    if (!method || !paid) return;
    try {
      await create.mutateAsync({
        data: {
          victimOrderId: order.id,
          accountId: order.accountId,
          currencyTypeId: order.currencyTypeId,
          amount: value,
          paymentMethodId: method.id,
          paymentStatusId: paid.id,
          virtualPosId: needsPos ? (pos?.id ?? null) : null,
          description: description.trim() || null,
        },
      });
      await invalidate('/VictimOrders', '/VictimPayments', '/Accounts', '/Transactions');
      onDone();
    } catch (err) {
      if (exceedsBalance(err)) {
        // On the field to correct, with the most that can be taken; the keyboard goes there.
        setFieldErrors({ amount: errorText(err) });
        requestAnimationFrame(() => document.getElementById(`${ids}-amount`)?.focus());
      } else if (err instanceof ApiError) setFieldErrors(err.fieldMessages(label));
    }
  };

  const invalid = (f: string) => (fieldErrors[f] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${f}-error` } : {});
  const fieldError = (f: string) =>
    fieldErrors[f] ? (
      <p id={`${ids}-${f}-error`} className="text-sm text-destructive">
        {fieldErrors[f]}
      </p>
    ) : null;

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} data-testid="payment-form" noValidate>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-surface-50 p-3 text-sm dark:bg-surface-800">
        <dt className="text-muted-foreground">{t('field.victimOrder.orderNo')}</dt>
        <dd className="text-right font-medium">{order.orderNo}</dd>
        <dt className="text-muted-foreground">{t('field.victimOrder.accountId')}</dt>
        <dd className="text-right">{order.lookups?.accountId ?? order.accountId}</dd>
        <dt className="text-muted-foreground">{t('field.victimOrder.balance')}</dt>
        <dd className="text-right font-semibold tabular-nums">{formatMoney(order.balance, locale, currencyCode(order.currencyTypeId))}</dd>
      </dl>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${ids}-amount`}>{label('amount')} *</Label>
        <MoneyInput
          id={`${ids}-amount`}
          lang={locale}
          value={amount}
          onValueChange={(text) => {
            if (text !== amount) edited('amount');
            setAmount(text);
          }}
          aria-invalid={!!(amountError || fieldErrors.amount)}
          aria-describedby={amountError || fieldErrors.amount ? `${ids}-amount-error` : undefined}
          autoFocus
        />
        {(amountError || fieldErrors.amount) && (
          <p id={`${ids}-amount-error`} className="text-sm text-destructive" role="alert">
            {amountError ?? fieldErrors.amount}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${ids}-method`}>{label('paymentMethodId')} *</Label>
        {methods ? (
          <select id={`${ids}-method`} className={cn(fieldClass, nativeSelectClass)} value={method?.id ?? ''} onChange={(e) => (edited('paymentMethodId'), edited('virtualPosId'), setMethodId(Number(e.target.value)))} {...invalid('paymentMethodId')}>
            {methods.map((m) => (
              <option key={m.id} value={m.id}>
                {referenceText('PaymentMethod', 'name', m.key, m.name)}
              </option>
            ))}
          </select>
        ) : (
          <Skeleton className="h-(--control-h)" />
        )}
        {fieldError('paymentMethodId')}
      </div>
      {needsPos && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-pos`}>{label('virtualPosId')} *</Label>
          <select id={`${ids}-pos`} className={cn(fieldClass, nativeSelectClass)} value={pos?.id ?? ''} onChange={(e) => (edited('virtualPosId'), setPosId(Number(e.target.value)))} {...invalid('virtualPosId')}>
            {!poss?.length && <option value="">{t('orderPage.payment.noPos')}</option>}
            {poss?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.bankName})
              </option>
            ))}
          </select>
          {fieldError('virtualPosId')}
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${ids}-description`}>{label('description')}</Label>
        <Textarea id={`${ids}-description`} rows={2} maxLength={500} value={description} onChange={(e) => (edited('description'), setDescription(e.target.value))} {...invalid('description')} />
        {fieldError('description')}
      </div>
      {/* The over-balance refusal is said on the amount field instead. */}
      <ErrorBox error={exceedsBalance(create.error) ? undefined : create.error} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {t('action.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending || !method || !paid}>
          <Wallet />
          {t('orderPage.payment.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Ödeme al": the payment dialog with the order fixed. */
export function TakePaymentDialog({ order, onClose }: { order: VictimOrder; onClose: () => void }) {
  const dirty = useRef(false);
  const guard = useDiscardGuard(() => dirty.current, onClose);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent maximizable={false} onEscapeKeyDown={guard.onEscapeKeyDown} onPointerDownOutside={guard.onPointerDownOutside}>
        <DialogHeader>
          <DialogTitle>{t('orderPage.payment.title')}</DialogTitle>
          <DialogDescription>{t('orderPage.payment.description', { orderNo: order.orderNo })}</DialogDescription>
        </DialogHeader>
        <PaymentForm order={order} onDone={onClose} onCancel={onClose} dirty={dirty} />
        {guard.confirm}
      </DialogContent>
    </Dialog>
  );
}

/** New on the VictimPayments screen: the customer, then one of their open orders, then the payment. */
export function StandalonePaymentDialog({ onClose }: { onClose: () => void }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const ids = useId();
  const [search, setSearch] = useState('');
  const [accountId, setAccountId] = useState<number>();
  const [orderId, setOrderId] = useState<number>();
  const term = search.trim();
  const accounts = useGetAccountsForPaging(
    { ...pageRequest([], [{ ColumnName: 'title', SortOrder: 1 }], 8), GlobalFilter: term || undefined },
    { query: { select: dataOf, enabled: accountId === undefined } },
  );
  const orders = useGetVictimOrdersForPaging(
    pageRequest([where('accountId', accountId ?? 0), where('status', 'cancelled', 'notEquals')], [{ ColumnName: 'orderDate', SortOrder: -1 }]),
    { query: { select: dataOf, enabled: accountId !== undefined } },
  );
  const open = orders.data?.data.filter((o) => o.status !== 'cancelled' && Number(o.balance) > 0);
  const order = open?.find((o) => o.id === orderId);
  const account = accounts.data?.data.find((a) => a.id === accountId);
  // The payment form, once shown, says whether it holds typed values.
  const dirty = useRef(false);
  const guard = useDiscardGuard(() => dirty.current, onClose);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent maximizable={false} data-testid="standalone-payment" onEscapeKeyDown={guard.onEscapeKeyDown} onPointerDownOutside={guard.onPointerDownOutside}>
        <DialogHeader>
          <DialogTitle>{t('orderPage.payment.standaloneTitle')}</DialogTitle>
          <DialogDescription>{t('orderPage.payment.standaloneHelp')}</DialogDescription>
        </DialogHeader>
        {accountId === undefined ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${ids}-search`}>{t('orderPage.payment.customerSearch')}</Label>
            <Input id={`${ids}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoFocus autoComplete="off" />
            <ul className="flex min-h-48 flex-col gap-1" aria-label={t('field.victimPayment.accountId')} aria-busy={accounts.isFetching}>
              {accounts.isLoading && <Skeleton className="h-10" />}
              {accounts.data?.data.length === 0 && <li className="p-2 text-sm text-muted-foreground">{t('orderPage.empty')}</li>}
              {accounts.data?.data.map((a) => (
                <li key={a.id}>
                  <Button variant="ghost" className="w-full justify-between" onClick={() => setAccountId(a.id)}>
                    <span>{a.title}</span>
                    <span className="text-xs text-muted-foreground">{a.code}</span>
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : order === undefined ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm">
              {t('field.victimPayment.accountId')}: <strong>{account?.title}</strong>{' '}
              <Button variant="link" onClick={() => setAccountId(undefined)}>
                {t('orderPage.payment.changeCustomer')}
              </Button>
            </p>
            <h3 className="font-medium">{t('orderPage.payment.openOrders')}</h3>
            <ul className="flex min-h-32 flex-col gap-1">
              {orders.isLoading && <Skeleton className="h-10" />}
              {open?.length === 0 && <li className="p-2 text-sm text-muted-foreground">{t('orderPage.payment.noOpenOrders')}</li>}
              {open?.map((o) => (
                <li key={o.id}>
                  <Button variant="outline" className="w-full justify-between" onClick={() => setOrderId(o.id)}>
                    <span>
                      {o.orderNo} · {o.lookups?.productId ?? ''}
                    </span>
                    <span className="tabular-nums">{t('orderPage.payment.orderBalance', { balance: formatMoney(o.balance, locale, currencyCode(o.currencyTypeId)) })}</span>
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <PaymentForm
            order={order}
            onCancel={() => setOrderId(undefined)}
            onDone={onClose}
            dirty={dirty}
          />
        )}
        {guard.confirm}
      </DialogContent>
    </Dialog>
  );
}

/** Confirms the refund of a paid payment; the order's payments list holds the call and its error. */
export function RefundDialog({ payment, onClose, onConfirm, error, pending }: { payment: VictimPayment | undefined; onClose: () => void; onConfirm: (p: VictimPayment) => void; error: unknown; pending: boolean }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  return (
    <AlertDialog open={!!payment} onOpenChange={(o) => !o && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('orderPage.payment.refund')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('orderPage.payment.refundConfirm', { amount: formatMoney(payment?.amount, locale, currencyCode(payment?.currencyTypeId)), receiptNo: payment?.receiptNo ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ErrorBox error={error} />
        <AlertDialogFooter>
          <AlertDialogCancel>{t('action.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending}
            onClick={(e) => {
              e.preventDefault();
              if (payment) onConfirm(payment);
            }}
          >
            {t('orderPage.payment.refund')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
