// The frame of a dialog that moves an order (cancel, complete): what the move does, the fields it
// asks for, a refusal shown inline, and a 409 that brings the current order, so that a second try
// is sent with its version. The first button (Vazgeç) takes the focus unless a field asks for it:
// Enter right after opening moves nothing.
import type { ReactNode } from 'react';
import type { VictimOrder } from '../../../generated/api/model/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { t } from '@/lib/i18n.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { MoveError, useRefreshOnConflict } from './common.tsx';

interface MoveDialogProps {
  title: string;
  help: string;
  /** The move's button: its icon and words, red for a move that undoes. */
  submit: ReactNode;
  destructive?: boolean;
  /** The move's request (undefined: the form's own check refused it and shows why). */
  send: () => Promise<unknown> | undefined;
  /** What the move changes, marked stale once it is done. */
  invalidates: string[];
  error: unknown;
  pending: boolean;
  onClose: () => void;
  children?: ReactNode;
}

export function MoveDialog({ title, help, submit, destructive, send, invalidates, error, pending, onClose, children }: MoveDialogProps) {
  const invalidate = useInvalidate();
  const refreshOnConflict = useRefreshOnConflict();
  const run = async () => {
    try {
      const sent = send();
      if (!sent) return;
      await sent;
      await invalidate(...invalidates);
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
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{help}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          {children}
          <MoveError error={error} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
              {submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The props every move dialog gets from the order page. */
export interface MoveDialogOf {
  order: VictimOrder;
  onClose: () => void;
}
