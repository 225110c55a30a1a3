// What the office adds to the generic screens (registered per plural in
// src/app/entity-extensions.ts): "Gider dağıt" on Transactions, "Ekstre" on each account, and the
// missed calls on NetgsmCallWebhookLogs (opening on the inbound missed or busy calls, with
// "Geri arandı" on each one not returned yet).
import { Link } from 'react-router-dom';
import { FileText, PhoneOutgoing } from 'lucide-react';
import { useMarkCallCalledBack } from '../../../generated/api/netgsm-call-webhook-logs/netgsm-call-webhook-logs.ts';
import type { EntityPageExtension, EntityRow } from '@/admin/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { t } from '@/lib/i18n.ts';
import { notify } from '@/lib/notify.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { DistributeExpenseButton } from './DistributeExpense.tsx';

export const transactionsExtension: EntityPageExtension = { Toolbar: DistributeExpenseButton };

const nameOf = (row: EntityRow) => String(row.title ?? row.code ?? `#${row.id ?? ''}`);

function StatementAction({ row }: { row: EntityRow }) {
  if (typeof row.id !== 'number') return null;
  const name = nameOf(row);
  return (
    <Button asChild variant="ghost" size="sm" className="h-8">
      <Link to={`/Accounts/${row.id}/statement`} onClick={(e) => e.stopPropagation()} aria-label={t('office.statement.openOne', { name })} title={t('office.statement.open')}>
        <FileText aria-hidden="true" />
        {t('office.statement.open')}
      </Link>
    </Button>
  );
}

export const accountsExtension: EntityPageExtension = { RowActions: StatementAction };

/** A missed or busy inbound call nobody has returned yet. */
export const isOpenMissedCall = (row: EntityRow) =>
  row.direction === 'inbound' && (row.status === 'missed' || row.status === 'busy') && row.calledBackAt == null;

function CalledBackAction({ row }: { row: EntityRow }) {
  const { hasClaim } = useSession();
  const invalidate = useInvalidate();
  const mark = useMarkCallCalledBack();
  if (typeof row.id !== 'number' || !isOpenMissedCall(row) || !hasClaim('NetgsmCallWebhookLogs.Update')) return null;
  const id = row.id;
  const who = String(row.lookups?.accountId ?? row.callerNumber ?? `#${id}`);
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-8"
      disabled={mark.isPending}
      data-testid={`called-back-${id}`}
      aria-label={t('office.calls.calledBackOne', { name: who })}
      onClick={(e) => {
        e.stopPropagation();
        mark.mutate(
          { id },
          {
            onSuccess: () => {
              notify({ severity: 'success', summary: t('office.calls.marked', { name: who }) });
              void invalidate('/NetgsmCallWebhookLogs');
            },
          },
        );
      }}
    >
      <PhoneOutgoing aria-hidden="true" />
      {t('office.calls.calledBack')}
    </Button>
  );
}

export const callsExtension: EntityPageExtension = {
  RowActions: CalledBackAction,
  initialFilters: {
    direction: { mode: 'in', value: ['inbound'] },
    status: { mode: 'in', value: ['missed', 'busy'] },
    // Not returned yet: `equals` null is "is empty" on the server.
    calledBackAt: { mode: 'equals', value: null, empty: true },
  },
};
