// The body of the plain status pages (access denied, error, not found): an icon, a line of
// explanation and the way on to the dashboard, inside the auth frame.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { t } from '@/lib/i18n.ts';
import { type AuthFrameComponent } from './auth-frame.tsx';
import { DASHBOARD_ROUTE } from './session-api.ts';

interface StatusCardProps {
  frame: AuthFrameComponent;
  status: string;
  title: string;
  detail: string;
  icon: ReactNode;
}

export function StatusCard({ frame: Frame, status, title, detail, icon }: StatusCardProps) {
  return (
    <Frame title={<h1>{title}</h1>} description={detail} icon={icon}>
      <div className="flex justify-center" data-status={status}>
        <Button asChild>
          <Link to={DASHBOARD_ROUTE}>{t('auth.goToDashboard')}</Link>
        </Button>
      </div>
    </Frame>
  );
}
