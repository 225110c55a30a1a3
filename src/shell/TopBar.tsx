// The top bar (fixed, 4 rem): menu toggle, logo + product name linking to /, and on the right the
// dark-mode toggle, the configurator, the language picker and the user menu. At or below 991 px
// the right-hand items collapse behind one "more" button. The menus and the configurator load on
// first use (light-controls.tsx), so pages do not carry them. Before them the search box (an icon
// button on a phone) and its palette, loaded on first use too (SearchLauncher.tsx).
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { Menu } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { useLayoutSettings } from './layout-settings.ts';
import { useCurrentLanguage } from './current-language.ts';
import { useLanguages } from './languages.ts';
import { ConfiguratorOnUse, onFirstUse } from './light-controls.tsx';
import { UserMenu } from './UserMenu.tsx';
import { SearchLauncher } from './SearchLauncher.tsx';
import { MoreButton } from './bar-parts.tsx';
import { DarkModeButton, LanguageButton, Logo } from './brand.tsx';

export { DarkModeButton, Logo };

/** The picker's button with the flag the server gives the language, as the picker shows it. */
function BarLanguageButton(props: ButtonProps) {
  const languages = useLanguages();
  const current = useCurrentLanguage();
  return <LanguageButton {...props} flag={languages.find((l) => l.code === current)?.flag} />;
}
const LanguagePickerOnUse = onFirstUse(() => import('./LanguagePicker.tsx').then((m) => m.LanguagePicker), BarLanguageButton, 'menu');

// The span is the configurator's anchor in the real menu.
const MoreStandIn = (props: ButtonProps) => (
  <span className="inline-flex">
    <MoreButton {...props} />
  </span>
);
const MoreMenuOnUse = onFirstUse(() => import('./top-bar-menus.tsx').then((m) => m.MoreMenu), MoreStandIn, 'menu');

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
        {/* One place for both sizes: a resize keeps the palette (and its Ctrl+K) mounted. */}
        <SearchLauncher compact={!isDesktop} />
        {isDesktop ? (
          <>
            <DarkModeButton />
            <ConfiguratorOnUse />
            <LanguagePickerOnUse />
            <UserMenu />
          </>
        ) : (
          <MoreMenuOnUse />
        )}
      </div>
    </header>
  );
}
