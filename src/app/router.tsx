// Every route of the specification. Back-office routes sit in the layout behind the guard (the
// original guarded only /Dashboard; every back-office screen needs a signed-in user here) and
// each entity screen behind its Read claim; entity routes come from the generated admin
// metadata; unknown URLs reach /pages/notfound. Pages load on demand, so the sign-in page
// carries none of the tables and forms.
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { setNavigator } from '@/lib/api-fetcher.ts';
import { loadScreenMessages } from '@/lib/i18n.ts';
import { adminRoutes } from '../../generated/admin/routes.ts';
import { ErrorPage } from '@/features/auth/ErrorPage.tsx';
import { AuthFrame } from '@/shell/AuthFrame.tsx';
import { LanguagePickerOnUse } from '@/shell/light-controls.tsx';
import { RequireAuth, RequireClaim, WAITING_ROUTE } from '@/shell/guard.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { entityExtensions } from './entity-extensions.ts';

/** A page loaded on first visit, with the screens' words. */
function page<P extends object>(load: () => Promise<ComponentType<P>>, props?: P): ReactNode {
  return authPage(() => Promise.all([load(), loadScreenMessages()]).then(([Page]) => Page), props);
}

/** A sign-in page loaded on first visit: it needs only the core of the bundled catalog. */
function authPage<P extends object>(load: () => Promise<ComponentType<P>>, props?: P): ReactNode {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Skeleton className="m-6 h-40" />}>
      <Page {...(props as P)} />
    </Suspense>
  );
}

/** The data layer (the query client and its restored cache), loaded with the first page that
 *  shows data; the sign-in pages do without it. */
const DataProvider = lazy(() => import('@/shell/data-provider.tsx').then((m) => ({ default: m.DataProvider })));
const withData = (node: ReactNode) => (
  <Suspense>
    <DataProvider>{node}</DataProvider>
  </Suspense>
);

const authFrame = { frame: AuthFrame };
const EntityPage = lazy(() => import('@/admin/index.ts').then((m) => ({ default: m.EntityPage })));
/** The generic screen of an entity, with what a feature adds to it (loaded together). */
const entityPage = (plural: string) => {
  const extend = entityExtensions[plural];
  if (!extend) return <EntityPage key={plural} plural={plural} />;
  const Extended = lazy(async () => {
    const [{ EntityPage: Page }, extension] = await Promise.all([import('@/admin/index.ts'), extend()]);
    return { default: () => <Page plural={plural} extension={extension} /> };
  });
  return <Extended key={plural} />;
};
// The back-office layout (menus, configurator, dialogs) is not part of the sign-in page.
const AppLayout = lazy(() => Promise.all([import('@/shell/AppLayout.tsx'), loadScreenMessages()]).then(([m]) => ({ default: m.AppLayout })));

const layoutRoutes: RouteObject[] = [
  { path: '/Dashboard', element: page(() => import('@/features/dashboard/DashboardPage.tsx').then((m) => m.DashboardPage)) },
  { path: '/pages/empty', element: page(() => import('@/features/pages/EmptyPage.tsx').then((m) => m.EmptyPage)) },
  // The template's demo CRUD page: the generic entity screen on the product catalogue.
  { path: '/pages/crud', element: <RequireClaim claim="Products.Read"><Suspense><EntityPage plural="Products" /></Suspense></RequireClaim> },
  { path: '/documentation', element: page(() => import('@/features/pages/DocumentationPage.tsx').then((m) => m.DocumentationPage)) },
  { path: '/ExamplePage', element: page(() => import('@/features/pages/ExamplePage.tsx').then((m) => m.ExamplePage)) },
  { path: '/Sales/new', element: <RequireClaim claim="VictimOrders.Create">{page(() => import('@/features/sales/SalesPage.tsx').then((m) => m.SalesPage))}</RequireClaim> },
  // The slaughter queue's own page wins over the generic screen (same path, listed first); the
  // generic table stays under /all.
  { path: '/VictimProductsAppointments', element: <RequireClaim claim="VictimProductsAppointments.Read">{page(() => import('@/features/slaughter/QueuePage.tsx').then((m) => m.QueuePage))}</RequireClaim> },
  { path: '/VictimProductsAppointments/all', element: <RequireClaim claim="VictimProductsAppointments.Read"><Suspense fallback={<Skeleton className="m-6 h-96" />}>{entityPage('VictimProductsAppointments')}</Suspense></RequireClaim> },
  { path: '/Appointments/day', element: <RequireClaim claim="Appointments.Read">{page(() => import('@/features/appointments/DayPage.tsx').then((m) => m.DayPage))}</RequireClaim> },
  { path: '/VictimOrders/:id', element: <RequireClaim claim="VictimOrders.Read">{page(() => import('@/features/orders/OrderPage.tsx').then((m) => m.OrderPage))}</RequireClaim> },
  { path: '/Accounts/:id/statement', element: <RequireClaim claim="Accounts.Read">{page(() => import('@/features/office/StatementPage.tsx').then((m) => m.StatementPage))}</RequireClaim> },
  ...adminRoutes.map((r) => ({
    path: r.route,
    element: (
      <RequireClaim claim={r.claims.read}>
        <Suspense fallback={<Skeleton className="m-6 h-96" />}>{entityPage(r.plural)}</Suspense>
      </RequireClaim>
    ),
  })),
];

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
  { element: <RequireAuth>{withData(<AppLayout />)}</RequireAuth>, children: layoutRoutes },
  { path: '*', element: <Navigate to="/pages/notfound" replace /> },
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
