// The installable, offline-capable app in a real browser: the web app manifest (its icons, the
// Monitor's shortcut), the service worker at /sw.js, an offline reload showing the app shell and
// the data last fetched (the persisted query cache) while changes are refused, and the update
// prompt when a new version of the service worker is deployed (the Monitor takes it up unasked:
// monitor-kiosk.test.ts). These pages allow service workers (the harness blocks them by default
// so that the other tests see the server).
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, pageErrors, signIn, staticRoot, useApp } from './support/browser.ts';

useApp();

const OFFLINE = 'Çevrimdışısınız: değişiklikler kaydedilemez.';
const UPDATE = 'Yeni bir sürüm mevcut. Sayfayı yenilemek ister misiniz?';

/** A page whose context lets the service worker run. */
const pwaPage = () => newPage({ serviceWorkers: 'allow' });

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until /sw.js is active and controls the page (a first visit is not controlled: one reload). */
async function controlledBySw(page: Page): Promise<void> {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated', undefined, { timeout: 30_000 });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'), undefined, { timeout: 30_000 });
}

describe('installable app', () => {
  it('links a valid manifest: name, start URL, theme colour, icons 192, 512 and maskable', async () => {
    const page = await newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: expect.stringMatching(/\S/), short_name: expect.stringMatching(/\S/), id: '/', start_url: '/', scope: '/', display: 'standalone', lang: 'tr-TR' });
    // The hall TV's board is one of the installed app's shortcuts.
    const shortcuts = manifest.shortcuts as { name: string; url: string; icons?: { src: string }[] }[];
    const monitor = shortcuts.find((s) => s.url === '/Monitor');
    expect(monitor?.name, JSON.stringify(shortcuts)).toMatch(/\S/);
    for (const icon of monitor!.icons ?? []) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // The page's theme colour is the manifest's.
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);

    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
    const find = (sizes: string, maskable: boolean) => icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(maskable ? 'maskable' : 'any'));
    for (const [sizes, maskable] of [['192x192', false], ['512x512', false], ['512x512', true]] as const) {
      const icon = find(sizes, maskable);
      expect(icon, `${sizes}${maskable ? ' maskable' : ''} in ${JSON.stringify(icons)}`).toBeTruthy();
      expect(icon!.type).toBe('image/png');
      const image = await page.request.get(icon!.src);
      expect(image.status(), icon!.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [w, h] = sizes.split('x').map(Number);
      expect(pngSize(await image.body()), icon!.src).toEqual({ width: w, height: h });
    }
  });

  it('serves /sw.js (revalidated on every use) and registers it for the whole app', async () => {
    const page = await pwaPage();
    const res = await page.request.get('/sw.js');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/javascript/);
    expect(res.headers()['cache-control']).toBe('no-cache');
    expect(await res.text()).toContain('precacheAndRoute');
    await page.goto('/auth/login');
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { scope: r.scope, script: r.active?.scriptURL };
    });
    expect(registration.scope).toBe(new URL('/', page.url()).href);
    expect(registration.script).toBe(new URL('/sw.js', page.url()).href);
    await controlledBySw(page);
    expect(pageErrors.get(page)).toEqual([]);
  });
});

describe('offline', () => {
  it('a reload offline shows the app shell and the last fetched Languages; saving is refused and keeps the values', async () => {
    const page = await pwaPage();
    await signIn(page);
    await page.goto('/Languages');
    await controlledBySw(page);
    await page.getByRole('heading', { level: 1, name: 'Diller' }).waitFor();
    await page.getByRole('cell', { name: 'Türkçe', exact: true }).waitFor();
    // The answers are kept in local storage (written at most once a second).
    await page.waitForFunction(() => (localStorage.getItem('query-cache') ?? '').includes('"en-US"'));
    // Online: no offline notice.
    expect(await page.getByText(OFFLINE).count()).toBe(0);

    await page.context().setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Diller' }).waitFor();
      // The shell: the menu and the top bar, from the service worker's cache.
      await page.getByRole('navigation', { name: 'Ana menü' }).waitFor();
      await page.getByRole('button', { name: 'Kullanıcı menüsü' }).waitFor();
      // The data last fetched.
      await page.getByRole('cell', { name: 'Türkçe', exact: true }).waitFor();
      await page.getByRole('cell', { name: 'English', exact: true }).waitFor();
      // Said so.
      await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();

      // A change is refused before it is sent, and what was typed stays.
      const writes: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/v1\/Languages$/.test(r.url()) && r.method() !== 'GET') writes.push(r.method());
      });
      await page.getByRole('button', { name: 'English kaydını düzenle' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(OFFLINE).waitFor();
      const field = dialog.getByRole('textbox', { name: 'Ad', exact: true });
      await field.fill('English (çevrimdışı)');
      const save = dialog.getByRole('button', { name: 'Kaydet' });
      expect(await save.isDisabled()).toBe(true);
      await field.press('Enter');
      await page.waitForTimeout(500);
      expect(await dialog.isVisible()).toBe(true);
      expect(await field.inputValue()).toBe('English (çevrimdışı)');
      expect(writes).toEqual([]);
      expect(await page.getByText('Kayıt güncellendi').count()).toBe(0);
    } finally {
      await page.context().setOffline(false);
    }
    // Back online: the notice goes, and Save can be used again.
    await expect.poll(() => page.getByText(OFFLINE).count()).toBe(0);
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Kaydet' }).isDisabled()).toBe(false);
  });
});

describe('update prompt', () => {
  const swPath = () => join(staticRoot(), 'sw.js');
  let original: string | undefined;
  afterEach(async () => {
    if (original !== undefined) await writeFile(swPath(), original);
    original = undefined;
  });

  /** Deploys "a new version": the same service worker with different bytes. */
  async function deployNewServiceWorker() {
    original = await readFile(swPath(), 'utf8');
    await appendFile(swPath(), `\n// e2e: a new version ${Date.now()}\n`);
  }

  async function acceptUpdate(page: Page) {
    const prompt = page.getByRole('alertdialog');
    await prompt.getByText(UPDATE, { exact: true }).waitFor({ timeout: 30_000 });
    const oldScript = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    const waiting = await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
    expect(waiting, 'a new service worker waits').toBe(true);
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await prompt.getByRole('button', { name: 'Evet' }).click();
    await reloaded;
    // A new document (the marker is gone), controlled by the new worker, and no prompt any more.
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(oldScript);
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(UPDATE).count()).toBe(0);
  }

  it('a new version found when the app is opened asks exactly the specification\'s question; Yes reloads into it', async () => {
    const page = await pwaPage();
    await signIn(page);
    await controlledBySw(page);
    await page.getByRole('heading', { level: 1, name: 'Kontrol Paneli' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(UPDATE).count()).toBe(0);
    await deployNewServiceWorker();
    await page.reload();
    await acceptUpdate(page);
  });

  it('a new version found while the app stays open (registration.update()) asks too; No keeps the page', async () => {
    const page = await pwaPage();
    await signIn(page);
    await controlledBySw(page);
    await page.waitForLoadState('networkidle');
    await deployNewServiceWorker();
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });
    const prompt = page.getByRole('alertdialog');
    await prompt.getByText(UPDATE, { exact: true }).waitFor({ timeout: 30_000 });
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    await prompt.getByRole('button', { name: 'Hayır' }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
    // Asked again on the next opening; Yes then reloads into the new version.
    await page.reload();
    await acceptUpdate(page);
  });

  it('an app left open looks for a new version by itself (hourly) and asks', async () => {
    const page = await pwaPage();
    await page.clock.install();
    await signIn(page);
    await controlledBySw(page);
    await page.waitForLoadState('networkidle');
    // Chromium looks for a new /sw.js about a second after a page is opened: let that pass first.
    await page.waitForTimeout(3000);
    await deployNewServiceWorker();
    // Moving inside the app is no reason for the browser to look.
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('button', { name: 'Dil ve Çeviriler', exact: true }).click();
    await page.getByRole('navigation', { name: 'Ana menü' }).locator('a[href="/Languages"]').click();
    await page.waitForURL('**/Languages');
    await page.waitForTimeout(1500);
    expect(await page.getByText(UPDATE).count()).toBe(0);
    await page.clock.fastForward('01:00:01');
    await page.getByRole('alertdialog').getByText(UPDATE, { exact: true }).waitFor({ timeout: 30_000 });
  });
});
