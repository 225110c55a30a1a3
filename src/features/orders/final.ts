// A completed or cancelled order is final: its share lines cannot be changed (the server refuses
// a change), so they show read-only with the reason, on the order page and in the generic
// VictimOrderDetail dialog alike.
import { useGetVictimOrderById } from '../../../generated/api/victim-orders/victim-orders.ts';
import type { EntityRow } from '@/admin/index.ts';
import { dataOf } from '@/lib/envelope.ts';
import { t } from '@/lib/i18n.ts';

export const isFinalOrder = (status: string | undefined): boolean => status === 'completed' || status === 'cancelled';

/** The note of a final order's share lines. */
export const finalOrderNote = (): string => t('orderPage.shares.final');

/** The generic dialog's read-only note for a share line (`EntityPageExtension.useReadOnly`): its
 *  order's status, read through the order's own query. */
export function useShareLineReadOnly(row: EntityRow): string | undefined {
  const orderId = typeof row.victimOrderId === 'number' && typeof row.id === 'number' ? row.victimOrderId : 0;
  const order = useGetVictimOrderById(orderId, { query: { select: dataOf, enabled: orderId > 0 }, request: { silent: true } });
  return isFinalOrder(order.data?.status) ? finalOrderNote() : undefined;
}
