// The office in a real browser against the demo season: "Gider dağıt" on /Transactions previews
// the parts with the server's rule and writes one expense per account; the account statement's
// closing balance is the account's balance; the missed calls open filtered and "Geri arandı"
// marks a call returned. axe finds nothing serious on any of them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Account, NetgsmCallWebhookLog, Transaction } from '../../generated/api/model/index.ts';
import { api, axeViolations, newPage, pageErrors, signIn, useApp } from './support/browser.ts';

useApp();

const LOCALE = 'tr-TR';
const money = (value: string, currency = 'TRY') =>
  new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as Intl.StringNumericLiteral);
const text = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();

interface Page_<T> { data: T[]; totalCount: number }
async function list<T>(plural: string, request: Record<string, unknown>): Promise<Page_<T>> {
  const res = await api<Page_<T>>('POST', `${plural}/GetListForPaging`, { PageNumber: 1, PageSize: 50, ...request });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function violations(page: Page, include: string) {
  const themed = ['.bg-primary', '.text-primary', '.bg-destructive'];
  return [
    ...(await axeViolations(page, { include: [include], disableRules: ['color-contrast'] })),
    ...(await axeViolations(page, { include: [include], exclude: themed, onlyRules: ['color-contrast'] })),
  ];
}

const unexpected = (errors: string[] | undefined) => (errors ?? []).filter((e) => !/status of 40[01]/.test(e));

async function signedIn(path: string): Promise<Page> {
  const page = await newPage();
  await signIn(page);
  await page.waitForURL('**/Dashboard');
  await page.goto(path);
  return page;
}

describe('the office', () => {
  it('distributes 100,00 TL equally over three accounts: preview 33,34 / 33,33 / 33,33, then three expenses', async () => {
    const accounts = (await list<Account>('Accounts', {
      PageSize: 3,
      FilterParam: [{ ColumnName: 'isActive', FilterValue: true, MatchMode: 'equals', Operator: 'and' }],
      SortingParams: [{ ColumnName: 'code', SortOrder: 1 }],
    })).data;
    expect(accounts).toHaveLength(3);
    const description = `E2E gider dağıtımı ${Date.now()}`;

    const page = await signedIn('/Transactions');
    await page.getByRole('button', { name: 'Gider dağıt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Gideri carilere dağıt' }).waitFor();
    // Nothing chosen: the errors show inline, the typed values stay.
    await dialog.getByLabel('Toplam tutar').fill('100,00');
    await dialog.getByRole('button', { name: 'Dağıt ve kaydet' }).click();
    await dialog.locator('p.text-destructive', { hasText: 'En az bir cari seçin.' }).waitFor();
    await dialog.locator('p.text-destructive', { hasText: 'Açıklama zorunludur.' }).waitFor();
    expect(await dialog.getByLabel('Toplam tutar').inputValue()).toBe('100,00');

    await dialog.getByLabel('Açıklama').fill(description);
    await dialog.getByLabel('Belge no').fill('E2E-1');
    for (const a of accounts) {
      await dialog.getByLabel('Cari ara').fill(a.code);
      await dialog.getByRole('button', { name: `${a.title} carisini ekle` }).click();
    }
    const parts = dialog.getByTestId('part-preview');
    await expect.poll(() => parts.count()).toBe(3);
    expect(await Promise.all([0, 1, 2].map((i) => text(parts.nth(i))))).toEqual([money('33.34'), money('33.33'), money('33.33')]);
    expect(await text(dialog.getByTestId('parts-sum'))).toBe(money('100.00'));

    // Typed amounts: each account's own input; a sum off the total is refused inline.
    await dialog.getByLabel('Tutar yazarak').check();
    for (const [i, a] of accounts.entries()) await dialog.getByLabel(`${a.title} için tutar`).fill(['50', '30', '10'][i]);
    expect(await text(dialog.getByTestId('parts-sum'))).toBe(money('90.00'));
    await dialog.getByRole('button', { name: 'Dağıt ve kaydet' }).click();
    await dialog.locator('p.text-destructive', { hasText: `Yazılan tutarların toplamı (${money('90.00')}) toplam tutara (${money('100.00')}) eşit değil.` }).waitFor();
    // Each amount is shown in the language's format once left (issue 17, point 2).
    expect(await dialog.getByLabel(`${accounts[0].title} için tutar`).inputValue()).toBe('50,00');

    // By shares: the preview says the server computes it.
    await dialog.getByLabel('Hisseye göre').check();
    expect(await text(parts.first())).toBe('hisseye göre hesaplanacak');
    await dialog.getByLabel('Eşit').check();
    expect(await text(parts.first())).toBe(money('33.34'));

    await page.waitForLoadState('networkidle');
    expect(await violations(page, '[role="dialog"]')).toEqual([]);

    // One request with an Idempotency-Key: a retry after a time-out writes the entries once.
    const keys: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/Transactions/distribute-expense') keys.push(r.headers()['idempotency-key']);
    });
    await dialog.getByRole('button', { name: 'Dağıt ve kaydet' }).click();
    await dialog.getByTestId('distribute-result').waitFor();
    expect(await dialog.getByTestId('created-part').count()).toBe(3);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);

    const written = (await list<Transaction>('Transactions', {
      FilterParam: [{ ColumnName: 'description', FilterValue: description, MatchMode: 'equals', Operator: 'and' }],
    })).data;
    expect(written).toHaveLength(3);
    const byAccount = new Map(written.map((tx) => [tx.accountId, tx]));
    expect(accounts.map((a) => byAccount.get(a.id)?.amount)).toEqual(['33.34', '33.33', '33.33']);
    expect(written.every((tx) => tx.documentNo === 'E2E-1')).toBe(true);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it("a customer's statement closes at the account's balance; Ekstre opens it from the accounts", async () => {
    const [account] = (await list<Account>('Accounts', { PageSize: 1, SortingParams: [{ ColumnName: 'balance', SortOrder: -1 }] })).data;
    expect(Number(account.balance)).toBeGreaterThan(0);

    const page = await signedIn('/Accounts');
    await page.getByRole('link', { name: /hesap ekstresi$/ }).first().click();
    await page.waitForURL(/\/Accounts\/\d+\/statement$/);
    await page.getByTestId('statement-closing').waitFor();

    await page.goto(`/Accounts/${account.id}/statement`);
    const closing = page.getByTestId('statement-closing');
    await closing.waitFor();
    expect(await text(closing)).toBe(money(account.balance));
    expect(await text(page.getByTestId('statement-opening'))).toBe(money('0.00'));
    expect(await page.getByTestId('statement-entry').count()).toBeGreaterThan(0);
    expect(await text(page.getByTestId('statement-account'))).toContain(account.title);
    await page.getByRole('button', { name: 'Yazdır' }).waitFor();
    // The CSV is built in the browser from the same answer, in Turkish formats.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Tarih;Tür;Belge no;Açıklama;Borç;Alacak;Bakiye');
    expect(csv.at(-1)).toBe(`;Kapanış bakiyesi;;;;;${money(account.balance)}`);
    expect(csv.length).toBe((await page.getByTestId('statement-entry').count()) + 4);
    await page.waitForLoadState('networkidle');
    expect(await violations(page, 'main')).toEqual([]);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('the missed calls open filtered on inbound missed or busy calls, and "Geri arandı" marks one', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    const asked = page.waitForRequest((r) => r.url().endsWith('/NetgsmCallWebhookLogs/GetListForPaging'));
    await page.goto('/NetgsmCallWebhookLogs');
    const body = (await asked).postDataJSON() as { FilterParam: { ColumnName: string; FilterValue: unknown; MatchMode: string }[] };
    expect(body.FilterParam).toEqual(expect.arrayContaining([
      expect.objectContaining({ ColumnName: 'direction', FilterValue: 'inbound', MatchMode: 'equals' }),
      expect.objectContaining({ ColumnName: 'status', FilterValue: ['missed', 'busy'], MatchMode: 'in' }),
    ]));
    await page.getByRole('button', { name: 'Filtreleri temizle' }).waitFor();

    const mark = page.locator('[data-testid^="called-back-"]').first();
    await mark.waitFor();
    const id = Number((await mark.getAttribute('data-testid'))?.replace('called-back-', ''));
    const before = await api<NetgsmCallWebhookLog>('GET', `NetgsmCallWebhookLogs/${id}`);
    expect(before.body.data.calledBackAt).toBeNull();
    // The caller's number as staff read it out, and a tel: link (issue 17, point 3).
    const caller = before.body.data.callerNumber!;
    const digits = caller.replace(/\D/g, '').slice(-10);
    const call = page.getByRole('row').filter({ has: mark }).getByRole('link', { name: `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}` }).first();
    expect(await call.getAttribute('href')).toBe(`tel:+90${digits}`);

    await page.waitForLoadState('networkidle');
    expect(await violations(page, 'main')).toEqual([]);

    await mark.click();
    await page.getByTestId(`called-back-${id}`).waitFor({ state: 'detached' });
    const after = await api<NetgsmCallWebhookLog>('GET', `NetgsmCallWebhookLogs/${id}`);
    expect(after.body.data.calledBackAt).not.toBeNull();
    expect(after.body.data.calledBackByUserId).not.toBeNull();
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });
});
