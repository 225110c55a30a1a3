// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../src/lib/session.ts';

const user = (isGuest = false): SessionUser => ({
  token: 'access-1',
  refreshToken: 'refresh-1',
  claims: ['Languages.Read'],
  userInfo: { isGuest, userInfo: { guid: 'g-1', email: 'ali@example.com' } },
});

// The module reads local storage when it loads, as the app does on start.
async function start() {
  vi.resetModules();
  return (await import('../../../src/lib/session.ts')).session;
}
const stored = () => JSON.parse(localStorage.getItem('user') ?? 'null') as SessionUser | null;

beforeEach(() => localStorage.clear());

describe('session', () => {
  it('restores the user record from local storage on start', async () => {
    localStorage.setItem('user', JSON.stringify(user()));
    const session = await start();
    expect(session.user).toEqual(user());
    expect(session.isAuthenticated()).toBe(true);
  });

  it('starts as a guest without a record, or with an unreadable one', async () => {
    expect((await start()).user).toBeNull();
    localStorage.setItem('user', '{not json');
    const session = await start();
    expect(session.user).toBeNull();
    expect(session.isGuest()).toBe(true);
    expect(session.isAuthenticated()).toBe(false);
  });

  it('login stores and saves the record; logout clears it and removes it from storage', async () => {
    const session = await start();
    const seen = vi.fn();
    session.subscribe(seen);
    session.login(user());
    expect(session.user).toEqual(user());
    expect(stored()).toEqual(user());
    session.logout();
    expect(session.user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('rewrites a token on the existing user and saves it', async () => {
    const session = await start();
    session.login(user());
    session.updateTokens({ token: 'access-2' });
    expect(session.user?.token).toBe('access-2');
    expect(session.user?.refreshToken).toBe('refresh-1');
    session.updateTokens({ refreshToken: 'refresh-2' });
    expect(stored()).toEqual({ ...user(), token: 'access-2', refreshToken: 'refresh-2' });
  });

  it('does nothing on a token update when no user exists', async () => {
    const session = await start();
    const seen = vi.fn();
    session.subscribe(seen);
    session.updateTokens({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(session.user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(seen).not.toHaveBeenCalled();
  });

  it('guest means no user or isGuest set; authenticated means a user that is not a guest', async () => {
    const session = await start();
    expect([session.isGuest(), session.isAuthenticated()]).toEqual([true, false]);
    session.login(user(true));
    expect([session.isGuest(), session.isAuthenticated()]).toEqual([true, false]);
    session.login(user(false));
    expect([session.isGuest(), session.isAuthenticated()]).toEqual([false, true]);
  });

  it('checks claims against the user record', async () => {
    const session = await start();
    expect(session.hasClaim('Languages.Read')).toBe(false);
    session.login(user());
    expect(session.hasClaim('Languages.Read')).toBe(true);
    expect(session.hasClaim('Languages.Delete')).toBe(false);
  });

  it("follows another tab's sign-out", async () => {
    localStorage.setItem('user', JSON.stringify(user()));
    const session = await start();
    localStorage.removeItem('user');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user', newValue: null }));
    expect(session.user).toBeNull();
  });
});
