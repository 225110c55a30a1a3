// The appearance and the menu state of the shell. Appearance ({ preset, primary, surface,
// menuMode, darkTheme }) is saved in local storage under `layout` and applied to <html> (class
// app-dark, data-preset, data-primary, data-surface): the keys public/theme-init.js reads before
// the first paint. The menu state (desktop collapsed, overlay open, mobile open) lives for the tab.
import { useCallback, useSyncExternalStore } from 'react';

export const PRIMARY_COLORS = [
  'noir', 'emerald', 'green', 'lime', 'orange', 'amber', 'yellow', 'teal', 'cyan', 'sky', 'blue',
  'indigo', 'violet', 'purple', 'fuchsia', 'pink', 'rose',
] as const;
export const SURFACE_COLORS = ['slate', 'gray', 'zinc', 'neutral', 'stone', 'soho', 'viva', 'ocean'] as const;
export const PRESETS = ['Aura', 'Lara'] as const;
export const MENU_MODES = ['static', 'overlay'] as const;

export type PrimaryColor = (typeof PRIMARY_COLORS)[number];
export type SurfaceColor = (typeof SURFACE_COLORS)[number];
export type Preset = (typeof PRESETS)[number];
export type MenuMode = (typeof MENU_MODES)[number];

export interface LayoutSettings {
  preset: Preset;
  primary: PrimaryColor;
  /** Null: unset, slate in light mode and zinc in dark mode. */
  surface: SurfaceColor | null;
  menuMode: MenuMode;
  darkTheme: boolean;
}

export interface MenuState {
  /** Static mode above 991 px: the menu is collapsed. */
  staticMenuDesktopInactive: boolean;
  /** Overlay mode: the drawer is open. */
  overlayMenuActive: boolean;
  /** At or below 991 px: the off-canvas menu is open. */
  staticMenuMobileActive: boolean;
}

export const LAYOUT_STORAGE_KEY = 'layout';
/** Desktop above this width; at or below it the menu is the mobile off-canvas one. */
export const MOBILE_MAX_WIDTH = 991;
export const DEFAULT_LAYOUT: LayoutSettings = { preset: 'Aura', primary: 'emerald', surface: null, menuMode: 'static', darkTheme: false };

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

function readSettings(): LayoutSettings {
  let saved: Partial<Record<keyof LayoutSettings, unknown>> = {};
  try {
    saved = JSON.parse(localStorage.getItem(LAYOUT_STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  return {
    preset: oneOf(PRESETS, saved.preset, DEFAULT_LAYOUT.preset),
    primary: oneOf(PRIMARY_COLORS, saved.primary, DEFAULT_LAYOUT.primary),
    surface: SURFACE_COLORS.includes(saved.surface as SurfaceColor) ? (saved.surface as SurfaceColor) : null,
    menuMode: oneOf(MENU_MODES, typeof saved.menuMode === 'string' ? saved.menuMode.toLowerCase() : saved.menuMode, DEFAULT_LAYOUT.menuMode),
    darkTheme: saved.darkTheme === true,
  };
}

/** Puts the appearance on <html>, as theme-init.js does before the first paint. */
export function applyLayout(s: LayoutSettings): void {
  const root = document.documentElement;
  root.classList.toggle('app-dark', s.darkTheme);
  root.dataset.preset = s.preset;
  root.dataset.primary = s.primary;
  if (s.surface) root.dataset.surface = s.surface;
  else delete root.dataset.surface;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let settings: LayoutSettings = typeof window === 'undefined' ? DEFAULT_LAYOUT : readSettings();
let menu: MenuState = { staticMenuDesktopInactive: false, overlayMenuActive: false, staticMenuMobileActive: false };
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export function updateLayout(patch: Partial<LayoutSettings>): void {
  settings = { ...settings, ...patch };
  applyLayout(settings);
  localStorage.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(settings));
  emit();
}

function setMenu(patch: Partial<MenuState>): void {
  const next = { ...menu, ...patch };
  if (next.staticMenuDesktopInactive === menu.staticMenuDesktopInactive && next.overlayMenuActive === menu.overlayMenuActive && next.staticMenuMobileActive === menu.staticMenuMobileActive) return;
  menu = next;
  emit();
}

/** True above 991 px. */
export const isDesktop = (): boolean => typeof window === 'undefined' || !window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`).matches;

/** The menu toggle: overlay mode shows/hides the drawer; static mode above 991 px collapses or
 *  expands the menu; at or below 991 px opens or closes the off-canvas menu. */
export function toggleMenu(): void {
  if (settings.menuMode === 'overlay') setMenu({ overlayMenuActive: !menu.overlayMenuActive, staticMenuMobileActive: false });
  else if (isDesktop()) setMenu({ staticMenuDesktopInactive: !menu.staticMenuDesktopInactive });
  else setMenu({ staticMenuMobileActive: !menu.staticMenuMobileActive });
}

/** Closes the overlay drawer and the mobile menu (the desktop static menu stays as it is). */
export function closeMenus(): void {
  setMenu({ overlayMenuActive: false, staticMenuMobileActive: false });
}

const getSettings = () => settings;
const getMenu = () => menu;

function subscribeWidth(l: Listener) {
  const mq = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  mq.addEventListener('change', l);
  return () => mq.removeEventListener('change', l);
}

/** Shared by the top bar, the configurator and the layout. */
export function useLayoutSettings() {
  const current = useSyncExternalStore(subscribe, getSettings, getSettings);
  const menuState = useSyncExternalStore(subscribe, getMenu, getMenu);
  const desktop = useSyncExternalStore(subscribeWidth, isDesktop, () => true);
  const toggleDarkMode = useCallback(() => {
    const run = () => updateLayout({ darkTheme: !settings.darkTheme });
    const doc = document as Document & { startViewTransition?: (cb: () => void) => unknown };
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (doc.startViewTransition && !reduced) doc.startViewTransition(run);
    else run();
  }, []);
  return {
    settings: current,
    /** The surface in effect: the chosen one, else slate (light) or zinc (dark). */
    effectiveSurface: current.surface ?? (current.darkTheme ? 'zinc' : 'slate'),
    isDarkTheme: current.darkTheme,
    menu: menuState,
    isDesktop: desktop,
    setPrimary: (primary: PrimaryColor) => updateLayout({ primary }),
    setSurface: (surface: SurfaceColor | null) => updateLayout({ surface }),
    setPreset: (preset: Preset) => updateLayout({ preset }),
    setMenuMode: (menuMode: MenuMode) => {
      setMenu({ overlayMenuActive: false, staticMenuMobileActive: false, staticMenuDesktopInactive: false });
      updateLayout({ menuMode });
    },
    toggleDarkMode,
    toggleMenu,
    closeMenus,
  };
}
