// The generic entity screen in a real browser against the real server: every entity route of the
// generated admin metadata opens for the administrator with its table (translated headers, the
// server's rows or the empty state, the paging text) and no page error; Languages created,
// validated, edited (also against a concurrent change) and deleted through the UI; paging,
// a column filter and sorting on Translates, compared with what the API answers.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminRoutes } from '../../generated/admin/index.ts';
import { api, describePage, newPage, pageErrors, signIn, useApp } from './support/browser.ts';

useApp();

const root = new URL('../../', import.meta.url);
const TR: Record<string, string> = JSON.parse(readFileSync(new URL('generated/server/messages.json', root), 'utf8'))['tr-TR'];
interface Column { name: string; label: string; kind: string }
const columnsOf = (plural: string): Column[] => JSON.parse(readFileSync(new URL(`generated/admin/${plural}.json`, root), 'utf8')).columns;

const EMPTY = TR['message.noRecords']; // 'Kayıt bulunamadı'
const pagingText = (first: number, last: number, total: number | string) => `Toplam ${total} kayıttan ${first}–${last} arası`;
/** The paging text with the numbers read back (the total may be written with a thousands separator). */
const PAGING = /^Toplam ([\d.\s]+) kayıttan ([\d.\s]+)–([\d.\s]+) arası$/;

/** Waits until the entity table has loaded (no skeleton, nothing busy). */
async function tableLoaded(page: Page): Promise<void> {
  await page.locator('table[data-slot="table"]').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

/** The header texts and the rows' cell texts, as shown. */
function readTable(page: Page): Promise<{ heads: string[]; rows: string[][] }> {
  return page.locator('table[data-slot="table"]').evaluate((table) => ({
    // A header's label: without what is hidden from assistive technology (the multi-sort index)
    // and the screen-reader-only notes ('Filtre uygulandı').
    heads: [...table.querySelectorAll('thead th')].map((th) => {
      const copy = th.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"], .sr-only').forEach((e) => e.remove());
      return (copy.textContent ?? '').trim();
    }),
    rows: [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
  }));
}

/** The cells of one column (by its header text) of the rows shown. */
async function columnValues(page: Page, header: string): Promise<string[]> {
  const { heads, rows } = await readTable(page);
  const i = heads.indexOf(header);
  if (i < 0) throw new Error(`no column ${header} in ${JSON.stringify(heads)}`);
  return rows.map((r) => r[i]);
}

async function pagingOf(page: Page): Promise<{ total: number; first: number; last: number }> {
  const text = (await page.getByRole('navigation', { name: 'Sayfalar' }).locator('p').textContent())?.trim() ?? '';
  const m = PAGING.exec(text);
  if (!m) throw new Error(`paging text ${JSON.stringify(text)} is not 'Toplam N kayıttan a–b arası'`);
  // Numbers the Turkish way (2.111).
  const n = (s: string) => Number(s.replace(/[.\s]/g, ''));
  return { total: n(m[1]), first: n(m[2]), last: n(m[3]) };
}

interface PageAnswer<T> { data: T[]; totalCount: number }
async function apiPage<T = Record<string, unknown>>(plural: string, request: Record<string, unknown> = {}): Promise<PageAnswer<T>> {
  const res = await api<PageAnswer<T>>('POST', `${plural}/GetListForPaging`, { PageNumber: 1, PageSize: 10, ...request });
  if (res.status !== 200) throw new Error(`${plural}/GetListForPaging: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describe('every entity route opens for the administrator', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage();
    await signIn(page);
    await page.waitForURL('**/Dashboard');
  });

  it('covers every route of adminRoutes', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(38);
    expect(new Set(adminRoutes.map((r) => r.route)).size).toBe(adminRoutes.length);
  });

  // A route a hand-written screen took over keeps its generic table one level down.
  const GENERIC_AT: Record<string, string> = { '/VictimProductsAppointments': '/VictimProductsAppointments/all' };
  // A screen that opens filtered (its feature's initial filters): compared with the same request.
  const OPENS_WITH: Record<string, Record<string, unknown>> = {
    '/NetgsmCallWebhookLogs': {
      FilterParam: [
        { ColumnName: 'direction', FilterValue: 'inbound', MatchMode: 'equals' },
        { ColumnName: 'status', FilterValue: ['missed', 'busy'], MatchMode: 'in' },
        { ColumnName: 'calledBackAt', FilterValue: null, MatchMode: 'equals' },
      ],
    },
  };
  for (const entity of adminRoutes) {
    const route = GENERIC_AT[entity.route] ?? entity.route;
    it(`${route} shows its table`, async () => {
      const errors = pageErrors.get(page)!;
      errors.length = 0;
      const expected = await apiPage(entity.plural, OPENS_WITH[route]);
      await page.goto(route);
      await page.getByRole('heading', { level: 1, name: TR[entity.label], exact: true }).waitFor().catch(async (err: Error) => {
        throw new Error(`${err.message}\n${await describePage(page)}`);
      });
      await tableLoaded(page);
      const { heads, rows } = await readTable(page);
      const labels = columnsOf(entity.plural).map((c) => TR[c.label]);
      expect(labels.every(Boolean), `labels of ${entity.plural}`).toBe(true);
      expect(heads.filter((h) => labels.includes(h)), JSON.stringify(heads)).toEqual(labels);
      expect(await page.locator('table[data-slot="table"] [role="alert"]').count(), await describePage(page)).toBe(0);
      if (expected.totalCount === 0) {
        expect(rows).toEqual([[EMPTY]]);
        expect(await pagingOf(page)).toEqual({ total: 0, first: 0, last: 0 });
      } else {
        expect(rows.length).toBe(Math.min(10, expected.totalCount));
        expect(rows.some((r) => r.includes(EMPTY))).toBe(false);
        expect(await pagingOf(page)).toEqual({ total: expected.totalCount, first: 1, last: Math.min(10, expected.totalCount) });
      }
      expect(errors).toEqual([]);
      expect(new URL(page.url()).pathname).toBe(route);
    });
  }
});

describe('Languages through the UI', () => {
  let page: Page;
  const stamp = Date.now().toString(36).toUpperCase();
  const code = `qa-X${stamp.slice(-6)}`;
  const name = `E2E Dili ${stamp}`;
  const renamed = `${name} düzenlendi`;
  let id: number | undefined;

  beforeAll(async () => {
    page = await newPage();
    await signIn(page);
    await page.goto('/Languages');
    await tableLoaded(page);
  });
  afterAll(async () => {
    if (id) await api('DELETE', `Languages/${id}`).catch(() => undefined);
  });

  const dialog = () => page.getByRole('dialog');
  const search = async (text: string) => {
    await page.getByRole('searchbox', { name: 'Ara…' }).fill(text);
    // Applied once every row shown matches (or none does).
    await expect.poll(async () => (await readTable(page)).rows.every((r) => r.includes(EMPTY) || r.some((c) => c.includes(text)))).toBe(true);
    await tableLoaded(page);
  };

  it('New → Save empty shows the required messages; filled in, Save creates the row', async () => {
    const writes: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/Languages$/.test(r.url()) && r.method() !== 'GET') writes.push(r.method());
    });
    await page.getByRole('button', { name: 'Yeni', exact: true }).click();
    await dialog().getByRole('heading', { name: 'Yeni kayıt: Diller' }).waitFor();
    await dialog().getByRole('button', { name: 'Kaydet' }).click();
    for (const label of ['Ad', 'Dil Kodu', 'Bayrak']) await dialog().getByText(`${label} zorunludur.`, { exact: true }).waitFor();
    expect(writes).toEqual([]);
    expect(await dialog().getByRole('textbox', { name: 'Ad', exact: true }).getAttribute('aria-invalid')).toBe('true');

    await dialog().getByRole('textbox', { name: 'Ad', exact: true }).fill(name);
    await dialog().getByRole('textbox', { name: 'Dil Kodu', exact: true }).fill(code);
    await dialog().getByRole('textbox', { name: 'Bayrak', exact: true }).fill('EU');
    // Messages go once the fields are filled.
    await expect.poll(() => dialog().getByText(/^(Ad|Dil Kodu|Bayrak) zorunludur\.$/).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Kayıt oluşturuldu').waitFor().catch(async (err: Error) => {
      throw new Error(`${err.message}\n${await describePage(page)}`);
    });
    await dialog().waitFor({ state: 'detached' });
    expect(writes).toEqual(['POST']);

    await search(name);
    expect(await columnValues(page, 'Ad')).toEqual([name]);
    expect(await columnValues(page, 'Dil Kodu')).toEqual([code]);
    const created = await apiPage<{ id: number; name: string; code: string; flag: string }>('Languages', {
      FilterParam: [{ ColumnName: 'code', FilterValue: code, MatchMode: 'equals' }],
    });
    expect(created.data.map((l) => [l.name, l.code, l.flag])).toEqual([[name, code, 'EU']]);
    id = created.data[0].id;
  });

  /**
   * The row the next steps work on: the one the UI created, else (creating failed) one created
   * through the API, so editing and deleting are still tried. Opens a fresh /Languages showing it.
   */
  async function showRow(): Promise<{ id: number; name: string; code: string; flag: string; rowVersion: number }> {
    if (!id) {
      const made = await api<{ id: number }>('POST', 'Languages', { Name: name, Code: code, Flag: 'EU' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      id = made.body.data.id;
    }
    const row = (await api<{ id: number; name: string; code: string; flag: string; rowVersion: number }>('GET', `Languages/${id}`)).body.data;
    await page.goto('/Languages');
    await tableLoaded(page);
    await search(row.name);
    expect(await columnValues(page, 'Ad')).toEqual([row.name]);
    return row;
  }

  const saveFailed = async (err: Error) => {
    throw new Error(`${err.message}\n${await describePage(page)}`);
  };

  it('edits the row', async () => {
    const row = await showRow();
    await page.getByRole('button', { name: `${row.name} kaydını düzenle` }).click();
    await dialog().getByRole('heading', { name: `${row.name} kaydını düzenle (Diller)` }).waitFor();
    const field = dialog().getByRole('textbox', { name: 'Ad', exact: true });
    expect(await field.inputValue()).toBe(row.name);
    await field.fill(renamed);
    await dialog().getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Kayıt güncellendi').waitFor().catch(saveFailed);
    await dialog().waitFor({ state: 'detached' });
    await search(renamed);
    expect(await columnValues(page, 'Ad')).toEqual([renamed]);
    expect((await api<{ name: string }>('GET', `Languages/${id}`)).body.data.name).toBe(renamed);
  });

  it('a stale edit (changed meanwhile through the API) is explained and keeps the typed values', async () => {
    const shown = await showRow();
    await page.getByRole('button', { name: `${shown.name} kaydını düzenle` }).click();
    const field = dialog().getByRole('textbox', { name: 'Ad', exact: true });
    expect(await field.inputValue()).toBe(shown.name);

    // Someone else saves the row meanwhile.
    const row = (await api<{ id: number; name: string; code: string; flag: string; rowVersion: number }>('GET', `Languages/${id}`)).body.data;
    const theirs = `${name} başkası`;
    const put = await api('PUT', 'Languages', { id: row.id, Name: theirs, Code: row.code, Flag: row.flag, rowVersion: row.rowVersion });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const mine = `${name} benim`;
    await field.fill(mine);
    await dialog().getByRole('button', { name: 'Kaydet' }).click();
    await dialog().getByText('Bu kayıt siz düzenlerken başka biri tarafından değiştirildi.').waitFor().catch(saveFailed);
    expect(await field.inputValue()).toBe(mine);
    expect(await dialog().getByRole('textbox', { name: 'Dil Kodu', exact: true }).inputValue()).toBe(code);
    // Nothing was overwritten behind the user's back.
    expect((await api<{ name: string }>('GET', `Languages/${id}`)).body.data.name).toBe(theirs);
    await dialog().getByRole('button', { name: 'Vazgeç' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('deletes the row after the confirmation', async () => {
    const row = await showRow();
    await page.getByRole('button', { name: `${row.name} kaydını sil` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`${row.name} kaydını silmek istediğinize emin misiniz?`).waitFor();
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await page.getByText('Kayıt silindi').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(async () => (await readTable(page)).rows).toEqual([[EMPTY]]);
    expect((await api('GET', `Languages/${id}`)).status).toBe(404);
    id = undefined;
  });
});

describe('Translates: paging, a column filter, sorting', () => {
  it(`shows 'Toplam N kayıttan a–b arası' and pages through`, async () => {
    const total = (await apiPage('Translates')).totalCount;
    expect(total).toBeGreaterThan(20);
    const page = await newPage();
    await signIn(page);
    await page.goto('/Translates');
    await tableLoaded(page);
    expect(await pagingOf(page)).toEqual({ total, first: 1, last: 10 });
    // The exact wording, the total written plainly or the Turkish way (1.274).
    const text = (await page.getByRole('navigation', { name: 'Sayfalar' }).locator('p').textContent())?.trim();
    expect([pagingText(1, 10, total), pagingText(1, 10, new Intl.NumberFormat('tr-TR').format(total))]).toContain(text);
    expect((await readTable(page)).rows.length).toBe(10);
    await page.getByRole('button', { name: 'Sonraki sayfa' }).click();
    await expect.poll(async () => (await pagingOf(page)).first).toBe(11);
    expect(await pagingOf(page)).toEqual({ total, first: 11, last: 20 });
    await page.getByRole('button', { name: 'Son sayfa' }).click();
    const lastFirst = Math.floor((total - 1) / 10) * 10 + 1;
    await expect.poll(async () => (await pagingOf(page)).first).toBe(lastFirst);
    await tableLoaded(page);
    expect(await pagingOf(page)).toEqual({ total, first: lastFirst, last: total });
    expect((await readTable(page)).rows.length).toBe(total - lastFirst + 1);
  });

  it('a contains filter on a column narrows the rows', async () => {
    const all = (await apiPage('Translates')).totalCount;
    const narrowed = await apiPage<{ code: string }>('Translates', { FilterParam: [{ ColumnName: 'code', FilterValue: 'menu.', MatchMode: 'contains' }], PageSize: 100 });
    expect(narrowed.totalCount).toBeGreaterThan(0);
    expect(narrowed.totalCount).toBeLessThan(all);
    const page = await newPage();
    await signIn(page);
    await page.goto('/Translates');
    await tableLoaded(page);
    await page.getByRole('button', { name: 'Anahtar sütununu filtrele' }).click();
    const form = page.getByRole('form', { name: 'Anahtar sütununu filtrele' });
    await form.getByRole('combobox', { name: 'Eşleşme türü' }).click();
    await page.getByRole('option', { name: 'İçerir', exact: true }).click();
    await form.getByRole('textbox', { name: 'Anahtar: Değer' }).fill('menu.');
    await form.getByRole('textbox', { name: 'Anahtar: Değer' }).press('Enter');
    await expect.poll(async () => (await pagingOf(page)).total).toBe(narrowed.totalCount);
    await tableLoaded(page);
    const codes = await columnValues(page, 'Anahtar');
    expect(codes.length).toBe(Math.min(10, narrowed.totalCount));
    for (const c of codes) expect(c).toContain('menu.');
    expect(await page.getByRole('button', { name: 'Filtreleri temizle' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Filtreleri temizle' }).click();
    await expect.poll(async () => (await pagingOf(page)).total).toBe(all);
  });

  it('sorting by a column header changes the order', async () => {
    const sortedBy = async (order: 1 | -1) =>
      (await apiPage<{ value: string }>('Translates', { SortingParams: [{ ColumnName: 'value', SortOrder: order }] })).data.map((r) => r.value);
    const ascending = await sortedBy(1);
    const descending = await sortedBy(-1);
    expect(ascending).not.toEqual(descending);
    const page = await newPage();
    await signIn(page);
    await page.goto('/Translates');
    await tableLoaded(page);
    const initial = await columnValues(page, 'Çeviri');
    const header = page.getByRole('columnheader', { name: 'Çeviri' });
    expect(await header.getAttribute('aria-sort')).toBeNull();

    await header.getByRole('button', { name: 'Çeviri', exact: true }).click();
    await expect.poll(() => header.getAttribute('aria-sort')).toMatch(/^(ascending|descending)$/);
    const first = (await header.getAttribute('aria-sort')) as 'ascending' | 'descending';
    await expect.poll(() => columnValues(page, 'Çeviri')).toEqual(first === 'ascending' ? ascending : descending);
    expect(await columnValues(page, 'Çeviri')).not.toEqual(initial);

    await header.getByRole('button', { name: 'Çeviri', exact: true }).click();
    const second = first === 'ascending' ? 'descending' : 'ascending';
    await expect.poll(() => header.getAttribute('aria-sort')).toBe(second);
    await expect.poll(() => columnValues(page, 'Çeviri')).toEqual(second === 'ascending' ? ascending : descending);
  });
});
