// Cancelling an order asks for a reason, sent with the order's rowVersion.
// Its own chunk: the order page loads it when the user goes to cancel.
import { useId, useState } from 'react';
import { Ban } from 'lucide-react';
import { useCancelVictimOrder } from '../../../generated/api/victim-orders/victim-orders.ts';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { t } from '@/lib/i18n.ts';
import { MoveDialog, type MoveDialogOf } from './move-dialog.tsx';

export function CancelDialog({ order, onClose }: MoveDialogOf) {
  const ids = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const cancel = useCancelVictimOrder({ request: { silent: true } });
  const send = () => {
    setMissing(!reason.trim());
    if (!reason.trim()) return undefined;
    return cancel.mutateAsync({ id: order.id, data: { rowVersion: order.rowVersion, reason: reason.trim() } });
  };
  return (
    <MoveDialog
      title={t('orderPage.cancel.title')}
      help={t('orderPage.cancel.help', { orderNo: order.orderNo })}
      submit={<><Ban />{t('orderPage.cancel.submit')}</>}
      destructive
      send={send}
      // The order and its lines, payments and bookings; the sale's reversal on the ledger; the
      // animal's shares and the slots' places it frees.
      invalidates={['/VictimOrders', '/VictimOrderDetail', '/VictimPayments', '/VictimAppointments', '/Accounts', '/Transactions', '/Products', '/Appointments']}
      error={cancel.error}
      pending={cancel.isPending}
      onClose={onClose}
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
    </MoveDialog>
  );
}
