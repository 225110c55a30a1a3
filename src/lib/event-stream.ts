// A Server-Sent Events client for the API's live feeds (the Monitor, later the slaughter queue).
// EventSource cannot send headers, so the access token goes in the `access_token` query parameter.
// The browser's own reconnection is not used: it would retry forever with the same (perhaps
// expired) token. Instead every failure closes the stream and a new one is opened after a backoff
// (0.5 s, 1 s, 2 s … 10 s), with the session's current token; when that token has expired (the
// server ends a stream when its token does) or attempts keep failing, the caller's `renewToken`
// runs first (a call through `apiFetch`, which refreshes the token the usual way). Going offline
// closes the stream; coming back online reconnects at once.
//
//   const { connected } = useEventStream({ path: '/Monitor/events?date=2026-05-27',
//     events: { snapshot: (d) => …, change: (d) => … }, renewToken: () => getMonitorBoard() });
import { useEffect, useRef, useState } from 'react';
import { API_BASE } from './api-fetcher.ts';
import { session } from './session.ts';

export interface EventStreamOptions {
  /** The feed's path under /api/v1, with its query (no token), e.g. `/Monitor/events?date=…`. */
  path: string;
  /** Handlers by event name; each gets the event's `data` text. */
  events: Record<string, (data: string) => void>;
  /** Renews the access token (any API call does: the fetcher refreshes on a 401). */
  renewToken?: () => Promise<unknown>;
  /** Connected (the stream is open) or not. */
  onStatus?: (connected: boolean) => void;
}

const MIN_DELAY_MS = 500;
const MAX_DELAY_MS = 10_000;
/** A token this close to its end is renewed before connecting. */
const EXPIRY_MARGIN_MS = 15_000;

/** When a JWT expires (ms since the epoch), or undefined when it cannot be read. */
export function tokenExpiresAt(token: string | undefined): number | undefined {
  const part = token?.split('.')[1];
  if (!part) return undefined;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export class EventStreamClient {
  private source: EventSource | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private stopped = true;
  /** A connect is under way (perhaps waiting for the token's renewal): no second one meanwhile. */
  private connecting = false;
  private connected = false;
  private readonly options: EventStreamOptions;

  constructor(options: EventStreamOptions) {
    this.options = options;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    clearTimeout(this.timer);
    // Closed by its owner: nothing to report.
    this.source?.close();
    this.source = undefined;
    this.connected = false;
  }

  get isConnected(): boolean {
    return this.connected;
  }

  private readonly onOnline = () => {
    if (this.stopped || this.source || this.connecting) return;
    clearTimeout(this.timer);
    this.failures = 0;
    void this.connect();
  };

  private readonly onOffline = () => {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.close();
  };

  private setConnected(value: boolean) {
    if (this.connected === value) return;
    this.connected = value;
    this.options.onStatus?.(value);
  }

  private close() {
    this.source?.close();
    this.source = undefined;
    this.setConnected(false);
  }

  private async connect() {
    if (this.stopped || this.connecting || offline()) return; // `online` reconnects
    const token = session.user?.token;
    const expires = tokenExpiresAt(token);
    // An expired token, or repeated failures (a revoked token looks like any failure here).
    if (this.options.renewToken && (this.failures >= 2 || (expires !== undefined && expires - Date.now() < EXPIRY_MARGIN_MS))) {
      this.connecting = true;
      await this.options.renewToken().catch(() => undefined);
      this.connecting = false;
      // Stopped, or gone offline, while the token was renewed: `start` or `online` connects.
      if (this.stopped || offline()) return;
    }
    const current = session.user?.token;
    const separator = this.options.path.includes('?') ? '&' : '?';
    const url = `${API_BASE}${this.options.path}${current ? `${separator}access_token=${encodeURIComponent(current)}` : ''}`;
    const source = new EventSource(url);
    this.source = source;
    source.onopen = () => {
      this.failures = 0;
      this.setConnected(true);
    };
    source.onerror = () => {
      if (this.source !== source) return;
      this.close();
      this.retry();
    };
    for (const [name, handle] of Object.entries(this.options.events)) {
      source.addEventListener(name, (e) => {
        if (this.source === source) handle((e as MessageEvent<string>).data);
      });
    }
  }

  private retry() {
    if (this.stopped) return;
    const delay = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** this.failures);
    this.failures++;
    // Some jitter: screens that lost the server together do not all come back in the same instant.
    this.timer = setTimeout(() => void this.connect(), delay * (0.8 + Math.random() * 0.4));
  }
}

/**
 * The stream in React: open while mounted (a new one when `path` changes); answers whether it is
 * connected. A drop is reported after `graceMs` only, so a routine reconnect (at the token's end)
 * does not flash a warning; the handlers may change between renders.
 */
export function useEventStream(options: EventStreamOptions & { graceMs?: number }): { connected: boolean } {
  const { path, graceMs = 2000 } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const names = Object.keys(options.events).sort().join(',');
  const [connected, setConnected] = useState(true);
  useEffect(() => {
    const down = () => setTimeout(() => setConnected(false), graceMs);
    let grace = down();
    const events = Object.fromEntries(names.split(',').filter(Boolean).map((name) => [name, (data: string) => latest.current.events[name]?.(data)]));
    const client = new EventStreamClient({
      path,
      events,
      renewToken: () => latest.current.renewToken?.() ?? Promise.resolve(),
      onStatus: (up) => {
        clearTimeout(grace);
        latest.current.onStatus?.(up);
        if (up) setConnected(true);
        else grace = down();
      },
    });
    client.start();
    return () => {
      clearTimeout(grace);
      client.stop();
    };
  }, [path, graceMs, names]);
  return { connected };
}
