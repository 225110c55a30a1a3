// /VictimOrders/:id: one Kurban order. Its summary and status with the moves allowed from it
// (confirm, cancel with a reason, complete once confirmed in a dialog; each with the order's
// rowVersion, 409s shown inline and followed by the current order), the proxy (vekâlet) switched
// on or off in the summary, the share lines, the payments and balance, the bookings (book, move, cancel), the step
// history of its animal, and a printable receipt, of the order or of one paid payment (only the
// receipt prints: the print stylesheet below; the receipts: receipt.tsx).
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useParams } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { ArrowLeft, Ban, CheckCheck, CircleCheck, Printer } from 'lucide-react';
import { useConfirmVictimOrder, useGetVictimOrderById, useUpdateVictimOrder } from '../../../generated/api/victim-orders/victim-orders.ts';
import type { VictimPayment } from '../../../generated/api/model/index.ts';
import type { RecordPanelProps } from '@/admin/types.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { currencyCode, formatDate, formatMoney, formatNumber } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { BookingSection, StepHistorySection } from './booking.tsx';
import { MessagesSection } from './messages.tsx';
import { ErrorBox, MoveError, onDemand, Section, useRefreshOnConflict } from './common.tsx';
import { PaymentsSection } from './payments.tsx';
import { OrderReceipt, PaymentReceipt } from './receipt.tsx';
import { SharesSection } from './shares.tsx';

const CancelDialog = onDemand(() => import('./cancel-dialog.tsx').then((m) => m.CancelDialog));
const CompleteDialog = onDemand(() => import('./complete-dialog.tsx').then((m) => m.CompleteDialog));

const STATUS_TONE: Record<string, BadgeVariant> = { draft: 'secondary', confirmed: 'info', cancelled: 'danger', completed: 'success' };

// Only the receipt prints; the layout around the page (menus, top bar) is hidden by visibility.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #order-receipt, #order-receipt * { visibility: visible !important; }
  #order-receipt { display: block !important; position: absolute; inset: 0 auto auto 0; width: 100%; padding: 1.5rem; background: #fff; color: #000; }
  @page { margin: 1.5cm; }
}`;

const yesNo = (v: boolean | undefined) => (v ? t('action.yes') : t('action.no'));

/** `History`: the order's change history, composed in by the router (a chunk of its own). */
export function OrderPage({ History }: { History?: ComponentType<RecordPanelProps> }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const { id } = useParams();
  const orderId = Number(id);
  const { hasClaim } = useSession();
  const query = useGetVictimOrderById(orderId, { query: { select: dataOf, enabled: Number.isInteger(orderId) && orderId > 0 } });
  const order = query.data;
  const [cancelling, setCancelling] = useState(false);
  const [completing, setCompleting] = useState(false);
  // The payment whose receipt prints (else the order's), until its print is over.
  const [receiptOf, setReceiptOf] = useState<VictimPayment>();
  useEffect(() => {
    const done = () => setReceiptOf(undefined);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);
  const print = (payment?: VictimPayment) => {
    // The chosen receipt in the page before the print dialog takes its picture.
    flushSync(() => setReceiptOf(payment));
    window.print();
  };
  const confirm = useConfirmVictimOrder({ request: { silent: true } });
  const proxy = useUpdateVictimOrder({ request: { silent: true } });
  const invalidate = useInvalidate();
  const refreshOnConflict = useRefreshOnConflict();
  const canUpdate = hasClaim('VictimOrders.Update');

  // Completing asks first, in its dialog (complete-dialog.tsx).
  const move = async () => {
    if (!order) return;
    confirm.reset();
    try {
      await confirm.mutateAsync({ id: order.id, data: { rowVersion: order.rowVersion } });
      await invalidate('/VictimOrders', '/Accounts', '/Transactions');
    } catch (err) {
      // shown below
      await refreshOnConflict(err);
    }
  };

  // Saved when switched, with the order's rowVersion: an edit made meanwhile makes it a 409.
  const recordProxy = async (received: boolean) => {
    if (!order) return;
    proxy.reset();
    // An update names the required fields (as they are); what it leaves out keeps its value.
    const { id, rowVersion, accountId, productId, shareCount, unitPrice, currencyTypeId, orderDate } = order;
    try {
      await proxy.mutateAsync({ data: { id, rowVersion, accountId, productId, shareCount, unitPrice, currencyTypeId, orderDate, proxyReceived: received } });
      await invalidate('/VictimOrders');
    } catch (err) {
      // shown below the summary
      await refreshOnConflict(err);
    }
  };

  if (!order) {
    return (
      <div className="flex flex-col gap-4" data-testid="order-page">
        {query.isError ? <ErrorBox error={query.error} /> : <Skeleton className="h-40" aria-label={t('app.loading')} />}
        <Link to="/VictimOrders" className="text-primary-text underline underline-offset-4">
          {t('orderPage.back')}
        </Link>
      </div>
    );
  }

  const status = order.status ?? 'draft';
  const money = (v: string) => formatMoney(v, locale, currencyCode(order.currencyTypeId));
  const row = (label: string, value: ReactNode, testId?: string) => (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </>
  );

  return (
    <div className="flex flex-col gap-6" data-testid="order-page" aria-busy={query.isFetching}>
      <style>{PRINT_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <Link to="/VictimOrders" className="inline-flex items-center gap-1 text-sm text-primary-text underline-offset-4 hover:underline">
            <ArrowLeft className="size-4" aria-hidden />
            {t('entity.victimOrders')}
          </Link>
          <h1 className="flex items-center gap-3 text-2xl font-semibold tracking-tight">
            {t('orderPage.title', { orderNo: order.orderNo })}
            <Badge variant={STATUS_TONE[status]} data-testid="order-status">
              {t(`enum.victimOrder.status.${status}`)}
            </Badge>
          </h1>
        </div>
        <div className="flex flex-wrap gap-2">
          {canUpdate && status === 'draft' && (
            <Button onClick={() => void move()} disabled={confirm.isPending}>
              <CircleCheck />
              {t('orderPage.action.confirm')}
            </Button>
          )}
          {canUpdate && status === 'confirmed' && (
            <Button onClick={() => CompleteDialog.open(() => setCompleting(true))} {...CompleteDialog.warmOn}>
              <CheckCheck />
              {t('orderPage.action.complete')}
            </Button>
          )}
          {canUpdate && (status === 'draft' || status === 'confirmed') && (
            <Button variant="outline" onClick={() => CancelDialog.open(() => setCancelling(true))} {...CancelDialog.warmOn}>
              <Ban />
              {t('orderPage.action.cancel')}
            </Button>
          )}
          <Button variant="outline" onClick={() => print()}>
            <Printer />
            {t('orderPage.action.print')}
          </Button>
        </div>
      </header>
      <MoveError error={confirm.error} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title={t('orderPage.summary')} testId="order-summary">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {row(t('field.victimOrder.accountId'), order.lookups?.accountId ?? order.accountId)}
            {row(t('field.victimOrder.productId'), order.lookups?.productId ?? order.productId)}
            {row(t('field.victimOrder.orderDate'), formatDate(order.orderDate, locale))}
            {row(t('field.victimOrder.shareCount'), formatNumber(order.shareCount, locale))}
            {row(t('field.victimOrder.unitPrice'), money(order.unitPrice))}
            {row(t('field.victimOrder.discountAmount'), money(order.discountAmount ?? '0'))}
            {row(t('field.victimOrder.deliveryMethod'), t(`enum.victimOrder.deliveryMethod.${order.deliveryMethod ?? 'pickup'}`))}
            {row(
              t('field.victimOrder.proxyReceived'),
              canUpdate && (status === 'draft' || status === 'confirmed') ? (
                <label className="inline-flex items-center gap-2">
                  {/* Waits for the order being (re)loaded: the next save is sent with its version. */}
                  <input
                    type="checkbox"
                    role="switch"
                    className="size-4 accent-primary"
                    aria-label={t('field.victimOrder.proxyReceived')}
                    checked={!!order.proxyReceived}
                    disabled={proxy.isPending || query.isFetching}
                    onChange={(e) => void recordProxy(e.target.checked)}
                  />
                  {yesNo(order.proxyReceived)}
                </label>
              ) : (
                yesNo(order.proxyReceived)
              ),
            )}
            {order.cancelReason && row(t('field.victimOrder.cancelReason'), order.cancelReason)}
          </dl>
          <ErrorBox error={proxy.error} />
        </Section>
        <Section title={t('orderPage.money')} testId="order-money">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-base">
            {row(t('field.victimOrder.totalAmount'), money(order.totalAmount), 'order-total')}
            {row(t('field.victimOrder.paidAmount'), money(order.paidAmount), 'order-paid')}
            {row(t('field.victimOrder.balance'), <span className="text-lg font-semibold">{money(order.balance)}</span>, 'order-balance')}
          </dl>
        </Section>
      </div>
      <SharesSection order={order} />
      <PaymentsSection order={order} onPrint={print} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <BookingSection order={order} />
        <StepHistorySection order={order} />
      </div>
      {hasClaim('Messages.Read') && <MessagesSection order={order} />}
      {History && (
        <Suspense fallback={null}>
          <History plural="VictimOrders" id={order.id} version={order.rowVersion} />
        </Suspense>
      )}
      {receiptOf ? <PaymentReceipt order={order} payment={receiptOf} locale={locale} /> : <OrderReceipt order={order} locale={locale} />}
      {cancelling && <CancelDialog order={order} onClose={() => setCancelling(false)} />}
      {completing && <CompleteDialog order={order} onClose={() => setCompleting(false)} />}
    </div>
  );
}
