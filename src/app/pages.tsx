// How a route's page loads: on first visit, with the words it needs, and with the data layer when
// it shows data. Shared by the routes of the sign-in pages and those of the layout.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadScreenMessages } from '@/lib/i18n.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';

/** A page loaded on first visit, with the screens' words. */
export function page<P extends object>(load: () => Promise<ComponentType<P>>, props?: P): ReactNode {
  return authPage(() => Promise.all([load(), loadScreenMessages()]).then(([Page]) => Page), props);
}

/** A sign-in page loaded on first visit: it needs only the core of the bundled catalog. */
export function authPage<P extends object>(load: () => Promise<ComponentType<P>>, props?: P): ReactNode {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    // Padding, not a margin: a margin would collapse through <body> and move it when the page comes.
    <Suspense fallback={<div className="p-6"><Skeleton className="h-40" /></div>}>
      <Page {...(props as P)} />
    </Suspense>
  );
}

/** The data layer (the query client and its restored cache), loaded with the first page that
 *  shows data; the sign-in pages do without it. */
const DataProvider = lazy(() => import('@/shell/data-provider.tsx').then((m) => ({ default: m.DataProvider })));
export const withData = (node: ReactNode) => (
  <Suspense>
    <DataProvider>{node}</DataProvider>
  </Suspense>
);
