// The back-office routes: in the layout, behind the guard (the original guarded only /Dashboard;
// every back-office screen needs a signed-in user here) and each entity screen behind its Read
// claim; entity routes come from the generated admin metadata; unknown URLs reach
// /pages/notfound. Loaded with the first of them, together with the layout (menus, top bar): the
// sign-in page carries neither, nor the entity list or the preload lists of these pages' imports.
import { lazy, Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { adminRoutes } from '../../generated/admin/routes.ts';
import { AppLayout } from '@/shell/AppLayout.tsx';
import { RequireAuth, RequireClaim } from '@/shell/guard.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { page, withData } from './pages.tsx';
import { RecordHistory } from './record-history.ts';

const EntityPage = lazy(() => import('@/admin/index.ts').then((m) => ({ default: m.EntityPage })));
/** The generic screen of an entity, with what a feature adds to it (loaded together). */
const entityPage = (plural: string) => {
  const Screen = lazy(async () => {
    const [{ EntityPage: Page }, extension] = await Promise.all([
      import('@/admin/index.ts'),
      import('./entity-extensions.ts').then(({ entityExtensions }) => entityExtensions[plural]?.()),
    ]);
    return { default: () => <Page plural={plural} extension={extension} /> };
  });
  return <Screen key={plural} />;
};
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
  { path: '/VictimOrders/:id', element: <RequireClaim claim="VictimOrders.Read">{page(() => import('@/features/orders/OrderPage.tsx').then((m) => m.OrderPage), { History: RecordHistory })}</RequireClaim> },
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

const routes: RouteObject[] = [
  { element: <RequireAuth>{withData(<AppLayout />)}</RequireAuth>, children: layoutRoutes },
  { path: '*', element: <Navigate to="/pages/notfound" replace /> },
];

/** Every address the routes of the sign-in pages do not take (router.tsx). */
export function LayoutRoutes() {
  return useRoutes(routes);
}
