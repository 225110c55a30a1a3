// The shell's public pieces, for the router (src/app) and the pages.
export { AppLayout } from './AppLayout.tsx';
export { AuthFrame, type AuthFrameProps } from './AuthFrame.tsx';
export { ConfiguratorButton } from './Configurator.tsx';
export { Configurator } from './ConfiguratorPanel.tsx';
export { Footer } from './Footer.tsx';
export { GlobalElements, LoadingBar, OfflineNotice, PreLoader, UpdatePrompt, setPreLoader, usePreLoader } from './GlobalElements.tsx';
export { ACCESS_DENIED_ROUTE, LOGIN_ROUTE, RequireAuth, RequireClaim, WAITING_ROUTE, loginUrl } from './guard.tsx';
export { LanguagePicker } from './LanguagePicker.tsx';
export { changeLanguage } from './current-language.ts';
export { useLanguages } from './languages.ts';
export { useLayoutSettings, applyLayout, MOBILE_MAX_WIDTH } from './layout-settings.ts';
export { MENU, visibleMenu } from './menu.ts';
export { SideMenu, TYPEAHEAD_RESET_MS } from './SideMenu.tsx';
export { Toaster } from './Toaster.tsx';
export { TopBar, DarkModeButton, Logo } from './TopBar.tsx';
export { TranslationDialog } from './TranslationDialog.tsx';
export { UserMenu, useLogout } from './UserMenu.tsx';
export { fetchServerMessages } from './api.ts';
