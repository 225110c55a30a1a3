// The order page (/VictimOrders/:id) in a real browser against the demo season: opened from the
// orders screen's row; a payment taken in the dialog lowers the balance on the page by its amount
// (and the page shows the API's balance); a slot that is full is shown disabled and a slot that
// fills meanwhile is refused with the message; the print view shows the receipt with the farm
// name and the order no; axe finds nothing serious.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, describePage, newPage, pageErrors, signIn, useApp } from './support/browser.ts';

useApp();

interface Order {
  id: number;
  orderNo: string;
  accountId: number;
  status: string;
  balance: string;
  rowVersion: number;
}

const LOCALE = 'tr-TR';
const money = (value: string | number) =>
  new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'TRY', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(String(value) as Intl.StringNumericLiteral);
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s+/g, ' ').trim();

let orders: Order[];

async function orderOf(id: number): Promise<Order> {
  const res = await api<Order>('GET', `VictimOrders/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function openOrder(order: Order): Promise<Page> {
  const page = await newPage({ viewport: { width: 1440, height: 1000 } });
  await signIn(page);
  await page.goto(`/VictimOrders/${order.id}`);
  await page.getByRole('heading', { level: 1, name: new RegExp(order.orderNo) }).waitFor().catch(async (err: Error) => {
    throw new Error(`${err.message}\n${await describePage(page)}`);
  });
  return page;
}

beforeAll(async () => {
  const res = await api<{ data: Order[] }>('POST', 'VictimOrders/GetListForPaging', {
    PageNumber: 1,
    PageSize: 200,
    FilterParam: [{ ColumnName: 'status', FilterValue: 'cancelled', MatchMode: 'notEquals', Operator: 'and' }],
    SortingParams: [{ ColumnName: 'orderNo', SortOrder: 1 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  orders = res.body.data.data.filter((o) => Number(o.balance) >= 100);
  expect(orders.length).toBeGreaterThan(3);
}, 60_000);

describe('/VictimOrders/:id', () => {
  it('opens from the row of the orders screen', async () => {
    const order = orders[0];
    const page = await newPage({ viewport: { width: 1440, height: 1000 } });
    await signIn(page);
    await page.goto('/VictimOrders');
    await page.getByLabel('Ara…', { exact: true }).fill(order.orderNo);
    const edit = page.getByRole('button', { name: `${order.orderNo} kaydını düzenle` });
    await edit.waitFor();
    await edit.click();
    await page.waitForURL((url) => url.pathname === `/VictimOrders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(order.orderNo) }).waitFor();
    expect(await text(page, 'order-balance')).toBe(money(order.balance));
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });

  it('a payment taken in the dialog lowers the balance by its amount', async () => {
    const order = await orderOf(orders[1].id);
    const page = await openOrder(order);
    expect(await text(page, 'order-balance')).toBe(money(order.balance));
    await page.getByRole('button', { name: 'Ödeme al' }).click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByLabel('Tutar');
    // The amount proposes the balance.
    expect(await amount.inputValue()).toBe(order.balance.replace('.', ','));
    await amount.fill('25,50');
    await dialog.getByLabel('Ödeme Yöntemi').selectOption({ label: 'Nakit' });
    await amount.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const expected = (Math.round(Number(order.balance) * 100) - 2550) / 100;
    await expect.poll(() => text(page, 'order-balance'), { timeout: 10_000 }).toBe(money(expected.toFixed(2)));
    const after = await orderOf(order.id);
    expect(Number(after.balance)).toBeCloseTo(expected, 2);
    expect(await text(page, 'order-balance')).toBe(money(after.balance));
    expect(await page.getByTestId('payment-row').filter({ hasText: money('25.50') }).count()).toBeGreaterThan(0);
  });

  it('a payment above the balance is refused where the form is, keeping the typed amount', async () => {
    const order = await orderOf(orders[1].id);
    const page = await openOrder(order);
    await page.getByRole('button', { name: 'Ödeme al' }).click();
    const dialog = page.getByRole('dialog');
    const tooMuch = (Number(order.balance) + 1000).toFixed(2).replace('.', ',');
    await dialog.getByLabel('Tutar').fill(tooMuch);
    await dialog.getByLabel('Ödeme Yöntemi').selectOption({ label: 'Nakit' });
    await dialog.getByRole('button', { name: 'Ödemeyi kaydet' }).click();
    await dialog.getByRole('alert').filter({ hasText: `en fazla ${money(order.balance)} alınabilir` }).waitFor();
    expect(await dialog.getByLabel('Tutar').inputValue()).toBe(tooMuch);
  });

  it('a full slot is disabled, and booking a slot that filled meanwhile is refused', async () => {
    const [order, other1, other2] = [orders[2], orders[3], orders[4] ?? orders[3]];
    const types = await api<{ id: number }[]>('GET', 'AppointmentTypes');
    const typeId = types.body.data[0].id;
    const day = `2031-03-${String(3 + (Date.now() % 20)).padStart(2, '0')}`;
    const slot = async (hour: number) => {
      const res = await api<{ id: number }>('POST', 'Appointments', {
        appointmentTypeId: typeId,
        startsAt: `${day}T${String(hour).padStart(2, '0')}:00:00+03:00`,
        endsAt: `${day}T${String(hour).padStart(2, '0')}:30:00+03:00`,
        capacity: 1,
      });
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
      return res.body.data.id;
    };
    const fill = async (appointmentId: number, o: Order) => {
      const res = await api('POST', 'VictimAppointments', { victimOrderId: o.id, accountId: o.accountId, appointmentId, status: 'booked' });
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    };
    const full = await slot(9);
    const later = await slot(10);
    await fill(full, other1);

    const page = await openOrder(order);
    await page.getByRole('button', { name: 'Randevu ver' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Gün', { exact: true }).fill(day);
    const fullButton = dialog.locator(`[data-slot-id="${full}"]`);
    const laterButton = dialog.locator(`[data-slot-id="${later}"]`);
    await laterButton.waitFor();
    expect(await fullButton.isDisabled()).toBe(true);
    expect(await fullButton.textContent()).toContain('Dolu');
    expect(await laterButton.textContent()).toContain('1 yerden 1 boş');
    // The other slot fills through the API while the dialog is open: choosing it is refused.
    await fill(later, other2);
    await laterButton.click();
    await dialog.getByRole('alert').filter({ hasText: /Randevu dolu|yeni kayıt almıyor/ }).waitFor();
    await expect.poll(() => laterButton.isDisabled()).toBe(true);
    const bookings = await api<{ data: unknown[] }>('POST', 'VictimAppointments/GetListForPaging', {
      PageNumber: 1,
      PageSize: 10,
      FilterParam: [{ ColumnName: 'appointmentId', FilterValue: later, MatchMode: 'equals', Operator: 'and' }],
    });
    expect(bookings.body.data.data.length).toBe(1);
  });

  it('prints the receipt with the farm name and the order no', async () => {
    const order = await orderOf(orders[0].id);
    const settings = await api<{ data: { value: string }[] }>('POST', 'Settings/GetListForPaging', {
      PageNumber: 1,
      PageSize: 1,
      FilterParam: [{ ColumnName: 'key', FilterValue: 'company.name', MatchMode: 'equals', Operator: 'and' }],
    });
    const farm = settings.body.data.data[0].value;
    const page = await openOrder(order);
    const receipt = page.getByTestId('receipt');
    expect(await receipt.isVisible()).toBe(false);
    await receipt.getByText(farm, { exact: true }).waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    await receipt.waitFor({ state: 'visible' });
    expect(await receipt.getByText(farm, { exact: true }).isVisible()).toBe(true);
    expect(await receipt.getByText(order.orderNo, { exact: true }).isVisible()).toBe(true);
    expect(await receipt.innerText()).toContain(money(order.balance));
    // Nothing else of the page prints.
    expect(await page.getByRole('button', { name: 'Ödeme al' }).isVisible()).toBe(false);
  });

  it('passes axe (no serious or critical violation)', async () => {
    const page = await openOrder(orders[0]);
    await page.getByTestId('share-line').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Ödeme al' }).click();
    await page.getByRole('dialog').waitFor();
    // After the dialog's opening animation (its fading would read as low contrast).
    await page.locator('[data-slot="dialog-content"][data-state="open"]').waitFor();
    await page.waitForTimeout(400);
    expect(await axeViolations(page)).toEqual([]);
  });
});
