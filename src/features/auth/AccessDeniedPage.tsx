// /auth/access: the user lacks the claim a screen needs.
import { useLingui } from '@lingui/react';
import { ShieldAlert } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import type { AuthPageProps } from './auth-frame.tsx';
import { StatusCard } from './status-card.tsx';

export function AccessDeniedPage({ frame }: AuthPageProps) {
  useLingui();
  return (
    <StatusCard
      frame={frame}
      status="access-denied"
      title={t('page.accessDenied')}
      detail={t('page.accessDenied.detail')}
      icon={<ShieldAlert aria-hidden />}
    />
  );
}
