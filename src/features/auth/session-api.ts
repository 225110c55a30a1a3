// The auth calls of these pages and how their failures read: every message is a translation
// key (the server's error code, a validation code, or a client-side one).
import { login, register as registerUser } from '../../../generated/api/auth/auth.ts';
import type { LoginRequest, RegisterRequest } from '../../../generated/api/model/index.ts';
import { ApiError, logout } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { t } from '@/lib/i18n.ts';
import type { SessionUser } from '@/lib/session.ts';

/** Where a registered user without claims waits (the shell's WAITING_ROUTE). */
export const WAITING_ROUTE = '/auth/waiting';
export const LOGIN_ROUTE = '/auth/login';
export const DASHBOARD_ROUTE = '/Dashboard';

// Silent: these forms show their failures inline, not as a toast.
const silent = { silent: true } as const;

export const signIn = async (body: LoginRequest): Promise<SessionUser> => dataOf(await login(body, silent));

export const register = async (body: RegisterRequest): Promise<SessionUser> => dataOf(await registerUser(body, silent));

/** Signs out here at once, and ends the session on the server (best effort). */
export function signOut(): void {
  void logout();
}

/** Where to go after signing in: a same-site `returnUrl`, else the dashboard. */
export function safeReturnUrl(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DASHBOARD_ROUTE;
  if (raw.startsWith('/auth/login') || raw.startsWith('/auth/register')) return DASHBOARD_ROUTE;
  return raw;
}

export interface FailureText {
  /** The form-level message. */
  message: string;
  /** Messages of named fields (the contract's property names). */
  fields: Record<string, string>;
}

/** What a failed auth call says: the fetcher's translated message, and each bad field's. */
export function describeFailure(err: unknown, labels: Record<string, string>): FailureText {
  if (err instanceof ApiError) {
    return { message: err.message || t('error.default'), fields: err.fieldMessages((f) => labels[f] ?? f) };
  }
  return { message: t('error.default'), fields: {} };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side checks with the same messages as the server's. */
export const check = {
  required: (value: string, label: string) => (value.trim() ? undefined : t('validation.required', { label })),
  email: (value: string, label: string) =>
    !value.trim() ? t('validation.required', { label }) : EMAIL.test(value.trim()) ? undefined : t('validation.format', { label }),
  minLength: (value: string, label: string, min: number) =>
    !value ? t('validation.required', { label }) : value.length < min ? t('validation.minLength', { label, min }) : undefined,
};
