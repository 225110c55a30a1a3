// Row actions in reach, and phones (issue 17, point 7), in a real browser against the real server:
// at 1440 px the row actions of wide lists stay in the viewport (pinned at the row's end); below
// 640 px the generic lists show a card per row that opens like the table row; the order page, the
// queue, the Monitor and the sales page fit 390 px without horizontal overflow.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, describePage, newPage, pageErrors, signIn, useApp } from './support/browser.ts';

useApp();

/** Waits until the generic list's table has loaded (no skeleton, nothing busy). */
async function tableLoaded(page: Page): Promise<void> {
  await page.locator('table[data-slot="table"]').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

/** The rectangles of the first table row's action buttons, with the viewport's width. */
function firstRowActions(page: Page) {
  return page.evaluate(() => {
    const cell = document.querySelector('table[data-slot="table"] tbody tr td:last-child');
    const buttons = [...(cell?.querySelectorAll('button, a') ?? [])].map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.getAttribute('aria-label') ?? b.textContent, left: Math.round(r.left), right: Math.round(r.right), top: Math.round(r.top), bottom: Math.round(r.bottom) };
    });
    return { buttons, width: window.innerWidth, height: window.innerHeight };
  });
}

describe('row actions in reach at 1440 px', () => {
  for (const path of ['/Users', '/Products', '/NetgsmCallWebhookLogs']) {
    it(`${path}: the first row's action buttons are inside the viewport, and the table says it scrolls`, async () => {
      const page = await newPage({ viewport: { width: 1440, height: 900 } });
      await signIn(page);
      await page.goto(path);
      await tableLoaded(page);
      await page.locator('tbody tr td:last-child button').first().waitFor();
      const { buttons, width, height } = await firstRowActions(page);
      expect(buttons.length, await describePage(page)).toBeGreaterThan(0);
      for (const b of buttons) {
        expect(b.left, `${b.name} starts at ${b.left}`).toBeGreaterThanOrEqual(0);
        expect(b.right, `${b.name} ends at ${b.right} (viewport ${width})`).toBeLessThanOrEqual(width);
        expect(b.bottom).toBeLessThanOrEqual(height);
      }
      // A table wider than its box shows that it scrolls (a shadow at the edge that has more).
      const container = page.locator('[data-slot="table-container"]').first();
      const wider = await container.evaluate((el) => el.scrollWidth > el.clientWidth);
      if (wider) expect(await container.getAttribute('data-scroll-end')).toBe('more');
      expect(pageErrors.get(page)).toEqual([]);
    });
  }
});

/** A phone: 390 × 844, touch, the page's own viewport meta honoured. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** How wide the page is: more than the viewport means it scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('phones: generic lists as cards', () => {
  it('/Products at 390 px: a card per row (title, key fields, actions), no sideways scroll; a tap opens the row', async () => {
    const page = await newPage(PHONE);
    await signIn(page);
    await page.goto('/Products');
    const cards = page.locator('[data-slot="entity-card"]');
    await cards.first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
    expect(await page.locator('table[data-slot="table"]').count()).toBe(0);
    expect(await cards.count()).toBe(10);
    const first = cards.first();
    // The display field is the title; three more fields with their labels; edit and delete.
    const title = (await first.getByRole('heading').textContent())?.trim();
    expect(title).toBeTruthy();
    expect(await first.locator('dt').allTextContents()).toEqual(['Kod / Küpe No', 'Ürün Tipi', 'Kategori']);
    expect(await first.getByRole('button', { name: `${title} kaydını düzenle` }).isVisible()).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, { include: ['main'] })).toEqual([]);

    // A tap anywhere on the card (here on its fields) opens the row's dialog.
    const box = (await first.locator('dl').boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().textContent()).toContain(title);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // From the keyboard: the card's title is a button.
    await first.getByRole('button', { name: title, exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(pageErrors.get(page)).toEqual([]);
  });

  it('/VictimOrders at 390 px: a tap on a card opens the order page', async () => {
    const page = await newPage(PHONE);
    await signIn(page);
    await page.goto('/VictimOrders');
    const card = page.locator('[data-slot="entity-card"]').first();
    await card.waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await card.getByRole('heading').tap();
    await page.waitForURL(/\/VictimOrders\/\d+$/);
    expect(pageErrors.get(page)).toEqual([]);
  });
});

/** Whether an element lies within the phone's width (left ≥ 0, right ≤ 390). */
async function withinWidth(locator: ReturnType<Page['locator']>): Promise<string | true> {
  const box = await locator.boundingBox();
  if (!box) return 'not shown';
  return box.x >= 0 && box.x + box.width <= 390.5 ? true : `from ${Math.round(box.x)} to ${Math.round(box.x + box.width)}`;
}

describe('phones: the hand-written pages fit 390 px', () => {
  /** The demo's first slaughter day and its newest order. */
  async function demo() {
    const first = await api<{ data: { slaughterDay: string }[] }>('POST', 'VictimProductsAppointments/GetListForPaging', {
      PageNumber: 1, PageSize: 1, SortingParams: [{ ColumnName: 'slaughterDay', SortOrder: 1 }],
    });
    const order = await api<{ data: { id: number }[] }>('POST', 'VictimOrders/GetListForPaging', { PageNumber: 1, PageSize: 1 });
    return { day: String(first.body.data.data[0].slaughterDay).slice(0, 10), orderId: order.body.data.data[0].id };
  }

  it('the order page: no sideways scroll, its actions and every shareholder field named', async () => {
    const { orderId } = await demo();
    const page = await newPage(PHONE);
    await signIn(page);
    await page.goto(`/VictimOrders/${orderId}`);
    await page.getByTestId('share-line').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await pageWidth(page), await describePage(page)).toBeLessThanOrEqual(390);
    expect(await withinWidth(page.getByRole('heading', { level: 1 }))).toBe(true);
    expect(await withinWidth(page.getByRole('button', { name: 'Ödeme al' }))).toBe(true);
    // The column headings are hidden on phones: each shareholder field shows its name.
    const line = page.getByTestId('share-line').first();
    for (const caption of ['Hisse No', 'Hissedar', 'Hissedar Telefonu', 'Niyet']) {
      expect(await line.getByText(caption, { exact: true }).isVisible(), caption).toBe(true);
    }
    expect(pageErrors.get(page)).toEqual([]);
  });

  it('the slaughter queue: no sideways scroll, the advance button of each row in full', async () => {
    const { day } = await demo();
    const page = await newPage(PHONE);
    await signIn(page);
    await page.goto(`/VictimProductsAppointments?date=${day}`);
    await page.locator('tbody tr[data-entry]').first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const advance = page.getByRole('button', { name: /^İlerlet — \d+ numara$/ });
    expect(await advance.count()).toBeGreaterThan(0);
    for (const button of await advance.all()) expect(await withinWidth(button)).toBe(true);
    // Not cut by the table's own box either: the table fits it, nothing scrolls sideways there.
    const box = page.getByTestId('slaughter-queue').locator('table').locator('..');
    const [tableWidth, boxWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(tableWidth, `the table (${tableWidth} px) is wider than its box (${boxWidth} px)`).toBeLessThanOrEqual(boxWidth);
    expect(pageErrors.get(page)).toEqual([]);
  });

  it('the Monitor: every column in view', async () => {
    const { day } = await demo();
    const page = await newPage(PHONE);
    await signIn(page);
    await page.goto(`/Monitor?date=${day}`);
    await page.locator('tbody tr').first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const heads = page.locator('thead th');
    expect(await heads.count()).toBe(4);
    for (const th of await heads.all()) expect(await withinWidth(th), await th.textContent() ?? '').toBe(true);
    for (const td of await page.locator('tbody tr').first().locator('td').all()) expect(await withinWidth(td)).toBe(true);
    expect(await withinWidth(page.locator('time'))).toBe(true);
    expect(pageErrors.get(page)).toEqual([]);
  });

  it('the sales page: no sideways scroll, the shareholder rows keep their labels', async () => {
    const page = await newPage(PHONE);
    await signIn(page);
    await page.goto('/Sales/new');
    const holder = page.getByTestId('holders').locator('li').first();
    await holder.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    for (const label of ['Hissedar', 'Hissedar Telefonu', 'Niyet']) {
      const field = holder.getByLabel(label, { exact: true });
      expect(await field.isVisible(), label).toBe(true);
      expect(await withinWidth(field)).toBe(true);
      expect(await holder.locator('label', { hasText: label }).first().isVisible()).toBe(true);
    }
    expect(pageErrors.get(page)).toEqual([]);
  });
});
