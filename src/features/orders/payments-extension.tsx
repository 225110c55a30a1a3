// New on the VictimPayments screen opens the standalone payment (customer → open order →
// payment); it loads with that screen (see extension.tsx).
import type { EntityPageExtension } from '@/admin/index.ts';
import { StandalonePaymentDialog } from './payment-dialogs.tsx';

export const victimPaymentsExtension: EntityPageExtension = {
  CreateDialog: StandalonePaymentDialog,
};
