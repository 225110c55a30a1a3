// Every route of the specification. Here the pages outside the layout (landing, Monitor, sign-in
// pages); every other address goes to the back-office routes (layout-routes.tsx), which load
// with the first of them. Pages load on demand, so the sign-in page carries none of the tables
// and forms.
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { setNavigator } from '@/lib/api-fetcher.ts';
import { loadScreenMessages } from '@/lib/i18n.ts';
import { ErrorPage } from '@/features/auth/ErrorPage.tsx';
import { AuthFrame } from '@/shell/AuthFrame.tsx';
import { LanguagePickerOnUse } from '@/shell/light-controls.tsx';
import { RequireAuth, RequireClaim, WAITING_ROUTE } from '@/shell/guard.tsx';
import { authPage, page, withData } from './pages.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

const authFrame = { frame: AuthFrame };
// The layout shows the screens' words: they load alongside, and so do its data layer and the
// farm's currencies every page waits for (one round trip instead of three in a row).
const LayoutRoutes = lazy(() =>
  Promise.all([import('./layout-routes.tsx'), loadScreenMessages(), import('@/shell/data-provider.tsx').then((m) => m.prefetchFarm())]).then(([m]) => ({ default: m.LayoutRoutes })),
);

export const routes: RouteObject[] = [
  { path: '/', element: withData(page(() => import('@/features/landing/LandingPage.tsx').then((m) => m.LandingPage), { languagePicker: <LanguagePickerOnUse /> })) },
  { path: '/Monitor', element: <RequireAuth><RequireClaim claim="Monitor.Read">{withData(page(() => import('@/features/slaughter/MonitorPage.tsx').then((m) => m.MonitorPage)))}</RequireClaim></RequireAuth> },
  { path: '/auth/login', element: authPage(() => import('@/features/auth/LoginPage.tsx').then((m) => m.LoginPage), authFrame) },
  { path: '/auth/register', element: authPage(() => import('@/features/auth/RegisterPage.tsx').then((m) => m.RegisterPage), authFrame) },
  { path: WAITING_ROUTE, element: authPage(() => import('@/features/auth/WaitingPage.tsx').then((m) => m.WaitingPage), authFrame) },
  { path: '/auth/access', element: authPage(() => import('@/features/auth/AccessDeniedPage.tsx').then((m) => m.AccessDeniedPage), authFrame) },
  // Static: the error boundary shows it too, also when no other code can be loaded.
  { path: '/auth/error', element: <ErrorPage frame={AuthFrame} /> },
  { path: '/pages/notfound', element: authPage(() => import('@/features/auth/NotFoundPage.tsx').then((m) => m.NotFoundPage), authFrame) },
  { path: '*', element: <Suspense><LayoutRoutes /></Suspense> },
];

/** The routes, rendered inside the app's BrowserRouter. Declarative routing (no data router: the
 *  pages fetch through TanStack Query) keeps the router's code on the sign-in page small. */
export function AppRoutes() {
  const navigate = useNavigate();
  // The API client goes to the login page when a session ends outside any page's control.
  useEffect(() => setNavigator((path) => void navigate(path)), [navigate]);
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
