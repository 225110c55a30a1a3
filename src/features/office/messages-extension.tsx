// What the office adds to the text messages' generic screen (registered in
// src/app/entity-extensions.ts): "Yeniden gönder" on each failed message, for staff holding
// Messages.Update (`POST /Messages/{id}/resend`: queued again, its attempts from zero).
import { Send } from 'lucide-react';
import { useResendMessage } from '../../../generated/api/messages/messages.ts';
import type { EntityPageExtension, EntityRow } from '@/admin/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { t } from '@/lib/i18n.ts';
import { notify } from '@/lib/notify.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';

function ResendAction({ row }: { row: EntityRow }) {
  const { hasClaim } = useSession();
  const invalidate = useInvalidate();
  const resend = useResendMessage();
  if (typeof row.id !== 'number' || row.status !== 'failed' || !hasClaim('Messages.Update')) return null;
  const id = row.id;
  const who = String(row.phone ?? `#${id}`);
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-8"
      disabled={resend.isPending}
      data-testid={`resend-${id}`}
      aria-label={t('office.messages.resendOne', { name: who })}
      onClick={(e) => {
        e.stopPropagation();
        resend.mutate(
          { id },
          {
            onSuccess: () => {
              notify({ severity: 'success', summary: t('office.messages.resent', { name: who }) });
              void invalidate('/Messages');
            },
          },
        );
      }}
    >
      <Send aria-hidden="true" />
      {t('office.messages.resend')}
    </Button>
  );
}

export const messagesExtension: EntityPageExtension = { RowActions: ResendAction };
