// Asking before a form dialog with typed, unsaved values goes away by Escape or a click beside it
// (issue 17, point 11): "Değişiklikler kaydedilmedi; kapatılsın mı?", answered by keeping the form
// (the default, also Escape) or closing it. An untouched form closes at once, as before. The
// dialog's own Cancel and close buttons are a choice already made: they close without asking.
//
//   const guard = useDiscardGuard(dirty, onClose);   // or () => dirtyRef.current, read at the key press
//   <DialogContent onEscapeKeyDown={guard.onEscapeKeyDown} onPointerDownOutside={guard.onPointerDownOutside}>
//     …{guard.confirm}
import { useState, type ReactNode } from 'react';
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

export interface DiscardGuard {
  /** For the dialog's content: Escape asks instead of closing while the form holds changes. */
  onEscapeKeyDown: (event: KeyboardEvent) => void;
  /** For the dialog's content: so does a click beside the dialog. */
  onPointerDownOutside: (event: Event) => void;
  /** The question; render it inside the dialog. */
  confirm: ReactNode;
}

export function useDiscardGuard(dirty: boolean | (() => boolean), close: () => void): DiscardGuard {
  const [asking, setAsking] = useState(false);
  const guard = (event: Event) => {
    if (!(typeof dirty === 'function' ? dirty() : dirty)) return;
    event.preventDefault();
    setAsking(true);
  };
  return {
    onEscapeKeyDown: guard,
    onPointerDownOutside: guard,
    confirm: (
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent data-testid="discard-changes">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('message.discardChanges')}</AlertDialogTitle>
            <AlertDialogDescription>{t('message.discardChangesHelp')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('action.keepEditing')}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={close}>
              {t('action.close')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    ),
  };
}

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Whether two forms' data hold the same values (an emptied field counts as never filled). */
export function sameFormData(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const norm = (v: unknown) => JSON.stringify(empty(v) ? null : v);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((k) => norm(a[k]) === norm(b[k]));
}
