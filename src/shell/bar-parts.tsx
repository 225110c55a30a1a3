// The top bar's light pieces, shared by its stand-in buttons and the menus they load
// (top-bar-menus.tsx): the user's email, signing out (here or on every device), and the user and
// "more" buttons.
import { useNavigate } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { EllipsisVertical, UserRound } from 'lucide-react';
import { logoutEverywhere } from '../../generated/api/auth/auth.ts';
import { logout } from '@/lib/api-fetcher.ts';
import { t } from '@/lib/i18n.ts';
import { session, useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { LOGIN_ROUTE } from './guard.tsx';

/** Signs out: clears the session (the query cache clears itself when the session's user
 *  changes) and ends it on the server (errors do not matter). */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate(LOGIN_ROUTE, { replace: true });
  };
}

/** Signs out on every device: the server revokes every refresh token and refuses the access
 *  tokens already issued, then this session ends. A failure (offline, server away) is shown and
 *  keeps the session: the other devices are still signed in. */
export function useLogoutEverywhere() {
  const navigate = useNavigate();
  return async () => {
    const done = await logoutEverywhere().then(() => true, () => false);
    if (!done) return;
    session.logout();
    navigate(LOGIN_ROUTE, { replace: true });
  };
}

export function useUserEmail(): string | undefined {
  const { user } = useSession();
  return user?.userInfo?.userInfo?.email;
}

/** The user menu's button: its title is the signed-in user's email. */
export function UserButton({ className, ...props }: ButtonProps) {
  useLingui();
  const email = useUserEmail();
  return (
    <Button variant="ghost" size="icon" className={cn('rounded-full', className)} aria-label={t('shell.userMenu')} title={email} {...props}>
      <UserRound />
    </Button>
  );
}

/** The button of the "more" menu (below 992 px). */
export function MoreButton({ className, ...props }: ButtonProps) {
  useLingui();
  return (
    <Button variant="ghost" size="icon" className={cn('rounded-full', className)} aria-label={t('shell.more')} title={t('shell.more')} {...props}>
      <EllipsisVertical />
    </Button>
  );
}
