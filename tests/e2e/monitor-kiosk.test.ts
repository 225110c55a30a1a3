// The Monitor as a hall TV runs it for days: Chromium in kiosk mode on /Monitor, the service
// worker allowed, signed in as a user holding only `Monitor.Read`. This file starts its own
// server process (own port, own data directory) so that it can stop it (SIGTERM) and start it
// again on the same port and data: the board says "Bağlantı yok" meanwhile and is live again
// afterwards without a reload; a reload while the server is away shows the app shell and the
// last board from the service worker. Access tokens last 30 s here, so the stream's token is
// renewed across reconnects within a test; an ended session brings the sign-in, which returns
// to the board; a new version is taken up unasked; the screen is kept awake.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFile, chmod, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../server/src/db/embedded.ts';
import { ADMIN, CHROMIUM, CHROMIUM_ARGS, describePage, signIn } from './support/browser.ts';

const MAIN = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const TOKEN_SECONDS = 30;
const BANNER = 'Bağlantı yok — yeniden bağlanılıyor…';
const UPDATE = 'Yeni bir sürüm mevcut. Sayfayı yenilemek ister misiniz?';

/** The server under test: stopped and started again on the same port and data directory. */
class Server {
  private child: ChildProcess | undefined;
  private out = '';
  readonly root: string;
  readonly port: number;
  constructor(root: string, port: number) {
    this.root = root;
    this.port = port;
  }
  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }
  get staticRoot() {
    return join(this.root, 'static');
  }
  output() {
    return this.out;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        DATA_DIR: join(this.root, 'data'),
        STATIC_ROOT: this.staticRoot,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '1000',
        ACCESS_TOKEN_SECONDS: String(TOKEN_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const mark = this.out.length;
    child.stdout!.on('data', (d) => (this.out += d));
    child.stderr!.on('data', (d) => (this.out += d));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${this.out}`)), 150_000);
      const onData = () => {
        if (!this.out.slice(mark).includes('Ctrl+C')) return;
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve();
      };
      const onExit = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${this.out}`));
      };
      child.stdout!.on('data', onData);
      child.on('exit', onExit);
    });
  }

  /** Stops the server the way a service manager does (SIGTERM) and waits for its exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', (code) => {
        clearTimeout(killer);
        expect(code, this.out).toBe(0);
        resolve();
      });
      child.kill(signal);
    });
  }
}

let server: Server;
let browser: Browser;
let day: string;
/** The kiosk's screen: tall enough to show the whole day at once (see `kioskPage`). */
let screen = { width: 1920, height: 1080 };
let viewer: { email: string; password: string };

interface Envelope<T> {
  success: boolean;
  data: T;
  error: unknown;
}

/** Calls the API as the administrator (signed in anew each time: tokens are short here), with `token`, or anonymously (''). */
async function call<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: Envelope<T> }> {
  const bearer = token ?? (await adminToken());
  const res = await fetch(`${server.baseUrl}/api/v1/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function adminToken(): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/v1/Auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(res.status).toBe(200);
  return ((await res.json()) as Envelope<{ token: string }>).data.token;
}

function ok<T>(what: string, r: { status: number; body: Envelope<T> }): T {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

interface Board {
  steps: { id: number; name: string }[];
  entries: { id: number; stepId: number | null }[];
}

/** Moves the day's first animal to a step it is not at; answers the row and the step's name. */
async function advanceFirstAnimal(token?: string): Promise<{ id: number; stepId: number; name: string }> {
  const board = ok('board', await call<Board>('GET', `Monitor/board?date=${day}`, undefined, token));
  const entry = board.entries[0];
  const step = board.steps.find((s) => s.id !== entry.stepId)!;
  ok('advance', await call('POST', `VictimProductsAppointments/${entry.id}/advance`, { stepId: step.id }, token));
  return { id: entry.id, stepId: step.id, name: step.name };
}

/**
 * A kiosk's page: a fresh profile with the service worker allowed, a TV-wide screen. The board
 * pages itself when the day has more rows than fit (10 s a page), and a row not on the page shown
 * is not in the document: these tests check that changes arrive, so the screen is tall enough for
 * the whole day (`openBoard` checks that there is one page), else a change to the first animal
 * made while the second page shows is seen only when the first comes back.
 */
async function kioskPage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    viewport: screen,
    serviceWorkers: 'allow',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const thrown: string[] = [];
  page.on('pageerror', (e) => thrown.push(e.message));
  (page as Page & { thrown?: string[] }).thrown = thrown;
  return page;
}
const thrownIn = (page: Page) => (page as Page & { thrown?: string[] }).thrown ?? [];

/** Waits until /sw.js controls the page (a first visit is not controlled: one reload). */
async function controlledBySw(page: Page): Promise<void> {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated', undefined, { timeout: 30_000 });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'), undefined, { timeout: 30_000 });
}

/** Signs in as the Monitor-only user and opens the demo's first slaughter day, live. */
async function openBoard(): Promise<Page> {
  const page = await kioskPage();
  const path = `/Monitor?date=${day}`;
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await signIn(page, viewer.email, viewer.password);
  await page.waitForURL((url) => url.pathname === '/Monitor');
  await live(page);
  // The whole day on one page (see `kioskPage`): every row stays in the document.
  expect(await page.getByText(/^Sayfa \d+ \/ \d+$/).count(), 'the board pages itself: the screen is too short for the day').toBe(0);
  return page;
}

/** The board shows rows and says it is live. */
async function live(page: Page, timeout = 15_000): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Kesim Sırası' }).waitFor({ timeout });
  await page.locator('tbody tr').first().waitFor({ timeout }).catch(async (err: Error) => {
    throw new Error(`${err.message}\n${await describePage(page)}`);
  });
  await page.getByText(BANNER).waitFor({ state: 'detached', timeout });
  await page.getByText('Canlı', { exact: true }).waitFor({ timeout });
}

const rowStep = (page: Page, id: number) => page.locator(`tr[data-entry="${id}"]`).getAttribute('data-step');

/** Main-frame navigations from now on (a reload would be one). */
function navigationsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(f.url());
  });
  return seen;
}

const storedUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { token: string; refreshToken: string } | null);

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'kurban-kiosk-'));
  // Traversable by the embedded PostgreSQL's own user when run as root.
  await chmod(root, 0o711);
  await cp(DIST, join(root, 'static'), { recursive: true });
  server = new Server(root, await findFreePort());
  await server.start();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const first = ok('queue', await call<{ data: { slaughterDay: string }[] }>('POST', 'VictimProductsAppointments/GetListForPaging', {
    PageNumber: 1,
    PageSize: 1,
    SortingParams: [{ ColumnName: 'slaughterDay', SortOrder: 1 }],
  }));
  day = first.data[0].slaughterDay.slice(0, 10);
  // A row is 96 px high; the header, the column heads and the legend take less than 400 px.
  const rows = ok('board', await call<Board>('GET', `Monitor/board?date=${day}`)).entries.length;
  screen = { width: 1920, height: Math.max(1080, 400 + 100 * rows) };
  // A user whose only claim is Monitor.Read: the hall TV's account.
  const stamp = Date.now();
  viewer = { email: `hall.${stamp}@e2e.test`, password: 'passw0rd-e2e' };
  const user = ok('user', await call<{ id: number }>('POST', 'Users', { firstName: 'Salon', lastName: 'TV', email: viewer.email, password: viewer.password, status: 'active' }));
  const group = ok('group', await call<{ id: number }>('POST', 'Groups', { name: `hall-tv-${stamp}`, description: 'Monitor.Read' }));
  const claims = ok('claims', await call<{ data: { id: number; name: string }[] }>('POST', 'OperationClaims/GetListForPaging', {
    PageNumber: 1,
    PageSize: 10,
    FilterParam: [{ ColumnName: 'name', FilterValue: 'Monitor.Read', MatchMode: 'equals' }],
  }));
  ok('group claim', await call('POST', 'GroupClaims', { groupId: group.id, operationClaimId: claims.data.find((c) => c.name === 'Monitor.Read')!.id }));
  ok('user group', await call('POST', 'UserGroups', { userId: user.id, groupId: group.id }));
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop('SIGINT');
  if (server) await rm(server.root, { recursive: true, force: true });
}, 90_000);

describe('the hall TV (/Monitor in kiosk mode)', () => {
  it('launched at /Monitor with no session: the sign-in comes back to the board; the screen is kept awake', async () => {
    const page = await kioskPage();
    // A stand-in for the Screen Wake Lock API that records requests and can be released as the system would.
    await page.addInitScript(() => {
      const w = window as unknown as { wakeRequests: number; wakeLocks: EventTarget[] };
      w.wakeRequests = 0;
      w.wakeLocks = [];
      Object.defineProperty(navigator, 'wakeLock', {
        configurable: true,
        value: {
          request: async (type: string) => {
            if (type !== 'screen') throw new TypeError(type);
            w.wakeRequests++;
            const lock = Object.assign(new EventTarget(), { type, released: false, release: async () => {
              if (lock.released) return;
              lock.released = true;
              lock.dispatchEvent(new Event('release'));
            } });
            w.wakeLocks.push(lock);
            return lock;
          },
        },
      });
    });
    await page.goto('/Monitor');
    await page.waitForURL((url) => url.pathname === '/auth/login' && url.searchParams.get('returnUrl') === '/Monitor');
    await signIn(page, viewer.email, viewer.password);
    await page.waitForURL((url) => url.pathname === '/Monitor');
    await page.getByRole('heading', { level: 1, name: 'Kesim Sırası' }).waitFor();
    await page.getByText('Canlı', { exact: true }).waitFor();

    await page.waitForFunction(() => (window as unknown as { wakeRequests: number }).wakeRequests === 1);
    // The system lets the lock go: the board asks again.
    await page.evaluate(() => (window as unknown as { wakeLocks: { release: () => Promise<void> }[] }).wakeLocks[0].release());
    await page.waitForFunction(() => (window as unknown as { wakeRequests: number }).wakeRequests === 2);
    expect(thrownIn(page)).toEqual([]);
  });

  it('renews the stream\'s access token across reconnects: no banner, changes still arrive', async () => {
    const page = await openBoard();
    // Notes any moment the "no connection" banner shows.
    await page.evaluate(() => {
      const w = window as unknown as { bannerSeen: boolean };
      w.bannerSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-slot="monitor-offline"]')) w.bannerSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const streamTokens = new Set<string>();
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/Monitor/events')) streamTokens.add(new URL(r.url()).searchParams.get('access_token') ?? '');
    });
    const navigations = navigationsOf(page);
    const first = (await storedUser(page))!.token;
    // The stream ends with its token; the client reconnects with a refreshed one.
    await page.waitForFunction((t) => JSON.parse(localStorage.getItem('user') ?? 'null')?.token !== t, first, { timeout: (TOKEN_SECONDS + 10) * 1000 });
    await expect.poll(() => streamTokens.size, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await page.getByText('Canlı', { exact: true }).waitFor();
    const moved = await advanceFirstAnimal();
    await expect.poll(() => rowStep(page, moved.id), { timeout: 10_000 }).toBe(String(moved.stepId));
    expect(streamTokens.has(first)).toBe(false); // every reconnect here used a renewed token
    expect(await page.evaluate(() => (window as unknown as { bannerSeen: boolean }).bannerSeen)).toBe(false);
    expect(navigations).toEqual([]);
    expect(thrownIn(page)).toEqual([]);
  });

  it('survives a server restart: "Bağlantı yok" while it is down, live again without a reload', async () => {
    const page = await openBoard();
    const navigations = navigationsOf(page);
    const before = await adminToken();

    await server.stop('SIGTERM');
    await page.getByRole('alert').filter({ hasText: BANNER }).waitFor({ timeout: 10_000 });
    await server.start();

    // The signing secret is kept in the data directory: a token of the previous process still works.
    const moved = await advanceFirstAnimal(before);
    await live(page, 30_000);
    await expect.poll(() => rowStep(page, moved.id), { timeout: 10_000 }).toBe(String(moved.stepId));
    // And a change made now, on the open board.
    const next = await advanceFirstAnimal();
    await expect.poll(() => rowStep(page, next.id), { timeout: 10_000 }).toBe(String(next.stepId));
    expect(navigations).toEqual([]);
    expect(thrownIn(page)).toEqual([]);
  });

  it('reloaded while the server is down: the app shell and the last board from the service worker, then live again', async () => {
    const page = await openBoard();
    await controlledBySw(page);
    await live(page);
    // The board is kept in local storage (written at most once a second).
    await page.waitForFunction(() => (localStorage.getItem('query-cache') ?? '').includes('Monitor/board'));

    await server.stop('SIGTERM');
    try {
      await page.reload();
      // Not the browser's error page: the app, its board as last seen, and the banner.
      await page.getByRole('heading', { level: 1, name: 'Kesim Sırası' }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      await page.getByRole('alert').filter({ hasText: BANNER }).waitFor({ timeout: 10_000 });
    } finally {
      await server.start();
    }
    const navigations = navigationsOf(page);
    await live(page, 30_000);
    const moved = await advanceFirstAnimal();
    await expect.poll(() => rowStep(page, moved.id), { timeout: 10_000 }).toBe(String(moved.stepId));
    expect(navigations).toEqual([]);
    expect(thrownIn(page)).toEqual([]);
  });

  it('a session that ends (refresh token revoked) brings the sign-in, which returns to the board', async () => {
    const page = await openBoard();
    const { refreshToken } = (await storedUser(page))!;
    // Signing out elsewhere revokes the refresh token's whole family.
    expect((await call('POST', 'Auth/logout', { refreshToken }, '')).status).toBe(200);
    // At the access token's end the stream cannot renew it: the board gives way to the sign-in.
    await page.waitForURL((url) => url.pathname === '/auth/login', { timeout: (TOKEN_SECONDS + 15) * 1000 });
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(`/Monitor?date=${day}`);
    await signIn(page, viewer.email, viewer.password);
    await page.waitForURL((url) => url.pathname === '/Monitor' && url.searchParams.get('date') === day);
    await live(page);
    expect(thrownIn(page)).toEqual([]);
  });

  it('takes up a new version without a click (no prompt over the board)', async () => {
    const page = await openBoard();
    await controlledBySw(page);
    await live(page);
    const swFile = join(server.staticRoot, 'sw.js');
    const original = await readFile(swFile, 'utf8');
    try {
      await appendFile(swFile, `\n// e2e: a new version ${Date.now()}\n`);
      await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
      const reloaded = page.waitForEvent('load', { timeout: 30_000 });
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update();
      });
      await reloaded;
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
      await page.waitForFunction(async () => !!navigator.serviceWorker.controller && !(await navigator.serviceWorker.getRegistration())?.waiting);
      await live(page);
      expect(await page.getByText(UPDATE).count()).toBe(0);
    } finally {
      await writeFile(swFile, original);
    }
  });
});
