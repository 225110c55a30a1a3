// Payments of an order: the list with statuses, a refund and a printed receipt ("Makbuz yazdır",
// receipt.tsx) on paid ones, and "Ödeme al". The dialogs (payment form, refund confirmation) load on first use (payment-dialogs.tsx).
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { Printer, Undo2, Wallet } from 'lucide-react';
import { useGetVictimPaymentsForPaging, useUpdateVictimPayment } from '../../../generated/api/victim-payments/victim-payments.ts';
import type { VictimOrder, VictimPayment } from '../../../generated/api/model/index.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { currencyCode, formatDateTime, formatMoney } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { lookupText } from '@/lib/reference-text.ts';
import { useSession } from '@/lib/session.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { onDemand, pageRequest, Section, usePaymentStatuses, where } from './common.tsx';

const loadDialogs = () => import('./payment-dialogs.tsx');
const TakePaymentDialog = onDemand(() => loadDialogs().then((m) => m.TakePaymentDialog));
const RefundDialog = onDemand(() => loadDialogs().then((m) => m.RefundDialog));

const STATUS_TONE: Record<string, BadgeVariant> = { pending: 'warn', paid: 'success', cancelled: 'secondary', refunded: 'info' };

/** The order's payments, the latest first (one query: the section and the receipts share it). */
export function useOrderPayments(orderId: number) {
  return useGetVictimPaymentsForPaging(pageRequest([where('victimOrderId', orderId)], [{ ColumnName: 'paidAt', SortOrder: -1 }]), {
    query: { select: dataOf },
  });
}

/** The order's payments with their statuses; paid ones can be refunded (not once the order is completed), and their receipt printed
 *  (`onPrint`: the order page prints it). */
export function PaymentsSection({ order, onPrint }: { order: VictimOrder; onPrint?: (payment: VictimPayment) => void }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const { hasClaim } = useSession();
  const [taking, setTaking] = useState(false);
  const [refunding, setRefunding] = useState<VictimPayment>();
  // Mounted from the first refund on, so that closing it animates as before.
  const [refundAsked, setRefundAsked] = useState(false);
  const statuses = usePaymentStatuses();
  const payments = useOrderPayments(order.id);
  const update = useUpdateVictimPayment({ request: { silent: true } });
  const invalidate = useInvalidate();
  const codeOf = (p: VictimPayment) => statuses?.find((s) => s.id === p.paymentStatusId)?.code;
  const refunded = statuses?.find((s) => s.code === 'refunded');
  const canTake = hasClaim('VictimPayments.Create') && order.status !== 'cancelled' && Number(order.balance) > 0;

  const refund = async (p: VictimPayment) => {
    if (!refunded) return;
    try {
      await update.mutateAsync({
        data: {
          id: p.id,
          rowVersion: p.rowVersion,
          victimOrderId: p.victimOrderId,
          accountId: p.accountId,
          amount: p.amount,
          currencyTypeId: p.currencyTypeId,
          paymentMethodId: p.paymentMethodId,
          paymentStatusId: refunded.id,
          virtualPosId: p.virtualPosId ?? null,
        },
      });
      setRefunding(undefined);
      await invalidate('/VictimOrders', '/VictimPayments', '/Accounts', '/Transactions');
    } catch {
      // shown in the confirmation
    }
  };

  return (
    <Section
      title={t('orderPage.payments.title')}
      testId="order-payments"
      actions={
        hasClaim('VictimPayments.Create') && (
          <Button onClick={() => TakePaymentDialog.open(() => setTaking(true))} disabled={!canTake} {...TakePaymentDialog.warmOn}>
            <Wallet />
            {t('orderPage.payment.take')}
          </Button>
        )
      }
    >
      {payments.isLoading ? (
        <Skeleton className="h-20" />
      ) : !payments.data?.data.length ? (
        <p className="text-sm text-muted-foreground">{t('orderPage.payments.empty')}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('field.victimPayment.paidAt')}</TableHead>
              <TableHead>{t('field.victimPayment.receiptNo')}</TableHead>
              <TableHead>{t('field.victimPayment.paymentMethodId')}</TableHead>
              <TableHead>{t('field.victimPayment.paymentStatusId')}</TableHead>
              <TableHead className="text-right">{t('field.victimPayment.amount')}</TableHead>
              <TableHead className="print:hidden" data-pinned="end">
                <span className="sr-only">{t('admin.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {payments.data.data.map((p) => {
              const code = codeOf(p);
              return (
                <TableRow key={p.id} data-testid="payment-row">
                  <TableCell>{formatDateTime(p.paidAt ?? p.createdAt, locale)}</TableCell>
                  <TableCell>{p.receiptNo}</TableCell>
                  <TableCell>{lookupText(p, 'paymentMethodId', 'PaymentMethod')}</TableCell>
                  <TableCell>
                    <Badge variant={(code && STATUS_TONE[code]) || 'secondary'}>{lookupText(p, 'paymentStatusId', 'PaymentStatus') ?? (code && t(`enum.paymentStatus.code.${code}`))}</Badge>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(p.amount, locale, currencyCode(p.currencyTypeId))}</TableCell>
                  <TableCell className="whitespace-nowrap text-right print:hidden" data-pinned="end">
                    {code === 'paid' && onPrint && (
                      <Button variant="ghost" size="sm" onClick={() => onPrint(p)}>
                        <Printer />
                        {t('orderPage.payment.printReceipt')}
                      </Button>
                    )}
                    {code === 'paid' && order.status !== 'completed' && hasClaim('VictimPayments.Update') && (
                      <Button variant="ghost" size="sm" onClick={() => RefundDialog.open(() => (update.reset(), setRefundAsked(true), setRefunding(p)))} {...RefundDialog.warmOn}>
                        <Undo2 />
                        {t('orderPage.payment.refund')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {taking && <TakePaymentDialog order={order} onClose={() => setTaking(false)} />}
      {refundAsked && (
        <RefundDialog payment={refunding} onClose={() => setRefunding(undefined)} onConfirm={(p) => void refund(p)} error={update.error} pending={update.isPending} />
      )}
    </Section>
  );
}
