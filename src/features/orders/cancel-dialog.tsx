// Cancelling an order asks for a reason (sent with the order's rowVersion; a refusal shows inline,
// and a 409 brings the current order, so that a second try is sent with its version).
// Its own chunk: the order page loads it when the user goes to cancel.
import { useId, useState } from 'react';
import { Ban } from 'lucide-react';
import { useCancelVictimOrder } from '../../../generated/api/victim-orders/victim-orders.ts';
import type { VictimOrder } from '../../../generated/api/model/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { t } from '@/lib/i18n.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { MoveError, useRefreshOnConflict } from './common.tsx';

export function CancelDialog({ order, onClose }: { order: VictimOrder; onClose: () => void }) {
  const ids = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const cancel = useCancelVictimOrder({ request: { silent: true } });
  const invalidate = useInvalidate();
  const refreshOnConflict = useRefreshOnConflict();
  const submit = async () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      await cancel.mutateAsync({ id: order.id, data: { rowVersion: order.rowVersion, reason: reason.trim() } });
      // The order and its lines, payments and bookings; the sale's reversal on the ledger; the
      // animal's shares and the slots' places it frees.
      await invalidate('/VictimOrders', '/VictimOrderDetail', '/VictimPayments', '/VictimAppointments', '/Accounts', '/Transactions', '/Products', '/Appointments');
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
          <DialogTitle>{t('orderPage.cancel.title')}</DialogTitle>
          <DialogDescription>{t('orderPage.cancel.help', { orderNo: order.orderNo })}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-reason`}>{t('field.victimOrder.cancelReason')} *</Label>
            <Textarea
              id={`${ids}-reason`}
              rows={3}
              maxLength={500}
              value={reason}
              autoFocus
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${ids}-reason-error` : undefined}
            />
            {missing && (
              <p id={`${ids}-reason-error`} className="text-sm text-destructive">
                {t('validation.required', { label: t('field.victimOrder.cancelReason') })}
              </p>
            )}
          </div>
          <MoveError error={cancel.error} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              <Ban />
              {t('orderPage.cancel.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
