// The slaughter queue (/VictimProductsAppointments, its own page instead of the generic screen)
// and the appointments' generate dialog and day view, in a real browser on the demo season:
// an animal advanced by keyboard changes its chip and the API shows the new step; "Geri al" puts
// it back; an advance made through the API shows without a reload; generating a week of slots
// shows how many were made, and running it again skips them all; axe passes on the screens.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, createUserWithClaims, describePage, newPage, pageErrors, signIn, useApp } from './support/browser.ts';

useApp();

interface Step {
  id: number;
  name: string;
  isFinal: boolean;
  stepOrder: number;
}
interface Board {
  date: string;
  steps: Step[];
  entries: { id: number; slaughterNo: number; animalCode: string; stepId: number | null }[];
}

let day: string;
let board: Board;

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

async function boardNow(): Promise<Board> {
  return (await api<Board>('GET', `Monitor/board?date=${day}`)).body.data;
}

const stepOfEntry = async (id: number) => (await boardNow()).entries.find((e) => e.id === id)?.stepId;

/** Entries whose step is set, not final and not the last: they can advance (and be undone). */
function advanceable(b: Board) {
  const ordered = [...b.steps].sort((x, y) => x.stepOrder - y.stepOrder);
  return b.entries
    .map((e, index) => ({ entry: e, index, at: ordered.findIndex((s) => s.id === e.stepId) }))
    .filter((x) => x.at >= 0 && x.at < ordered.length - 1 && !ordered[x.at].isFinal)
    .map((x) => ({ ...x, next: ordered[x.at + 1] }));
}

async function openQueue(): Promise<Page> {
  const page = await newPage();
  await signIn(page);
  await page.goto(`/VictimProductsAppointments?date=${day}`);
  await page.getByRole('heading', { level: 1, name: 'Kesim Sırası' }).waitFor();
  await page.locator('tbody tr[data-entry]').first().waitFor().catch(async (err: Error) => {
    throw new Error(`${err.message}\n${await describePage(page)}`);
  });
  return page;
}

const rowOf = (page: Page, id: number) => page.locator(`tr[data-entry="${id}"]`);

beforeAll(async () => {
  day = await firstSlaughterDay();
  board = await boardNow();
  expect(advanceable(board).length).toBeGreaterThan(2);
}, 60_000);

describe('/VictimProductsAppointments (Kesim Sırası)', () => {
  it('advances the focused row with Enter, and "Geri al" puts it back', async () => {
    const page = await openQueue();
    const { entry, index, next } = advanceable(board)[0];
    const before = entry.stepId;
    // The first row takes the focus; ArrowDown walks to the animal.
    await page.locator('tbody tr[tabindex="0"]').focus();
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-entry'))).toBe(String(entry.id));
    await page.keyboard.press('Enter');
    await expect.poll(() => rowOf(page, entry.id).getAttribute('data-step')).toBe(String(next.id));
    await expect.poll(() => rowOf(page, entry.id).innerText()).toContain(next.name);
    await expect.poll(() => stepOfEntry(entry.id)).toBe(next.id);
    // Undo within the few seconds it is offered.
    await page.getByRole('button', { name: 'Geri al' }).click();
    await expect.poll(() => rowOf(page, entry.id).getAttribute('data-step')).toBe(String(before));
    await expect.poll(() => stepOfEntry(entry.id)).toBe(before);
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });

  it('shows an advance made through the API without a reload', async () => {
    const page = await openQueue();
    await page.getByText('Canlı', { exact: true }).waitFor();
    const { entry, next } = advanceable(await boardNow())[1];
    const navigations: string[] = [];
    page.on('framenavigated', (f) => navigations.push(f.url()));
    const res = await api('POST', `VictimProductsAppointments/${entry.id}/advance`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expect.poll(() => rowOf(page, entry.id).getAttribute('data-step'), { timeout: 5_000 }).toBe(String(next.id));
    expect(navigations).toEqual([]);
  });

  it('shows the refusal of an animal at its final step', async () => {
    const b = await boardNow();
    const final = new Set(b.steps.filter((s) => s.isFinal).map((s) => s.id));
    const done = b.entries.find((e) => e.stepId !== null && final.has(e.stepId));
    // The demo's first day has finished animals (the queue moved through every step).
    expect(done).toBeDefined();
    if (!done) return;
    const page = await openQueue();
    await rowOf(page, done.id).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'son aşamada' }).waitFor();
  });

  it('works from the paged list for a user without Monitor.Read', async () => {
    const worker = await createUserWithClaims(['VictimProductsAppointments.Read', 'VictimProductsAppointments.Update', 'VictimAppointmentSteps.Read'], 'queue');
    const page = await newPage();
    await signIn(page, worker.email, worker.password);
    await page.goto(`/VictimProductsAppointments?date=${day}`);
    const { entry, next } = advanceable(await boardNow())[2];
    await rowOf(page, entry.id).waitFor().catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await describePage(page)}`);
    });
    await page.getByRole('button', { name: `İlerlet — ${entry.slaughterNo} numara` }).click();
    await expect.poll(() => rowOf(page, entry.id).getAttribute('data-step')).toBe(String(next.id));
    await expect.poll(() => stepOfEntry(entry.id)).toBe(next.id);
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });

  it('keeps the generic table under /all and passes axe', async () => {
    const page = await openQueue();
    await page.getByRole('link', { name: 'Tüm kayıtlar' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Tüm kayıtlar' }).click();
    await page.waitForURL((url) => url.pathname === '/VictimProductsAppointments/all');
    await page.getByRole('toolbar').first().waitFor();
  });
});

describe('/Appointments: generate and the day view', () => {
  it('makes a week of slots, then skips them all; the day view shows them', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto('/Appointments');
    await page.getByRole('button', { name: 'Randevu oluştur' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Randevu türü').selectOption({ label: 'Kesim' });
    const slot = Number(await dialog.getByLabel('Dilim süresi (dakika)').inputValue());
    expect(slot).toBeGreaterThan(0);
    await dialog.getByLabel('Başlangıç tarihi').fill('2031-03-03');
    await dialog.getByLabel('Bitiş tarihi').fill('2031-03-09');
    await dialog.getByLabel('Günlük başlangıç').fill('09:00');
    await dialog.getByLabel('Günlük bitiş').fill('12:00');
    // Seven weekday toggles, all on.
    expect(await dialog.getByRole('group', { name: 'Günler' }).getByRole('button', { pressed: true }).count()).toBe(7);
    const perDay = Math.floor(180 / slot);
    await dialog.getByRole('button', { name: 'Oluştur', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: `${7 * perDay} randevu oluşturuldu, 0 zaten vardı` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Oluştur', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: `0 randevu oluşturuldu, ${7 * perDay} zaten vardı` }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Gün görünümü' }).click();
    await page.waitForURL((url) => url.pathname === '/Appointments/day');
    await page.goto('/Appointments/day?date=2031-03-03');
    await page.getByRole('heading', { level: 1, name: 'Günün randevuları' }).waitFor();
    await expect.poll(() => page.locator('tbody tr[data-slot-id]').count()).toBe(perDay);
    expect(await page.locator('tbody tr').first().innerText()).toContain('09:00');
    expect(await page.locator('tbody tr').first().innerText()).toContain('0 / ');
    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors.get(page) ?? []).toEqual([]);
  });

  it('shows field errors inline', async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto('/Appointments');
    await page.getByRole('button', { name: 'Randevu oluştur' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Randevu türü').selectOption({ label: 'Kesim' });
    await dialog.getByLabel('Başlangıç tarihi').fill('2031-05-10');
    await dialog.getByLabel('Bitiş tarihi').fill('2031-05-01');
    await dialog.getByRole('button', { name: 'Oluştur', exact: true }).click();
    // The server refuses the range; its translated message shows under the field.
    await dialog.getByText('Bitiş tarihi başlangıçtan önce olamaz.').waitFor();
    expect(await dialog.getByLabel('Bitiş tarihi').getAttribute('aria-invalid')).toBe('true');
  });
});
