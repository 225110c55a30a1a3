// The browser-test harness. `startApp()` starts the REAL server the way staff do (`npm start`:
// server/src/main.ts with its embedded PostgreSQL in a fresh data directory, the demo season
// seeded, a known administrator) on a free port, then Debian's Chromium through playwright-core.
// Every `newPage()` is a fresh browser context: empty local storage, so no session.
//
//   const app = useApp();                  // beforeAll: start; afterAll: shut down
//   const page = await newPage();
//   await page.goto('/auth/login');        // relative to the server
//   await signIn(page);                    // the administrator, unless told otherwise
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { findFreePort } from '../../../server/src/db/embedded.ts';

const MAIN = fileURLToPath(new URL('../../../server/src/main.ts', import.meta.url));
const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic',
  '--no-first-run', '--disable-component-update', '--disable-sync',
];

/** The administrator the server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-Passw0rd' };

/** Texts of the specification and the Turkish catalogue the tests look for. */
export const TEXT = {
  signIn: 'Giriş yap',
  signOut: 'Çıkış yap',
  invalidCredentials: 'E-posta veya şifre hatalı.',
  notFound: 'Sayfa bulunamadı',
  waitingApproval: 'Hesabınız yönetici onayı bekliyor.',
};

export interface StartOptions {
  /** Extra environment of the server (e.g. `{ SEED_DEMO: 'false' }`). */
  env?: Record<string, string>;
  /** Options of every context `newPage()` opens. */
  context?: BrowserContextOptions;
}

export interface RunningApp {
  /** `http://127.0.0.1:{port}` */
  baseUrl: string;
  browser: Browser;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
}

let current: (RunningApp & { child: ChildProcess; root: string; contexts: Set<BrowserContext>; contextOptions: BrowserContextOptions }) | undefined;

/** Errors the pages of this run threw (uncaught exceptions and console errors), by page. */
export const pageErrors = new WeakMap<Page, string[]>();

function waitForListening(child: ChildProcess, out: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 150 s:\n${out()}`)), 150_000);
    const onData = () => {
      if (out().includes('Ctrl+C')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out()}`));
    };
    child.stdout!.on('data', onData);
    child.on('exit', onExit);
  });
}

/** Starts the server and the browser; one app at a time per test file. */
export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  if (current) throw new Error('startApp: an app is already running in this file');
  // The server gets its own copy of the build: a rebuild of dist/ while the tests run (another
  // `npm start`, a watch) would otherwise swap the hashed assets under the running server.
  const root = await mkdtemp(join(tmpdir(), 'kurban-e2e-'));
  // Traversable (not readable) by others: run as root, the embedded PostgreSQL drops to its own
  // user, which must reach the data directory inside.
  await chmod(root, 0o711);
  const dataDir = join(root, 'data');
  const staticRoot = join(root, 'static');
  await cp(DIST, staticRoot, { recursive: true });
  const port = await findFreePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      STATIC_ROOT: staticRoot,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Many sign-ins from one address in a minute: the tests, not an attack.
      AUTH_RATE_LIMIT: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  try {
    await waitForListening(child, () => out);
  } catch (err) {
    child.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
    throw err;
  }
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  } catch (err) {
    await stopServer(child);
    await rm(root, { recursive: true, force: true });
    throw err;
  }
  current = {
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    output: () => out,
    child,
    root,
    contexts: new Set(),
    contextOptions: options.context ?? {},
  };
  return current;
}

/** The running app; throws outside startApp() … shutdown(). */
export function app(): RunningApp {
  if (!current) throw new Error('no app running: call startApp() (or useApp()) first');
  return current;
}

/** A page in a fresh context (no session, Turkish, desktop size); `goto('/x')` is relative to the server. */
export async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const running = app() as NonNullable<typeof current>;
  const context = await running.browser.newContext({
    baseURL: running.baseUrl,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    viewport: { width: 1280, height: 800 },
    // The service worker would answer navigations from its cache; tests see the server.
    serviceWorkers: 'block',
    ...running.contextOptions,
    ...options,
  });
  running.contexts.add(context);
  context.on('close', () => running.contexts.delete(context));
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return page;
}

/** Another tab of the same browser context as `page` (same session and local storage), its errors recorded too. */
export async function newTab(page: Page): Promise<Page> {
  const tab = await page.context().newPage();
  const errors: string[] = [];
  pageErrors.set(tab, errors);
  tab.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  tab.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return tab;
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGINT'); // main.ts stops the API and its PostgreSQL cleanly
  });
}

/** Closes the browser, stops the server and its database, and removes its data and build copy. */
export async function shutdown(): Promise<void> {
  const running = current;
  current = undefined;
  if (!running) return;
  await Promise.allSettled([...running.contexts].map((c) => c.close()));
  await running.browser.close().catch(() => undefined);
  await stopServer(running.child);
  await rm(running.root, { recursive: true, force: true });
}

/** Registers startApp() before the file's tests and shutdown() after them. */
export function useApp(options: StartOptions = {}): void {
  beforeAll(async () => {
    await startApp(options);
  }, 240_000);
  afterAll(shutdown, 90_000);
}

/** Opens the sign-in page (unless already there) and signs in; waits until the page has left it. */
export async function signIn(page: Page, email: string = ADMIN.email, password: string = ADMIN.password): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/auth/login')) await page.goto('/auth/login');
  await fillSignIn(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
}

/** Fills and submits the sign-in form without waiting for the outcome. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  const field = page.getByLabel('E-posta');
  await field.waitFor().catch(async (err: Error) => {
    throw new Error(`no sign-in form at ${page.url()}: ${err.message}\n${await describePage(page)}`);
  });
  await field.fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: TEXT.signIn, exact: true }).click();
}

/**
 * Signs out the way staff do: the user menu in the top bar (a button that shows the user's email
 * or is labelled as the user menu), then its "Çıkış yap" item. A visible "Çıkış yap" button (the
 * waiting page) is used directly.
 */
export async function signOut(page: Page): Promise<void> {
  const direct = page.getByRole('button', { name: TEXT.signOut, exact: true });
  if (await direct.isVisible().catch(() => false)) {
    await direct.click();
  } else {
    const email = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.userInfo?.userInfo?.email as string | undefined);
    const trigger = page
      .getByRole('button', { name: /kullanıcı menüsü|user menu|hesap|account/i })
      .or(page.getByRole('button', { name: email ?? '\u0000' }))
      .first();
    await trigger.click();
    await page.getByRole('menuitem', { name: TEXT.signOut, exact: true }).or(page.getByRole('button', { name: TEXT.signOut })).first().click();
  }
  await page.waitForURL((url) => url.pathname.startsWith('/auth/login'));
}

/** What a page shows and what went wrong in it: for failure messages. */
export async function describePage(page: Page): Promise<string> {
  const text = await page.evaluate(() => document.body?.innerText.slice(0, 500) ?? '').catch(() => '(no body)');
  return `page text: ${JSON.stringify(text)}\npage errors: ${JSON.stringify(pageErrors.get(page) ?? [])}`;
}

/** Calls the running server's API directly (JSON), as the administrator unless a token is given. */
export async function api<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: { success: boolean; data: T; error: unknown } }> {
  const base = `${app().baseUrl}/api/v1/${path.replace(/^\//, '')}`;
  const bearer = token ?? (await adminToken());
  const res = await fetch(base, {
    method,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

let cachedAdminToken: { baseUrl: string; token: string } | undefined;
async function adminToken(): Promise<string> {
  const { baseUrl } = app();
  if (cachedAdminToken?.baseUrl === baseUrl) return cachedAdminToken.token;
  const res = await fetch(`${baseUrl}/api/v1/Auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (res.status !== 200) throw new Error(`administrator sign-in failed: ${res.status}`);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  cachedAdminToken = { baseUrl, token };
  return token;
}

/** The session record in local storage (`user`), or null. */
export function storedSession(page: Page): Promise<{ token: string; claims: string[]; userInfo: { isGuest: boolean } } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
}

/** The page's path and query, e.g. `/auth/login?returnUrl=%2FProducts`. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export interface AxeOptions {
  /** Report violations of at least this impact (default serious). */
  minImpact?: 'minor' | 'moderate' | 'serious' | 'critical';
  /** Check only inside these elements (CSS selectors); default the whole page. */
  include?: string[];
  /** Leave these elements out. */
  exclude?: string[];
  /** Only these rules (axe rule ids) … */
  onlyRules?: string[];
  /** … or every WCAG 2.1 A/AA rule but these. */
  disableRules?: string[];
}

/**
 * Runs axe-core (WCAG 2.1 A/AA rules) in the page and answers the violations of at least
 * `minImpact`. Evaluated through the DevTools protocol, so the server's CSP does not stand in
 * the way.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const order = ['minor', 'moderate', 'serious', 'critical'];
  const min = order.indexOf(options.minImpact ?? 'serious');
  const found = await page.evaluate(async (o) => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<Result> } }).axe;
    const context = { ...(o.include ? { include: o.include.map((s) => [s]) } : {}), exclude: (o.exclude ?? []).map((s) => [s]) };
    const runOnly = o.onlyRules ? { type: 'rule', values: o.onlyRules } : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] };
    const rules = Object.fromEntries((o.disableRules ?? []).map((id) => [id, { enabled: false }]));
    const result = await axe.run(context, { runOnly, rules });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, { include: options.include, exclude: options.exclude, onlyRules: options.onlyRules, disableRules: options.disableRules });
  return found.filter((v) => order.indexOf(v.impact ?? 'minor') >= min);
}

/** The id of an operation claim by its name (e.g. `Products.Read`). */
export async function operationClaimId(name: string): Promise<number> {
  const res = await api<{ data: { id: number; name: string }[] }>('POST', 'OperationClaims/GetListForPaging', {
    PageNumber: 1,
    PageSize: 10,
    FilterParam: [{ ColumnName: 'name', FilterValue: name, MatchMode: 'equals' }],
  });
  const id = res.body.data?.data?.find((c) => c.name === name)?.id;
  if (!id) throw new Error(`no operation claim ${name}: ${JSON.stringify(res.body)}`);
  return id;
}

/**
 * Creates an active user (with a password) whose only claims come from a new group holding
 * exactly `claims` (Groups, GroupClaims, UserGroups through the API); answers how to sign in.
 */
export async function createUserWithClaims(claims: string[], label = 'user'): Promise<{ id: number; groupId: number; email: string; password: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${label}.${stamp}@e2e.test`;
  const password = 'passw0rd-e2e';
  const check = (what: string, r: { status: number; body: unknown }) => {
    if (r.status !== 200) throw new Error(`${what} failed: ${r.status} ${JSON.stringify(r.body)}`);
  };
  const user = await api<{ id: number }>('POST', 'Users', { firstName: 'E2E', lastName: label, email, password, status: 'active' });
  check('POST Users', user);
  const group = await api<{ id: number }>('POST', 'Groups', { name: `e2e-${label}-${stamp}`, description: claims.join(', ') });
  check('POST Groups', group);
  for (const claim of claims) {
    check(`POST GroupClaims ${claim}`, await api('POST', 'GroupClaims', { groupId: group.body.data.id, operationClaimId: await operationClaimId(claim) }));
  }
  check('POST UserGroups', await api('POST', 'UserGroups', { userId: user.body.data.id, groupId: group.body.data.id }));
  return { id: user.body.data.id, groupId: group.body.data.id, email, password };
}

/**
 * The directory the running server serves the built app from: its own copy of dist/, so a test
 * may change a file there the way a deploy would (e.g. a new sw.js).
 */
export function staticRoot(): string {
  if (!current) throw new Error('no app running');
  return join(current.root, 'static');
}
