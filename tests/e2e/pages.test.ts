// The hand-written pages in a real browser: each opens on its route, shows its translated texts,
// throws nothing, and has no serious accessibility violation (axe-core, WCAG 2.1 A/AA).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, newPage, pageErrors, pathOf, signIn, useApp } from './support/browser.ts';

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

  it('the dashboard adds up the demo season', async () => {
    const page = await newPage();
    await signIn(page);
    await page.getByText(/Toplam \d+ sipariş/).waitFor();
    // Shares sold against capacity: "sold / capacity", sold never above capacity.
    const shares = await page.getByText(/^[\d.,]+ \/ [\d.,]+$/).first().textContent();
    const [sold, capacity] = shares!.split('/').map((n) => Number(n.replace(/[.,\s]/g, '')));
    expect(capacity).toBeGreaterThan(0);
    expect(sold).toBeLessThanOrEqual(capacity);
    await page.getByText('Tahsil edilen').first().waitFor();
    await page.getByText(/Kalan bakiye/).waitFor();
  });

  it('the dashboard shows only what the user may read', async () => {
    const email = `orders.${Date.now()}@e2e.test`;
    const user = await api<{ id: number }>('POST', 'Users', { firstName: 'Sipariş', lastName: 'Okur', email, password: 'passw0rd-e2e', status: 'active' });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    const claims = await api<{ data: { id: number }[] }>('POST', 'OperationClaims/GetListForPaging', {
      FilterParam: [{ ColumnName: 'name', FilterValue: 'VictimOrders.Read', MatchMode: 'equals' }],
    });
    const operationClaimId = claims.body.data.data[0]?.id;
    expect(operationClaimId, JSON.stringify(claims.body)).toBeGreaterThan(0);
    const granted = await api('POST', 'UserClaims', { userId: user.body.data.id, operationClaimId });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);

    const page = await newPage();
    await signIn(page, email, 'passw0rd-e2e');
    await page.waitForURL('**/Dashboard');
    await page.getByRole('heading', { name: 'Durumlarına göre siparişler' }).waitFor();
    await page.getByRole('heading', { name: 'Tahsilat' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: 'Satılan hisseler' }).count()).toBe(0); // needs Products.Read too
    expect(await page.getByRole('heading', { name: 'Bugünkü randevular' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Geri dönülmemiş cevapsız çağrılar' }).count()).toBe(0);
    expect(await page.getByText('Bu bilgi yüklenemedi.').count()).toBe(0);
  });

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
