// Money in its own currency (issue 17, point 1), in English: an amount shows its row's currency
// (a lira entry `₺`, a dollar entry `$`) with English separators, never the language's currency;
// the order page's totals are in the order's currency.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, newPage, signIn, useApp } from './support/browser.ts';
import { createAnimal, createCustomer, createOrder, idOf, unique } from './support/season.ts';

useApp();

const english = (value: string, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(value as Intl.StringNumericLiteral);

async function inEnglish(): Promise<Page> {
  const page = await newPage({ viewport: { width: 1440, height: 1000 } });
  await signIn(page);
  await page.evaluate(() => { localStorage.setItem('lang', 'en-US'); localStorage.setItem('langCode', 'en-US'); });
  return page;
}

describe('money in its own currency', () => {
  it('the ledger list shows each entry in its currency with English separators', async () => {
    const customer = await createCustomer(`Para Birimi ${unique()}`);
    const entry = async (code: string, amount: string) => {
      const res = await api('POST', 'Transactions', {
        accountId: customer.id, transactionTypeId: await idOf('TransactionTypes', 'name', 'Ödeme'), amount,
        currencyTypeId: await idOf('CurrencyTypes', 'code', code), transactionDate: '2026-05-20', description: `Kur ${code} ${customer.title}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await entry('TRY', '30000.00');
    await entry('USD', '777.77');
    const page = await inEnglish();
    await page.goto('/Transactions');
    const search = page.getByRole('searchbox').first();
    await search.fill(customer.title);
    const lira = page.getByRole('row').filter({ hasText: `Kur TRY` });
    const dollar = page.getByRole('row').filter({ hasText: `Kur USD` });
    await lira.waitFor();
    expect(await lira.textContent()).toContain(english('30000.00', 'TRY')); // ₺30,000.00
    expect(await lira.textContent()).not.toContain('$');
    expect(await dollar.textContent()).toContain(english('777.77', 'USD')); // $777.77
  });

  it('the order page shows its totals in the order\'s currency', async () => {
    const animal = await createAnimal({ sharePrice: '11500.00' });
    const order = await createOrder({ customer: await createCustomer(`Sipariş Kur ${unique()}`), animal, unitPrice: animal.sharePrice });
    const page = await inEnglish();
    await page.goto(`/VictimOrders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(order.orderNo) }).waitFor();
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).toContain(english(order.totalAmount, 'TRY'));
    expect(body).not.toMatch(/\$\d/);
  });
});
