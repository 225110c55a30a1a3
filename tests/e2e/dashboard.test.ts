// The dashboard in a real browser against the demo season: every figure is the API's own answer
// (GET Dashboard/summary, computed by the database), the collections chart is there with its
// accessible twin, the season selector asks for another season and shows its figures, the cards
// follow the user's claims, and axe finds nothing serious.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { DashboardSummary } from '../../generated/api/model/index.ts';
import { api, axeViolations, createUserWithClaims, newPage, pageErrors, signIn, useApp } from './support/browser.ts';

useApp();

const LOCALE = 'tr-TR';
const number = (n: number) => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 20 }).format(n);
const money = (value: string, currency: string) =>
  new Intl.NumberFormat(LOCALE, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as Intl.StringNumericLiteral);

async function summaryOf(season?: number): Promise<DashboardSummary> {
  const res = await api<DashboardSummary>('GET', `Dashboard/summary${season === undefined ? '' : `?season=${season}`}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const text = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** What the page shows equals the answer, card by card. */
async function expectFigures(page: Page, s: DashboardSummary) {
  await page.getByText(`${s.season} Kurban sezonuna genel bakış`).waitFor();
  await page.locator('[data-testid="dashboard-cards"]:not(.opacity-60)').waitFor();
  const card = (id: string) => page.getByTestId(id);

  expect(await text(card('card-shares'))).toContain(`${number(s.shares.sold)} / ${number(s.shares.capacity)}`);
  expect(await text(card('card-shares'))).toContain(`${number(Math.max(0, s.shares.capacity - s.shares.sold))} hisse satışa açık`);
  for (const status of ['draft', 'confirmed', 'completed', 'cancelled'] as const) {
    expect(await text(card(`orders-${status}`))).toMatch(new RegExp(`${number(s.orders[status]).replace('.', '\\.')}$`));
  }
  const total = s.orders.draft + s.orders.confirmed + s.orders.completed + s.orders.cancelled;
  expect(await text(card('card-orders'))).toContain(`Toplam ${number(total)} sipariş`);
  expect(await text(card('card-money'))).toContain(money(s.money.collected, s.currencyCode));
  expect(await text(card('money-sold'))).toBe(money(s.money.sold, s.currencyCode));
  expect(await text(card('money-outstanding'))).toBe(money(s.money.outstanding, s.currencyCode));
  expect(await text(card('card-calls'))).toContain(number(s.missedCallsNotReturned));
  const messageStatus = { queued: 'Sırada', sent: 'Gönderildi', delivered: 'İletildi', failed: 'Başarısız' } as const;
  for (const status of ['queued', 'sent', 'delivered', 'failed'] as const) {
    expect(await text(card(`messages-${status}`))).toBe(`${messageStatus[status]}${number(s.messagesToday[status])}`);
  }

  const steps = card('card-queue').getByTestId('queue-step');
  if (s.queueByStep.some((q) => q.count > 0)) {
    expect(await steps.count()).toBe(s.queueByStep.length);
    for (const [i, q] of s.queueByStep.entries()) {
      expect(await text(steps.nth(i))).toBe(`${q.name ?? 'Henüz kabul edilmedi'}${number(q.count)}`);
    }
  } else {
    await card('card-queue').getByText('Bu sezon kesim sırasında hayvan yok.').waitFor();
  }
  expect(await card('card-appointments').getByTestId('appointment').count()).toBe(s.appointmentsToday.length);

  if (s.collectionsByDay.length) {
    const chart = card('card-collections').locator('[role="img"][data-testid="collections-chart"]');
    expect(await chart.getAttribute('aria-label')).toMatch(/günlük net tahsilat grafiği/);
    await chart.locator('canvas').first().waitFor();
    const rows = card('card-collections').locator('table.sr-only tbody tr');
    expect(await rows.count()).toBe(s.collectionsByDay.length);
    const last = s.collectionsByDay[s.collectionsByDay.length - 1];
    expect(await text(rows.last().locator('td').last())).toBe(money(last.amount, s.currencyCode));
  } else {
    await card('card-collections').getByText('Bu sezon henüz tahsilat yok.').waitFor();
  }
}

/** Two axe passes as in pages.test.ts: all but contrast, then contrast without the theme's own colours. */
async function pageViolations(page: Page) {
  const themed = ['.bg-primary', '.text-primary', '.bg-destructive'];
  return [
    ...(await axeViolations(page, { include: ['main'], disableRules: ['color-contrast'] })),
    ...(await axeViolations(page, { include: ['main'], exclude: themed, onlyRules: ['color-contrast'] })),
  ];
}

const unexpected = (errors: string[] | undefined) => (errors ?? []).filter((e) => !/status of 40[01]/.test(e));

describe('the dashboard', () => {
  it("shows the demo season's figures as the API answers them, the chart, and passes axe", async () => {
    const summary = await summaryOf();
    expect(summary.orders.confirmed + summary.orders.completed).toBeGreaterThan(0);
    expect(summary.collectionsByDay.length).toBeGreaterThan(0);
    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    await expectFigures(page, summary);
    await page.waitForLoadState('networkidle');
    expect(await pageViolations(page)).toEqual([]);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('the season selector asks for another season and shows its figures', async () => {
    const current = await summaryOf();
    const previous = await summaryOf(current.season - 1);
    expect(previous.orders).not.toEqual(current.orders);
    const page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
    await expectFigures(page, current);

    // The selector (the side menu's season group is labelled 'Sezon' too).
    const select = page.getByRole('combobox', { name: 'Sezon', exact: true });
    expect(await select.inputValue()).toBe(String(current.season));
    const asked = page.waitForRequest((r) => r.url().includes(`/api/v1/Dashboard/summary?season=${current.season - 1}`));
    await select.selectOption(String(current.season - 1));
    await asked;
    await expectFigures(page, previous);

    await select.selectOption(String(current.season));
    await expectFigures(page, current);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('without Dashboard.Read: a note, and no call to the summary', async () => {
    const user = await createUserWithClaims(['VictimOrders.Read'], 'nodash');
    const page = await newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/Dashboard/summary')) calls.push(r.url());
    });
    await signIn(page, user.email, user.password);
    await page.waitForURL('**/Dashboard');
    await page.getByText('Bu panelde size açık bir bilgi yok.', { exact: false }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    expect(await page.getByText('Bu bilgi yüklenemedi.').count()).toBe(0);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('with Dashboard.Read, the cards follow the lists the user may read', async () => {
    const user = await createUserWithClaims(['Dashboard.Read', 'VictimOrders.Read'], 'dash');
    const page = await newPage();
    await signIn(page, user.email, user.password);
    await page.waitForURL('**/Dashboard');
    await page.getByRole('heading', { name: 'Durumlarına göre siparişler' }).waitFor();
    await page.getByRole('heading', { name: 'Tahsilat', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Günlük tahsilat' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: 'Satılan hisseler' }).count()).toBe(0); // needs Products.Read too
    expect(await page.getByRole('heading', { name: 'Bugünkü randevular' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Geri dönülmemiş cevapsız çağrılar' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Aşamalara göre kesim sırası' }).count()).toBe(0);
    expect(await page.getByText('Bu bilgi yüklenemedi.').count()).toBe(0);
  });
});
