// @vitest-environment jsdom
import { createElement } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/lib/api-fetcher.ts';
import { activateLanguage } from '../../../src/lib/i18n.ts';
import { onNotify, type Notification } from '../../../src/lib/notify.ts';
import { assertOnline, isOnline, useOnline } from '../../../src/lib/offline.ts';
import { CACHE_KEY, CACHE_MAX_AGE_MS, persistOptions, queryClient } from '../../../src/lib/query-client.ts';
import { session } from '../../../src/lib/session.ts';

// The persist client ships its own copy of query-core: the same QueryClient at run time, but a
// different class to the type checker.
type PersistedClientOf = Parameters<typeof persistQueryClientSave>[0]['queryClient'];
const persisted = (client: QueryClient) => client as unknown as PersistedClientOf;

const OFFLINE = 'Çevrimdışısınız: değişiklikler kaydedilemez.';
let online = true;
let toasts: Notification[];
let unsubscribe: () => void;

function goOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

beforeAll(() => activateLanguage('tr-TR'));
beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  online = true;
  toasts = [];
  unsubscribe = onNotify((n) => toasts.push(n));
  localStorage.clear();
  queryClient.clear();
});
afterEach(() => {
  unsubscribe();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('online state', () => {
  it('isOnline follows navigator.onLine', () => {
    expect(isOnline()).toBe(true);
    online = false;
    expect(isOnline()).toBe(false);
  });

  it('useOnline re-renders on the online and offline events', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useOnline());
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(createElement(Probe)));
    await act(async () => goOnline(false));
    await act(async () => goOnline(true));
    await act(async () => root.unmount());
    expect(seen).toEqual([true, false, true]);
  });

  it('assertOnline passes online; offline it toasts and throws the translated offline error', () => {
    expect(() => assertOnline()).not.toThrow();
    online = false;
    const error = (() => {
      try {
        assertOnline();
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect([error?.status, error?.kind, error?.code, error?.message]).toEqual([0, 'offline', 'message.offline', OFFLINE]);
    expect(toasts.map((t) => t.summary)).toEqual([OFFLINE]);
  });
});

describe('mutations while offline', () => {
  it('are refused before they are sent', async () => {
    online = false;
    const mutationFn = vi.fn(async () => 'sent');
    const error = await new MutationObserver(queryClient, { mutationFn }).mutate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(OFFLINE);
    expect(mutationFn).not.toHaveBeenCalled();
    expect(toasts.map((t) => [t.severity, t.summary])).toEqual([['warn', OFFLINE]]);
  });

  it('leave the message to the form with meta.silent', async () => {
    online = false;
    const mutationFn = vi.fn(async () => 'sent');
    const observer = new MutationObserver(queryClient, { mutationFn, meta: { silent: true } });
    await expect(observer.mutate()).rejects.toThrow(OFFLINE);
    expect(observer.getCurrentResult().error?.message).toBe(OFFLINE);
    expect(toasts).toEqual([]);
  });

  it('run when online', async () => {
    const mutationFn = vi.fn(async () => 'sent');
    await expect(new MutationObserver(queryClient, { mutationFn }).mutate()).resolves.toBe('sent');
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});

describe('persisted cache', () => {
  it('keeps answers a week, saves them throttled to local storage by itself, and restores them', async () => {
    expect(CACHE_MAX_AGE_MS).toBe(7 * 24 * 3600 * 1000);
    const options = persistOptions(undefined);
    expect(options.maxAge).toBe(CACHE_MAX_AGE_MS);
    const savedAt = Date.now();
    queryClient.setQueryData(['/Languages'], { data: { success: true, data: [{ id: 1, code: 'tr-TR' }] } });
    expect(localStorage.getItem(CACHE_KEY) ?? '').not.toContain('tr-TR');
    await vi.waitFor(() => expect(localStorage.getItem(CACHE_KEY)).toContain('tr-TR'), { timeout: 3000 });
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(900);

    const restored = new QueryClient();
    await persistQueryClientRestore({ ...options, queryClient: persisted(restored) });
    expect(restored.getQueryData(['/Languages'])).toEqual({ data: { success: true, data: [{ id: 1, code: 'tr-TR' }] } });
  });

  it('drops a copy older than a week', async () => {
    const options = persistOptions('g1');
    const old = { timestamp: Date.now() - CACHE_MAX_AGE_MS - 1, buster: options.buster, clientState: { mutations: [], queries: [] } };
    localStorage.setItem(CACHE_KEY, JSON.stringify(old));
    await persistQueryClientRestore({ ...options, queryClient: persisted(new QueryClient()) });
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
  });

  it("drops a copy another user left (the app may load after the next user signed in)", async () => {
    const client = new QueryClient();
    client.setQueryData(['/Accounts'], 'private of g1');
    await persistQueryClientSave({ ...persistOptions('g1'), queryClient: persisted(client) });
    await vi.waitFor(() => expect(localStorage.getItem(CACHE_KEY)).toContain('private of g1'), { timeout: 3000 });
    const next = new QueryClient();
    await persistQueryClientRestore({ ...persistOptions('g2'), queryClient: persisted(next) });
    expect(next.getQueryData(['/Accounts'])).toBeUndefined();
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    const same = new QueryClient();
    await persistQueryClientSave({ ...persistOptions('g1'), queryClient: persisted(client) });
    await vi.waitFor(() => expect(localStorage.getItem(CACHE_KEY)).toContain('private of g1'), { timeout: 3000 });
    await persistQueryClientRestore({ ...persistOptions('g1'), queryClient: persisted(same) });
    expect(same.getQueryData(['/Accounts'])).toBe('private of g1');
  });

  it('is cleared when the user signs out, so the next user never sees it', () => {
    session.login({ token: 't', refreshToken: 'r', claims: [], userInfo: { isGuest: false, userInfo: { guid: 'g1', email: 'a@b.c' } } });
    queryClient.setQueryData(['/Accounts'], 'private');
    localStorage.setItem(CACHE_KEY, '{}');
    session.updateTokens({ token: 't2' });
    expect(queryClient.getQueryData(['/Accounts'])).toBe('private');
    session.logout();
    expect(queryClient.getQueryData(['/Accounts'])).toBeUndefined();
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
  });
});
