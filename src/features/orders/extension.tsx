// What the orders feature adds to the orders screen (a row opens its own page) and to the share
// lines' screen (a final order's line opens read-only). New on the VictimPayments screen is in
// payments-extension.tsx, so the orders list does not carry the payment dialogs.
import type { EntityPageExtension } from '@/admin/index.ts';
import { useShareLineReadOnly } from './final.ts';

export const victimOrdersExtension: EntityPageExtension = {
  rowLink: (row) => `/VictimOrders/${row.id}`,
};

export const victimOrderDetailExtension: EntityPageExtension = {
  useReadOnly: useShareLineReadOnly,
};
