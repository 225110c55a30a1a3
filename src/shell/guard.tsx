// Route guards. RequireAuth: not signed in → the login page with the current address as
// returnUrl; signed in as a guest (waiting for an administrator) → the waiting page.
// RequireClaim: without the claim (Admin passes all) → the access-denied page.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session.ts';

export const LOGIN_ROUTE = '/auth/login';
/** The waiting-for-approval page of a registered guest (the router adds it). */
export const WAITING_ROUTE = '/auth/waiting';
export const ACCESS_DENIED_ROUTE = '/auth/access';

/** The login address that comes back here after signing in. */
export function loginUrl(returnUrl: string): string {
  return `${LOGIN_ROUTE}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isGuest } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={loginUrl(location.pathname + location.search + location.hash)} replace />;
  if (isGuest) return <Navigate to={WAITING_ROUTE} replace />;
  return <>{children}</>;
}

export function RequireClaim({ claim, children }: { claim: string; children: ReactNode }) {
  const { hasClaim } = useSession();
  if (!hasClaim(claim)) return <Navigate to={ACCESS_DENIED_ROUTE} replace />;
  return <>{children}</>;
}
