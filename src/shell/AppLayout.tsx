// The authenticated layout: top bar, side menu, main area (<Outlet/>) and footer.
// Static mode above 991 px: the menu is a 20 rem card beside the content (the toggle collapses
// it). Overlay mode: a full-height drawer from the left. At or below 991 px: an off-canvas drawer
// with a dimming mask; the mask, Escape, a link or a route change close it. The first thing the
// keyboard reaches is "İçeriğe geç" (skip to content), shown once focused, which moves the focus
// to the main content, past the top bar and the menu.
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { Footer } from './Footer.tsx';
import { SideMenu } from './SideMenu.tsx';
import { Logo, TopBar } from './TopBar.tsx';
import { TranslatedUiLabels } from './ui-labels.tsx';
import { useLayoutSettings } from './layout-settings.ts';

export function AppLayout() {
  useLingui();
  const { pathname } = useLocation();
  const { isGuest } = useSession();
  const { settings, menu, isDesktop, closeMenus } = useLayoutSettings();
  const showMenu = !isGuest;
  const mode = settings.menuMode === 'overlay' ? 'overlay' : isDesktop ? 'static' : 'mobile';
  const menuVisible =
    showMenu && (mode === 'static' ? !menu.staticMenuDesktopInactive : mode === 'overlay' ? menu.overlayMenuActive : menu.staticMenuMobileActive);
  const drawerOpen = showMenu && mode !== 'static' && menuVisible;

  // A route change, and a switch between mobile and desktop, close the drawer.
  useEffect(() => closeMenus(), [pathname, isDesktop, closeMenus]);

  // While the drawer is open: Escape closes it; on mobile the page behind does not scroll.
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeMenus();
    };
    window.addEventListener('keydown', onKey);
    const lock = mode === 'mobile';
    if (lock) document.body.classList.add('overflow-hidden');
    return () => {
      window.removeEventListener('keydown', onKey);
      if (lock) document.body.classList.remove('overflow-hidden');
    };
  }, [drawerOpen, mode, closeMenus]);

  return (
    <TranslatedUiLabels>
      <div data-slot="app-layout" data-menu-mode={mode} data-menu-visible={menuVisible} className="min-h-screen">
        <a
          href="#main"
          data-slot="skip-link"
          onClick={(e) => {
            // Focus, not only scroll: the next Tab goes on from the content.
            e.preventDefault();
            const main = document.getElementById('main');
            main?.focus();
            main?.scrollIntoView({ block: 'start' });
          }}
          className="sr-only rounded-md bg-card px-4 py-2 text-sm font-medium text-foreground shadow-lg outline-2 outline-offset-2 outline-ring focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-(--z-toast)"
        >
          {t('shell.skipToContent')}
        </a>
        <TopBar showMenuToggle={showMenu} menuVisible={menuVisible} />
        {showMenu && (
          <aside
            id="app-sidebar"
            data-slot="sidebar"
            inert={!menuVisible}
            aria-hidden={!menuVisible || undefined}
            className={cn(
              'fixed z-(--z-menu) w-80 max-w-[85vw] overflow-y-auto bg-card px-4 py-2 text-card-foreground transition-[transform,background-color] duration-200 ease-out',
              mode === 'static'
                ? 'left-8 top-24 h-[calc(100vh-8rem)] rounded-xl border border-border shadow-(--shadow-card)'
                : 'left-0 top-0 h-screen border-r border-border pt-4 shadow-xl',
              !menuVisible && (mode === 'static' ? '-translate-x-[calc(100%+2rem)]' : '-translate-x-full'),
            )}
          >
            {mode !== 'static' && (
              <Link to="/" onClick={closeMenus} className="mb-3 flex items-center gap-2 rounded-md px-2 py-1 outline-none focus-visible:ring-2 focus-visible:ring-ring">
                <Logo />
                <span className="truncate text-base font-semibold text-foreground">{t('app.title')}</span>
              </Link>
            )}
            <SideMenu onLinkClick={closeMenus} />
          </aside>
        )}
        <div
          data-slot="main-container"
          className={cn(
            'flex min-h-screen flex-col justify-between px-4 pt-20 transition-[padding] duration-200 desktop:px-8 desktop:pt-24',
            mode === 'static' && menuVisible && 'desktop:pl-[24rem]',
          )}
        >
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            <Outlet />
          </main>
          <Footer />
        </div>
        {drawerOpen && (
          <div data-slot="menu-mask" aria-hidden className="fixed inset-0 z-(--z-menu-mask) animate-fade-in bg-black/40" onClick={closeMenus} />
        )}
      </div>
    </TranslatedUiLabels>
  );
}
