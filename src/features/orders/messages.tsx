// The text messages of an order (issue 18, point 4): what the customer and the shareholders were
// told and whether it reached them, the latest first. Shown to staff who may read messages.
import { useLingui } from '@lingui/react';
import { useGetMessagesForPaging } from '../../../generated/api/messages/messages.ts';
import type { VictimOrder } from '../../../generated/api/model/index.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { formatDateTime, formatPhone } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { pageRequest, Section, where } from './common.tsx';

const STATUS_TONE: Record<string, BadgeVariant> = { queued: 'info', sent: 'warn', delivered: 'success', failed: 'danger' };

export function MessagesSection({ order }: { order: VictimOrder }) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const messages = useGetMessagesForPaging(pageRequest([where('victimOrderId', order.id)], [{ ColumnName: 'id', SortOrder: -1 }], 50), {
    query: { select: dataOf },
  });
  const list = messages.data?.data ?? [];
  return (
    <Section title={t('orderPage.messages.title')} testId="order-messages">
      {messages.isLoading ? (
        <Skeleton className="h-12" />
      ) : !list.length ? (
        <p className="text-sm text-muted-foreground">{t('orderPage.messages.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {list.map((m) => (
            <li key={m.id} className="flex flex-col gap-1 py-2 text-sm" data-testid="order-message">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium">{t(`enum.message.kind.${m.kind}`)}</span>
                <Badge variant={STATUS_TONE[m.status] ?? 'secondary'}>{t(`enum.message.status.${m.status}`)}</Badge>
                <span className="tabular-nums text-muted-foreground">{formatPhone(m.phone)}</span>
                <span className="ml-auto tabular-nums text-muted-foreground">{formatDateTime(m.sentAt ?? m.createdAt, locale)}</span>
              </div>
              <p className="break-words whitespace-pre-line">{m.text}</p>
              {m.status === 'failed' && m.error && <p className="text-destructive">{m.error}</p>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
