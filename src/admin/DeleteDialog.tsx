// The delete confirmation: "{name} kaydını silmek istediğinize emin misiniz?" for one row, the
// count for several. Rows are deleted one by one (only ids above 0 are sent); a refusal (409: the
// row is referenced) is explained in the dialog, which stays open.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Loader2 } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { t } from '@/lib/i18n.ts';
import { invalidatePaths } from '@/lib/query-keys.ts';
import { notify } from '@/lib/notify.ts';
import { assertOnline } from '@/lib/offline.ts';
import { deleteRow, entityPath } from './api.ts';
import { errorMessage } from './errors.ts';
import type { AdminEntity } from './types.ts';

export interface DeleteTarget {
  id: number;
  name: string;
}

interface Props {
  entity: AdminEntity;
  targets: DeleteTarget[] | null;
  onClose: () => void;
  /** The ids that are gone (also after a partial failure). */
  onDeleted: (ids: number[]) => void;
}

export function DeleteDialog({ entity, targets, onClose, onDeleted }: Props) {
  const open = !!targets && targets.length > 0;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && <DeleteDialogBody key={targets.map((x) => x.id).join(',')} entity={entity} targets={targets} onClose={onClose} onDeleted={onDeleted} />}
    </AlertDialog>
  );
}

function DeleteDialogBody({ entity, targets, onClose, onDeleted }: Props & { targets: DeleteTarget[] }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(targets);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const single = pending.length === 1;

  const confirm = async () => {
    setBusy(true);
    setErrors([]);
    const deleted: number[] = [];
    const failed: DeleteTarget[] = [];
    const messages: string[] = [];
    for (const target of pending) {
      try {
        assertOnline({ silent: true });
        if (await deleteRow(entity, target.id)) deleted.push(target.id);
      } catch (err) {
        failed.push(target);
        const message = errorMessage(err);
        messages.push(pending.length > 1 ? `${target.name}: ${message}` : message);
      }
    }
    setBusy(false);
    if (deleted.length) {
      onDeleted(deleted);
      await invalidatePaths(queryClient, entityPath(entity));
      notify({ severity: 'success', summary: deleted.length === 1 ? t('message.deleted') : t('admin.deletedCount', { count: deleted.length }) });
    }
    if (failed.length) {
      setPending(failed);
      setErrors(messages);
    } else {
      onClose();
    }
  };

  return (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>{single ? t('action.delete') : t('action.deleteSelected')}</AlertDialogTitle>
        <AlertDialogDescription>
          {single ? t('message.confirmDelete', { name: pending[0].name }) : t('admin.confirmDeleteSelected', { count: pending.length })}
        </AlertDialogDescription>
      </AlertDialogHeader>
      {errors.length > 0 && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>
            {errors.map((m, i) => (
              <p key={i}>{m}</p>
            ))}
          </AlertDescription>
        </Alert>
      )}
      <AlertDialogFooter>
        <AlertDialogCancel disabled={busy}>{t('action.cancel')}</AlertDialogCancel>
        <AlertDialogAction
          variant="destructive"
          disabled={busy}
          aria-busy={busy}
          onClick={(e) => {
            // Stays open until the server has answered.
            e.preventDefault();
            void confirm();
          }}
        >
          {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('action.delete')}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
