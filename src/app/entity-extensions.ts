// Which hand-written feature extends which entity's generic screen: buttons beside New, row
// actions, a page of its own per row, a section of the edit dialog (the product's prices; src/admin's
// EntityPageExtension); and, for every entity, the record's change history in its edit dialog,
// under the feature's section if there is one. Composed here because the generic screen knows no
// entity and features do not import each other. Each loads with its page, and this map with the
// generic screen (router.tsx), not at start.
import { createElement, Fragment, type ComponentType } from 'react';
import type { EntityPageExtension, RecordPanelProps } from '@/admin/index.ts';
import { adminRoutes } from '../../generated/admin/routes.ts';
import { RecordHistory } from './record-history.ts';

const featureExtensions: Record<string, () => Promise<EntityPageExtension>> = {
  // The sales feature's "Yeni satış" and the orders feature's own page per row, merged.
  VictimOrders: () =>
    Promise.all([import('@/features/sales/extension.tsx'), import('@/features/orders/extension.tsx')]).then(([s, o]) => ({ ...s.salesExtension, ...o.victimOrdersExtension })),
  VictimPayments: () => import('@/features/orders/payments-extension.tsx').then((m) => m.victimPaymentsExtension),
  VictimOrderDetail: () => import('@/features/orders/extension.tsx').then((m) => m.victimOrderDetailExtension),
  Transactions: () => import('@/features/office/extensions.tsx').then((m) => m.transactionsExtension),
  Accounts: () => import('@/features/office/extensions.tsx').then((m) => m.accountsExtension),
  NetgsmCallWebhookLogs: () => import('@/features/office/extensions.tsx').then((m) => m.callsExtension),
  Messages: () => import('@/features/office/messages-extension.tsx').then((m) => m.messagesExtension),
  Appointments: () => import('@/features/appointments/extension.tsx').then((m) => m.appointmentsExtension),
  Users: () => import('@/features/permissions/extensions.tsx').then((m) => m.usersExtension),
  Groups: () => import('@/features/permissions/extensions.tsx').then((m) => m.groupsExtension),
  Products: () => import('@/features/products/extension.tsx').then((m) => m.productsExtension),
};

/** A feature's section about the record, then the record's history; the history alone without one. */
function withHistory(Panel: ComponentType<RecordPanelProps> | undefined): ComponentType<RecordPanelProps> {
  if (!Panel) return RecordHistory;
  return function RecordPanels(props: RecordPanelProps) {
    return createElement(Fragment, null, createElement(Panel, props), createElement(RecordHistory, props));
  };
}

export const entityExtensions: Record<string, () => Promise<EntityPageExtension>> = Object.fromEntries(
  adminRoutes.map(({ plural }) => [
    plural,
    async () => {
      const feature = await featureExtensions[plural]?.();
      return { ...feature, RecordPanel: withHistory(feature?.RecordPanel) };
    },
  ]),
);
