// The printed receipts of the order page (issue 17, point 10): the order's (the farm's name,
// address, phone and tax number; the order, its customer and animal with its ear tag; the shares
// and shareholders; every payment; the booked slot; the totals; a signature line for the proxy)
// and one payment's (the farm, the order, the customer, the payment and the order's balance after
// it). Only the element #order-receipt prints (the print stylesheet of OrderPage.tsx).
import type { CSSProperties, ReactNode } from 'react';
import { useGetAttributesForPaging } from '../../../generated/api/attributes/attributes.ts';
import { useGetProductAttributeValuesForPaging } from '../../../generated/api/product-attribute-values/product-attribute-values.ts';
import { useGetFarm } from '../../../generated/api/settings/settings.ts';
import { useGetVictimAppointmentsForPaging } from '../../../generated/api/victim-appointments/victim-appointments.ts';
import type { VictimOrder, VictimPayment } from '../../../generated/api/model/index.ts';
import { dataOf } from '@/lib/envelope.ts';
import { currencyCode, formatDate, formatDateTime, formatMoney, formatNumber } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { lookupText } from '@/lib/reference-text.ts';
import { ATTRIBUTE, PAYMENT_STATUS } from '../../../common/reference-codes.ts';
import { pageRequest, usePaymentStatuses, where } from './common.tsx';
import { useOrderPayments } from './payments.tsx';
import { useShareLines } from './shares.tsx';

const cell: CSSProperties = { textAlign: 'left', padding: '0.15rem 0.5rem 0.15rem 0' };
const head: CSSProperties = { ...cell, borderBottom: '1px solid #000' };
const section: CSSProperties = { width: '100%', marginBottom: '1rem', borderCollapse: 'collapse' };

const when = (iso: string | null | undefined, locale: string) => (iso && !Number.isNaN(Date.parse(iso)) ? formatDateTime(iso, locale) : (iso ?? ''));

/** The amount in kuruş (integer arithmetic for the balance after a payment). */
const kurus = (amount: string | null | undefined) => Math.round(Number(amount ?? 0) * 100);

/** The farm's name, address, phone and tax number (GET /Farm; empty ones left out). */
function FarmHeader({ title }: { title: string }) {
  const farm = useGetFarm({ query: { select: dataOf, staleTime: 5 * 60_000 } }).data;
  return (
    <header style={{ marginBottom: '1rem' }} data-testid="receipt-farm">
      <h1 style={{ fontSize: '1.4rem', fontWeight: 700 }}>{farm?.name}</h1>
      {farm?.address && <p>{farm.address}</p>}
      {(farm?.phone || farm?.taxNumber) && (
        <p>
          {[farm.phone && t('orderPage.receipt.phone', { phone: farm.phone }), farm.taxNumber && t('orderPage.receipt.taxNumber', { taxNumber: farm.taxNumber })]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      <p style={{ marginTop: '0.5rem', fontWeight: 600 }}>{title}</p>
    </header>
  );
}

/** Label and value rows. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <table style={section}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th style={{ ...cell, width: '35%' }}>{label}</th>
            <td style={cell}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The ear tag of the order's animal: its value of the attribute of code `earTag`. */
function useEarTag(productId: number): string | undefined {
  const attribute = useGetAttributesForPaging(pageRequest([where('code', ATTRIBUTE.earTag)], [], 1), { query: { select: dataOf, staleTime: 5 * 60_000 } });
  const attributeId = attribute.data?.data[0]?.id;
  const value = useGetProductAttributeValuesForPaging(pageRequest([where('productId', productId), where('attributeId', attributeId ?? 0)], [], 1), {
    query: { select: dataOf, enabled: !!attributeId },
  });
  return value.data?.data[0]?.value ?? undefined;
}

export function OrderReceipt({ order, locale }: { order: VictimOrder; locale: string }) {
  const lines = useShareLines(order.id);
  const payments = useOrderPayments(order.id);
  const bookings = useGetVictimAppointmentsForPaging(pageRequest([where('victimOrderId', order.id)], [{ ColumnName: 'appointmentId', SortOrder: 1 }], 50), {
    query: { select: dataOf },
  });
  const earTag = useEarTag(order.productId);
  const money = (v: string | null | undefined) => formatMoney(v ?? '0', locale, currencyCode(order.currencyTypeId));
  const booked = bookings.data?.data.find((b) => b.status === 'booked');
  return (
    <div id="order-receipt" className="hidden" data-testid="receipt">
      <FarmHeader title={t('orderPage.receipt.title')} />
      <Facts
        rows={[
          [t('field.victimOrder.orderNo'), order.orderNo],
          [t('field.victimOrder.orderDate'), formatDate(order.orderDate, locale)],
          [t('field.victimOrder.accountId'), order.lookups?.accountId],
          [t('field.victimOrder.productId'), order.lookups?.productId],
          [t('orderPage.receipt.earTag'), earTag ?? '—'],
          [t('field.victimOrder.shareCount'), formatNumber(order.shareCount, locale)],
          [t('orderPage.booking.section'), booked ? when(booked.lookups?.appointmentId, locale) : t('orderPage.booking.none')],
        ]}
      />
      <table style={section}>
        <thead>
          <tr>
            <th style={head}>{t('field.victimOrderDetail.shareNo')}</th>
            <th style={head}>{t('field.victimOrderDetail.shareholderName')}</th>
            <th style={head}>{t('field.victimOrderDetail.intention')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.data?.data.map((l) => (
            <tr key={l.id}>
              <td style={cell}>{l.shareNo}</td>
              <td style={cell}>{l.shareholderName}</td>
              <td style={cell}>{t(`enum.victimOrderDetail.intention.${l.intention ?? 'kurban'}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ fontWeight: 600 }}>{t('orderPage.payments.title')}</p>
      {payments.data?.data.length ? (
        <table style={section} data-testid="receipt-payments">
          <thead>
            <tr>
              <th style={head}>{t('field.victimPayment.paidAt')}</th>
              <th style={head}>{t('field.victimPayment.receiptNo')}</th>
              <th style={head}>{t('field.victimPayment.paymentMethodId')}</th>
              <th style={head}>{t('field.victimPayment.paymentStatusId')}</th>
              <th style={{ ...head, textAlign: 'right' }}>{t('field.victimPayment.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {payments.data.data.map((p) => (
              <tr key={p.id}>
                <td style={cell}>{formatDateTime(p.paidAt ?? p.createdAt, locale)}</td>
                <td style={cell}>{p.receiptNo}</td>
                <td style={cell}>{lookupText(p, 'paymentMethodId', 'PaymentMethod')}</td>
                <td style={cell}>{lookupText(p, 'paymentStatusId', 'PaymentStatus')}</td>
                <td style={{ ...cell, textAlign: 'right' }}>{money(p.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p style={{ marginBottom: '1rem' }}>{t('orderPage.payments.empty')}</p>
      )}
      <table style={{ marginLeft: 'auto' }}>
        <tbody>
          <tr>
            <th style={{ textAlign: 'left', paddingRight: '2rem' }}>{t('field.victimOrder.totalAmount')}</th>
            <td style={{ textAlign: 'right' }}>{money(order.totalAmount)}</td>
          </tr>
          <tr>
            <th style={{ textAlign: 'left', paddingRight: '2rem' }}>{t('field.victimOrder.paidAmount')}</th>
            <td style={{ textAlign: 'right' }}>{money(order.paidAmount)}</td>
          </tr>
          <tr>
            <th style={{ textAlign: 'left', paddingRight: '2rem' }}>{t('field.victimOrder.balance')}</th>
            <td style={{ textAlign: 'right', fontWeight: 700 }}>{money(order.balance)}</td>
          </tr>
        </tbody>
      </table>
      <Signature />
      <p style={{ marginTop: '2rem', fontSize: '0.8rem' }}>{t('orderPage.receipt.printedAt', { when: formatDateTime(new Date(), locale) })}</p>
    </div>
  );
}

/** The line the proxy giver signs on. */
function Signature() {
  return (
    <div style={{ marginTop: '3rem', width: '16rem', borderTop: '1px solid #000', paddingTop: '0.25rem' }} data-testid="receipt-signature">
      {t('orderPage.receipt.proxySignature')}
    </div>
  );
}

/** One payment's receipt: the order's balance after it counts the paid payments up to it. */
export function PaymentReceipt({ order, payment, locale }: { order: VictimOrder; payment: VictimPayment; locale: string }) {
  const payments = useOrderPayments(order.id);
  const paid = usePaymentStatuses()?.find((s) => s.code === PAYMENT_STATUS.paid)?.id;
  const money = (v: string | null | undefined) => formatMoney(v ?? '0', locale, currencyCode(order.currencyTypeId));
  const at = (p: VictimPayment) => Date.parse(p.paidAt ?? p.createdAt);
  const upTo = (payments.data?.data ?? [payment]).filter(
    (p) => p.paymentStatusId === paid && (at(p) < at(payment) || (at(p) === at(payment) && p.id <= payment.id)),
  );
  const after = (kurus(order.totalAmount) - upTo.reduce((sum, p) => sum + kurus(p.amount), 0)) / 100;
  return (
    <div id="order-receipt" className="hidden" data-testid="payment-receipt">
      <FarmHeader title={t('orderPage.receipt.paymentTitle')} />
      <Facts
        rows={[
          [t('field.victimOrder.orderNo'), order.orderNo],
          [t('field.victimOrder.accountId'), order.lookups?.accountId],
          [t('field.victimPayment.paidAt'), formatDateTime(payment.paidAt ?? payment.createdAt, locale)],
          [t('field.victimPayment.receiptNo'), payment.receiptNo],
          [t('field.victimPayment.paymentMethodId'), lookupText(payment, 'paymentMethodId', 'PaymentMethod')],
          [t('field.victimPayment.amount'), <strong key="amount">{money(payment.amount)}</strong>],
          [t('orderPage.receipt.balanceAfter'), money(after.toFixed(2))],
        ]}
      />
      <p style={{ marginTop: '2rem', fontSize: '0.8rem' }}>{t('orderPage.receipt.printedAt', { when: formatDateTime(new Date(), locale) })}</p>
    </div>
  );
}
