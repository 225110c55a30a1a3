// The order page (/VictimOrders/:id) in a real browser against the demo season: opened from the
// orders screen's row; a payment taken in the dialog lowers the balance on the page by its amount
// (and the page shows the API's balance); a slot that is full is shown disabled and a slot that
// fills meanwhile is refused with the message; the print view shows the receipt with the farm's
// name, address, phone and tax number, the order no, the ear tag, the shareholders, every payment,
// the booked slot and the proxy's signature line, and a paid payment's row prints that payment's
// receipt (with the balance after it); axe finds nothing serious. Then, on orders each test makes through the
// API: the order's moves (confirm posts the sale, complete asks first and waits for the proxy,
// recorded with the page's switch, the balance paid and the animal slaughtered, an unpaid order's
// refusal shown in its dialog; cancel asks for a reason; only the moves of the current status
// offered), a reload
// (the saved copy at once, then the server's order), a move or the proxy refused because the order
// changed meanwhile (the page then shows the current order, and the next click works), a session
// that ends on the page (the sign-in comes back to it), a share line saved over a newer version
// from another tab (409, the typed values kept, nothing overwritten), a refund from the order page,
// and the standalone payment of the payments screen (customer → open order → payment).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, describePage, newPage, newTab, pageErrors, signIn, useApp } from './support/browser.ts';
import {
  type Order,
  createAnimal,
  createCustomer,
  createOrder,
  customerOf,
  idOf,
  eq,
  kurus,
  ledgerOf,
  lira,
  list,
  money,
  orderOf,
  payOrder,
  paymentsOf,
  setSetting,
  shareLinesOf,
  unique,
  updateOrder,
} from './support/season.ts';

useApp();

/** An amount as a money input shows it in Turkish (issue 17, point 2): `24.000,00`. */
const editText = (amount: string) => new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as Intl.StringNumericLiteral);
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s+/g, ' ').trim();

let orders: Order[];

async function openOrder(order: { id: number; orderNo: string }): Promise<Page> {
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
    expect(await amount.inputValue()).toBe(editText(order.balance));
    await amount.fill('25,50');
    await dialog.getByLabel('Ödeme Yöntemi').selectOption({ label: 'Nakit' });
    // The payment is one request with an Idempotency-Key: a retry takes it once (issue 16, point 2).
    const keys: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/VictimPayments') keys.push(r.headers()['idempotency-key']);
    });
    await amount.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
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
    // The same amount, shown the Turkish way once the field was left.
    expect(await dialog.getByLabel('Tutar').inputValue()).toBe(editText((Number(order.balance) + 1000).toFixed(2)));
  });

  it('a full slot is disabled, and booking a slot that filled meanwhile is refused', async () => {
    const [order, other1, other2] = [orders[2], orders[3], orders[4] ?? orders[3]];
    const types = await api<{ id: number }[]>('GET', 'AppointmentTypes');
    const typeId = types.body.data[0].id;
    // A day within the dialog's year of free days (the booking dialog offers no other), of its own.
    const day = new Date(Date.now() + (200 + (Date.now() % 100)) * 86_400_000).toISOString().slice(0, 10);
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
    await dialog.locator(`[data-testid="free-day"][data-day="${day}"]`).click();
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
    const { order, animal, customer, first, second } = await receiptOrder();
    const page = await openOrder(order);
    // The booked slot as the page's booking section shows it.
    const slot = (await page.getByTestId('booking').locator('span').first().innerText()).trim();
    expect(slot).toMatch(/2032/);
    const receipt = page.getByTestId('receipt');
    expect(await receipt.isVisible()).toBe(false);
    await receipt.getByText(FARM.name, { exact: true }).waitFor({ state: 'attached' });
    await receipt.getByText(second.receiptNo, { exact: true }).waitFor({ state: 'attached' });
    await receipt.getByText(EAR_TAG(animal), { exact: true }).waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    await receipt.waitFor({ state: 'visible' });
    expect(await receipt.getByText(FARM.name, { exact: true }).isVisible()).toBe(true);
    expect(await receipt.getByText(order.orderNo, { exact: true }).isVisible()).toBe(true);
    const printed = (await receipt.innerText()).replace(/\s+/g, ' ');
    // The farm: its address, phone and tax number (settings company.*, through GET /Farm).
    expect(printed).toContain(FARM.address);
    expect(printed).toContain(`Telefon: ${FARM.phone}`);
    expect(printed).toContain(`Vergi no: ${FARM.taxNumber}`);
    // The customer, the animal and its ear tag, the shareholders.
    expect(printed).toContain(customer.title);
    expect(printed).toContain(EAR_TAG(animal));
    for (const line of await shareLinesOf(order.id)) expect(printed).toContain(line.shareholderName);
    // Every payment: its receipt no, method and amount.
    const payments = receipt.getByTestId('receipt-payments');
    for (const [payment, amount] of [[first, '5000.00'], [second, '3000.00']] as const) {
      const row = (await payments.locator('tr').filter({ hasText: payment.receiptNo }).innerText()).replace(/\s+/g, ' ');
      expect(row).toContain('Nakit');
      expect(row).toContain(money(amount));
    }
    // The booked slot, the balance, and the line the proxy giver signs.
    expect(printed).toContain(slot);
    const current = await orderOf(order.id);
    expect(printed).toContain(money(current.balance));
    expect(await receipt.getByTestId('receipt-signature').innerText()).toBe('Vekâlet veren / İmza');
    // Nothing else of the page prints.
    expect(await page.getByRole('button', { name: 'Ödeme al' }).isVisible()).toBe(false);
  });

  it('prints the receipt of one payment from its row', async () => {
    const { order, customer, first, second } = await receiptOrder();
    const page = await openOrder(order);
    await page.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => void w.printed++;
    });
    const row = page.getByTestId('payment-row').filter({ hasText: first.receiptNo });
    await row.getByRole('button', { name: 'Makbuz yazdır' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const receipt = page.getByTestId('payment-receipt');
    await page.emulateMedia({ media: 'print' });
    await receipt.waitFor({ state: 'visible' });
    // Only this payment's receipt: not the order's.
    expect(await page.getByTestId('receipt').count()).toBe(0);
    const printed = (await receipt.innerText()).replace(/\s+/g, ' ');
    for (const text of [FARM.name, FARM.address, `Telefon: ${FARM.phone}`, `Vergi no: ${FARM.taxNumber}`, order.orderNo, customer.title, first.receiptNo, 'Nakit', money('5000.00')]) {
      expect(printed).toContain(text);
    }
    expect(printed).not.toContain(second.receiptNo);
    // The balance after it: the total less this payment (the later one not yet counted).
    expect(printed).toContain(`Bu ödemeden sonra kalan bakiye ${money('15000.00')}`);
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

/** The farm as the receipts show it (settings `company.*`). */
const FARM = { name: 'Yılmaz Besi Çiftliği', address: 'Çayırova Mah. Ahır Sok. No 3, Sapanca / Sakarya', phone: '0264 555 12 34', taxNumber: 'Sapanca VD 1234567890' };
const EAR_TAG = (animal: { id: number }) => `TR54${String(animal.id).padStart(8, '0')}`;

/** An order of two shares for the receipts: the farm's details set, the animal's ear tag, two cash
 *  payments (5.000 then 3.000 of 20.000) and a booked slot (its time as the page shows it). */
/** Receipts made so far in this file: each books a slot on a day of its own. */
let receiptDays = 0;

async function receiptOrder() {
  for (const [key, value] of Object.entries(FARM)) await setSetting(`company.${key}`, value);
  const animal = await createAnimal();
  const ok = (what: string, res: { status: number; body: unknown }) => expect([200, 201], `${what}: ${JSON.stringify(res.body)}`).toContain(res.status);
  ok('POST ProductAttributeValues', await api('POST', 'ProductAttributeValues', { productId: animal.id, attributeId: await idOf('Attributes', 'code', 'earTag'), value: EAR_TAG(animal) }));
  const customer = await createCustomer(`Makbuz Müşterisi ${unique()}`);
  const order = await createOrder({ customer, animal, shareCount: 2 });
  const first = await payOrder(order, '5000.00');
  const second = await payOrder(order, '3000.00');
  const [type] = (await api<{ id: number }[]>('GET', 'AppointmentTypes')).body.data;
  // A day of its own per receipt made in this file: two slots of one type may not start together.
  const day = `2032-05-${String(3 + ++receiptDays).padStart(2, '0')}`;
  const appointment = await api<{ id: number }>('POST', 'Appointments', { appointmentTypeId: type.id, startsAt: `${day}T11:00:00+03:00`, endsAt: `${day}T11:30:00+03:00`, capacity: 3 });
  ok('POST Appointments', appointment);
  ok('POST VictimAppointments', await api('POST', 'VictimAppointments', { victimOrderId: order.id, accountId: order.accountId, appointmentId: appointment.body.data.id, status: 'booked' }));
  return { order: await orderOf(order.id), animal, customer, first, second };
}

/** Why a final order's share lines cannot be changed. */
const FINAL_SHARES = 'Tamamlanmış ya da iptal edilmiş siparişin hisseleri değiştirilemez.';

/** The lifecycle's buttons on the order page, in this order. */
const MOVES = ['Onayla', 'Tamamla', 'İptal et'];

/** Which of the lifecycle's buttons the page offers now. */
async function offeredMoves(page: Page): Promise<string[]> {
  const offered: string[] = [];
  for (const name of MOVES) if (await page.getByRole('button', { name, exact: true }).isVisible()) offered.push(name);
  return offered;
}

/** The value shown beside a label of the order's summary. */
const summaryValue = (page: Page, label: string) =>
  page.getByTestId('order-summary').locator('dt').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** A page opened on an order, as a fresh session or as another tab of a session. */
async function showOrder(page: Page, order: { id: number; orderNo: string }) {
  await page.goto(`/VictimOrders/${order.id}`);
  await page.getByRole('heading', { level: 1, name: new RegExp(order.orderNo) }).waitFor().catch(async (err: Error) => {
    throw new Error(`${err.message}\n${await describePage(page)}`);
  });
}

/** The type names of the ledger entries the server posted for an order, with their amounts. */
async function postings(orderId: number): Promise<[string | undefined, string][]> {
  return (await ledgerOf(orderId)).map((t) => [t.lookups?.transactionTypeId, t.amount]);
}

/** Errors of a page but the 409s the test provokes on purpose. */
const unexpected = (page: Page) => (pageErrors.get(page) ?? []).filter((e) => !/status of 409/.test(e));

/** The words of the dialog the complete button opens (what completing locks) and of its button. */
const COMPLETE_LOCKS = 'Tamamlanan sipariş artık değiştirilemez ve iptal edilemez; ödemeleri ve satış kaydı olduğu gibi kalır.';
const COMPLETE_SUBMIT = 'Siparişi tamamla';

let slaughterSlot: Promise<number> | undefined;
let slaughterNo = 0;
/** Queues the animal (on a slot of a day no other test uses) and moves it to the last slaughter
 *  step: an order of it may then be completed (issue 17, point 5). */
async function slaughter(animalId: number): Promise<void> {
  slaughterSlot ??= (async () => {
    const types = await api<{ id: number }[]>('GET', 'AppointmentTypes');
    const res = await api<{ id: number }>('POST', 'Appointments', {
      appointmentTypeId: types.body.data[0].id, startsAt: '2031-08-14T06:00:00+03:00', endsAt: '2031-08-14T18:00:00+03:00', capacity: 500,
    });
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    return res.body.data.id;
  })();
  const queued = await api<{ id: number }>('POST', 'VictimProductsAppointments', { productId: animalId, appointmentId: await slaughterSlot, slaughterNo: ++slaughterNo });
  expect(queued.status, JSON.stringify(queued.body)).toBe(200);
  const [last] = await list<{ id: number }>('VictimAppointmentSteps', { SortingParams: [{ ColumnName: 'stepOrder', SortOrder: -1 }] });
  const moved = await api('POST', `VictimProductsAppointments/${queued.body.data.id}/advance`, { stepId: last.id });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

describe('the order page on orders made for the test', () => {
  it('lists the text messages the sale and its payment wrote, with their kind, number and text (issue 18, point 4)', async () => {
    const customer = await createCustomer(`SMS Müşterisi ${unique()}`, '0532 765 43 21');
    const order = await createOrder({ customer, animal: await createAnimal(), status: 'confirmed' });
    await payOrder(order, '1000.00');
    const page = await openOrder(order);
    const section = page.getByRole('region', { name: 'SMS mesajları' });
    const items = section.getByTestId('order-message');
    await expect.poll(() => items.count()).toBe(2);
    // The latest first: the payment, then the sale; both to the customer's phone as staff read it.
    expect(await items.nth(0).innerText()).toContain('Ödeme alındı');
    expect(await items.nth(1).innerText()).toContain('Satış onayı');
    expect(await items.nth(1).innerText()).toContain(order.orderNo);
    for (const i of [0, 1]) expect(await items.nth(i).innerText()).toContain('0532 765 43 21');
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });

  it('moves a draft: confirm changes the status and posts the sale; complete asks first and is refused until the proxy is received', async () => {
    const customer = await createCustomer(`Durum Müşterisi ${unique()}`);
    const draft = await createOrder({ customer, animal: await createAnimal(), shareCount: 2, unitPrice: '12500.00', discountAmount: '500.00', status: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', totalAmount: '24500.00', balance: '24500.00', proxyReceived: false });
    // A draft owes nothing yet on the customer's ledger.
    expect(await postings(draft.id)).toEqual([]);
    expect((await customerOf(customer.id)).balance).toBe('0.00');

    const page = await openOrder(draft);
    const status = page.getByTestId('order-status');
    expect(await status.innerText()).toBe('Taslak');
    expect(await offeredMoves(page)).toEqual(['Onayla', 'İptal et']);

    // Confirming: the status changes and the sale is posted (the whole total is owed).
    await page.getByRole('button', { name: 'Onayla', exact: true }).click();
    await expect.poll(() => status.innerText()).toBe('Onaylandı');
    expect(await offeredMoves(page)).toEqual(['Tamamla', 'İptal et']);
    const confirmed = await orderOf(draft.id);
    expect(confirmed).toMatchObject({ status: 'confirmed', totalAmount: '24500.00', paidAmount: '0.00', balance: '24500.00' });
    expect(await text(page, 'order-total')).toBe(money('24500.00'));
    expect(await text(page, 'order-balance')).toBe(money(confirmed.totalAmount));
    expect(await postings(draft.id)).toEqual([['Satış', '24500.00']]);
    expect((await customerOf(customer.id)).balance).toBe('24500.00');

    // Completing asks first; it is refused while the proxy is not received; nothing changes.
    expect(await summaryValue(page, 'Vekâlet Alındı').innerText()).toBe('Hayır');
    await page.getByRole('button', { name: 'Tamamla', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(COMPLETE_LOCKS).waitFor();
    await dialog.getByRole('button', { name: COMPLETE_SUBMIT }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Vekâlet alınmadan sipariş tamamlanamaz.' }).waitFor();
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await status.innerText()).toBe('Onaylandı');
    expect(await offeredMoves(page)).toEqual(['Tamamla', 'İptal et']);
    expect((await orderOf(draft.id)).status).toBe('confirmed');

    // The proxy arrives: the clerk records it on the page (saved at once, with the order's
    // version); once the balance is paid and the animal slaughtered, the order can be completed.
    // A completed order offers no move and no switch.
    const proxy = page.getByRole('switch', { name: 'Vekâlet Alındı' });
    expect(await proxy.isChecked()).toBe(false);
    await proxy.click();
    await expect.poll(() => summaryValue(page, 'Vekâlet Alındı').innerText()).toBe('Evet');
    expect(await proxy.isChecked()).toBe(true);
    expect(await orderOf(draft.id)).toMatchObject({ status: 'confirmed', proxyReceived: true, totalAmount: '24500.00', rowVersion: confirmed.rowVersion + 1 });
    await payOrder(await orderOf(draft.id), '24500.00');
    await slaughter(draft.productId);
    await page.reload();
    await expect.poll(() => text(page, 'order-balance'), { timeout: 10_000 }).toBe(money('0.00'));
    await page.getByRole('button', { name: 'Tamamla', exact: true }).click();
    await dialog.getByText(COMPLETE_LOCKS).waitFor();
    await dialog.getByRole('button', { name: COMPLETE_SUBMIT }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => status.innerText()).toBe('Tamamlandı');
    expect(await offeredMoves(page)).toEqual([]);
    expect(await proxy.count()).toBe(0);
    expect(await summaryValue(page, 'Vekâlet Alındı').innerText()).toBe('Evet');
    // Its payments stay as they are: the receipt can be printed, nothing refunded.
    const paymentRow = page.getByTestId('payment-row').first();
    await paymentRow.getByRole('button', { name: 'Makbuz yazdır' }).waitFor();
    expect(await paymentRow.getByRole('button', { name: 'İade et' }).count()).toBe(0);
    expect((await orderOf(draft.id)).status).toBe('completed');
    expect(await postings(draft.id)).toEqual([['Satış', '24500.00'], ['Tahsilat', '24500.00']]);
    expect(unexpected(page)).toEqual([]);
  });

  it('complete asks for confirmation first (by keyboard too) and shows the refusal of an unpaid order in its dialog', async () => {
    const customer = await createCustomer(`Ödenmemiş Müşteri ${unique()}`);
    // The case of the issue: ₺11.500 open, the animal never queued, the proxy received.
    const order = await createOrder({ customer, animal: await createAnimal(), shareCount: 1, unitPrice: '11500.00', proxyReceived: true });
    expect(order).toMatchObject({ status: 'confirmed', balance: '11500.00', proxyReceived: true });
    const page = await openOrder(order);
    const status = page.getByTestId('order-status');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/v1/VictimOrders/${order.id}/complete`) sent.push(r.method());
    });

    // The button only opens the dialog, which says what completing locks; Escape leaves it, nothing sent.
    const complete = page.getByRole('button', { name: 'Tamamla', exact: true });
    await complete.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Siparişi tamamla' });
    await dialog.getByText(COMPLETE_LOCKS).waitFor();
    expect(await dialog.innerText()).toContain(order.orderNo);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toEqual([]);
    expect(await status.innerText()).toBe('Onaylandı');

    // Confirmed by keyboard: the focus starts on Vazgeç (Enter right away completes nothing), Tab reaches the button.
    await complete.focus();
    await page.keyboard.press('Enter');
    await dialog.getByText(COMPLETE_LOCKS).waitFor();
    const submit = dialog.getByRole('button', { name: COMPLETE_SUBMIT });
    await expect.poll(() => dialog.getByRole('button', { name: 'Vazgeç' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await submit.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    // The server's refusal, its balance as money, in the dialog; the order stays as it was.
    await dialog.getByRole('alert').filter({ hasText: `Bakiye kapanmadan sipariş tamamlanamaz; açık bakiye ${money('11500.00')}.` }).waitFor();
    expect(sent).toEqual(['POST']);
    expect(await orderOf(order.id)).toMatchObject({ status: 'confirmed', balance: '11500.00', completedAt: null, rowVersion: order.rowVersion });
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await status.innerText()).toBe('Onaylandı');
    expect(await offeredMoves(page)).toEqual(['Tamamla', 'İptal et']);
    expect(unexpected(page)).toEqual([]);
  });

  it('a reload shows the saved copy at once and then what the server has now', async () => {
    const customer = await createCustomer(`Yenileme Müşterisi ${unique()}`);
    const order = await createOrder({ customer, animal: await createAnimal(), shareCount: 1, unitPrice: '12500.00' });
    const page = await openOrder(order);
    expect(await summaryValue(page, 'Vekâlet Alındı').innerText()).toBe('Hayır');
    // The page's answers are kept in local storage (written at most once a second).
    await page.waitForFunction((no) => (localStorage.getItem('query-cache') ?? '').includes(`"orderNo":"${no}"`), order.orderNo);

    // Another clerk records the proxy; this page is reloaded a moment later, well within the
    // cache's 30 seconds of freshness. The order's request is held until the copy has been seen.
    await updateOrder(order.id, { proxyReceived: true });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(`**/api/v1/VictimOrders/${order.id}`, async (route) => {
      asked++;
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: new RegExp(order.orderNo) }).waitFor();
    expect(await summaryValue(page, 'Vekâlet Alındı').innerText()).toBe('Hayır');
    await expect.poll(() => asked, { timeout: 5_000 }).toBe(1);
    release();
    await expect.poll(() => summaryValue(page, 'Vekâlet Alındı').innerText()).toBe('Evet');
    expect(await page.getByRole('switch', { name: 'Vekâlet Alındı' }).isChecked()).toBe(true);
    expect(unexpected(page)).toEqual([]);
  });

  it('a move refused because the order changed meanwhile: the page shows the order as it is now, and the next click works', async () => {
    const customer = await createCustomer(`Çakışma Müşterisi ${unique()}`);
    const draft = await createOrder({ customer, animal: await createAnimal(), shareCount: 2, unitPrice: '12500.00', status: 'draft' });
    const page = await openOrder(draft);
    const status = page.getByTestId('order-status');
    expect(await text(page, 'order-total')).toBe(money('25000.00'));

    // Another clerk gives a discount while this page is open.
    await updateOrder(draft.id, { discountAmount: '1000.00' });
    await page.getByRole('button', { name: 'Onayla', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Bu kayıt siz düzenlerken başka biri tarafından değiştirildi.' }).waitFor();
    expect(await status.innerText()).toBe('Taslak');
    expect((await orderOf(draft.id)).status).toBe('draft');
    // The page now shows the order with the discount, so the clerk confirms what is there.
    await expect.poll(() => text(page, 'order-total')).toBe(money('24000.00'));
    await page.getByRole('button', { name: 'Onayla', exact: true }).click();
    await expect.poll(() => status.innerText()).toBe('Onaylandı');
    expect(await page.getByRole('alert').filter({ hasText: 'başka biri tarafından değiştirildi' }).count()).toBe(0);
    expect(await orderOf(draft.id)).toMatchObject({ status: 'confirmed', totalAmount: '24000.00' });
    expect(await postings(draft.id)).toEqual([['Satış', '24000.00']]);

    // The same for the proxy switch: saved over a newer version, it gets the conflict and
    // overwrites nothing; the page then shows the current order and the next switch saves.
    await updateOrder(draft.id, { discountAmount: '1500.00' });
    const proxy = page.getByRole('switch', { name: 'Vekâlet Alındı' });
    await proxy.click();
    await page.getByTestId('order-summary').getByRole('alert').filter({ hasText: 'Bu kayıt siz düzenlerken başka biri tarafından değiştirildi.' }).waitFor();
    const current = await orderOf(draft.id);
    expect(current).toMatchObject({ proxyReceived: false, totalAmount: '23500.00' });
    await expect.poll(() => text(page, 'order-total')).toBe(money('23500.00'));
    expect(await proxy.isChecked()).toBe(false);
    await proxy.click();
    await expect.poll(() => summaryValue(page, 'Vekâlet Alındı').innerText()).toBe('Evet');
    expect(await orderOf(draft.id)).toMatchObject({ proxyReceived: true, totalAmount: '23500.00', rowVersion: current.rowVersion + 1 });
    expect(await page.getByTestId('order-summary').getByRole('alert').count()).toBe(0);
    expect(unexpected(page)).toEqual([]);
  });

  it('a session that ends on the order page: the sign-in comes back to the order', async () => {
    const customer = await createCustomer(`Oturum Müşterisi ${unique()}`);
    const order = await createOrder({ customer, animal: await createAnimal(), shareCount: 1 });
    const page = await openOrder(order);
    // The session is ended elsewhere (the refresh token revoked) and the access token has run
    // out by the time the page asks the server again (here: the next load, without a cached copy).
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { refreshToken: string });
    expect((await api('POST', 'Auth/logout', { refreshToken: stored.refreshToken }, '')).status).toBe(200);
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? 'null') as { token: string };
      localStorage.setItem('user', JSON.stringify({ ...user, token: `${user.token}x` }));
      localStorage.removeItem('query-cache');
    });
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(`/VictimOrders/${order.id}`);
    await signIn(page);
    await page.waitForURL((url) => url.pathname === `/VictimOrders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(order.orderNo) }).waitFor();
    expect((pageErrors.get(page) ?? []).filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
  });

  it('cancelling asks for a reason: an empty one is refused in the form, the typed one is kept on the order', async () => {
    const customer = await createCustomer(`İptal Müşterisi ${unique()}`);
    const order = await createOrder({ customer, animal: await createAnimal(), shareCount: 1, unitPrice: '12500.00', status: 'confirmed' });
    expect(await postings(order.id)).toEqual([['Satış', '12500.00']]);
    expect((await customerOf(customer.id)).balance).toBe('12500.00');

    const page = await openOrder(order);
    const status = page.getByTestId('order-status');
    expect(await status.innerText()).toBe('Onaylandı');
    expect(await offeredMoves(page)).toEqual(['Tamamla', 'İptal et']);

    await page.getByRole('button', { name: 'İptal et', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Siparişi iptal et' });
    await dialog.waitFor();
    const reason = dialog.getByLabel('İptal Nedeni');
    const submit = dialog.getByRole('button', { name: 'Siparişi iptal et' });
    // Empty, then only spaces: refused in the form, the dialog stays, the order does not change.
    await submit.click();
    await dialog.getByText('İptal Nedeni zorunludur.').waitFor();
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    await reason.fill('   ');
    await submit.click();
    await dialog.getByText('İptal Nedeni zorunludur.').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect((await orderOf(order.id)).status).toBe('confirmed');

    const why = 'Müşteri vazgeçti; hisse başkasına satılacak.';
    await reason.fill(why);
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => status.innerText()).toBe('İptal Edildi');
    expect(await summaryValue(page, 'İptal Nedeni').innerText()).toBe(why);
    expect(await offeredMoves(page)).toEqual([]);
    // Its share lines are read-only now, and say why.
    await page.getByTestId('order-shares').getByText(FINAL_SHARES).waitFor();
    expect(await page.getByRole('button', { name: /^Hisse \d+ kaydet$/ }).count()).toBe(0);
    expect(await orderOf(order.id)).toMatchObject({ status: 'cancelled', cancelReason: why });
    // The sale is reversed on the customer's ledger.
    expect(await postings(order.id)).toEqual([['Satış', '12500.00'], ['Satış İptali', '12500.00']]);
    expect((await customerOf(customer.id)).balance).toBe('0.00');
    expect(unexpected(page)).toEqual([]);
  });

  it('cancelled on its page, the order shows its new status in the orders list at once, without a reload', async () => {
    const customer = await createCustomer(`Liste Müşterisi ${unique()}`);
    const order = await createOrder({ customer, animal: await createAnimal(), shareCount: 1, status: 'confirmed' });
    const page = await newPage({ viewport: { width: 1440, height: 1000 } });
    await signIn(page);
    await page.goto('/VictimOrders');
    const search = page.getByLabel('Ara…', { exact: true });
    const row = page.getByRole('row').filter({ hasText: order.orderNo });
    const found = page.getByText(/^Toplam 1 kayıttan/);
    await search.fill(order.orderNo);
    await found.waitFor();
    await row.filter({ hasText: 'Onaylandı' }).waitFor();
    // A mark on the window: a reload would lose it.
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

    await page.getByRole('button', { name: `${order.orderNo} kaydını düzenle` }).click();
    await page.waitForURL((url) => url.pathname === `/VictimOrders/${order.id}`);
    const status = page.getByTestId('order-status');
    await expect.poll(() => status.innerText()).toBe('Onaylandı');
    await page.getByRole('button', { name: 'İptal et', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Siparişi iptal et' });
    await dialog.getByLabel('İptal Nedeni').fill('Müşteri vazgeçti.');
    await dialog.getByRole('button', { name: 'Siparişi iptal et' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => status.innerText()).toBe('İptal Edildi');

    // Back on the list, well within the 30 s its answers stay fresh: the same search shows the
    // order as it is now, not the copy the list had.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/VictimOrders');
    await search.fill(order.orderNo);
    await found.waitFor();
    await row.filter({ hasText: 'İptal Edildi' }).waitFor({ timeout: 3_000 });
    expect(await row.filter({ hasText: 'Onaylandı' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(unexpected(page)).toEqual([]);
  });

  it("a completed order's share lines open read-only with the reason, on its page and in the share lines' screen", async () => {
    const customer = await createCustomer(`Tamamlanan Müşteri ${unique()}`);
    const order = await createOrder({ customer, animal: await createAnimal(), shareCount: 1, proxyReceived: true });
    // Completing needs the balance paid and the animal slaughtered (issue 17, point 5).
    await payOrder(order, order.balance);
    await slaughter(order.productId);
    expect((await api('POST', `VictimOrders/${order.id}/complete`, { rowVersion: (await orderOf(order.id)).rowVersion })).status).toBe(200);
    const open = await createCustomer(`Açık Müşteri ${unique()}`);
    await createOrder({ customer: open, animal: await createAnimal(), shareCount: 1 });
    const [line] = await shareLinesOf(order.id);

    const page = await openOrder(order);
    await page.getByTestId('order-shares').getByText(FINAL_SHARES).waitFor();
    expect(await page.getByLabel(`Hissedar (hisse ${line.shareNo})`).isDisabled()).toBe(true);
    expect(await page.getByLabel(`Niyet (hisse ${line.shareNo})`).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Hisse ${line.shareNo} kaydet` }).count()).toBe(0);

    // The generic screen of the share lines: the same line opens read-only with the same words…
    await page.goto('/VictimOrderDetail');
    const dialog = page.getByRole('dialog');
    const search = page.getByRole('searchbox', { name: 'Ara…' });
    await search.fill(customer.title);
    await page.getByRole('button', { name: `${customer.title} kaydını düzenle` }).click();
    await dialog.getByText(FINAL_SHARES).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Hissedar', exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Kaydet' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Sil' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Kapat' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // …while a line of an open order is edited there as before.
    await search.fill(open.title);
    await page.getByRole('button', { name: `${open.title} kaydını düzenle` }).click();
    await dialog.getByRole('button', { name: 'Kaydet' }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Hissedar', exact: true }).isEditable()).toBe(true);
    expect(await dialog.getByText(FINAL_SHARES).count()).toBe(0);
    expect(unexpected(page)).toEqual([]);
  });

  it('a share line saved in one tab, then in another: the second save gets the conflict and keeps what was typed', async () => {
    const customer = await createCustomer(`Hissedar Müşterisi ${unique()}`, '0532 700 00 01');
    const order = await createOrder({ customer, animal: await createAnimal(), shareCount: 2 });
    const [line1, line2] = await shareLinesOf(order.id);
    expect(line1).toMatchObject({ shareholderName: customer.title, shareholderPhone: '0532 700 00 01', intention: 'kurban' });

    const first = await openOrder(order);
    const second = await newTab(first);
    await showOrder(second, order);
    const name = (page: Page) => page.getByLabel(`Hissedar (hisse ${line1.shareNo})`);
    const phone = (page: Page) => page.getByLabel(`Hissedar Telefonu (hisse ${line1.shareNo})`);
    const intention = (page: Page) => page.getByLabel(`Niyet (hisse ${line1.shareNo})`);
    const save = (page: Page) => page.getByRole('button', { name: `Hisse ${line1.shareNo} kaydet` });
    await name(first).waitFor();
    await name(second).waitFor();
    expect(await name(second).inputValue()).toBe(customer.title);

    // The first tab saves the line.
    await name(first).fill('Hatice Kaya');
    await phone(first).fill('0533 111 11 11');
    await save(first).click();
    await expect.poll(async () => (await shareLinesOf(order.id))[0].shareholderName).toBe('Hatice Kaya');
    await expect.poll(() => save(first).isDisabled()).toBe(true);
    const saved = (await shareLinesOf(order.id))[0];
    expect(saved.rowVersion).toBeGreaterThan(line1.rowVersion);

    // The second tab still shows the old line; its save is refused with the conflict.
    expect(await name(second).inputValue()).toBe(customer.title);
    await name(second).fill('Mehmet Öz');
    await intention(second).selectOption('adak');
    await save(second).click();
    const conflict = second.getByTestId('share-line').filter({ has: name(second) }).getByRole('alert');
    await conflict.filter({ hasText: 'Bu kayıt siz düzenlerken başka biri tarafından değiştirildi.' }).waitFor();
    // What was typed stays on the line, still to be saved; nothing was overwritten.
    expect(await name(second).inputValue()).toBe('Mehmet Öz');
    expect(await intention(second).inputValue()).toBe('adak');
    expect(await phone(second).inputValue()).toBe('0532 700 00 01');
    expect(await save(second).isEnabled()).toBe(true);
    const now = await shareLinesOf(order.id);
    expect(now.map((l) => [l.shareNo, l.shareholderName, l.shareholderPhone, l.intention, l.rowVersion])).toEqual([
      [line1.shareNo, 'Hatice Kaya', '0533 111 11 11', 'kurban', saved.rowVersion],
      [line2.shareNo, customer.title, '0532 700 00 01', 'kurban', line2.rowVersion],
    ]);

    // The current line can be loaded in its place: the first tab's values.
    await conflict.getByRole('button', { name: 'Güncel kaydı yükle' }).click();
    await expect.poll(() => name(second).inputValue()).toBe('Hatice Kaya');
    expect(await phone(second).inputValue()).toBe('0533 111 11 11');
    expect(await intention(second).inputValue()).toBe('kurban');
    expect(await conflict.count()).toBe(0);
    expect(unexpected(first)).toEqual([]);
    expect(unexpected(second)).toEqual([]);
  });

  it('a paid payment refunded from the order page: paid and balance follow without a reload', async () => {
    const customer = await createCustomer(`İade Müşterisi ${unique()}`);
    const order = await createOrder({ customer, animal: await createAnimal(), shareCount: 2, unitPrice: '15000.00' });
    const kept = await payOrder(order, '3000.00');
    const refunded = await payOrder(order, '1250.50', 'transfer');
    const before = await orderOf(order.id);
    expect(before).toMatchObject({ totalAmount: '30000.00', paidAmount: '4250.50', balance: '25749.50' });

    const page = await openOrder(order);
    expect(await text(page, 'order-paid')).toBe(money('4250.50'));
    expect(await text(page, 'order-balance')).toBe(money('25749.50'));
    // A mark on the window: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { e2eMark: string }).e2eMark = 'no reload'));

    const row = page.getByTestId('payment-row').filter({ hasText: refunded.receiptNo });
    await row.getByRole('button', { name: 'İade et' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`${refunded.receiptNo} makbuzlu ${money('1250.50')} tutarındaki ödeme iade edilecek. Emin misiniz?`).waitFor();
    await confirm.getByRole('button', { name: 'İade et' }).click();
    await confirm.waitFor({ state: 'detached' });

    await expect.poll(() => text(page, 'order-paid'), { timeout: 10_000 }).toBe(money('3000.00'));
    await expect.poll(() => text(page, 'order-balance')).toBe(money('27000.00'));
    expect(await page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark)).toBe('no reload');
    const after = await orderOf(order.id);
    expect(after).toMatchObject({ paidAmount: '3000.00', balance: '27000.00' });
    expect(await text(page, 'order-paid')).toBe(money(after.paidAmount));
    expect(await text(page, 'order-balance')).toBe(money(after.balance));
    // The refunded payment is shown as such and offers no refund any more; the other stays paid.
    await expect.poll(() => row.getByText('İade', { exact: true }).count()).toBe(1);
    expect(await row.getByRole('button', { name: 'İade et' }).count()).toBe(0);
    expect(await page.getByTestId('payment-row').filter({ hasText: kept.receiptNo }).getByRole('button', { name: 'İade et' }).count()).toBe(1);
    const [refundedStatus] = await list('PaymentStatus', { FilterParam: [eq('code', 'refunded')] });
    expect((await paymentsOf(order.id)).map((p) => [p.receiptNo, p.amount, p.paymentStatusId === refundedStatus.id])).toEqual([
      [kept.receiptNo, '3000.00', false],
      [refunded.receiptNo, '1250.50', true],
    ]);
    // The ledger: the collection reversed, the customer owes the total less what stays paid.
    expect((await customerOf(customer.id)).balance).toBe('27000.00');
    expect(unexpected(page)).toEqual([]);
  });

  it('the standalone payment: customer, then one of their open orders, then the payment', async () => {
    const customer = await createCustomer(`Kasa Müşterisi ${unique()}`);
    const animal = await createAnimal();
    const older = await createOrder({ customer, animal, shareCount: 1, unitPrice: '9000.00' });
    const target = await createOrder({ customer, animal, shareCount: 2, unitPrice: '11000.00', discountAmount: '250.00' });
    // Not open: one paid in full, one cancelled.
    const paidUp = await createOrder({ customer, animal, shareCount: 1, unitPrice: '8000.00' });
    await payOrder(paidUp, '8000.00');
    const cancelled = await createOrder({ customer, animal, shareCount: 1, unitPrice: '8000.00', status: 'draft' });
    expect((await api('POST', `VictimOrders/${cancelled.id}/cancel`, { rowVersion: cancelled.rowVersion, reason: 'e2e' })).status).toBe(200);
    expect(target.balance).toBe('21750.00');

    const page = await newPage({ viewport: { width: 1440, height: 1000 } });
    await signIn(page);
    await page.goto('/VictimPayments');
    const total = async () => Number(/Toplam ([\d.]+) kayıttan/.exec(await page.getByText(/^Toplam [\d.]+ kayıttan/).innerText())?.[1].replace(/\./g, ''));
    await page.getByText(/^Toplam [\d.]+ kayıttan/).waitFor();
    // The demo season's payments: the count read once the list has loaded (it says 0 while loading).
    await expect.poll(() => total()).toBeGreaterThan(0);
    const listed = await total();
    await page.getByRole('button', { name: 'Yeni', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni ödeme' });
    await dialog.waitFor();
    await dialog.getByLabel('Müşteri ara').fill(customer.title);
    const pick = dialog.getByRole('button', { name: new RegExp(`^${customer.title}`) });
    await pick.waitFor();
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(1);
    await pick.click();

    // Only the customer's open orders are offered, each with what is left to pay.
    await dialog.getByText(`Müşteri: ${customer.title}`).waitFor();
    const offered = dialog.getByRole('button', { name: /^K\d{4}-\d{5}/ });
    await offered.first().waitFor();
    const labels = (await offered.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
    expect(labels.sort()).toEqual(
      [
        `${older.orderNo} · ${animal.name} Kalan: ${money('9000.00')}`,
        `${target.orderNo} · ${animal.name} Kalan: ${money('21750.00')}`,
      ].sort(),
    );
    await offered.filter({ hasText: target.orderNo }).click();

    const form = dialog.getByTestId('payment-form');
    await form.getByText(target.orderNo, { exact: true }).waitFor();
    const amount = form.getByLabel('Tutar');
    expect(await amount.inputValue()).toBe('21.750,00');
    await amount.fill('1.234,56');
    await form.getByLabel('Ödeme Yöntemi').selectOption({ label: 'Havale/EFT' });
    await form.getByRole('button', { name: 'Ödemeyi kaydet' }).click();
    await dialog.waitFor({ state: 'detached' });

    const after = await orderOf(target.id);
    expect(after).toMatchObject({ paidAmount: '1234.56', balance: lira(kurus(target.balance) - 123_456) });
    expect((await orderOf(older.id)).balance).toBe('9000.00');
    const payments = await paymentsOf(target.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: '1234.56', accountId: customer.id });
    expect(payments[0].lookups).toMatchObject({ paymentMethodId: 'Havale/EFT', paymentStatusId: 'Ödendi' });
    // The screen's list counts the new payment without a reload.
    await expect.poll(() => total()).toBe(listed + 1);
    expect(unexpected(page)).toEqual([]);
  });
});
