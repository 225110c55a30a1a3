// What the orders feature adds to the generic screens: a row of VictimOrders opens its own page,
// and New on VictimPayments opens the standalone payment (customer → open order → payment).
import type { EntityPageExtension } from '@/admin/index.ts';
import { StandalonePaymentDialog } from './payments.tsx';

export const victimOrdersExtension: EntityPageExtension = {
  rowLink: (row) => `/VictimOrders/${row.id}`,
};

export const victimPaymentsExtension: EntityPageExtension = {
  CreateDialog: StandalonePaymentDialog,
};
