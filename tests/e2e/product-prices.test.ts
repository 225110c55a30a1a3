// A product's prices in its edit dialog (issue 17, point 9), in a real browser against the demo
// season: the dialog lists the product's ProductPrices rows (price type, currency, amount, valid
// from/to); a price added there through the generic form (prefilled with the product) is saved,
// shows in the dialog and on /ProductPrices; it is deleted there too. A user holding only
// ProductPrices.Read sees the prices without add, edit or delete; one without it sees no section.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Product, ProductPrice } from '../../generated/api/model/index.ts';
import { api, createUserWithClaims, newPage, pageErrors, signIn, useApp } from './support/browser.ts';

useApp();

const LOCALE = 'tr-TR';
const money = (value: string) =>
  new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'TRY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as Intl.StringNumericLiteral);
const day = (iso: string) => new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(`${iso}T00:00:00Z`));
const text = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** A service of the demo catalogue: one sale price, from the season's price start, open-ended. */
const PRODUCT = { code: 'HZM-002', name: 'Eve Teslimat' };

async function listOf<T>(plural: string, filters: [string, unknown][]): Promise<T[]> {
  const res = await api<{ data: T[] }>('POST', `${plural}/GetListForPaging`, {
    PageNumber: 1,
    PageSize: 100,
    FilterParam: filters.map(([ColumnName, FilterValue]) => ({ ColumnName, FilterValue, MatchMode: 'equals', Operator: 'and' })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.data;
}

const product = async () => (await listOf<Product>('Products', [['code', PRODUCT.code]]))[0];
const pricesOf = (productId: number) => listOf<ProductPrice>('ProductPrices', [['productId', productId]]);

/** Opens the product's edit dialog from /Products (searched by its code). */
async function openProduct(page: Page): Promise<Locator> {
  await page.goto('/Products');
  await page.getByRole('heading', { level: 1, name: 'Ürünler' }).waitFor();
  await page.getByRole('searchbox', { name: 'Ara…' }).fill(PRODUCT.code);
  const edit = page.getByRole('button', { name: `${PRODUCT.name} kaydını düzenle`, exact: true });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: `${PRODUCT.name} kaydını düzenle (Ürünler)` });
  await dialog.waitFor();
  return dialog;
}

/** The rows of the dialog's price list (once loaded), each as its cells' texts. */
async function priceRows(dialog: Locator): Promise<string[][]> {
  const section = dialog.getByTestId('product-prices');
  await expect.poll(() => section.getAttribute('aria-busy')).toBe('false');
  return section.getByTestId('product-price').evaluateAll((rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim())),
  );
}

describe("the product's prices in its dialog", () => {
  it('shows the prices, adds one through the generic form (shown on /ProductPrices too) and deletes it', async () => {
    const { id } = await product();
    const [sale] = await pricesOf(id);
    expect(sale).toMatchObject({ amount: '750.00', validTo: null });

    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    let dialog = await openProduct(page);
    const section = dialog.getByTestId('product-prices');
    await section.getByRole('heading', { name: 'Fiyatlar' }).waitFor();
    // The table comes with the prices' answer, after the heading.
    await section.locator('thead th').first().waitFor();
    const headers = await Promise.all((await section.locator('thead th').all()).map(text));
    expect(headers.slice(0, 5)).toEqual(['Fiyat Tipi', 'Para Birimi', 'Fiyat', 'Geçerlilik Başlangıcı', 'Geçerlilik Bitişi']);
    await section.getByTestId('product-price').first().waitFor();
    expect((await priceRows(dialog)).map((r) => r.slice(0, 5))).toEqual([['Satış', 'TRY', money('750.00'), day(sale.validFrom), 'Süresiz']]);

    // Add: the generic form of /ProductPrices, on top, the product already chosen.
    await section.getByRole('button', { name: 'Fiyat ekle' }).click();
    const form = page.getByRole('dialog', { name: 'Yeni kayıt: Ürün Fiyatları' });
    await form.waitFor();
    await expect.poll(() => text(form.getByRole('combobox', { name: 'Ürün', exact: true }))).toBe(PRODUCT.name);
    await form.getByRole('combobox', { name: 'Fiyat Tipi', exact: true }).click();
    await page.getByRole('option', { name: 'Alış', exact: true }).click();
    await form.getByRole('combobox', { name: 'Para Birimi', exact: true }).click();
    await page.getByRole('option', { name: 'TRY', exact: true }).click();
    // Typed with a thousands separator, shown the Turkish way once left (issue 17, point 2).
    const amount = form.getByRole('textbox', { name: 'Fiyat', exact: true });
    await amount.fill('1.512,7');
    await form.getByLabel('Geçerlilik Başlangıcı').fill('2031-01-01');
    expect(await amount.inputValue()).toBe('1.512,70');
    await form.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await form.waitFor({ state: 'detached' });

    // Saved for this product, and the product's dialog (still open) shows it.
    const added = (await pricesOf(id)).find((p) => p.amount === '1512.70');
    expect(added).toMatchObject({ productId: id, validFrom: '2031-01-01', validTo: null });
    dialog = page.getByRole('dialog', { name: `${PRODUCT.name} kaydını düzenle (Ürünler)` });
    await expect.poll(async () => (await priceRows(dialog)).length).toBe(2);
    expect((await priceRows(dialog)).map((r) => r.slice(0, 5))).toContainEqual(['Alış', 'TRY', money('1512.70'), day('2031-01-01'), 'Süresiz']);
    await dialog.getByRole('button', { name: 'Vazgeç', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // On /ProductPrices: the product's prices (searched by what the rows refer to) hold it.
    await page.goto('/ProductPrices');
    await page.getByRole('heading', { level: 1, name: 'Ürün Fiyatları' }).waitFor();
    await page.getByRole('searchbox', { name: 'Ara…' }).fill(PRODUCT.name);
    const table = page.locator('main table[data-slot="table"]');
    await expect.poll(async () => (await table.locator('tbody tr').all()).length, { timeout: 10_000 }).toBe(2);
    const listed = await Promise.all((await table.locator('tbody tr').all()).map(text));
    expect(listed.some((r) => r.includes(PRODUCT.name) && r.includes('Alış') && r.includes(money('1512.70')) && r.includes(day('2031-01-01'))), JSON.stringify(listed)).toBe(true);

    // Deleted from the product's dialog: gone from the list and from the server.
    dialog = await openProduct(page);
    await dialog.getByTestId('product-price').nth(1).waitFor();
    const name = money('1512.70');
    await dialog.getByTestId('product-prices').getByRole('button', { name: `${name} kaydını sil`, exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`${name} kaydını silmek istediğinize emin misiniz?`).waitFor();
    await confirm.getByRole('button', { name: 'Sil', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(async () => (await priceRows(dialog)).length).toBe(1);
    expect((await pricesOf(id)).map((p) => p.amount)).toEqual(['750.00']);
    expect(pageErrors.get(page)).toEqual([]);
  });

  it('follows the ProductPrices claims: read-only without the writes, no section without Read', async () => {
    const reader = await createUserWithClaims(['Products.Read', 'Products.Update', 'ProductPrices.Read'], 'prices-reader');
    let page = await newPage();
    await signIn(page, reader.email, reader.password);
    await page.waitForURL('**/Dashboard');
    let dialog = await openProduct(page);
    const section = dialog.getByTestId('product-prices');
    await section.getByTestId('product-price').first().waitFor();
    expect((await priceRows(dialog)).map((r) => r.slice(0, 3))).toEqual([['Satış', 'TRY', money('750.00')]]);
    expect(await section.getByRole('button').count()).toBe(0);

    const none = await createUserWithClaims(['Products.Read', 'Products.Update', 'AuditLogs.Read'], 'prices-none');
    page = await newPage();
    await signIn(page, none.email, none.password);
    await page.waitForURL('**/Dashboard');
    dialog = await openProduct(page);
    // The record's history shows: the dialog's sections have loaded (together), the prices not among them.
    await dialog.getByTestId('audit-panel').waitFor();
    expect(await dialog.getByTestId('product-prices').count()).toBe(0);
    expect(await dialog.getByText('Fiyatlar').count()).toBe(0);
  });
});
