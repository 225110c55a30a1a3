// What the orders feature adds to the orders screen: a row opens its own page. New on the
// VictimPayments screen is in payments-extension.tsx, so the orders list does not carry the
// payment dialogs.
import type { EntityPageExtension } from '@/admin/index.ts';

export const victimOrdersExtension: EntityPageExtension = {
  rowLink: (row) => `/VictimOrders/${row.id}`,
};
