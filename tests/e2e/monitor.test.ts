// The hall's Monitor (/Monitor) in a real browser, as a user holding only `Monitor.Read`: a step
// advanced through the API shows on the open page without a reload; the page shows initials but
// no shareholder's name or phone; a dropped stream shows the "no connection" banner until the
// stream is back; axe finds no serious or critical violation.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, createUserWithClaims, describePage, newPage, pageErrors, signIn, useApp } from './support/browser.ts';

useApp();

interface Board {
  date: string;
  steps: { id: number; name: string; isFinal: boolean; stepOrder: number }[];
  entries: { id: number; slaughterNo: number; animalCode: string; stepId: number | null; shareholders: string[] }[];
}

const BANNER = 'Bağlantı yok — yeniden bağlanılıyor…';
let day: string;
let board: Board;
let viewer: { email: string; password: string };

/** The first slaughter day of the demo season (its queue rows' `slaughterDay`). */
async function firstSlaughterDay(): Promise<string> {
  const res = await api<{ data: { slaughterDay: string }[] }>('POST', 'VictimProductsAppointments/GetListForPaging', {
    PageNumber: 1,
    PageSize: 1,
    SortingParams: [{ ColumnName: 'slaughterDay', SortOrder: 1 }],
  });
  const d = res.body.data?.data?.[0]?.slaughterDay;
  if (!d) throw new Error(`no queue row: ${JSON.stringify(res.body)}`);
  return d.slice(0, 10);
}

/**
 * The board on a TV-wide screen tall enough for the whole day: the board pages itself when the day
 * has more rows than fit (10 s a page) and a row not on the page shown is not in the document, so
 * on a 1080 px screen a change to the first animal is seen only while the first page shows.
 */
async function openMonitor(): Promise<Page> {
  // A row is 96 px high; the header, the column heads and the legend take less than 400 px.
  const page = await newPage({ viewport: { width: 1920, height: Math.max(1080, 400 + 100 * board.entries.length) } });
  await signIn(page, viewer.email, viewer.password);
  await page.goto(`/Monitor?date=${day}`);
  await page.getByRole('heading', { level: 1, name: 'Kesim Sırası' }).waitFor();
  await page.locator('tbody tr').first().waitFor().catch(async (err: Error) => {
    throw new Error(`${err.message}\n${await describePage(page)}`);
  });
  expect(await page.getByText(/^Sayfa \d+ \/ \d+$/).count(), 'the board pages itself: the screen is too short for the day').toBe(0);
  return page;
}

const rowOf = (page: Page, id: number) => page.locator(`tr[data-entry="${id}"]`);

beforeAll(async () => {
  day = await firstSlaughterDay();
  const res = await api<Board>('GET', `Monitor/board?date=${day}`);
  board = res.body.data;
  expect(board.entries.length).toBeGreaterThan(0);
  viewer = await createUserWithClaims(['Monitor.Read'], 'monitor');
}, 60_000);

describe('/Monitor', () => {
  it('shows a step advanced through the API without a reload', async () => {
    const page = await openMonitor();
    // The first animal is moved to a step it is not at.
    const entry = board.entries[0];
    const target = board.steps.find((s) => s.id !== entry.stepId)!;
    await expect.poll(() => rowOf(page, entry.id).count(), { timeout: 10_000 }).toBe(1);
    // The stream is open before the change is made (the "Canlı" mark shows then).
    await page.getByText('Canlı', { exact: true }).waitFor();
    const res = await api('POST', `VictimProductsAppointments/${entry.id}/advance`, { stepId: target.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const navigations: string[] = [];
    page.on('framenavigated', (f) => navigations.push(f.url()));
    await expect.poll(() => rowOf(page, entry.id).getAttribute('data-step'), { timeout: 5_000 }).toBe(String(target.id));
    await expect.poll(() => rowOf(page, entry.id).innerText()).toContain(target.name);
    expect(navigations).toEqual([]);
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });

  it('shows initials only: no shareholder name, no phone', async () => {
    const page = await openMonitor();
    const text = await page.evaluate(() => document.body.innerText);
    // Every shareholder line of the season (500 a page, the API's largest).
    const rows: { shareholderName: string; shareholderPhone: string | null }[] = [];
    for (let n = 1; ; n++) {
      const res = await api<{ data: typeof rows; totalCount: number }>('POST', 'VictimOrderDetail/GetListForPaging', { PageNumber: n, PageSize: 500 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      rows.push(...res.body.data.data);
      if (res.body.data.data.length < 500 || rows.length >= res.body.data.totalCount) break;
    }
    expect(rows.length).toBeGreaterThan(0);
    // Initials are there (`A. Y.`) …
    expect(text).toMatch(/\p{Lu}\. \p{Lu}\./u);
    // … but no full name (a name of two words or more) and no phone's digits.
    const digits = text.replace(/\D/g, '');
    for (const r of rows) {
      if (r.shareholderName.trim().includes(' ')) expect(text).not.toContain(r.shareholderName.trim());
      const phone = (r.shareholderPhone ?? '').replace(/\D/g, '').slice(-10);
      if (phone.length >= 7) expect(digits).not.toContain(phone);
    }
  });

  it('shows the banner while the stream is down and clears it when it is back', async () => {
    const page = await openMonitor();
    await page.getByText('Canlı', { exact: true }).waitFor();
    await expect(page.getByText(BANNER).count()).resolves.toBe(0);
    // New streams are refused; going offline drops the open one.
    await page.route('**/api/v1/Monitor/events**', (route) => route.abort('connectionrefused'));
    await page.context().setOffline(true);
    await page.getByRole('alert').filter({ hasText: BANNER }).waitFor({ timeout: 10_000 });
    await page.context().setOffline(false);
    // Still refused: the banner stays while the client retries.
    await page.waitForTimeout(2_500);
    expect(await page.getByText(BANNER).count()).toBe(1);
    await page.unroute('**/api/v1/Monitor/events**');
    await page.getByText(BANNER).waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText('Canlı', { exact: true }).waitFor();
  });

  it('passes axe (no serious or critical violation)', async () => {
    const page = await openMonitor();
    await page.getByText('Canlı', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('is refused to a user without Monitor.Read', async () => {
    const other = await createUserWithClaims(['Products.Read'], 'nomonitor');
    const page = await newPage();
    await signIn(page, other.email, other.password);
    await page.goto('/Monitor');
    await page.waitForURL((url) => url.pathname === '/auth/access');
  });
});
