// "Oturumları kapat" on a user row: ends every session of the user on every device (their
// refresh tokens are revoked and every access token already issued is refused by the server on
// its next request). For a lost phone or a shared password; to keep someone out, set them passive.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { AlertCircle, Loader2 } from 'lucide-react';
import { useLogoutUserEverywhere } from '../../../generated/api/users/users.ts';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { t } from '@/lib/i18n.ts';
import { notify } from '@/lib/notify.ts';
import type { Owner } from './ClaimsDialog.tsx';

export function EndSessionsDialog({ owner, onClose }: { owner: Owner; onClose: () => void }) {
  useLingui();
  const endSessions = useLogoutUserEverywhere({ request: { silent: true } });
  const [failure, setFailure] = useState<string>();

  async function confirm() {
    setFailure(undefined);
    try {
      await endSessions.mutateAsync({ id: owner.id });
    } catch (err) {
      // Nothing ended; the dialog stays open for another try (ending twice is harmless).
      setFailure(err instanceof ApiError ? err.message : t('error.connection'));
      return;
    }
    notify({ severity: 'success', summary: t('permissions.endSessions.done', { name: owner.name }) });
    onClose();
  }

  return (
    <DialogContent className="sm:max-w-md" data-testid="end-sessions-dialog">
      <DialogHeader>
        <DialogTitle>{t('permissions.endSessions.title')}</DialogTitle>
        <DialogDescription>{t('permissions.endSessions.description', { name: owner.name })}</DialogDescription>
      </DialogHeader>
      {failure && (
        <Alert variant="destructive">
          <AlertCircle />
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={endSessions.isPending}>
          {t('action.cancel')}
        </Button>
        <Button variant="destructive" onClick={() => void confirm()} disabled={endSessions.isPending} data-testid="end-sessions-confirm">
          {endSessions.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('permissions.action.endSessions')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
