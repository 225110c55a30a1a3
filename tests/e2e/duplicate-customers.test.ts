// No silent duplicate customers (issue 17, point 4) in a real browser: a new customer typed on the
// sales form with an existing customer's name and phone (in another format) makes the screen ask
// "Bu müşteri zaten kayıtlı olabilir", and picking the existing account sells to it, with no new
// account; the customer picker and the generic account lookup show each account's code and its
// phone's last four digits, so two namesakes are told apart.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, newPage, pageErrors, signIn, useApp } from './support/browser.ts';
import { createAnimal, createCustomer, eq, list, unique, uniquePhone, type Customer, type Row } from './support/season.ts';

useApp();

const last4 = (phone: string) => phone.replace(/\D/g, '').slice(-4);
const flat = async (page: Page, testId: string) => (await page.getByTestId(testId).allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
/** Browser errors other than the refusals the test provokes (the 409 of the question). */
const unexpected = (errors: string[] | undefined) => (errors ?? []).filter((e) => !/status of 409/.test(e));

async function accountsTitled(title: string): Promise<Customer[]> {
  return list<Customer>('Accounts', { FilterParam: [eq('title', title)] });
}

describe('a new customer who may already be registered', () => {
  it('typed with an existing customer\'s name and phone in another format: the screen asks, and picking the existing account sells to it', async () => {
    const animal = await createAnimal({ sharePrice: '9000.00', name: `Mükerrer Danası ${unique()}` });
    const phone = uniquePhone(); // 0532 ddd dd dd
    const existing = await createCustomer(`Mükerrer Müşteri ${unique()}`, phone);
    const otherFormat = `+90 ${phone.replace(/\D/g, '').slice(-10)}`; // +90 532ddddddd

    const page = await newPage({ viewport: { width: 1440, height: 1000 } });
    await signIn(page);
    await page.goto('/Sales/new');
    await page.getByLabel('Küpe no veya ad ara').fill(animal.code);
    const card = page.locator(`[data-testid="animal-card"][data-code="${animal.code}"]`);
    await card.waitFor();
    await card.click();

    await page.getByRole('button', { name: 'Yeni müşteri' }).click();
    await page.getByLabel('Unvan').fill(existing.title);
    await page.getByTestId('new-customer').getByLabel('Telefon').fill(otherFormat);
    await page.getByRole('button', { name: 'Bu müşteriyle devam et' }).click();
    await page.getByTestId('chosen-customer').getByText('satışla birlikte kaydedilecek yeni müşteri').waitFor();

    // Saving asks instead of making a second account.
    await page.getByRole('button', { name: 'Satışı kaydet' }).click();
    const question = page.getByTestId('possible-duplicates');
    await question.getByText('Bu müşteri zaten kayıtlı olabilir').waitFor();
    expect(await flat(page, 'possible-duplicate')).toEqual([expect.stringContaining(`${existing.title} ${existing.code} Tel. …${last4(phone)}`)]);
    expect(page.url()).toMatch(/\/Sales\/new$/);
    expect(await accountsTitled(existing.title)).toHaveLength(1);
    // The first answer gets the focus (on the next frame): Enter would pick it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Bu hesabı kullan');
    // The primary colour's contrast is the theme's (as on the sales form's own axe check).
    const panel = '[data-testid="possible-duplicates"]';
    expect([
      ...(await axeViolations(page, { include: [panel], disableRules: ['color-contrast'] })),
      ...(await axeViolations(page, { include: [panel], exclude: ['.bg-primary'], onlyRules: ['color-contrast'] })),
    ]).toEqual([]);

    // Picking the existing account sells to it.
    await question.getByRole('button', { name: `Bu hesabı kullan: ${existing.code} ${existing.title}` }).click();
    await page.waitForURL(/\/VictimOrders\/\d+$/);
    const orderId = Number(/\/VictimOrders\/(\d+)$/.exec(page.url())![1]);
    const order = (await api<Row>('GET', `VictimOrders/${orderId}`)).body.data;
    expect(order).toMatchObject({ accountId: existing.id, productId: animal.id, shareCount: 1 });
    expect((await accountsTitled(existing.title)).map((a) => a.id)).toEqual([existing.id]);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('the customer picker and the account lookup show each account\'s code and its phone\'s last four digits', async () => {
    const title = `Adaş Müşteri ${unique()}`;
    const phones = ['0532 101 20 31', '+90 533 404 50 62'];
    const twins = [await createCustomer(title, phones[0]), await createCustomer(title, phones[1])];

    const page = await newPage({ viewport: { width: 1440, height: 1000 } });
    await signIn(page);
    await page.goto('/Sales/new');
    await page.getByLabel('Müşteri ara').fill(title);
    const rows = page.getByTestId('customer-results').locator('li');
    await expect.poll(() => rows.count()).toBe(2);
    const shown = (await rows.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim()).sort();
    expect(shown).toEqual(twins.map((c, i) => `${title} ${c.code} Tel. …${last4(phones[i])}`).sort());

    // The generic form's lookup of accounts (a new account address) tells them apart the same way.
    await page.goto('/AccountAddresses');
    await page.getByRole('button', { name: 'Yeni', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Yeni kayıt: Cari Adresleri' });
    await form.getByRole('combobox', { name: 'Cari', exact: true }).click();
    await page.getByPlaceholder('Aramak için yazın…').fill(title);
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(2);
    const offered = (await options.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim()).sort();
    expect(offered).toEqual(twins.map((c, i) => `${title} ${c.code} · Tel. …${last4(phones[i])}`).sort());
    // Found by the code too.
    await page.getByPlaceholder('Aramak için yazın…').fill(twins[1].code);
    await expect.poll(() => options.count()).toBe(1);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });
});
