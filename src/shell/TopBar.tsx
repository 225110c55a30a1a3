// The top bar (fixed, 4 rem): menu toggle, logo + product name linking to /, and on the right the
// dark-mode toggle, the configurator, the language picker and the user menu. At or below 991 px
// the right-hand items collapse behind one "more" button.
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { EllipsisVertical, Languages, LogIn, LogOut, Menu, Moon, Palette, Sun } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuSub,
  DropdownMenuSubContent, DropdownMenuSubTrigger, DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { ConfiguratorButton } from './Configurator.tsx';
import { LanguagePicker, LanguageRadioItems } from './LanguagePicker.tsx';
import { useLayoutSettings } from './layout-settings.ts';
import { LOGIN_ROUTE } from './guard.tsx';
import { UserMenu, useLogout, useUserEmail } from './UserMenu.tsx';
import { DarkModeButton, Logo } from './brand.tsx';

export { DarkModeButton, Logo };

/** Below 992 px: one button holding the right-hand items, each with icon and label. */
function MoreMenu() {
  useLingui();
  const { isDarkTheme, toggleDarkMode } = useLayoutSettings();
  const { user } = useSession();
  const email = useUserEmail();
  const logout = useLogout();
  const navigate = useNavigate();
  const [configOpen, setConfigOpen] = useState(false);
  const openConfig = useRef(false);
  return (
    <ConfiguratorButton anchorOnly open={configOpen} onOpenChange={setConfigOpen}>
      <span className="inline-flex">
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="rounded-full" aria-label={t('shell.more')} title={t('shell.more')}>
              <EllipsisVertical />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="end"
            className="min-w-56"
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
              <DropdownMenuItem onSelect={() => void logout()}>
                <LogOut />
                {t('auth.signOut')}
              </DropdownMenuItem>
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

export interface TopBarProps {
  /** Shows the menu toggle (false for guests, who have no menu). */
  showMenuToggle?: boolean;
  /** Whether the side menu is shown now (the toggle's aria-expanded). */
  menuVisible?: boolean;
}

export function TopBar({ showMenuToggle = true, menuVisible = false }: TopBarProps) {
  useLingui();
  const { isDesktop, toggleMenu } = useLayoutSettings();
  return (
    <header
      data-slot="topbar"
      className="fixed inset-x-0 top-0 z-(--z-topbar) flex h-16 items-center gap-2 border-b border-border bg-card px-4 text-card-foreground transition-colors duration-200 desktop:px-8"
    >
      <div className="flex min-w-0 items-center gap-2">
        {showMenuToggle && (
          <Button
            variant="ghost"
            size="icon"
            className="rounded-full"
            onClick={toggleMenu}
            aria-label={t('shell.toggleMenu')}
            title={t('shell.toggleMenu')}
            aria-controls="app-sidebar"
            aria-expanded={menuVisible}
          >
            <Menu />
          </Button>
        )}
        <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md px-1 outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Logo />
          <span className="truncate text-lg font-semibold text-foreground">{t('app.title')}</span>
        </Link>
      </div>
      <div className="ml-auto flex items-center gap-1">
        {isDesktop ? (
          <>
            <DarkModeButton />
            <ConfiguratorButton />
            <LanguagePicker />
            <UserMenu />
          </>
        ) : (
          <MoreMenu />
        )}
      </div>
    </header>
  );
}
