// The user menu: the signed-in user's email and Logout (the menu itself loads on first use, see
// light-controls.tsx); signed out, a link to the login page. Logout revokes the refresh token on
// the server (POST /Auth/logout), clears the session and goes to the login page.
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { LogIn } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { Button } from '@/components/ui/button.tsx';
import { UserButton } from './bar-parts.tsx';
import { LOGIN_ROUTE } from './guard.tsx';
import { onFirstUse } from './light-controls.tsx';

const UserDropdownOnUse = onFirstUse(() => import('./top-bar-menus.tsx').then((m) => m.UserDropdown), UserButton, 'menu');

export function UserMenu({ className }: { className?: string }) {
  useLingui();
  const { user } = useSession();
  if (user) return <UserDropdownOnUse className={className} />;
  return (
    <Button asChild variant="ghost" className={className}>
      <Link to={LOGIN_ROUTE}>
        <LogIn />
        {t('auth.signIn')}
      </Link>
    </Button>
  );
}
