// /auth/error: something failed that the user cannot fix here.
import { useLingui } from '@lingui/react';
import { TriangleAlert } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import type { AuthPageProps } from './auth-frame.tsx';
import { StatusCard } from './status-card.tsx';

export function ErrorPage({ frame }: AuthPageProps) {
  useLingui();
  return (
    <StatusCard
      frame={frame}
      status="error"
      title={t('page.error')}
      detail={t('page.error.detail')}
      icon={<TriangleAlert aria-hidden />}
    />
  );
}
