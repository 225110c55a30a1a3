// The user menu: the signed-in user's email and Logout. Logout revokes the refresh token on the
// server (POST /Auth/logout), clears the session and goes to the login page.
import { useNavigate, Link } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { LogIn, LogOut, UserRound } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { session, useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { postJson } from './api.ts';
import { LOGIN_ROUTE } from './guard.tsx';

/** Signs out: tells the server (errors do not matter) and clears the session (the query cache
 *  clears itself when the session's user changes). */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    const refreshToken = session.user?.refreshToken;
    if (refreshToken) await postJson('/Auth/logout', { refreshToken }, { silent: true }).catch(() => undefined);
    session.logout();
    navigate(LOGIN_ROUTE, { replace: true });
  };
}

export function useUserEmail(): string | undefined {
  const { user } = useSession();
  return user?.userInfo?.userInfo?.email;
}

export function UserMenu({ className }: { className?: string }) {
  useLingui();
  const { user } = useSession();
  const email = useUserEmail();
  const logout = useLogout();
  if (!user) {
    return (
      <Button asChild variant="ghost" className={className}>
        <Link to={LOGIN_ROUTE}>
          <LogIn />
          {t('auth.signIn')}
        </Link>
      </Button>
    );
  }
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={cn('rounded-full', className)} aria-label={t('shell.userMenu')} title={email}>
          <UserRound />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="text-xs font-normal text-muted-foreground">{t('shell.signedInAs')}</span>
          <span data-testid="user-email" className="truncate text-sm font-semibold text-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut />
          {t('auth.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
