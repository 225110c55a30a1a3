// The public tracking page on a 390 px phone (issue 18, point 5): the link of the sale's SMS, as
// Netgsm's double received it, opens the order's view
// without typing, an advance on the queue shows on the open page without a reload, the form finds
// the order after a wrong phone, the English page at /track, and axe finds nothing serious.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, app, axeViolations, describePage, newPage, pageErrors, useApp } from './support/browser.ts';
import { type NetgsmDouble, startNetgsmDouble } from '../support/netgsm-double.ts';
import { createAnimal, createCustomer, createOrder, idOf, type Order, type Row, setSetting, uniquePhone } from './support/season.ts';

useApp();

const PHONE = { width: 390, height: 844 };
let order: Order;
let phone: string;
let queueId: number;
let token: string;
let double: NetgsmDouble;

const todayAt = (hour: number) => {
  const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Istanbul' });
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`).toISOString();
};

/** The text message Netgsm's double received for the order's sale, with its link. */
async function linkFromSms(o: Order): Promise<string> {
  let text: string | undefined;
  for (const end = Date.now() + 30_000; !(text = double.sent.find((m) => m.text.includes(o.orderNo))?.text); ) {
    if (Date.now() > end) throw new Error(`no SMS of ${o.orderNo} reached Netgsm's double within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const link = text!.match(/(https?:\/\/\S+\/takip\/([A-Za-z0-9_-]{16}))/);
  expect(link, text).not.toBeNull();
  expect(link![1].startsWith(`${app().baseUrl}/takip/`)).toBe(true);
  return link![2];
}

beforeAll(async () => {
  // The farm sends through Netgsm (its double here), at any hour, with links to this server.
  double = await startNetgsmDouble();
  await setSetting('app.publicUrl', app().baseUrl);
  await setSetting('sms.quietHours', '');
  await setSetting('sms.netgsm.baseUrl', double.url);
  await setSetting('sms.netgsm.userCode', double.userCode);
  await setSetting('sms.netgsm.header', double.header);
  await setSetting('sms.netgsm.password', double.password, true);
  await setSetting('sms.provider', 'netgsm');

  phone = uniquePhone();
  const customer = await createCustomer('Zeynep Kaya', phone);
  const animal = await createAnimal({ name: 'Takip Dana' });
  order = await createOrder({ customer, animal, shareCount: 2 });
  // A slaughter slot today, late enough to be free of the demo season's, and the animal queued in it.
  const slot = await api<Row>('POST', 'Appointments', {
    appointmentTypeId: await idOf('AppointmentTypes', 'code', 'slaughter'), startsAt: todayAt(22), endsAt: todayAt(23), capacity: 10,
  });
  expect(slot.status, JSON.stringify(slot.body)).toBeLessThan(300);
  const queued = await api<Row>('POST', 'VictimProductsAppointments', { productId: animal.id, appointmentId: slot.body.data.id });
  expect(queued.status, JSON.stringify(queued.body)).toBeLessThan(300);
  queueId = queued.body.data.id;
  token = await linkFromSms(order);
}, 60_000);

afterAll(async () => {
  await double?.close();
});

async function expectNoPersonalData(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toContain('Zeynep');
  expect(text).not.toContain('Kaya');
  expect(text.replace(/\D/g, '')).not.toContain(phone.replace(/\D/g, '').slice(-10));
  expect(text).toContain('Z. K.');
}

describe('the tracking page on a phone', () => {
  it("opens the link's view without typing, and shows an advance on the queue live", async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`/takip/${token}`);
    await page.getByRole('heading', { level: 1, name: 'Kurban takibi' }).waitFor();
    await page.getByRole('heading', { name: 'Siparişiniz' }).waitFor().catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await describePage(page)}`);
    });
    await expect.poll(() => page.getByText('Takip Dana').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Henüz başlamadı').count()).toBe(1);
    await expectNoPersonalData(page);
    // Fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const res = await api('POST', `VictimProductsAppointments/${queueId}/advance`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expect.poll(() => page.getByText('Kabul edildi').count()).toBe(1);
    expect(await page.getByText('Henüz başlamadı').count()).toBe(0);

    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });

  it('finds the order by the form after a wrong phone; the English page too', async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto('/takip');
    await page.getByLabel('Sipariş numarası').fill(order.orderNo.toLowerCase());
    await page.getByLabel('Telefon numarası').fill('0555 000 00 00');
    await page.getByRole('button', { name: 'Göster' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('bulunamadı');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Telefon numarası').fill(phone);
    await page.getByRole('button', { name: 'Göster' }).click();
    await page.getByRole('heading', { name: 'Siparişiniz' }).waitFor();
    // The address now carries the link, and focus moved to the view.
    expect(new URL(page.url()).pathname).toMatch(/^\/takip\/[A-Za-z0-9_-]{16}$/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Siparişiniz');
    await expectNoPersonalData(page);

    // In English, by the language link: the same view, the step by its code.
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kurban tracking' }).waitFor();
    await page.getByRole('heading', { name: 'Your order' }).waitFor();
    await expect.poll(() => page.getByText('Received').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await axeViolations(page)).toEqual([]);
    // The wrong phone's 404 is the browser's own log line of that answer, nothing else.
    expect((pageErrors.get(page) ?? []).filter((e) => !e.includes('status of 404'))).toEqual([]);
  });

  it("is not taken over by the back office's service worker", async () => {
    // A browser that has the back office installed: its service worker controls the origin.
    const page = await newPage({ serviceWorkers: 'allow' });
    await page.goto('/auth/login');
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated', undefined, { timeout: 30_000 });
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
    // /takip is the tracking page, not the app's shell from the precache.
    await page.goto(`/takip/${token}`);
    await page.getByRole('heading', { level: 1, name: 'Kurban takibi' }).waitFor();
    await page.getByRole('heading', { name: 'Siparişiniz' }).waitFor();
    await page.goto('/track');
    await page.getByRole('heading', { level: 1, name: 'Kurban tracking' }).waitFor();
  });

  it('an expired or unknown link shows the form and says why', async () => {
    const page = await newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto('/takip/AAAAAAAAAAAAAAAA');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('süresi dolmuş');
    expect(await page.getByLabel('Sipariş numarası').isVisible()).toBe(true);
  });
});
