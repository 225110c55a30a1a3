// Completing an order asks first (issue 17, point 5): completing is final, so the dialog says what
// it locks and what it needs before the move is sent (with the order's rowVersion). A refusal (the
// proxy not received, a balance still open, the animal not at the last slaughter step) shows
// inline, and a 409 brings the current order, so that a second try is sent with its version.
// Its own chunk: the order page loads it when the user goes to complete.
import { CheckCheck } from 'lucide-react';
import { useCompleteVictimOrder } from '../../../generated/api/victim-orders/victim-orders.ts';
import type { VictimOrder } from '../../../generated/api/model/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { t } from '@/lib/i18n.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { MoveError, useRefreshOnConflict } from './common.tsx';

export function CompleteDialog({ order, onClose }: { order: VictimOrder; onClose: () => void }) {
  const complete = useCompleteVictimOrder({ request: { silent: true } });
  const invalidate = useInvalidate();
  const refreshOnConflict = useRefreshOnConflict();
  const submit = async () => {
    complete.reset();
    try {
      await complete.mutateAsync({ id: order.id, data: { rowVersion: order.rowVersion } });
      await invalidate('/VictimOrders', '/Accounts', '/Transactions');
      onClose();
    } catch (err) {
      // shown below
      await refreshOnConflict(err);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent maximizable={false}>
        <DialogHeader>
          <DialogTitle>{t('orderPage.complete.title')}</DialogTitle>
          <DialogDescription>{t('orderPage.complete.help', { orderNo: order.orderNo })}</DialogDescription>
        </DialogHeader>
        {/* The first button (Vazgeç) takes the focus: Enter right after opening completes nothing. */}
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className="text-sm">{t('orderPage.complete.needs')}</p>
          <MoveError error={complete.error} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" disabled={complete.isPending}>
              <CheckCheck />
              {t('orderPage.complete.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
