// The shell in a real browser against the real server: the side menu (the season's daily screens,
// then the specification's eleven groups for the administrator, only what a user may read for
// others, none for a guest), the
// active link and open group after a reload, keyboard use, the appearance configurator applied
// before the app runs, the language picker, the translation dialog (Ctrl+Shift+K) saving through
// the API, signing out from the user menu, and the mobile off-canvas menu.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, TEXT, api, createUserWithClaims, newPage, pageErrors, pathOf, signIn, storedSession, useApp } from './support/browser.ts';

useApp();

/** The season's group (issue 17, point 9): the daily screens, first. */
const SEASON = { key: 'season', tr: 'Sezon', en: 'Season', links: ['/Dashboard', '/VictimOrders', '/Sales/new', '/Monitor', '/Appointments/day', '/ProductPrices'] };

/** The side menu: the season's group, then the specification's (section 2): group headings
 *  (tr-TR, GLOSSARY) and their links, in order. */
const MENU: { key: string; tr: string; en: string; links: string[] }[] = [
  SEASON,
  { key: 'victim', tr: 'Kurban Tanımları', en: 'Kurban', links: ['/VictimAppointments', '/VictimPayments', '/VictimProductsAppointments', '/VictimOrderDetail', '/VictimAppointmentSteps'] },
  { key: 'appointment', tr: 'Randevu Tanımları', en: 'Appointments', links: ['/Appointments', '/AppointmentTypes'] },
  { key: 'account', tr: 'Cari Tanımları', en: 'Accounts', links: ['/Accounts', '/AccountTypes', '/AddressTypes'] },
  { key: 'product', tr: 'Ürün Tanımları', en: 'Products', links: ['/Products', '/Categories', '/VatRates', '/ProductTypes', '/CurrencyTypes', '/PriceTypes'] },
  { key: 'transactions', tr: 'Cari Hareketler', en: 'Transactions', links: ['/Transactions', '/TransactionTypes'] },
  { key: 'authorization', tr: 'Yetkilendirme Tanımları', en: 'Authorization', links: ['/Users', '/Groups', '/GroupClaims', '/UserGroups', '/UserClaims', '/OperationClaims'] },
  { key: 'language', tr: 'Dil ve Çeviriler', en: 'Languages and translations', links: ['/Languages', '/Translates'] },
  { key: 'attribute', tr: 'Özellik Tanımları', en: 'Attributes', links: ['/Attributes', '/AttributeOptions', '/AttributeTypes'] },
  { key: 'payment', tr: 'Ödeme Tanımları', en: 'Payments', links: ['/VirtualPOSs', '/PaymentMethods', '/PaymentStatus'] },
  { key: 'settings', tr: 'Uygulama Ayarları', en: 'App settings', links: ['/Settings'] },
  { key: 'logs', tr: 'Kayıtlar', en: 'Logs', links: ['/NetgsmCallWebhookLogs'] },
];

/** The side menu, whatever the language (its name is 'Ana menü' in Turkish). */
const sideMenu = (page: Page) => page.locator('nav[data-slot="side-menu"]');
/** The group headings (buttons) of the side menu, in order. */
const groupButtons = (page: Page) => sideMenu(page).locator('button[aria-controls]');
const groupButton = (page: Page, heading: string) => sideMenu(page).getByRole('button', { name: heading, exact: true });

/** Every heading and, under each, the hrefs of its links, as the page renders them. */
async function renderedMenu(page: Page): Promise<{ heading: string; links: string[] }[]> {
  return sideMenu(page).evaluate((nav) =>
    [...nav.querySelectorAll('button[aria-controls]')].map((b) => ({
      heading: (b.textContent ?? '').trim(),
      links: [...(document.getElementById(b.getAttribute('aria-controls')!)?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href') ?? ''),
    })),
  );
}

const htmlState = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    return { dark: root.classList.contains('app-dark'), primary: root.dataset.primary, surface: root.dataset.surface, preset: root.dataset.preset };
  });

const focusedInfo = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { group: el?.dataset.menuGroup, link: el?.dataset.menuLink, expanded: el?.getAttribute('aria-expanded') };
  });

async function expectExpanded(button: Locator, expanded: boolean) {
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe(String(expanded));
}

describe('side menu', () => {
  it('shows the administrator the season group, then the eleven groups of the specification, in order, with their links', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    await groupButtons(page).first().waitFor();
    const menu = await renderedMenu(page);
    expect(menu.map((g) => g.heading)).toEqual(MENU.map((g) => g.tr));
    for (const [i, group] of MENU.entries()) expect(menu[i].links, group.tr).toEqual(group.links);
    // A few exact ones, as the specification names them.
    expect(menu[0].heading).toBe('Sezon');
    expect(menu[1].links[0]).toBe('/VictimAppointments');
    expect(menu.find((g) => g.heading === 'Kayıtlar')?.links).toEqual(['/NetgsmCallWebhookLogs']);
    expect(menu.find((g) => g.heading === 'Uygulama Ayarları')?.links).toEqual(['/Settings']);
    // Each link reads as its entity's label (Turkish) and leads to its screen.
    await groupButton(page, 'Dil ve Çeviriler').click();
    await sideMenu(page).getByRole('link', { name: 'Çeviriler', exact: true }).click();
    await page.waitForURL('**/Translates');
    await page.getByRole('heading', { level: 1, name: 'Çeviriler' }).waitFor();
    expect(pageErrors.get(page)).toEqual([]);
  });

  it('shows a user only the links of the claims they have, and refuses the other screens', async () => {
    const user = await createUserWithClaims(['Products.Read', 'Languages.Read'], 'few');
    const page = await newPage();
    await signIn(page, user.email, user.password);
    await page.waitForURL('**/Dashboard');
    expect((await storedSession(page))?.claims.sort()).toEqual(['Languages.Read', 'Products.Read']);
    await groupButtons(page).first().waitFor();
    expect(await renderedMenu(page)).toEqual([
      { heading: 'Ürün Tanımları', links: ['/Products'] },
      { heading: 'Dil ve Çeviriler', links: ['/Languages'] },
    ]);
    await page.goto('/Users');
    await page.waitForURL((url) => url.pathname === '/auth/access');
    await page.getByRole('heading', { level: 1, name: 'Erişim reddedildi' }).waitFor();
    // What they may read opens.
    await page.goto('/Products');
    await page.getByRole('heading', { level: 1, name: 'Ürünler' }).waitFor();
    expect(pathOf(page)).toBe('/Products');
  });

  it('shows a guest no menu at all: the waiting page', async () => {
    const page = await newPage();
    await page.goto('/auth/register');
    await page.getByLabel('Ad', { exact: true }).fill('Misafir');
    await page.getByLabel('Soyad').fill('Kullanıcı');
    await page.getByLabel('E-posta').fill(`guest.${Date.now()}@e2e.test`);
    await page.getByLabel('Şifre', { exact: true }).fill('yeterince-uzun-1');
    await page.getByRole('button', { name: 'Kayıt ol' }).click();
    await page.waitForURL('**/auth/waiting');
    await page.getByText(TEXT.waitingApproval).waitFor();
    expect(await sideMenu(page).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Ana menü' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Menüyü aç/kapat' }).count()).toBe(0);
    // The back office is not theirs: any of it leads back to the waiting page, still without a menu.
    await page.goto('/Dashboard');
    await page.waitForURL('**/auth/waiting');
    await page.getByText(TEXT.waitingApproval).waitFor();
    expect(await sideMenu(page).count()).toBe(0);
    expect(await page.locator('a[href="/Products"]').count()).toBe(0);
  });

  it('marks the active link and opens its group from the route, also after a reload', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto('/Translates');
    await page.getByRole('heading', { level: 1, name: 'Çeviriler' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Çeviriler' }).waitFor();
    const current = sideMenu(page).locator('a[aria-current="page"]');
    await expect.poll(() => current.count()).toBe(1);
    expect(await current.getAttribute('href')).toBe('/Translates');
    await expectExpanded(groupButton(page, 'Dil ve Çeviriler'), true);
    for (const g of MENU.filter((g) => g.key !== 'language')) expect(await groupButton(page, g.tr).getAttribute('aria-expanded'), g.tr).toBe('false');

    // Another route: the active link and the open group follow it.
    await groupButton(page, 'Ürün Tanımları').click();
    await sideMenu(page).locator('a[href="/VatRates"]').click();
    await page.waitForURL('**/VatRates');
    await expect.poll(() => current.getAttribute('href')).toBe('/VatRates');
    expect(await current.count()).toBe(1);
    await expectExpanded(groupButton(page, 'Ürün Tanımları'), true);
    await expectExpanded(groupButton(page, 'Dil ve Çeviriler'), false);
    await page.reload();
    await expect.poll(() => sideMenu(page).locator('a[aria-current="page"]').getAttribute('href')).toBe('/VatRates');
    await expectExpanded(groupButton(page, 'Ürün Tanımları'), true);
  });

  it('is usable with the keyboard: Tab to a group, Enter opens it, Tab reaches its links, Enter follows one', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    await groupButtons(page).first().waitFor();
    await page.locator('body').focus();
    let info = await focusedInfo(page);
    for (let i = 0; i < 40 && !info.group; i++) {
      await page.keyboard.press('Tab');
      info = await focusedInfo(page);
    }
    expect(info.group, 'Tab never reached a menu group').toBe('season');
    // The dashboard's group is open; Enter on an open heading closes it, ArrowDown moves on.
    expect(info.expanded).toBe('true');
    await page.keyboard.press('Enter');
    await expectExpanded(groupButton(page, 'Sezon'), false);
    await page.keyboard.press('ArrowDown');
    info = await focusedInfo(page);
    expect(info.group).toBe('victim');
    expect(info.expanded).toBe('false');
    await page.keyboard.press('Enter');
    await expectExpanded(groupButton(page, 'Kurban Tanımları'), true);
    // A closed group's links are not in the tab order; the open one's are.
    await page.keyboard.press('Tab');
    expect((await focusedInfo(page)).link).toBe('/VictimAppointments');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/VictimAppointments');
    // The URL changes at once; the menu follows when the new page has loaded and is shown.
    await page.locator('[data-menu-link="/VictimAppointments"][aria-current="page"]').waitFor();
    // Arrow keys move between headings; Enter on an open heading closes it.
    await groupButton(page, 'Kurban Tanımları').focus();
    await page.keyboard.press('Enter');
    await expectExpanded(groupButton(page, 'Kurban Tanımları'), false);
    await page.keyboard.press('ArrowDown');
    expect((await focusedInfo(page)).group).toBe('appointment');
    await page.keyboard.press('Enter');
    await expectExpanded(groupButton(page, 'Randevu Tanımları'), true);
  });
});

describe("the season's group", () => {
  /** Each daily screen: its link (Turkish label) and the level-1 heading of the page it opens. */
  const SCREENS: { to: string; link: string; heading: string }[] = [
    { to: '/Dashboard', link: 'Kontrol Paneli', heading: 'Kontrol Paneli' },
    { to: '/VictimOrders', link: 'Siparişler', heading: 'Kurban Siparişleri' },
    { to: '/Sales/new', link: 'Yeni satış', heading: 'Hisse satışı' },
    { to: '/Monitor', link: 'Salon ekranı', heading: 'Kesim Sırası' },
    { to: '/Appointments/day', link: 'Günün randevuları', heading: 'Günün randevuları' },
    { to: '/ProductPrices', link: 'Ürün fiyatları', heading: 'Ürün Fiyatları' },
  ];

  it('comes first for the administrator, with the daily screens; each link opens its page', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    await groupButtons(page).first().waitFor();
    const menu = await renderedMenu(page);
    expect(menu[0]).toEqual({ heading: 'Sezon', links: SCREENS.map((s) => s.to) });
    expect(menu.slice(1).map((g) => g.heading)).toEqual(MENU.slice(1).map((g) => g.tr));
    // On the dashboard the season's group is open, its link the current one.
    await expectExpanded(groupButton(page, 'Sezon'), true);
    expect(await sideMenu(page).locator('a[aria-current="page"]').getAttribute('href')).toBe('/Dashboard');

    for (const screen of SCREENS) {
      const link = sideMenu(page).getByRole('link', { name: screen.link, exact: true });
      expect(await link.getAttribute('href'), screen.link).toBe(screen.to);
      await link.click();
      await page.waitForURL((url) => url.pathname === screen.to);
      await page.getByRole('heading', { level: 1, name: screen.heading, exact: true }).waitFor();
      if (screen.to === '/Monitor') {
        // The hall screen is a page of its own, without the menu: back to the back office.
        expect(await sideMenu(page).count()).toBe(0);
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/Sales/new');
        await expectExpanded(groupButton(page, 'Sezon'), true);
        continue;
      }
      // The page's link is the one current link (not also "Randevular" for the day view), in the open season group.
      const current = sideMenu(page).locator('a[aria-current="page"]');
      await expect.poll(() => current.getAttribute('href'), { timeout: 10_000 }).toBe(screen.to);
      expect(await current.count()).toBe(1);
      await expectExpanded(groupButton(page, 'Sezon'), true);
    }
    expect(pageErrors.get(page)).toEqual([]);
  });

  it('shows a user only the daily screens their claims open', async () => {
    const user = await createUserWithClaims(['VictimOrders.Read', 'Monitor.Read', 'Appointments.Read'], 'season');
    const page = await newPage();
    await signIn(page, user.email, user.password);
    await page.waitForURL('**/Dashboard');
    await groupButtons(page).first().waitFor();
    expect(await renderedMenu(page)).toEqual([
      { heading: 'Sezon', links: ['/VictimOrders', '/Monitor', '/Appointments/day'] },
      { heading: 'Randevu Tanımları', links: ['/Appointments'] },
    ]);
    // No link to what they may not open (the dashboard's figures, a sale, the prices) …
    for (const to of ['/Dashboard', '/Sales/new', '/ProductPrices']) expect(await sideMenu(page).locator(`a[href="${to}"]`).count(), to).toBe(0);
    // … and those screens refuse them; what the menu offers opens.
    for (const to of ['/Sales/new', '/ProductPrices']) {
      await page.goto(to);
      await page.waitForURL((url) => url.pathname === '/auth/access');
    }
    await page.goto('/Appointments/day');
    await page.getByRole('heading', { level: 1, name: 'Günün randevuları' }).waitFor();
    await groupButton(page, 'Sezon').waitFor();
    await expectExpanded(groupButton(page, 'Sezon'), true);
  });
});

describe('appearance', () => {
  it('applies the configurator at once, saves it, and theme-init.js applies it on reload before the app runs', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    expect(await htmlState(page)).toEqual({ dark: false, primary: 'emerald', surface: undefined, preset: 'Aura' });

    await page.getByRole('button', { name: 'Görünüm ayarları' }).click();
    await page.getByRole('radiogroup', { name: 'Ana renk' }).getByRole('radio', { name: 'Mavi', exact: true }).click();
    await expect.poll(async () => (await htmlState(page)).primary).toBe('blue');
    await page.getByRole('radiogroup', { name: 'Yüzey rengi' }).getByRole('radio', { name: 'Okyanus', exact: true }).click();
    await expect.poll(async () => (await htmlState(page)).surface).toBe('ocean');
    await page.getByRole('combobox', { name: 'Tema' }).click();
    await page.getByRole('option', { name: 'Lara' }).click();
    await expect.poll(async () => (await htmlState(page)).preset).toBe('Lara');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Koyu temaya geç' }).click();
    await expect.poll(async () => (await htmlState(page)).dark).toBe(true);
    await page.getByRole('button', { name: 'Açık temaya geç' }).waitFor();
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('layout') ?? 'null'));
    expect(saved).toMatchObject({ primary: 'blue', surface: 'ocean', preset: 'Lara', darkTheme: true, menuMode: 'static' });

    // theme-init.js is a classic, blocking script in <head>, before the app's module script.
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll('script')].map((s) => ({ src: s.getAttribute('src'), type: s.getAttribute('type'), async: s.hasAttribute('async'), defer: s.hasAttribute('defer'), inHead: s.parentElement === document.head })),
    );
    const init = scripts.findIndex((s) => s.src === '/theme-init.js');
    const app = scripts.findIndex((s) => s.type === 'module');
    expect(init, JSON.stringify(scripts)).toBeGreaterThanOrEqual(0);
    expect(scripts[init]).toEqual({ src: '/theme-init.js', type: null, async: false, defer: false, inHead: true });
    expect(app).toBeGreaterThan(init);

    // Reload with the app's code held back: whatever the page shows now is theme-init.js's doing.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.getElementById('app')?.childElementCount)).toBe(0);
    expect(await htmlState(page)).toEqual({ dark: true, primary: 'blue', surface: 'ocean', preset: 'Lara' });
    await page.unroute(/\/assets\/.*\.js$/);

    // And with the app: still the same, and the configurator shows the saved choices.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Kontrol Paneli' }).waitFor();
    expect(await htmlState(page)).toEqual({ dark: true, primary: 'blue', surface: 'ocean', preset: 'Lara' });
    await page.getByRole('button', { name: 'Görünüm ayarları' }).click();
    expect(await page.getByRole('radio', { name: 'Mavi', exact: true }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('radio', { name: 'Okyanus', exact: true }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Tema' }).textContent()).toContain('Lara');
  });

  it('switches the language from the picker: texts change, lang/langCode are saved, a reload stays English', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    await groupButton(page, 'Ürün Tanımları').waitFor();
    await page.getByRole('navigation', { name: 'Ana menü' }).waitFor();
    await page.getByRole('button', { name: /Dil:/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    for (const g of MENU) await groupButton(page, g.en).waitFor();
    expect((await renderedMenu(page)).map((g) => g.heading)).toEqual(MENU.map((g) => g.en));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('langCode'), document.documentElement.lang])).toEqual(['en-US', 'en-US', 'en-US']);
    await page.reload();
    await groupButton(page, 'Products').waitFor();
    await groupButton(page, 'Accounts').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ürün Tanımları' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
  });
});

describe('translation dialog', () => {
  interface TranslateRow { id: number; languageId: number; code: string; value: string; name: string | null; rowVersion: number }

  async function dashboardTitleRow(): Promise<TranslateRow | undefined> {
    const langs = await api<{ id: number; code: string }[]>('GET', 'Languages');
    const tr = langs.body.data.find((l) => l.code === 'tr-TR')!;
    const rows = await api<{ data: TranslateRow[] }>('POST', 'Translates/GetListForPaging', {
      PageNumber: 1,
      PageSize: 5,
      FilterParam: [
        { ColumnName: 'languageId', FilterValue: tr.id, MatchMode: 'equals', Operator: 'and' },
        { ColumnName: 'code', FilterValue: 'dashboard.title', MatchMode: 'equals', Operator: 'and' },
      ],
    });
    return rows.body.data.data[0];
  }

  it('Ctrl+Shift+K edits a text of the page; it shows at once and after a reload (saved through the API)', async () => {
    const before = await dashboardTitleRow();
    const page = await newPage();
    const changed = `Kontrol Paneli (e2e ${Date.now()})`;
    try {
      await signIn(page);
      await page.waitForURL('**/Dashboard');
      await page.getByRole('heading', { level: 1, name: 'Kontrol Paneli' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('Control+Shift+K');
      const dialog = page.getByRole('dialog', { name: 'Çeviriler' });
      await dialog.waitFor();
      const field = dialog.getByLabel('dashboard.title', { exact: true });
      await expect.poll(() => field.inputValue()).toBe('Kontrol Paneli');
      expect(await field.getAttribute('readonly')).toBeNull();
      await field.fill(changed);
      let saved = false;
      page.on('request', (r) => {
        if (/\/api\/v1\/Translates$/.test(r.url()) && ['PUT', 'POST'].includes(r.method())) saved = true;
      });
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: changed }).waitFor();
      expect(saved).toBe(true);
      expect((await dashboardTitleRow())?.value).toBe(changed);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: changed }).waitFor();
    } finally {
      const now = await dashboardTitleRow();
      if (now && before && now.value !== before.value) {
        await api('PUT', 'Translates', { Id: now.id, LanguageId: now.languageId, Code: now.code, Name: now.name, Value: before.value, rowVersion: now.rowVersion });
      } else if (now && !before) {
        await api('DELETE', `Translates/${now.id}`);
      }
    }
    expect((await dashboardTitleRow())?.value ?? 'Kontrol Paneli').toBe(before?.value ?? 'Kontrol Paneli');
  });

  it('is read-only for a user without Translates.Update', async () => {
    const user = await createUserWithClaims(['Products.Read', 'Languages.Read'], 'reader');
    const page = await newPage();
    await signIn(page, user.email, user.password);
    await page.waitForURL('**/Dashboard');
    await page.getByRole('heading', { level: 1, name: 'Kontrol Paneli' }).waitFor();
    await page.keyboard.press('Control+Shift+K');
    const dialog = page.getByRole('dialog', { name: 'Çeviriler' });
    await dialog.waitFor();
    await dialog.getByText('Çevirileri yalnızca görüntüleyebilirsiniz; değiştirmek için çeviri ekleme veya güncelleme yetkisi gerekir.').waitFor();
    const field = dialog.getByLabel('dashboard.title', { exact: true });
    await expect.poll(() => field.inputValue()).toBe('Kontrol Paneli');
    expect(await field.getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByRole('button', { name: 'Kaydet' }).count()).toBe(0);
    // The page's texts, not the dialog's own words; also when opened again.
    const ownWords = dialog.locator('[id="tr-translation.readOnly"], [id="tr-translation.title"], [id="tr-translation.missingValue"]');
    expect(await ownWords.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Kapat' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+Shift+K');
    await expect.poll(() => dialog.getByLabel('dashboard.title', { exact: true }).inputValue()).toBe('Kontrol Paneli');
    expect(await ownWords.count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('user menu and mobile menu', () => {
  it('Logout from the user menu returns to /auth/login and clears the session from local storage', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();
    await page.getByRole('button', { name: 'Kullanıcı menüsü' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(ADMIN.email).waitFor();
    await menu.getByRole('menuitem', { name: TEXT.signOut, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto('/Dashboard');
    await page.waitForURL((url) => url.pathname === '/auth/login');
  });

  it('"Tüm cihazlarda çıkış yap" ends this session and the one open on another device', async () => {
    const user = await createUserWithClaims(['Products.Read'], 'cihaz');
    const phone = await newPage();
    await signIn(phone, user.email, user.password);
    await phone.goto('/Products');
    await phone.getByRole('heading', { level: 1 }).waitFor();

    const page = await newPage();
    await signIn(page, user.email, user.password);
    await page.getByRole('button', { name: 'Kullanıcı menüsü' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Tüm cihazlarda çıkış yap' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    await phone.reload();
    await phone.waitForURL((url) => url.pathname === '/auth/login', { timeout: 10_000 });
    expect(await storedSession(phone)).toBeNull();
  });

  it('at 800 px the toggle opens an off-canvas menu with a mask; a link or the mask closes it', async () => {
    const page = await newPage({ viewport: { width: 800, height: 900 } });
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    const sidebar = page.locator('[data-slot="sidebar"]');
    const mask = page.locator('[data-slot="menu-mask"]');
    const toggle = page.getByRole('button', { name: 'Menüyü aç/kapat' });
    const onScreen = async () => {
      const box = await sidebar.boundingBox();
      return !!box && box.x + box.width > 1;
    };
    await toggle.waitFor();
    await expect.poll(onScreen).toBe(false);
    expect(await mask.count()).toBe(0);

    await toggle.click();
    await mask.waitFor();
    await expect.poll(onScreen).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await groupButton(page, 'Ürün Tanımları').click();
    await sideMenu(page).locator('a[href="/Categories"]').click();
    await page.waitForURL('**/Categories');
    await mask.waitFor({ state: 'detached' });
    await expect.poll(onScreen).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // The mask closes it too.
    await toggle.click();
    await mask.waitFor();
    await mask.click({ position: { x: 780, y: 450 } });
    await mask.waitFor({ state: 'detached' });
    await expect.poll(onScreen).toBe(false);
    expect(pathOf(page)).toBe('/Categories');
  });
});
