// Issue 17, point 12 ("a search for everything") in a real browser against the demo season:
// Ctrl+K, from anywhere (a text field included), opens one search over accounts, orders, animals,
// payments and the menu's screens; records are found by the server's search (a name typed without
// Turkish letters, a phone in another format, an order number, an ear tag, a receipt number),
// grouped, and every result is a link the arrow keys and Enter open (a middle click: a tab). A
// user sees only the groups of the claims held, and no other entity is asked. The top bar's box
// opens it too; on a phone an icon button does. Ctrl+Shift+K still opens the translation dialog;
// Escape closes the palette.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, createUserWithClaims, describePage, newPage, pageErrors, signIn, useApp } from './support/browser.ts';
import { createAnimal, createCustomer, createOrder, payOrder, unique, type Animal, type Customer, type Order, type Payment } from './support/season.ts';

useApp();

const PALETTE = 'Her şeyde ara';
const unexpected = (errors: string[] | undefined) => (errors ?? []).filter((e) => !/status of 40[01]/.test(e));

let tag: string;
let customer: Customer;
let animal: Animal;
let order: Order;
let payment: Payment;

beforeAll(async () => {
  tag = unique();
  customer = await createCustomer(`Çağrı Şahinoğlu ${tag}`);
  animal = await createAnimal({ name: `Arama Dana ${tag}` });
  order = await createOrder({ customer, animal, shareCount: 2 });
  payment = await payOrder(order, '1500.00');
}, 60_000);

async function signedIn(options: Parameters<typeof newPage>[0] = {}, user?: { email: string; password: string }): Promise<Page> {
  const page = await newPage(options);
  await signIn(page, user?.email, user?.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  // The layout (and its top bar) is there.
  await page.getByRole('button', { name: PALETTE }).waitFor();
  return page;
}

/** Ctrl+K, and the palette's field. */
async function openPalette(page: Page): Promise<{ dialog: Locator; field: Locator }> {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: PALETTE });
  await dialog.waitFor().catch(async (err: Error) => {
    throw new Error(`${err.message}\n${await describePage(page)}`);
  });
  const field = dialog.getByRole('combobox');
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  return { dialog, field };
}

/** Waits until the records of the text typed are there (the list is busy until then). */
async function settled(dialog: Locator): Promise<void> {
  await dialog.locator('[cmdk-list][aria-busy="true"]').waitFor({ state: 'detached' });
}

const group = (dialog: Locator, name: string) => dialog.getByRole('group', { name, exact: true });
const headings = (dialog: Locator) => dialog.locator('[cmdk-group-heading]').allTextContents();
const selected = (dialog: Locator) => dialog.locator('[cmdk-item][aria-selected="true"]');

describe('the search palette', () => {
  it('finds accounts by a name typed without Turkish letters and by a phone in another format, as links', async () => {
    const page = await signedIn();
    const { dialog, field } = await openPalette(page);

    await field.fill(`sahinoglu ${tag.toLowerCase()}`);
    const account = group(dialog, 'Cariler').getByRole('option', { name: new RegExp(`Şahinoğlu ${tag}`) });
    await account.waitFor();
    const digits = customer.phoneNumber!.replace(/\D/g, '');
    // The code and the phone's last four tell namesakes apart.
    await expect.poll(() => account.textContent()).toContain(customer.code);
    expect(await account.textContent()).toContain(digits.slice(-4));
    expect(await account.evaluate((el) => el.tagName)).toBe('A');
    expect(await account.getAttribute('href')).toBe(`/Accounts/${customer.id}/statement`);
    // The customer's order is found by the customer's name too.
    await group(dialog, 'Kurban Siparişleri').getByRole('option', { name: new RegExp(order.orderNo) }).waitFor();

    // The whole number as `(532) 123-4567`, then a fragment as `123-45 67`: digits are compared,
    // whatever the format.
    const national = digits.slice(-10);
    await field.fill(`(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`);
    await settled(dialog);
    await group(dialog, 'Cariler').getByRole('option', { name: new RegExp(`Şahinoğlu ${tag}`) }).waitFor();
    expect(await group(dialog, 'Cariler').getByRole('option').count()).toBe(1);
    await field.fill(`${national.slice(3, 6)}-${national.slice(6, 8)} ${national.slice(8)}`);
    await settled(dialog);
    await group(dialog, 'Cariler').getByRole('option', { name: new RegExp(`Şahinoğlu ${tag}`) }).waitFor();
    // A combobox over a listbox of grouped options that axe finds nothing serious in.
    expect(await field.getAttribute('aria-controls')).toBe(await dialog.getByRole('listbox').getAttribute('id'));
    expect(await axeViolations(page, { include: ['[role="dialog"]'] })).toEqual([]);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('finds an order by its number and opens it with Enter', async () => {
    const page = await signedIn();
    const { dialog, field } = await openPalette(page);
    await field.fill(order.orderNo);
    const hit = group(dialog, 'Kurban Siparişleri').getByRole('option', { name: new RegExp(order.orderNo) });
    await hit.waitFor();
    // Number and customer, and the total in its currency.
    expect(await hit.textContent()).toContain(`Çağrı Şahinoğlu ${tag}`);
    expect(await hit.textContent()).toMatch(/₺20\.000,00/);
    await expect.poll(() => hit.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/VictimOrders/${order.id}`);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(order.orderNo).first().waitFor();
  });

  it('finds an animal by its ear tag; the arrow keys move between the results, Enter opens the chosen one', async () => {
    const page = await signedIn();
    const { dialog, field } = await openPalette(page);
    await field.fill(animal.code.toLowerCase());
    const orders = group(dialog, 'Kurban Siparişleri');
    const animals = group(dialog, 'Hayvanlar');
    const hit = animals.getByRole('option', { name: new RegExp(`Arama Dana ${tag}`) });
    await hit.waitFor();
    expect(await hit.textContent()).toContain(`Küpe no ${animal.code}`);
    expect(await hit.textContent()).toContain('5/7 hisse boş');
    // The animal's order comes before it (orders first), and is found by the ear tag too.
    await orders.getByRole('option', { name: new RegExp(order.orderNo) }).waitFor();
    await expect.poll(() => selected(dialog).getAttribute('href')).toBe(`/VictimOrders/${order.id}`);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hit.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => selected(dialog).getAttribute('href')).toBe(`/VictimOrders/${order.id}`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // The products screen opens searched for the ear tag, with the animal's row.
    await page.waitForURL((url) => url.pathname === '/Products' && url.searchParams.get('search') === animal.code);
    await page.getByRole('cell', { name: animal.code, exact: true }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Ara…' }).inputValue()).toBe(animal.code);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('finds a payment by its receipt number, in its currency, linked to its order', async () => {
    const page = await signedIn();
    const { dialog, field } = await openPalette(page);
    await field.fill(payment.receiptNo);
    const hit = group(dialog, 'Kurban Ödemeleri').getByRole('option', { name: new RegExp(payment.receiptNo) });
    await hit.waitFor();
    expect(await hit.textContent()).toContain('₺1.500,00');
    expect(await hit.getAttribute('href')).toBe(`/VictimOrders/${order.id}`);
    // A middle click opens it in a tab; the palette stays as it is.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), hit.click({ button: 'middle' })]);
    await tab.waitForURL(`**/VictimOrders/${order.id}`);
    expect(await field.inputValue()).toBe(payment.receiptNo);
    expect(new URL(page.url()).pathname).not.toBe(`/VictimOrders/${order.id}`);
  });

  it('finds screens by name in the user language and opens one with the keyboard', async () => {
    const page = await signedIn();
    const { dialog, field } = await openPalette(page);
    // Empty: the whole menu, so the arrow keys reach every screen.
    await group(dialog, 'Ekranlar').getByRole('option', { name: /Ürün fiyatları/ }).waitFor();
    await field.fill('urun fiyat');
    const screens = group(dialog, 'Ekranlar');
    // The link named so first; links of the group "Ürün Tanımları" that name prices follow.
    await expect.poll(() => screens.getByRole('option').allTextContents()).toEqual([
      expect.stringContaining('Ürün fiyatları'),
      expect.stringContaining('Fiyat'),
    ]);
    await expect.poll(() => selected(dialog).getAttribute('href')).toBe('/ProductPrices');
    await page.keyboard.press('End');
    await expect.poll(() => selected(dialog).getAttribute('href')).toBe('/PriceTypes');
    await page.keyboard.press('ArrowDown'); // round to the first
    await expect.poll(() => selected(dialog).getAttribute('href')).toBe('/ProductPrices');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/ProductPrices');
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens from inside a text field and from the top bar box; Escape closes it; Ctrl+Shift+K stays the translation dialog', async () => {
    const page = await signedIn();
    await page.goto('/Accounts');
    const tableSearch = page.getByRole('searchbox', { name: 'Ara…' });
    await tableSearch.fill('abc');
    await tableSearch.focus();
    const { dialog } = await openPalette(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The key typed nothing in the field, which has the focus back.
    expect(await tableSearch.inputValue()).toBe('abc');
    expect(await tableSearch.evaluate((el) => el === document.activeElement)).toBe(true);

    // Ctrl+K again closes an open palette.
    await openPalette(page);
    await page.keyboard.press('Control+k');
    await dialog.waitFor({ state: 'detached' });

    // The top bar's box: a letter typed on it starts the search with that letter.
    const box = page.getByRole('button', { name: PALETTE });
    await box.focus();
    await page.keyboard.press('s');
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox').inputValue()).toBe('s');
    await dialog.getByText('Kayıtları aramak için en az 2 karakter yazın.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await box.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+Shift+K');
    await page.getByTestId('translation-dialog').waitFor();
    expect(await dialog.count()).toBe(0);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('shows a user only the groups and screens of the claims held, and asks no other entity', async () => {
    const clerk = await createUserWithClaims(['VictimOrders.Read'], 'searchclerk');
    const page = await signedIn({}, clerk);
    const asked: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.endsWith('/GetListForPaging')) asked.push(pathname);
    });
    const { dialog, field } = await openPalette(page);
    await field.fill(`sahinoglu ${tag.toLowerCase()}`);
    await group(dialog, 'Kurban Siparişleri').getByRole('option', { name: new RegExp(order.orderNo) }).waitFor();
    expect(await headings(dialog)).toEqual(['Kurban Siparişleri']);

    await field.fill('siparis');
    await group(dialog, 'Ekranlar').waitFor();
    await expect.poll(() => group(dialog, 'Ekranlar').getByRole('option').allTextContents()).toEqual([expect.stringContaining('Siparişler')]);
    await field.fill('urun fiyat');
    await dialog.getByText('Sonuç bulunamadı.').waitFor();
    expect(asked).toContain('/api/v1/VictimOrders/GetListForPaging');
    expect(asked.filter((path) => /\/(Accounts|Products|VictimPayments)\//.test(path))).toEqual([]);
  });

  it('fits a phone: an icon button in the top bar opens it across the width', async () => {
    const page = await signedIn({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByRole('button', { name: PALETTE }).click();
    const dialog = page.getByRole('dialog', { name: PALETTE });
    await dialog.waitFor();
    await dialog.getByRole('combobox').fill(order.orderNo);
    const hit = group(dialog, 'Kurban Siparişleri').getByRole('option', { name: new RegExp(order.orderNo) });
    await hit.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const item = (await hit.boundingBox())!;
    expect(item.x + item.width).toBeLessThanOrEqual(390);
    // No sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await hit.click();
    await page.waitForURL(`**/VictimOrders/${order.id}`);
    await dialog.waitFor({ state: 'detached' });
  });

  it('speaks English in English', async () => {
    const page = await newPage();
    await signIn(page);
    await page.evaluate(() => { localStorage.setItem('lang', 'en-US'); localStorage.setItem('langCode', 'en-US'); });
    await page.goto('/Dashboard');
    await page.getByRole('button', { name: 'Search everything' }).waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search everything' });
    await dialog.getByRole('combobox').fill(animal.code);
    const hit = group(dialog, 'Animals').getByRole('option', { name: new RegExp(`Arama Dana ${tag}`) });
    await hit.waitFor();
    expect(await hit.textContent()).toContain(`Ear tag ${animal.code}`);
    expect(await hit.textContent()).toContain('5 of 7 shares free');
    await group(dialog, 'Kurban orders').getByRole('option', { name: new RegExp(order.orderNo) }).waitFor();
    expect(await dialog.getByRole('option', { name: new RegExp(order.orderNo) }).first().textContent()).toContain('₺20,000.00');
  });
});
