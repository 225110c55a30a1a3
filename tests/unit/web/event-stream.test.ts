// @vitest-environment jsdom
// The SSE client opens one stream at a time: coming back online while the token is being renewed
// does not open a second one, and going offline meanwhile opens none (`online` will).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventStreamClient } from '../../../src/lib/event-stream.ts';
import { session } from '../../../src/lib/session.ts';

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.closed = true;
  }
}

/** A JWT-shaped token expiring in `seconds` (only its payload is read). */
const tokenExpiringIn = (seconds: number) => `x.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds }))}.y`;
const setOnline = (value: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });

let finishRenewal: () => void;
let renewals: number;
let client: EventStreamClient;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  setOnline(true);
  session.login({ token: tokenExpiringIn(5), refreshToken: 'r', claims: [], userInfo: { isGuest: false, userInfo: { guid: 'g', email: 'a@b.c' } } });
  renewals = 0;
  client = new EventStreamClient({
    path: '/Monitor/events',
    events: {},
    // The token is about to expire: connecting renews it first, and waits here.
    renewToken: () => {
      renewals++;
      return new Promise<void>((resolve) => (finishRenewal = () => {
        session.updateTokens({ token: tokenExpiringIn(900) });
        resolve();
      }));
    },
  });
});
afterEach(() => {
  client.stop();
  session.logout();
  vi.unstubAllGlobals();
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('EventStreamClient', () => {
  it('opens one stream with the renewed token when "online" fires during the renewal', async () => {
    client.start();
    await settle();
    window.dispatchEvent(new Event('online'));
    finishRenewal();
    await settle();
    expect(renewals).toBe(1);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(new URL(FakeEventSource.opened[0].url, 'http://x').searchParams.get('access_token')).not.toBe(null);
  });

  it('opens none when the browser went offline during the renewal, and one when it is back', async () => {
    client.start();
    await settle();
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    finishRenewal();
    await settle();
    expect(FakeEventSource.opened).toHaveLength(0);
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(renewals).toBe(1); // the renewed token is still fresh
  });
});
