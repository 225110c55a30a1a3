// Reference data in the user's language (issue 17, point 8), in a real browser on the demo season:
// in English, payment methods, account types and slaughter steps show their English names in
// lists (their own and other entities' lookups), on the order page and on the Monitor; in
// Turkish, /OperationClaims describes the claims in Turkish (they are stored in English).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, describePage, newPage, pageErrors, signIn, useApp } from './support/browser.ts';

useApp();

const ENGLISH_METHOD: Record<string, string> = { cash: 'Cash', card: 'Credit card', transfer: 'Bank transfer', virtualPos: 'Virtual POS' };
const TURKISH_METHOD: Record<string, string> = { cash: 'Nakit', card: 'Kredi Kartı', transfer: 'Havale/EFT', virtualPos: 'Sanal POS' };

async function signedIn(language: 'tr-TR' | 'en-US'): Promise<Page> {
  const page = await newPage({ viewport: { width: 1440, height: 1000 } });
  await signIn(page);
  await page.evaluate((code) => { localStorage.setItem('lang', code); localStorage.setItem('langCode', code); }, language);
  return page;
}

/** The text of the page's main area once `text` shows in it. */
async function mainOnce(page: Page, text: string | RegExp): Promise<string> {
  await page.locator('main').getByText(text).first().waitFor().catch(async (err: Error) => {
    throw new Error(`${err.message}\n${await describePage(page)}`);
  });
  return (await page.locator('main').innerText()) ?? '';
}

interface PaymentRow { id: number; victimOrderId: number; lookups: Record<string, string>; lookupKeys: Record<string, string | null> }

describe('reference names in the user\'s language', () => {
  it('in English, lists show payment methods and account types by their English names', async () => {
    const page = await signedIn('en-US');
    await page.goto('/PaymentMethods');
    const methods = await mainOnce(page, 'Bank transfer');
    for (const name of Object.values(ENGLISH_METHOD)) expect(methods).toContain(name);
    expect(methods).not.toContain('Havale/EFT');
    expect(methods).not.toContain('Nakit');

    await page.goto('/AccountTypes');
    const types = await mainOnce(page, 'Supplier');
    for (const name of ['Customer', 'Supplier', 'Staff', 'Donor']) expect(types).toContain(name);
    expect(types).not.toContain('Müşteri');
    expect(types).not.toContain('Tedarikçi');
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });

  it('in English, the payments list and the order page show a payment\'s method in English', async () => {
    const res = await api<{ data: PaymentRow[] }>('POST', 'VictimPayments/GetListForPaging', { PageNumber: 1, PageSize: 1, SortingParams: [{ ColumnName: 'id', SortOrder: 1 }] });
    const payment = res.body.data.data[0];
    const key = payment.lookupKeys.paymentMethodId!;
    expect(ENGLISH_METHOD[key], JSON.stringify(payment)).toBeDefined();

    const page = await signedIn('en-US');
    await page.goto('/VictimPayments');
    const list = await mainOnce(page, ENGLISH_METHOD[key]);
    expect(list).not.toContain(TURKISH_METHOD[key]);

    await page.goto(`/VictimOrders/${payment.victimOrderId}`);
    const row = page.getByTestId('payment-row').first();
    await row.waitFor().catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await describePage(page)}`);
    });
    const rows = await page.getByTestId('payment-row').allInnerTexts();
    expect(rows.join('\n')).toContain(ENGLISH_METHOD[key]);
    expect(rows.join('\n')).not.toContain(TURKISH_METHOD[key]);
  });

  it('in English, the Monitor shows the slaughter steps by their English names', async () => {
    const queue = await api<{ data: { slaughterDay: string }[] }>('POST', 'VictimProductsAppointments/GetListForPaging', {
      PageNumber: 1, PageSize: 1, SortingParams: [{ ColumnName: 'slaughterDay', SortOrder: 1 }],
    });
    const day = queue.body.data.data[0].slaughterDay.slice(0, 10);
    const page = await signedIn('en-US');
    await page.goto(`/Monitor?date=${day}`);
    const footer = page.locator('footer');
    await footer.getByText('Slaughtered', { exact: true }).waitFor().catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await describePage(page)}`);
    });
    const legend = await footer.innerText();
    for (const name of ['Received', 'Slaughtered', 'Cut', 'Packed', 'Delivered']) expect(legend).toContain(name);
    expect(legend).not.toContain('Kesildi');
    expect(legend).not.toContain('Parçalandı');
  });

  it('in Turkish, /OperationClaims describes the claims in Turkish', async () => {
    const page = await signedIn('tr-TR');
    await page.goto('/OperationClaims');
    const search = page.getByRole('searchbox').first();
    await search.waitFor();
    await search.fill('Products.Read');
    const row = page.getByRole('row').filter({ hasText: 'Products.Read' }).first();
    await expect.poll(async () => (await row.count()) && (await row.innerText()), { timeout: 15_000 }).toContain('Ürünler: görüntüleme');
    expect(await row.innerText()).not.toContain('View products');

    await search.fill('Admin');
    const admin = page.getByRole('row').filter({ hasText: 'Yönetici; her yetki denetiminden geçer' });
    await admin.first().waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Administrator: passes every permission check');
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });
});
