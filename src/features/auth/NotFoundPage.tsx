// /pages/notfound: where every unknown URL ends.
import { useLingui } from '@lingui/react';
import { FileQuestion } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import type { AuthPageProps } from './auth-frame.tsx';
import { StatusCard } from './status-card.tsx';

export function NotFoundPage({ frame }: AuthPageProps) {
  useLingui();
  return (
    <StatusCard
      frame={frame}
      status="not-found"
      title={t('page.notFound')}
      detail={t('page.notFound.detail')}
      icon={<FileQuestion aria-hidden />}
    />
  );
}
