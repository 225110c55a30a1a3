// The "Geçmiş" (history) panel in a real browser: a record edited in the generic screen's dialog
// shows the change in its dialog's panel, in Turkish (who by name, the field's label, before and
// after, newest first); the order page shows its confirmation under the operation's name; a user
// without AuditLogs.Read sees no panel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, createUserWithClaims, describePage, newPage, pageErrors, signIn, useApp } from './support/browser.ts';
import { createAnimal, createCustomer, createOrder, unique } from './support/season.ts';

useApp();

interface Language { id: number; name: string; code: string; flag: string; rowVersion: number }

async function createLanguage(): Promise<Language> {
  const stamp = unique();
  const made = await api<Language>('POST', 'Languages', { Name: `Geçmiş Dili ${stamp}`, Code: `qa-H${stamp.slice(-6)}`, Flag: 'EU' });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data;
}

/** Opens /Languages filtered to the language, then its edit dialog. */
async function openDialog(page: Page, name: string) {
  await page.goto('/Languages');
  await page.getByRole('searchbox', { name: 'Ara…' }).fill(name);
  const edit = page.getByRole('button', { name: `${name} kaydını düzenle` });
  await edit.waitFor().catch(async (err: Error) => {
    throw new Error(`${err.message}\n${await describePage(page)}`);
  });
  await edit.click();
  await page.getByRole('dialog').getByRole('heading', { name: `${name} kaydını düzenle (Diller)` }).waitFor();
}

/** The entries the panel shows: each entry's first line (action, operation, who and when) and its table. */
function readEntries(scope: Locator) {
  return scope.getByTestId('audit-entry').evaluateAll((items) =>
    items.map((li) => ({
      head: [...(li.firstElementChild?.children ?? [])].map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()),
      heads: [...li.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim()),
      rows: [...li.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
    })),
  );
}

describe('the record dialog', () => {
  let page: Page;
  let language: Language;
  beforeAll(async () => {
    language = await createLanguage();
    page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
  });
  afterAll(async () => {
    if (language) await api('DELETE', `Languages/${language.id}`).catch(() => undefined);
  });

  it('shows an edit made in the dialog in its Geçmiş panel, in Turkish, newest first', async () => {
    await openDialog(page, language.name);
    const dialog = page.getByRole('dialog');
    const renamed = `${language.name} düzenlendi`;
    await dialog.getByRole('textbox', { name: 'Ad', exact: true }).fill(renamed);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Kayıt güncellendi').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await openDialog(page, renamed);
    const toggle = dialog.getByRole('button', { name: 'Geçmiş' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await dialog.getByTestId('audit-entry').first().waitFor();
    const entries = await readEntries(dialog);
    expect(entries).toHaveLength(2);
    // The edit: who by name, the field by its label, before and after.
    expect(entries[0].head).toEqual(['Güncellendi', expect.stringMatching(/^Sistem Yöneticisi · \d{2}\.\d{2}\.\d{4} \d{1,2}:\d{2}/)]);
    expect(entries[0].heads).toEqual(['Alan', 'Önce', 'Sonra']);
    expect(entries[0].rows).toEqual([['Ad', language.name, renamed]]);
    // The create (through the API, by the same administrator) below it, with every field it set.
    expect(entries[1].head).toEqual(['Oluşturuldu', expect.stringMatching(/^Sistem Yöneticisi · /)]);
    expect(entries[1].heads).toEqual(['Alan', 'Sonra']);
    expect(entries[1].rows).toEqual(expect.arrayContaining([['Ad', language.name], ['Dil Kodu', language.code], ['Bayrak', 'EU']]));
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });

  it('is not there for a user without AuditLogs.Read', async () => {
    const clerk = await createUserWithClaims(['Languages.Read', 'Languages.Update'], 'nohistory');
    const other = await newPage();
    await signIn(other, clerk.email, clerk.password);
    await other.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await openDialog(other, (await api<Language>('GET', `Languages/${language.id}`)).body.data.name);
    await other.getByRole('dialog').getByRole('textbox', { name: 'Ad', exact: true }).waitFor();
    expect(await other.getByRole('dialog').getByRole('button', { name: 'Geçmiş' }).count()).toBe(0);
    expect(await other.getByTestId('audit-panel').count()).toBe(0);
  });
});

describe('the order page', () => {
  it('shows the confirmation under its name in the order\'s Geçmiş panel', async () => {
    const customer = await createCustomer(`Geçmiş Müşterisi ${unique()}`);
    const animal = await createAnimal({ sharePrice: '12000.00' });
    const order = await createOrder({ customer, animal, shareCount: 1, status: 'draft' });
    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    await page.goto(`/VictimOrders/${order.id}`);
    await page.getByTestId('order-status').waitFor();
    await page.getByRole('button', { name: 'Onayla' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Onaylandı');

    await page.getByTestId('audit-panel').getByRole('button', { name: 'Geçmiş' }).click();
    await page.getByTestId('audit-entry').nth(1).waitFor();
    const entries = await readEntries(page.getByTestId('audit-panel'));
    expect(entries.map((e) => e.head.map((x) => x.split(' · ')[0]))).toEqual([['Güncellendi', 'Sipariş onayı', 'Sistem Yöneticisi'], ['Oluşturuldu', 'Sistem Yöneticisi']]);
    // The confirmation: the status and its time, nothing else.
    expect(entries[0].rows.map((r) => r[0]).sort()).toEqual(['Durum', 'Onay Zamanı']);
    expect(entries[0].rows).toContainEqual(['Durum', 'Taslak', 'Onaylandı']);
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });
});
