// Issue 17, point 11 ("smaller things seen") in a real browser against the demo season:
// errors that clear as their field becomes valid (the expense, slot generation and generic entity dialogs);
// an over-balance payment refused on the amount field; the order history naming the rows it refers
// to; date and time fields in the interface's language, whatever the browser's; Escape on a filled
// form asking before it discards; the skip link; a visible focus ring on every button variant,
// in the app's themes.
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { api, axeViolations, describePage, newPage, pageErrors, signIn, useApp } from './support/browser.ts';
import { createAnimal, createCustomer, createOrder, list, money, orderOf, unique } from './support/season.ts';

useApp();

/** Today on the farm's clock, `YYYY-MM-DD`. */
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Istanbul' });
/** `YYYY-MM-DD` the Turkish way, `DD.MM.YYYY`. */
const turkishDay = (iso: string) => iso.split('-').reverse().join('.');

const unexpected = (errors: string[] | undefined) => (errors ?? []).filter((e) => !/status of 40[019]/.test(e));

async function signedIn(path: string, options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage(options);
  await signIn(page);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto(path);
  return page;
}

/** The texts of the messages a field is described by (its error under it). */
function describedBy(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? document.getElementById(id)?.textContent ?? '' : ''))
      .join(' ')
      .trim(),
  );
}

describe('errors clear as their field becomes valid', () => {
  it('in the expense dialog: each message goes once its field is filled, the others stay', async () => {
    const page = await signedIn('/Transactions');
    await page.getByRole('button', { name: 'Gider dağıt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Gideri carilere dağıt' }).waitFor();
    await dialog.getByRole('button', { name: 'Dağıt ve kaydet' }).click();
    const total = dialog.getByLabel('Toplam tutar');
    const description = dialog.getByLabel('Açıklama');
    // The messages under the fields (a summary for screen readers repeats them once, on sending).
    const shown = (text: string) => dialog.locator('p.text-destructive', { hasText: text });
    const totalError = shown("Toplam tutar 0'dan büyük bir tutar olmalı");
    const descriptionError = shown('Açıklama zorunludur.');
    const accountsError = shown('En az bir cari seçin.');
    await totalError.waitFor();
    await descriptionError.waitFor();
    await accountsError.waitFor();
    expect(await total.getAttribute('aria-invalid')).toBe('true');

    await total.fill('150,00');
    await totalError.waitFor({ state: 'detached' });
    expect(await total.getAttribute('aria-invalid')).not.toBe('true');
    expect(await descriptionError.count()).toBe(1);
    expect(await accountsError.count()).toBe(1);

    await description.fill('Yem gideri');
    await descriptionError.waitFor({ state: 'detached' });
    expect(await description.getAttribute('aria-invalid')).not.toBe('true');
    expect(await accountsError.count()).toBe(1);

    const [account] = await list<{ id: number; code: string; title: string }>('Accounts', {
      PageSize: 1,
      FilterParam: [{ ColumnName: 'isActive', FilterValue: true, MatchMode: 'equals', Operator: 'and' }],
      SortingParams: [{ ColumnName: 'code', SortOrder: 1 }],
    });
    await dialog.getByLabel('Cari ara').fill(account.code);
    await dialog.getByRole('button', { name: `${account.title} carisini ekle` }).click();
    await accountsError.waitFor({ state: 'detached' });

    // Emptied again, the field's message comes back (the form was already sent once).
    await description.fill('');
    await descriptionError.waitFor();
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it("in the slot generation dialog: the form's messages go once fixed, the server's once their field is edited", async () => {
    const page = await signedIn('/Appointments');
    await page.getByRole('button', { name: 'Randevu oluştur' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Randevu oluştur' }).waitFor();
    await dialog.getByRole('button', { name: 'Oluştur', exact: true }).click();
    const typeError = dialog.locator('p.text-destructive', { hasText: 'Randevu türü zorunludur.' });
    await typeError.waitFor();
    const type = dialog.getByLabel('Randevu türü');
    await type.selectOption({ index: 1 });
    await typeError.waitFor({ state: 'detached' });

    // Once sent, the weekdays are checked as they are toggled.
    const days = dialog.getByRole('group', { name: 'Günler' }).getByRole('button');
    for (const day of await days.all()) await day.click();
    const dayError = dialog.locator('p.text-destructive', { hasText: 'En az bir gün seçin.' });
    await dayError.waitFor();
    await days.first().click();
    await dayError.waitFor({ state: 'detached' });

    // The server's message on a field stays while others are edited, and goes with an edit of its own.
    const minutes = dialog.getByLabel('Dilim süresi (dakika)');
    await minutes.fill('1');
    await dialog.getByRole('button', { name: 'Oluştur', exact: true }).click();
    await expect.poll(() => minutes.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(minutes)).not.toBe('');
    await dialog.getByLabel('Kapasite').fill('3');
    expect(await minutes.getAttribute('aria-invalid')).toBe('true');
    await minutes.fill('30');
    await expect.poll(() => minutes.getAttribute('aria-invalid')).toBeNull();
    expect(await describedBy(minutes)).toBe('');
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('in the generic entity dialog: lookups, money and dates too', async () => {
    const page = await signedIn('/ProductPrices');
    await page.getByRole('heading', { level: 1, name: 'Ürün Fiyatları' }).waitFor();
    await page.getByRole('button', { name: 'Yeni', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Yeni kayıt: Ürün Fiyatları' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Kaydet', exact: true }).click();
    // Found by its markup: while a lookup's list is open the dialog is hidden from the accessibility tree.
    const content = page.locator('[data-slot="dialog-content"]');
    const message = (label: string) => content.getByText(`${label} zorunludur.`, { exact: true });
    for (const label of ['Ürün', 'Fiyat Tipi', 'Para Birimi', 'Fiyat', 'Geçerlilik Başlangıcı']) await message(label).waitFor();

    await form.getByRole('combobox', { name: 'Fiyat Tipi', exact: true }).click();
    await page.getByRole('option', { name: 'Alış', exact: true }).click();
    await expect.poll(() => message('Fiyat Tipi').count()).toBe(0);
    expect(await message('Ürün').count()).toBe(1);

    const amount = form.getByRole('textbox', { name: 'Fiyat', exact: true });
    await amount.fill('abc');
    await form.getByText('Fiyat geçerli biçimde değil.', { exact: true }).waitFor();
    await amount.fill('512,75');
    await expect.poll(() => describedBy(amount)).toBe('');
    expect(await amount.getAttribute('aria-invalid')).toBeNull();

    const validFrom = form.getByRole('textbox', { name: 'Geçerlilik Başlangıcı', exact: true });
    await validFrom.fill('15.03.2031');
    await message('Geçerlilik Başlangıcı').waitFor({ state: 'detached' });
    expect(await validFrom.getAttribute('aria-invalid')).toBeNull();

    await form.getByRole('combobox', { name: 'Para Birimi', exact: true }).click();
    await page.getByRole('option', { name: 'TRY', exact: true }).click();
    await expect.poll(() => message('Para Birimi').count()).toBe(0);
    // Only the product is still to choose.
    expect(await content.locator('[data-invalid] p').allTextContents()).toEqual(['Ürün zorunludur.']);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });
});

describe("the server's field messages", () => {
  it('go from the generic entity dialog once their field is edited', async () => {
    const stamp = unique();
    const taken = `qa-S${stamp.slice(-6)}`;
    const made = await api<{ id: number }>('POST', 'Languages', { Name: `Alınmış Dil ${stamp}`, Code: taken, Flag: 'EU' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    try {
      const page = await signedIn('/Languages');
      await page.getByRole('heading', { level: 1, name: 'Diller' }).waitFor();
      await page.getByRole('button', { name: 'Yeni', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Yeni kayıt: Diller' });
      await form.getByRole('textbox', { name: 'Ad', exact: true }).fill(`İkinci Dil ${stamp}`);
      const code = form.getByRole('textbox', { name: 'Dil Kodu', exact: true });
      await code.fill(taken);
      await form.getByRole('textbox', { name: 'Bayrak', exact: true }).fill('EU');
      await form.getByRole('button', { name: 'Kaydet', exact: true }).click();
      await expect.poll(() => describedBy(code)).toBe('Dil Kodu zaten kullanılıyor.');
      expect(await code.getAttribute('aria-invalid')).toBe('true');
      await code.fill(`${taken}Y`);
      await expect.poll(() => describedBy(code)).toBe('');
      expect(await code.getAttribute('aria-invalid')).toBeNull();
      expect(unexpected(pageErrors.get(page))).toEqual([]);
    } finally {
      await api('DELETE', `Languages/${made.body.data.id}`).catch(() => undefined);
    }
  });
});

describe('the payment dialog', () => {
  it('an amount above the balance is refused on the amount field, with the most that can be taken', async () => {
    const customer = await createCustomer(`Fazla Ödeme ${unique()}`);
    const animal = await createAnimal({ sharePrice: '12000.00' });
    const order = await createOrder({ customer, animal, shareCount: 1, unitPrice: '12000.00' });
    const page = await signedIn(`/VictimOrders/${order.id}`);
    await page.getByRole('button', { name: 'Ödeme al' }).click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByLabel('Tutar');
    await amount.fill('12.500,00');
    await dialog.getByLabel('Ödeme Yöntemi').selectOption({ label: 'Nakit' });
    await dialog.getByRole('button', { name: 'Ödemeyi kaydet' }).click();
    const refusal = `Ödeme siparişin kalan borcunu aşıyor: en fazla ${money('12000.00')} alınabilir.`;
    await expect.poll(() => describedBy(amount)).toBe(refusal);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    // Said once, on the field; the keyboard is there to correct it.
    expect(await dialog.getByText(refusal, { exact: true }).count()).toBe(1);
    await expect.poll(() => amount.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await amount.inputValue()).toBe('12.500,00');
    expect((await orderOf(order.id)).paidAmount).toBe('0.00');

    // Corrected, the message goes.
    await amount.fill('12.000,00');
    await expect.poll(() => describedBy(amount)).toBe('');
  });
});

describe("the order's history", () => {
  it('names the customer, the animal and the currency instead of their ids, in a bounded number of requests', async () => {
    const customer = await createCustomer(`Geçmiş Adı ${unique()}`);
    const animal = await createAnimal({ sharePrice: '12000.00' });
    const order = await createOrder({ customer, animal, shareCount: 1, status: 'draft' });
    const page = await signedIn(`/VictimOrders/${order.id}`);
    await page.getByTestId('order-status').waitFor();
    const asked: string[] = [];
    const onRequest = (r: Request) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/v1/') && !path.startsWith('/api/v1/AuditLogs') && !path.startsWith('/api/v1/VictimOrders')) asked.push(`${r.method()} ${path}`);
    };
    await page.waitForLoadState('networkidle');
    page.on('request', onRequest);
    const panel = page.getByTestId('audit-panel');
    await panel.getByRole('button', { name: 'Geçmiş' }).click();
    const created = panel.getByTestId('audit-entry').last();
    await created.waitFor();
    const cell = (label: string) => created.locator('tbody tr').filter({ has: page.getByRole('cell', { name: label, exact: true }) }).locator('td').nth(1);
    await expect.poll(() => cell('Müşteri').textContent(), { timeout: 10_000 }).toBe(customer.title);
    await expect.poll(() => cell('Hayvan').textContent()).toBe(animal.name);
    await expect.poll(() => cell('Para Birimi').textContent()).toBe('TRY');
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    // One request per entity referred to (customers, animals, currencies), not one per value.
    expect(asked.length, JSON.stringify(asked)).toBeLessThanOrEqual(3);
    expect(await panel.getByText(/^#\d+$/).count()).toBe(0);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });
});

describe('dates and times follow the interface language, not the browser', () => {
  it('a Turkish interface in an English browser shows and reads dd.mm.yyyy', async () => {
    const animal = await createAnimal({ sharePrice: '9000.00' });
    const page = await signedIn('/Transactions', { locale: 'en-US' });
    await page.getByRole('button', { name: 'Gider dağıt' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Tarih', { exact: true }).inputValue()).toBe(turkishDay(today()));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The generic form: the price's first day (2020-01-01) shown the Turkish way; a day typed so is saved.
    const [price] = await list<{ id: number; validFrom: string }>('ProductPrices', { FilterParam: [{ ColumnName: 'productId', FilterValue: animal.id, MatchMode: 'equals', Operator: 'and' }] });
    await page.goto('/ProductPrices');
    await page.getByRole('searchbox', { name: 'Ara…' }).fill(animal.name);
    const edit = page.getByRole('button', { name: /kaydını düzenle$/ });
    await expect.poll(() => edit.count()).toBe(1);
    await edit.click();
    const form = page.getByRole('dialog');
    const validFrom = form.getByRole('textbox', { name: 'Geçerlilik Başlangıcı', exact: true });
    await expect.poll(() => validFrom.inputValue()).toBe('01.01.2020');
    await validFrom.fill('2.1.2020');
    await validFrom.blur();
    expect(await validFrom.inputValue()).toBe('02.01.2020');
    await form.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    const saved = await api<{ validFrom: string }>('GET', `ProductPrices/${price.id}`);
    expect(saved.body.data.validFrom).toBe('2020-01-02');

    // The appointments' day view and the generate dialog's times (24 hours in Turkish).
    await page.goto('/Appointments/day?date=2031-03-03');
    await expect.poll(() => page.getByLabel('Gün', { exact: true }).inputValue()).toBe('03.03.2031');
    await page.goto('/Appointments');
    await page.getByRole('button', { name: 'Randevu oluştur' }).click();
    const generate = page.getByRole('dialog');
    await expect.poll(() => generate.getByLabel('Günlük bitiş').inputValue()).toBe('17:00');
    expect(await generate.getByLabel('Başlangıç tarihi').inputValue()).toBe(turkishDay(today()));
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('an English interface in a Turkish browser shows mm/dd/yyyy and 12-hour times', async () => {
    const page = await signedIn('/Appointments/day?date=2031-03-03');
    await expect.poll(() => page.getByLabel('Gün', { exact: true }).inputValue()).toBe('03.03.2031');
    // The interface switched to English in the top bar; the browser stays Turkish. The day shown follows at once.
    await page.getByRole('button', { name: /Dil:/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(() => page.getByLabel('Day', { exact: true }).inputValue()).toBe('03/03/2031');
    await page.goto('/Appointments');
    await page.getByRole('button', { name: 'Generate appointments' }).click();
    const generate = page.getByRole('dialog');
    await expect.poll(() => generate.getByLabel('Daily end').inputValue()).toBe('05:00 PM');
    // Typed the English way, read the English way.
    await generate.getByLabel('From', { exact: true }).fill('12/31/2031');
    await generate.getByLabel('From', { exact: true }).blur();
    expect(await generate.getByLabel('From', { exact: true }).inputValue()).toBe('12/31/2031');
    expect(await generate.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });
});

describe('Escape on a filled form asks before discarding', () => {
  const question = 'Değişiklikler kaydedilmedi; kapatılsın mı?';

  it('the generic entity dialog: untouched it closes at once; with typed values it asks', async () => {
    const page = await signedIn('/Languages');
    await page.getByRole('heading', { level: 1, name: 'Diller' }).waitFor();
    const newButton = page.getByRole('button', { name: 'Yeni', exact: true });
    await newButton.click();
    const form = page.getByRole('dialog', { name: 'Yeni kayıt: Diller' });
    await form.waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    await newButton.click();
    await form.waitFor();
    const name = form.getByRole('textbox', { name: 'Ad', exact: true });
    await name.fill('Yarım kalan dil');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: question });
    await ask.waitFor();
    // Kept: the form and what was typed.
    await ask.getByRole('button', { name: 'Düzenlemeye devam et' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await form.isVisible()).toBe(true);
    expect(await name.inputValue()).toBe('Yarım kalan dil');
    // Discarded on request.
    await page.keyboard.press('Escape');
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Kapat', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('the payment dialog: untouched it closes at once; with a typed amount it asks', async () => {
    const customer = await createCustomer(`Vazgeçilen Ödeme ${unique()}`);
    const animal = await createAnimal({ sharePrice: '8000.00' });
    const order = await createOrder({ customer, animal, shareCount: 1, unitPrice: '8000.00' });
    const page = await signedIn(`/VictimOrders/${order.id}`);
    const take = page.getByRole('button', { name: 'Ödeme al' });
    await take.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tutar').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await take.click();
    await dialog.getByLabel('Tutar').fill('100,00');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: question });
    await ask.waitFor();
    // The question takes the focus once it has opened: Escape before that reaches the form.
    await expect.poll(() => ask.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape'); // leaves the question, not the form
    await ask.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Tutar').inputValue()).toBe('100,00');
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Kapat', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });
});

describe('the skip link', () => {
  it('is the first thing the keyboard reaches and moves focus to the main content', async () => {
    const page = await signedIn('/Languages');
    await page.getByRole('heading', { level: 1, name: 'Diller' }).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => ({ text: document.activeElement?.textContent?.trim(), id: document.activeElement?.id, tag: document.activeElement?.tagName }));
    expect(await focused()).toMatchObject({ text: 'İçeriğe geç', tag: 'A' });
    const link = page.getByRole('link', { name: 'İçeriğe geç' });
    // Visible while focused.
    const box = await link.boundingBox();
    expect(box && box.width > 20 && box.height > 10, JSON.stringify(box)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused()).toMatchObject({ id: 'main', tag: 'MAIN' });
    // The next Tab goes on from the content, not from the top bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    expect(await axeViolations(page, { onlyRules: ['skip-link', 'bypass'] })).toEqual([]);
  });
});

interface Ring {
  variant: string;
  label: string;
  focusVisible: boolean;
  width: number;
  contrast: number;
}

/** For each button variant shown, the first enabled one focused from the keyboard: how wide its ring is and its contrast with what is behind the button. */
function focusRings(page: Page): Promise<Ring[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (color: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const luminance = ([r, g, b]: number[]) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const contrast = (a: number[], b: number[]) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const behind = (el: Element): number[] => {
      for (let e = el.parentElement; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0.9) return c;
      }
      return [255, 255, 255, 1];
    };
    /** The ring: an outline, or the widest box-shadow spread (its width beyond the narrower offset layer). */
    const ring = (el: Element): { color: string; width: number } | undefined => {
      const style = getComputedStyle(el);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return { color: style.outlineColor, width: parseFloat(style.outlineWidth) };
      if (style.boxShadow === 'none') return undefined;
      const layers = style.boxShadow.split(/,(?![^(]*\))/).map((layer) => {
        const color = /^(?:rgba?|oklch|oklab|lab|lch|color|hsla?)\([^)]*\)|#[0-9a-f]+/i.exec(layer.trim())?.[0] ?? 'transparent';
        const numbers = layer.replace(color, '').trim().split(/\s+/).map(parseFloat);
        return { color, spread: layer.includes('inset') ? 0 : (numbers[3] ?? 0) };
      });
      const visible = layers.filter((l) => l.spread > 0 && rgba(l.color)[3] > 0).sort((a, b) => b.spread - a.spread);
      if (!visible.length) return undefined;
      const [outer, inner] = visible;
      return { color: outer.color, width: outer.spread - (inner?.spread ?? 0) };
    };
    const seen = new Set<string>();
    const out: Ring[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('[data-slot="button"][data-variant]')) {
      const variant = el.dataset.variant!;
      const box = el.getBoundingClientRect();
      if (seen.has(variant) || box.width === 0 || (el as HTMLButtonElement).disabled || el.closest('[inert],[aria-hidden="true"]')) continue;
      seen.add(variant);
      el.focus();
      // The ring as it ends up, not halfway through its transition.
      for (const a of el.getAnimations()) a.finish();
      const found = ring(el);
      out.push({
        variant,
        label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
        focusVisible: el.matches(':focus-visible'),
        width: found?.width ?? 0,
        contrast: found ? Math.round(contrast(rgba(found.color), behind(el)) * 100) / 100 : 0,
      });
      el.blur();
    }
    return out;
  });
}

describe('the focus ring', () => {
  const THEMES = [
    { primary: 'emerald', darkTheme: false },
    { primary: 'yellow', darkTheme: false },
    { primary: 'lime', darkTheme: false },
    { primary: 'noir', darkTheme: false },
    { primary: 'emerald', darkTheme: true },
    { primary: 'noir', darkTheme: true },
  ];
  it('stays visible in forced-colours (high contrast) mode, where box-shadows are not drawn', async () => {
    const page = await signedIn('/ExamplePage');
    await page.emulateMedia({ forcedColors: 'active' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Shift');
    const outlines = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main [data-slot="button"]')].slice(0, 4).map((el) => {
        el.focus();
        const style = getComputedStyle(el);
        return { variant: el.dataset.variant, style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      }),
    );
    expect(outlines.length).toBeGreaterThan(0);
    for (const o of outlines) {
      expect(o.style, JSON.stringify(o)).not.toBe('none');
      expect(o.width, JSON.stringify(o)).toBeGreaterThanOrEqual(2);
    }
  });

  for (const theme of THEMES) {
    it(`is visible on every button variant (${theme.primary}, ${theme.darkTheme ? 'dark' : 'light'})`, async () => {
      const page = await newPage();
      await page.addInitScript((layout) => localStorage.setItem('layout', JSON.stringify(layout)), { preset: 'Aura', surface: null, menuMode: 'static', ...theme });
      await signIn(page);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      const rings: Ring[] = [];
      for (const path of ['/ExamplePage', '/Appointments/day?date=2031-03-03', '/Languages']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        // The keyboard was used last: focus shows as it does for keyboard users.
        await page.keyboard.press('Shift');
        for (const r of await focusRings(page)) if (!rings.some((x) => x.variant === r.variant)) rings.push(r);
      }
      expect(rings.map((r) => r.variant).sort(), await describePage(page)).toEqual(['default', 'destructive', 'ghost', 'link', 'outline', 'secondary']);
      for (const r of rings) {
        expect(r.focusVisible, JSON.stringify(r)).toBe(true);
        expect(r.width, JSON.stringify(r)).toBeGreaterThanOrEqual(2);
        // WCAG 1.4.11: the indicator at least 3:1 against what surrounds it.
        expect(r.contrast, JSON.stringify(r)).toBeGreaterThanOrEqual(3);
      }
    });
  }
});
