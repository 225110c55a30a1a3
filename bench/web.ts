// Browser benchmark (not part of npm test): the real server and built app, driven by Debian's
// Chromium. Prints, as medians over RUNS loads:
//   - gzipped JavaScript loaded for /auth/login, /Dashboard, /Monitor, /Sales/new and an order's
//     page (targets: sign-in ≤ 120 KB, Monitor ≤ 150 KB, the sales and order pages ≤ 200 KB)
//   - Lighthouse desktop scores of /auth/login and, signed in, of /Monitor (the demo's first
//     slaughter day), /Sales/new and the order page (targets: performance ≥ 95, accessibility
//     100, best practices 100)
//   - Lighthouse mobile performance (its defaults: a mid-range phone, slow 4G, 4× CPU slowdown)
//     of /auth/login and, signed in, the slaughter queue on the demo's first day (target ≥ 90),
//     with the metrics behind it and the machine's load average (a busy machine scores lower)
//   - the public tracking page (tracking.html, its own entry): gzipped JS of /takip and of a link's
//     view (/takip/{token}, live) (target ≤ 60 KB), and Lighthouse mobile (default throttling)
//     performance, accessibility and best practices of both (targets: ≥ 95, 100, 100)
//   - axe-core violations on the sign-in page, the layout (/Dashboard), the Languages screen, the
//     Monitor, the sales page and the order page (target: no serious or critical one)
// Usage: npm run bench:web [-- --runs 3] [-- --only bytes,desktop,mobile,axe,tracking]
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Page } from 'playwright-core';
import lighthouse from 'lighthouse';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { ADMIN, api, CHROMIUM, CHROMIUM_ARGS, shutdown, startApp } from '../tests/e2e/support/browser.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' }, only: { type: 'string', default: 'bytes,desktop,mobile,axe,tracking' } } });
const RUNS = Number(args.runs);
/** The parts to measure (all by default): `--only mobile` while working on the phone figures. */
const only = new Set(args.only.split(','));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

execFileSync(process.execPath, [new URL('../scripts/build-if-needed.ts', import.meta.url).pathname], { stdio: 'inherit' });
const running = await startApp();
const base = running.baseUrl;
const port = 9300 + Math.floor(Math.random() * 500);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });

/** The Monitor on the demo's first slaughter day (today's board is empty outside the season). */
const firstDay = await api<{ data: { slaughterDay: string }[] }>('POST', 'VictimProductsAppointments/GetListForPaging', {
  PageNumber: 1, PageSize: 1, SortingParams: [{ ColumnName: 'slaughterDay', SortOrder: 1 }],
});
const MONITOR = `/Monitor?date=${String(firstDay.body.data?.data?.[0]?.slaughterDay ?? '').slice(0, 10)}`;
/** A demo order's page (the newest order). */
const newestOrder = await api<{ data: { id: number }[] }>('POST', 'VictimOrders/GetListForPaging', { PageNumber: 1, PageSize: 1 });
const ORDER = `/VictimOrders/${newestOrder.body.data?.data?.[0]?.id}`;
const SALE = '/Sales/new';
const QUEUE = `/VictimProductsAppointments?date=${MONITOR.slice('/Monitor?date='.length)}`;

/** Opens a page and waits until it has settled. The Monitor keeps its event stream open (never
 *  "network idle"): the load, its first row and a second more. */
async function open(page: Page, path: string) {
  if (!path.startsWith('/Monitor')) return void (await page.goto(`${base}${path}`, { waitUntil: 'networkidle' }));
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  await page.locator('tbody tr').first().waitFor();
  await page.waitForTimeout(1000);
}

/** Gzipped bytes of every script the page loaded, in a fresh context (nothing cached). */
async function scriptBytes(path: string, signedIn: boolean): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  if (signedIn) await signIn(page);
  const sizes: Promise<number>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') sizes.push(res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  });
  await open(page, path);
  const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return total;
}

async function signIn(page: Page) {
  await page.goto(`${base}/auth/login`, { waitUntil: 'networkidle' });
  await page.fill('input[type=email]', ADMIN.email);
  await page.fill('input[type=password]', ADMIN.password);
  await Promise.all([page.waitForURL(/\/Dashboard/), page.keyboard.press('Enter')]);
  // Scripts of the sign-in itself do not count for the next page: start a new navigation.
  page.removeAllListeners('response');
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function axe(path: string, signedIn: boolean) {
  // axe is injected as an inline script, which the app's CSP rightly refuses: bypass it here only.
  const context = await browser.newContext({ serviceWorkers: 'block', bypassCSP: true });
  const page = await context.newPage();
  if (signedIn) await signIn(page);
  await open(page, path);
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  await context.close();
  return result;
}

if (only.has('bytes')) {
  const login: number[] = [];
  const dashboard: number[] = [];
  const monitor: number[] = [];
  const sale: number[] = [];
  const order: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    login.push(await scriptBytes('/auth/login', false));
    dashboard.push(await scriptBytes('/Dashboard', true));
    monitor.push(await scriptBytes(MONITOR, true));
    sale.push(await scriptBytes(SALE, true));
    order.push(await scriptBytes(ORDER, true));
  }
  console.log(`gzipped JS, /auth/login: ${kb(median(login))} (runs: ${login.map(kb).join(', ')})`);
  console.log(`gzipped JS, /Dashboard:  ${kb(median(dashboard))} (runs: ${dashboard.map(kb).join(', ')})`);
  console.log(`gzipped JS, /Monitor:    ${kb(median(monitor))} (runs: ${monitor.map(kb).join(', ')})`);
  console.log(`gzipped JS, /Sales/new:  ${kb(median(sale))} (runs: ${sale.map(kb).join(', ')})`);
  console.log(`gzipped JS, order page:  ${kb(median(order))} (runs: ${order.map(kb).join(', ')})`);
}

const lighthouseSettings = { formFactor: 'desktop', screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false }, throttlingMethod: 'simulate', throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 } } as const;
/** Lighthouse desktop scores of one page, medians over RUNS. `keepStorage`: keep the session. */
async function lighthouseScores(path: string, keepStorage = false) {
  const scores: Record<string, number[]> = { performance: [], accessibility: [], 'best-practices': [] };
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(`${base}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(scores), disableStorageReset: keepStorage }, { extends: 'lighthouse:default', settings: { ...lighthouseSettings, disableStorageReset: keepStorage } });
    for (const key of Object.keys(scores)) scores[key].push(Math.round((result?.lhr.categories[key]?.score ?? 0) * 100));
    const landed = result ? new URL(result.lhr.finalDisplayedUrl) : undefined;
    if (landed && landed.pathname + landed.search !== path) console.log(`  (Lighthouse ended on ${landed.pathname}${landed.search}, not ${path})`);
  }
  console.log(`Lighthouse desktop ${path}: ${Object.entries(scores).map(([k, v]) => `${k} ${median(v)} (${v.join(', ')})`).join(' · ')}`);
}
/** Lighthouse mobile (its default settings), medians over RUNS of the score and its metrics. */
async function lighthouseMobile(path: string, keepStorage = false) {
  const metrics: Record<string, number[]> = { score: [], FCP: [], LCP: [], TBT: [], SI: [], CLS: [] };
  const audits = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', SI: 'speed-index', CLS: 'cumulative-layout-shift' };
  const load = loadavg()[0].toFixed(2);
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(`${base}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage }, { extends: 'lighthouse:default', settings: { disableStorageReset: keepStorage } });
    metrics.score.push(Math.round((result?.lhr.categories.performance?.score ?? 0) * 100));
    for (const [name, id] of Object.entries(audits)) metrics[name].push(result?.lhr.audits[id]?.numericValue ?? NaN);
    const landed = result ? new URL(result.lhr.finalDisplayedUrl) : undefined;
    if (landed && landed.pathname + landed.search !== path) console.log(`  (Lighthouse ended on ${landed.pathname}${landed.search}, not ${path})`);
  }
  const shown = (name: string, v: number) => (name === 'score' ? String(v) : name === 'CLS' ? v.toFixed(3) : `${Math.round(v)} ms`);
  console.log(`Lighthouse mobile ${path} (load average ${load}): ${Object.entries(metrics).map(([k, v]) => `${k} ${shown(k, median(v))}`).join(' · ')} (scores: ${metrics.score.join(', ')})`);
}

/** A demo order's link token, as its customer's lookup answers it (the newest order with a customer's phone). */
async function trackingToken(): Promise<string> {
  const orders = await api<{ data: { orderNo: string; accountId: number }[] }>('POST', 'VictimOrders/GetListForPaging', { PageNumber: 1, PageSize: 20 });
  for (const o of orders.body.data?.data ?? []) {
    const account = await api<{ phoneNumber: string | null }>('GET', `Accounts/${o.accountId}`);
    const phone = account.body.data?.phoneNumber;
    if (!phone) continue;
    const found = await api<{ token: string }>('POST', 'Tracking/lookup', { orderNo: o.orderNo, phone });
    if (found.status === 200) return found.body.data.token;
  }
  throw new Error('no demo order with a customer phone to track');
}
/** Lighthouse mobile (its defaults: a mid-range phone, slow 4G, 4× CPU) of a public tracking page: scores and metrics, medians over RUNS. */
async function lighthouseTracking(path: string) {
  const metrics: Record<string, number[]> = { performance: [], accessibility: [], 'best-practices': [], FCP: [], LCP: [], TBT: [], CLS: [] };
  const audits = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift' };
  const load = loadavg()[0].toFixed(2);
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(`${base}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
    for (const key of ['performance', 'accessibility', 'best-practices']) metrics[key].push(Math.round((result?.lhr.categories[key]?.score ?? 0) * 100));
    for (const [name, id] of Object.entries(audits)) metrics[name].push(result?.lhr.audits[id]?.numericValue ?? NaN);
    const failed = Object.values(result?.lhr.audits ?? {}).filter((a) => a.score !== null && a.score < 1 && ['color-contrast', 'label', 'heading-order', 'errors-in-console', 'link-name', 'button-name'].includes(a.id));
    if (failed.length) console.log(`  (${path}: ${failed.map((a) => a.id).join(', ')})`);
  }
  const shown = (name: string, v: number) => (!['FCP', 'LCP', 'TBT', 'CLS'].includes(name) ? String(v) : name === 'CLS' ? v.toFixed(3) : `${Math.round(v)} ms`);
  console.log(`Lighthouse mobile ${path.replace(/[A-Za-z0-9_-]{16}$/, '{token}')} (load average ${load}): ${Object.entries(metrics).map(([k, v]) => `${k} ${shown(k, median(v))}`).join(' · ')} (performance: ${metrics.performance.join(', ')})`);
}
if (only.has('tracking')) {
  const token = await trackingToken();
  const form: number[] = [];
  const view: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    form.push(await scriptBytes('/takip', false));
    view.push(await scriptBytes(`/takip/${token}`, false));
  }
  console.log(`gzipped JS, /takip:         ${kb(median(form))} (runs: ${form.map(kb).join(', ')}; target ≤ 60 KB)`);
  console.log(`gzipped JS, /takip/{token}: ${kb(median(view))} (runs: ${view.map(kb).join(', ')})`);
  await lighthouseTracking('/takip');
  await lighthouseTracking(`/takip/${token}`);
}

if (only.has('desktop')) await lighthouseScores('/auth/login');
if (only.has('mobile')) await lighthouseMobile('/auth/login');
// The signed-in pages need a session: signed in once in the browser's own profile (the one
// Lighthouse opens its tab in), which Lighthouse then leaves alone.
if (only.has('desktop') || only.has('mobile')) {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await cdp.contexts()[0].newPage();
  await signIn(page);
  await page.close();
  await cdp.close();
}
if (only.has('desktop')) {
  await lighthouseScores(MONITOR, true);
  await lighthouseScores(SALE, true);
  await lighthouseScores(ORDER, true);
}
if (only.has('mobile')) await lighthouseMobile(QUEUE, true);

for (const [name, path, signedIn] of only.has('axe') ? [['sign-in page', '/auth/login', false], ['layout (/Dashboard)', '/Dashboard', true], ['Languages screen', '/Languages', true], ['Monitor', MONITOR, true], ['Sales', SALE, true], ['order page', ORDER, true]] as const : []) {
  const violations = await axe(path, signedIn);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`axe, ${name}: ${violations.length} violations, ${serious.length} serious or critical${violations.length ? `: ${violations.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join('; ')}` : ''}`);
}

await browser.close();
await shutdown();
