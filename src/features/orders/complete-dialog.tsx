// Completing an order asks first (issue 17, point 5): completing is final, so the dialog says what
// it locks and what it needs before the move is sent (with the order's rowVersion). A refusal (the
// proxy not received, a balance still open, the animal not at the last slaughter step) shows inline.
// Its own chunk: the order page loads it when the user goes to complete.
import { CheckCheck } from 'lucide-react';
import { useCompleteVictimOrder } from '../../../generated/api/victim-orders/victim-orders.ts';
import { t } from '@/lib/i18n.ts';
import { MoveDialog, type MoveDialogOf } from './move-dialog.tsx';

export function CompleteDialog({ order, onClose }: MoveDialogOf) {
  const complete = useCompleteVictimOrder({ request: { silent: true } });
  return (
    <MoveDialog
      title={t('orderPage.complete.title')}
      help={t('orderPage.complete.help', { orderNo: order.orderNo })}
      submit={<><CheckCheck />{t('orderPage.complete.submit')}</>}
      send={() => (complete.reset(), complete.mutateAsync({ id: order.id, data: { rowVersion: order.rowVersion } }))}
      invalidates={['/VictimOrders', '/Accounts', '/Transactions']}
      error={complete.error}
      pending={complete.isPending}
      onClose={onClose}
    >
      <p className="text-sm">{t('orderPage.complete.needs')}</p>
    </MoveDialog>
  );
}
