// Where the SMS templates are edited (issue 18, point 3): the Translates form shows a template's
// length in characters and messages (segments) as the GSM encoding counts them, Turkish letters
// included (common/sms.ts); other texts show none.
import { expect, it } from 'vitest';
import { newPage, signIn, useApp } from './support/browser.ts';

useApp();

it('the Translates form counts an SMS template (sms.*) as it is typed', async () => {
  const page = await newPage();
  await signIn(page);
  await page.goto('/Translates');
  await page.getByRole('button', { name: 'Yeni', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Yeni kayıt: Çeviriler' }).waitFor();
  const value = dialog.getByRole('textbox', { name: 'Çeviri', exact: true });
  const length = dialog.getByTestId('sms-length');

  // Not a template: no count.
  await dialog.getByRole('textbox', { name: 'Anahtar', exact: true }).fill('menu.example');
  await value.fill('Kesim sırası');
  expect(await length.count()).toBe(0);

  await dialog.getByRole('textbox', { name: 'Anahtar', exact: true }).fill('sms.example');
  await value.fill('Kurbanınız kesildi');
  await expect.poll(() => length.textContent()).toBe('18 karakter · 1 SMS');
  // 78 ş: 156 septets in the Turkish table, over the 155 of one message.
  await value.fill('ş'.repeat(78));
  await expect.poll(() => length.textContent()).toBe('78 karakter · 2 SMS');
  // ₺ is outside GSM: UCS-2, 70 a message.
  await value.fill(`₺${'a'.repeat(70)}`);
  await expect.poll(() => length.textContent()).toBe('71 karakter · 2 SMS');
});
