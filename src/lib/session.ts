// The session record of the specification (section 3), kept in local storage under `user`.
// Guest: no user, or a user flagged as guest. Authenticated: a user that is not a guest.
import { useSyncExternalStore } from 'react';
import { hasClaim } from '../../common/claims.ts';

export interface SessionUser {
  token: string;
  refreshToken: string;
  claims: string[];
  userInfo: { isGuest: boolean; userInfo: { guid: string; email: string; firstName?: string; lastName?: string } };
}

const KEY = 'user';
type Listener = () => void;
const listeners = new Set<Listener>();

function read(): SessionUser | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return typeof value === 'object' && value !== null ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

// Section 4: guest means no user or isGuest set; authenticated means a user that is not a guest.
const guest = (user: SessionUser | null): boolean => !user || !!user.userInfo?.isGuest;

let current: SessionUser | null = read();
const emit = () => listeners.forEach((l) => l());

export const session = {
  get user(): SessionUser | null {
    return current;
  },
  /** Login: keeps the record and saves it. */
  login(user: SessionUser) {
    current = user;
    localStorage.setItem(KEY, JSON.stringify(user));
    emit();
  },
  /** Logout: clears the record and removes it from storage. */
  logout() {
    current = null;
    localStorage.removeItem(KEY);
    emit();
  },
  /** Rewrites the tokens (and the claims they carry, when given) of the existing user only;
   *  without a user nothing happens. */
  updateTokens(tokens: { token?: string; refreshToken?: string; claims?: string[] }) {
    if (!current) return;
    current = { ...current, ...tokens };
    localStorage.setItem(KEY, JSON.stringify(current));
    emit();
  },
  isGuest: () => guest(current),
  isAuthenticated: () => !guest(current),
  hasClaim: (claim: string) => hasClaim(current?.claims, claim),
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out is followed here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) {
      current = read();
      emit();
    }
  });
}

/** The session in React: re-renders on sign-in, sign-out and token refresh. */
export function useSession() {
  const user = useSyncExternalStore(session.subscribe, () => current);
  return {
    user,
    isAuthenticated: !guest(user),
    isGuest: guest(user),
    hasClaim: (claim: string) => hasClaim(user?.claims, claim),
  };
}
