// Bookings that make sense and queue the animal (issue 17, point 6), the screens, in a real browser:
// the booking dialog offers only days with a free seat from today on (their free seats per type, as
// the server counts them) and opens on the first; booking a slaughter slot queues the animal; a
// second booking of a type the order holds asks and then moves it in one request; the order page
// moves and cancels (after asking) its booking, by keyboard too, at 390 px, and without the claim
// offers neither; the queue's day screen adds an animal (the server gives the number); the generic
// queue form offers only animals (by ear tag and name) and only slaughter slots (date and type).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, createUserWithClaims, describePage, newPage, pageErrors, signIn, useApp } from './support/browser.ts';
import { type Order, createAnimal, createCustomer, createOrder, idOf, unique } from './support/season.ts';

useApp();

interface Slot { id: number; startsAt: string; bookedCount: number }
interface Booking { id: number; appointmentId: number; status: string }
interface FreeDay { day: string; appointmentTypeId: number; typeName: string; freeSeats: number }

const DAY = 86_400_000;
/** Istanbul's date `days` from now. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY + 3 * 3_600_000).toISOString().slice(0, 10);
const today = dayFromNow(0);

let types: { slaughter: number; pickup: number };
beforeAll(async () => {
  types = { slaughter: await idOf('AppointmentTypes', 'code', 'slaughter'), pickup: await idOf('AppointmentTypes', 'code', 'pickup') };
}, 60_000);

async function slot(typeId: number, day: string, hour: number, capacity = 3): Promise<Slot> {
  const h = String(hour).padStart(2, '0');
  const res = await api<Slot>('POST', 'Appointments', { appointmentTypeId: typeId, startsAt: `${day}T${h}:00:00+03:00`, endsAt: `${day}T${h}:30:00+03:00`, capacity });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body.data;
}
async function book(order: Order, appointmentId: number): Promise<Booking> {
  const res = await api<Booking>('POST', 'VictimAppointments', { victimOrderId: order.id, accountId: order.accountId, appointmentId, status: 'booked' });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body.data;
}
async function freshOrder(): Promise<Order> {
  return createOrder({ customer: await createCustomer(`Randevu Müşterisi ${unique()}`), animal: await createAnimal() });
}
async function bookingsOf(order: Order): Promise<Booking[]> {
  const res = await api<{ data: Booking[] }>('POST', 'VictimAppointments/GetListForPaging', {
    PageNumber: 1, PageSize: 50, FilterParam: [{ ColumnName: 'victimOrderId', FilterValue: order.id, MatchMode: 'equals', Operator: 'and' }],
  });
  return res.body.data.data;
}
const slotOf = async (id: number) => (await api<Slot>('GET', `Appointments/${id}`)).body.data;
async function queueRowOf(productId: number) {
  const res = await api<{ data: { slaughterDay: string; slaughterNo: number; appointmentId: number }[] }>('POST', 'VictimProductsAppointments/GetListForPaging', {
    PageNumber: 1, PageSize: 5, FilterParam: [{ ColumnName: 'productId', FilterValue: productId, MatchMode: 'equals', Operator: 'and' }],
  });
  return res.body.data.data[0];
}
const freeDays = async () => (await api<FreeDay[]>('GET', 'Appointments/free-days')).body.data;
/** The Idempotency-Key of each POST the page sends to `path` from now on. */
function keysOf(page: Page, path: string): (string | undefined)[] {
  const keys: (string | undefined)[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) keys.push(r.headers()['idempotency-key']);
  });
  return keys;
}
const unexpected = (errors: string[] | undefined) => (errors ?? []).filter((e) => !/status of 409|Failed to load resource/.test(e));

async function openOrder(order: Order, options: { width?: number; email?: string; password?: string } = {}): Promise<Page> {
  const page = await newPage({ viewport: { width: options.width ?? 1280, height: 900 } });
  await signIn(page, options.email, options.password);
  await page.goto(`/VictimOrders/${order.id}`);
  await page.getByRole('heading', { level: 1, name: new RegExp(order.orderNo) }).waitFor().catch(async (err: Error) => {
    throw new Error(`${err.message}\n${await describePage(page)}`);
  });
  return page;
}

describe('the booking dialog', () => {
  it('offers only days with a free seat from today on, with their seats per type, opens on the first, and a slaughter booking queues the animal', async () => {
    const [d1, d2] = [dayFromNow(3), dayFromNow(4)];
    await slot(types.slaughter, dayFromNow(-3), 9, 5); // past: never offered
    const s1 = await slot(types.slaughter, d1, 9, 3);
    await slot(types.pickup, d1, 15, 2);
    const full = await slot(types.slaughter, d2, 9, 1); // full: its day is not offered
    await book(await freshOrder(), s1.id);
    await book(await freshOrder(), full.id);

    const expected = await freeDays();
    expect(expected.every((d) => d.day >= today)).toBe(true);
    expect(expected.some((d) => d.day === d2)).toBe(false);
    const order = await freshOrder();
    const page = await openOrder(order);
    await page.getByRole('button', { name: 'Randevu ver' }).click();
    const dialog = page.getByTestId('slot-picker');
    const dayButtons = dialog.getByTestId('free-day');
    await dayButtons.first().waitFor();
    const offered = await dayButtons.evaluateAll((els) => els.map((e) => e.getAttribute('data-day')!));
    expect(offered).toEqual([...new Set(expected.map((d) => d.day))]);
    expect(offered).not.toContain(dayFromNow(-3));
    // Opens on the first day with a seat, its slots listed.
    expect(await dayButtons.first().getAttribute('aria-pressed')).toBe('true');
    await dialog.getByTestId('slot').first().waitFor();
    // d1's seats per type: slaughter 2 of 3, pick-up 2.
    const d1Button = dialog.locator(`[data-testid="free-day"][data-day="${d1}"]`);
    const d1Text = (await d1Button.innerText()).replace(/\s+/g, ' ');
    expect(d1Text).toContain('Kesim: 2 boş');
    expect(d1Text).toContain('Teslim Alma: 2 boş');
    await d1Button.click();
    expect(await d1Button.getAttribute('aria-pressed')).toBe('true');
    const s1Button = dialog.locator(`[data-slot-id="${s1.id}"]`);
    await s1Button.waitFor();
    expect(await s1Button.textContent()).toContain('3 yerden 2 boş');
    // One request with an Idempotency-Key: a retry after a time-out books once.
    const keys = keysOf(page, '/api/v1/VictimAppointments');
    await s1Button.click();
    await dialog.waitFor({ state: 'detached' });
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    await page.getByTestId('booking').filter({ hasText: 'Kesim' }).waitFor();
    expect((await bookingsOf(order)).map((b) => [b.appointmentId, b.status])).toEqual([[s1.id, 'booked']]);
    // The animal is in that day's queue, after the one booked before it.
    expect(await queueRowOf(order.productId)).toMatchObject({ slaughterDay: d1, slaughterNo: 2, appointmentId: s1.id });
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('a second slot of a type the order holds asks first: "Vazgeç" keeps it, "Taşı" moves it in one request and the queue follows', async () => {
    const [d1, d2] = [dayFromNow(6), dayFromNow(7)];
    const first = await slot(types.slaughter, d1, 9, 3);
    const second = await slot(types.slaughter, d2, 10, 3);
    const order = await freshOrder();
    const held = await book(order, first.id);
    expect((await queueRowOf(order.productId)).slaughterDay).toBe(d1);

    const page = await openOrder(order);
    const choose = async () => {
      await page.getByRole('button', { name: 'Randevu ver' }).click();
      const dialog = page.getByTestId('slot-picker');
      await dialog.locator(`[data-testid="free-day"][data-day="${d2}"]`).click();
      await dialog.locator(`[data-slot-id="${second.id}"]`).click();
      const ask = page.getByTestId('ask-move');
      await ask.waitFor();
      expect((await ask.innerText()).replace(/\s+/g, ' ')).toMatch(/zaten var.*taşınsın mı/);
      return { dialog, ask };
    };
    const { dialog, ask } = await choose();
    // Nothing was written by asking.
    expect((await bookingsOf(order)).map((b) => b.appointmentId)).toEqual([first.id]);
    await ask.getByRole('button', { name: 'Vazgeç' }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await bookingsOf(order)).map((b) => b.appointmentId)).toEqual([first.id]);
    await dialog.getByRole('button', { name: 'Kapat' }).first().click();

    const writes: string[] = [];
    page.on('request', (r) => r.url().includes('/VictimAppointments') && ['POST', 'PUT'].includes(r.method()) && !r.url().includes('GetListForPaging') && writes.push(r.method()));
    const again = await choose();
    await again.ask.getByRole('button', { name: 'Taşı' }).click();
    await again.dialog.waitFor({ state: 'detached' });
    expect(writes).toEqual(['PUT']);
    expect((await bookingsOf(order)).map((b) => [b.id, b.appointmentId, b.status])).toEqual([[held.id, second.id, 'booked']]);
    expect([(await slotOf(first.id)).bookedCount, (await slotOf(second.id)).bookedCount]).toEqual([0, 1]);
    expect(await queueRowOf(order.productId)).toMatchObject({ slaughterDay: d2, appointmentId: second.id });
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });
});

describe("the order page's bookings", () => {
  it('a slot booked, cancelled and booked again on the same page is booked again (a success ends the Idempotency-Key)', async () => {
    const day = dayFromNow(12);
    const pickup = await slot(types.pickup, day, 10, 3);
    const order = await freshOrder();
    const page = await openOrder(order);
    const keys = keysOf(page, '/api/v1/VictimAppointments');
    const bookIt = async () => {
      await page.getByRole('button', { name: 'Randevu ver' }).click();
      const dialog = page.getByTestId('slot-picker');
      await dialog.locator(`[data-testid="free-day"][data-day="${day}"]`).click();
      await dialog.locator(`[data-slot-id="${pickup.id}"]`).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await bookIt();
    const row = page.getByTestId('booking');
    await row.getByRole('button', { name: /^İptal et: / }).click();
    await page.getByTestId('cancel-booking').getByRole('button', { name: 'Randevuyu iptal et' }).click();
    await row.getByText('İptal Edildi').waitFor();
    await bookIt();
    await expect.poll(async () => (await bookingsOf(order)).filter((b) => b.status === 'booked').map((b) => b.appointmentId)).toEqual([pickup.id]);
    expect((await slotOf(pickup.id)).bookedCount).toBe(1);
    // Two actions, two keys.
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('moves a booking to another slot of its type and cancels it after asking, by keyboard, at 390 px', async () => {
    const day = dayFromNow(9);
    const from = await slot(types.pickup, day, 13, 2);
    const to = await slot(types.pickup, dayFromNow(10), 14, 2);
    await slot(types.slaughter, dayFromNow(10), 8, 2); // another type: not offered when moving
    const order = await freshOrder();
    const held = await book(order, from.id);

    const page = await openOrder(order, { width: 390 });
    const row = page.getByTestId('booking');
    await row.filter({ hasText: 'Teslim Alma' }).waitFor();
    expect(await axeViolations(page, { include: ['[data-testid="order-booking"]'] })).toEqual([]);
    const move = row.getByRole('button', { name: /^Taşı: / });
    await move.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('slot-picker');
    await dialog.getByRole('heading', { name: 'Randevuyu taşı' }).waitFor();
    const days = dialog.getByTestId('free-day');
    await days.first().waitFor();
    await page.locator('[data-slot="dialog-content"][data-state="open"]').waitFor();
    await page.waitForTimeout(400); // after the opening animation (its fading reads as low contrast)
    expect(await axeViolations(page, { include: ['[data-testid="slot-picker"]'] })).toEqual([]);
    // Only pick-up seats are offered for a pick-up booking.
    for (const text of await days.allInnerTexts()) expect(text).not.toContain('Kesim');
    await dialog.locator(`[data-testid="free-day"][data-day="${dayFromNow(10)}"]`).click();
    const target = dialog.locator(`[data-slot-id="${to.id}"]`);
    await target.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect((await bookingsOf(order)).map((b) => [b.id, b.appointmentId])).toEqual([[held.id, to.id]]);
    expect((await slotOf(from.id)).bookedCount).toBe(0);
    // The page fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Cancel asks; "Vazgeç" keeps the booking.
    await row.getByRole('button', { name: /^İptal et: / }).click();
    const ask = page.getByTestId('cancel-booking');
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Vazgeç' }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await bookingsOf(order))[0].status).toBe('booked');
    await row.getByRole('button', { name: /^İptal et: / }).click();
    await ask.getByRole('button', { name: 'Randevuyu iptal et' }).click();
    await ask.waitFor({ state: 'detached' });
    await row.getByText('İptal Edildi').waitFor();
    expect((await bookingsOf(order))[0].status).toBe('cancelled');
    expect((await slotOf(to.id)).bookedCount).toBe(0);
    // A cancelled booking offers neither.
    expect(await row.getByRole('button', { name: /^(Taşı|İptal et): / }).count()).toBe(0);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('without VictimAppointments.Update the bookings are shown without Move and Cancel', async () => {
    const order = await freshOrder();
    await book(order, (await slot(types.pickup, dayFromNow(12), 13)).id);
    const user = await createUserWithClaims(['VictimOrders.Read', 'VictimAppointments.Read', 'Appointments.Read', 'VictimProductsAppointments.Read'], 'booking-reader');
    const page = await openOrder(order, { email: user.email, password: user.password });
    await page.getByTestId('booking').filter({ hasText: 'Teslim Alma' }).waitFor();
    expect(await page.getByTestId('booking').getByRole('button').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Randevu ver' }).count()).toBe(0);
  });
});

/** Every option of the open lookup for `search`, as shown. */
async function optionsFor(page: Page, search: string): Promise<string[]> {
  await page.getByPlaceholder('Aramak için yazın…').fill(search);
  const options = page.getByRole('option');
  await expect.poll(async () => (await options.count()) > 0 || (await page.getByText('Kayıt bulunamadı').count()) > 0).toBe(true);
  return (await options.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
}

/** A product that is no animal (no share capacity). */
async function notAnimal() {
  const res = await api<{ id: number; code: string; name: string }>('POST', 'Products', {
    code: `E2E-NA-${unique()}`, name: `E2E Sucuk ${unique()}`, productTypeId: await idOf('ProductTypes', 'name', 'Büyükbaş'), vatRateId: await idOf('VatRates', 'name', '%1'), unit: 'piece', shareCapacity: null,
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body.data;
}

describe('the slaughter queue', () => {
  it("the day screen adds an animal (picked by ear tag and name) and the server gives it the day's next number", async () => {
    const day = dayFromNow(15);
    const s = await slot(types.slaughter, day, 8, 5);
    const first = await freshOrder();
    await book(first, s.id); // number 1
    const animal = await createAnimal({ name: `E2E Sıra Danası ${unique()}` });
    const other = await notAnimal();

    const page = await newPage({ viewport: { width: 390, height: 800 } });
    await signIn(page);
    await page.goto(`/VictimProductsAppointments?date=${day}`);
    await page.locator('tbody tr[data-entry]').first().waitFor();
    await page.getByRole('button', { name: 'Hayvan ekle' }).click();
    const dialog = page.getByTestId('queue-add');
    await dialog.getByRole('combobox', { name: 'Hayvan (küpe no · ad)' }).click();
    expect(await optionsFor(page, other.code)).toEqual([]);
    expect(await optionsFor(page, animal.code)).toEqual([`${animal.code} · ${animal.name}`]);
    await page.keyboard.press('Enter');
    expect(await dialog.getByLabel('Kesim randevusu').inputValue()).toBe(String(s.id));
    await dialog.getByRole('button', { name: 'Hayvan ekle' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('tbody tr[data-entry]').nth(1).waitFor();
    expect(await queueRowOf(animal.id)).toMatchObject({ slaughterDay: day, slaughterNo: 2, appointmentId: s.id });
    const rows = (await page.locator('tbody tr[data-entry]').allInnerTexts()).map((r) => r.replace(/\s+/g, ' '));
    expect(rows[1]).toMatch(/^2 /);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it("the generic queue form offers only animals, by ear tag and name, and only slaughter slots, by date and type; the number is the server's", async () => {
    const day = dayFromNow(18);
    const slaughterSlot = await slot(types.slaughter, day, 11, 5);
    const pickupSlot = await slot(types.pickup, day, 11, 5);
    const animal = await createAnimal({ name: `E2E Form Danası ${unique()}` });
    const other = await notAnimal();

    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto('/VictimProductsAppointments/all');
    await page.getByRole('button', { name: 'Yeni', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Yeni kayıt: Kesim Sırası' });
    await form.getByRole('combobox', { name: 'Hayvan', exact: true }).click();
    expect(await optionsFor(page, other.code)).toEqual([]);
    expect(await optionsFor(page, animal.code)).toEqual([`${animal.code} · ${animal.name}`]);
    await page.keyboard.press('Enter');

    await form.getByRole('combobox', { name: 'Kesim Randevusu', exact: true }).click();
    // The slots' dates as the list shows them, e.g. "… 11:00 · Kesim": the slaughter one only.
    const all = await optionsFor(page, '');
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((o) => o.endsWith(' · Kesim'))).toBe(true);
    const dayText = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(slaughterSlot.startsAt));
    const ofDay = await optionsFor(page, dayText);
    expect(ofDay).toHaveLength(1);
    expect(ofDay[0]).toMatch(/11:00 · Kesim$/);
    await page.keyboard.press('Enter');
    expect(pickupSlot.id).not.toBe(slaughterSlot.id);

    // The generic dialog's create of an idempotent entity carries one Idempotency-Key.
    const keys = keysOf(page, '/api/v1/VictimProductsAppointments');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.waitFor({ state: 'detached' });
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(await queueRowOf(animal.id)).toMatchObject({ slaughterDay: day, slaughterNo: 1, appointmentId: slaughterSlot.id });
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });
});
