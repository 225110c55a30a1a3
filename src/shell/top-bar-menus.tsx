// The top bar's menus, loaded when one of their buttons is first used (TopBar.tsx, UserMenu.tsx):
// the user menu and, below 992 px, the "more" menu holding the right-hand items.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { Languages, LogIn, LogOut, Moon, MonitorSmartphone, Palette, Sun } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuSub,
  DropdownMenuSubContent, DropdownMenuSubTrigger, DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { ConfiguratorButton } from './Configurator.tsx';
import { LanguageRadioItems } from './LanguagePicker.tsx';
import { useLayoutSettings } from './layout-settings.ts';
import { LOGIN_ROUTE } from './guard.tsx';
import { MoreButton, UserButton, useLogout, useLogoutEverywhere, useUserEmail } from './bar-parts.tsx';
import { useFirstItemFocus, type OpenOnUseProps } from './first-use.ts';

/** The signed-in user's email, Logout, and signing out on every device. */
export function UserDropdown({ className, defaultOpen, openedWith }: OpenOnUseProps) {
  useLingui();
  const email = useUserEmail();
  const logout = useLogout();
  const logoutEverywhere = useLogoutEverywhere();
  const focusFirstItem = useFirstItemFocus(openedWith);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserButton className={className} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56" ref={focusFirstItem}>
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="text-xs font-normal text-muted-foreground">{t('shell.signedInAs')}</span>
          <span data-testid="user-email" className="truncate text-sm font-semibold text-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut />
          {t('auth.signOut')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void logoutEverywhere()}>
          <MonitorSmartphone />
          {t('shell.signOutEverywhere')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Below 992 px: one button holding the right-hand items, each with icon and label. */
export function MoreMenu({ className, defaultOpen, openedWith }: OpenOnUseProps) {
  useLingui();
  const { isDarkTheme, toggleDarkMode } = useLayoutSettings();
  const { user } = useSession();
  const email = useUserEmail();
  const logout = useLogout();
  const logoutEverywhere = useLogoutEverywhere();
  const navigate = useNavigate();
  const [configOpen, setConfigOpen] = useState(false);
  const openConfig = useRef(false);
  const focusFirstItem = useFirstItemFocus(openedWith);
  return (
    <ConfiguratorButton anchorOnly open={configOpen} onOpenChange={setConfigOpen}>
      <span className="inline-flex">
        <DropdownMenu modal={false} defaultOpen={defaultOpen}>
          <DropdownMenuTrigger asChild>
            <MoreButton className={className} />
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="end"
            className="min-w-56"
            ref={focusFirstItem}
            onCloseAutoFocus={(e) => {
              if (openConfig.current) {
                e.preventDefault();
                openConfig.current = false;
                setConfigOpen(true);
              }
            }}
          >
            {email && (
              <>
                <DropdownMenuLabel className="truncate font-semibold text-foreground">{email}</DropdownMenuLabel>
                <DropdownMenuSeparator />
              </>
            )}
            <DropdownMenuItem onSelect={toggleDarkMode}>
              {isDarkTheme ? <Moon /> : <Sun />}
              {t(isDarkTheme ? 'layout.lightMode' : 'layout.darkMode')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => (openConfig.current = true)}>
              <Palette />
              {t('layout.configurator')}
            </DropdownMenuItem>
            <DropdownMenuSub>
              <DropdownMenuSubTrigger>
                <Languages />
                {t('shell.language')}
              </DropdownMenuSubTrigger>
              <DropdownMenuSubContent className="min-w-44">
                <LanguageRadioItems />
              </DropdownMenuSubContent>
            </DropdownMenuSub>
            <DropdownMenuSeparator />
            {user ? (
              <>
                <DropdownMenuItem onSelect={() => void logout()}>
                  <LogOut />
                  {t('auth.signOut')}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => void logoutEverywhere()}>
                  <MonitorSmartphone />
                  {t('shell.signOutEverywhere')}
                </DropdownMenuItem>
              </>
            ) : (
              <DropdownMenuItem onSelect={() => navigate(LOGIN_ROUTE)}>
                <LogIn />
                {t('auth.signIn')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </span>
    </ConfiguratorButton>
  );
}
