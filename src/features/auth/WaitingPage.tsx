// /auth/waiting: a registered user without claims (a guest) waits here for an administrator.
import { Navigate, useNavigate } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { Hourglass, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { type AuthPageProps } from './auth-frame.tsx';
import { DASHBOARD_ROUTE, LOGIN_ROUTE, signOut } from './session-api.ts';

export function WaitingPage({ frame: Frame }: AuthPageProps) {
  useLingui();
  const navigate = useNavigate();
  const { user, isAuthenticated } = useSession();
  if (isAuthenticated) return <Navigate to={DASHBOARD_ROUTE} replace />;
  if (!user) return <Navigate to={LOGIN_ROUTE} replace />;
  const email = user.userInfo?.userInfo?.email;

  return (
    <Frame title={<h1>{t('auth.waiting.title')}</h1>} icon={<Hourglass aria-hidden />}>
      <div className="flex flex-col items-center gap-4 text-center">
        <p role="status" className="text-lg font-medium text-foreground">
          {t('message.waitingApproval')}
        </p>
        <p className="text-sm text-muted-foreground">{t('auth.waiting.detail')}</p>
        {email && <p className="text-sm text-muted-foreground">{t('auth.signedInAs', { email })}</p>}
        <Button
          variant="outline"
          className="mt-2"
          onClick={() => {
            signOut();
            navigate(LOGIN_ROUTE, { replace: true });
          }}
        >
          <LogOut aria-hidden />
          {t('auth.signOut')}
        </Button>
      </div>
    </Frame>
  );
}
