import { it } from 'vitest';
import { newPage, signIn, useApp, pageErrors } from './support/browser.ts';
useApp();
it('debug', async () => {
  const page = await newPage();
  await signIn(page);
  await page.goto('/Languages');
  page.on('response', async (r) => { if (r.url().includes('/api/v1/Languages') && r.request().method() !== 'GET') console.log(r.request().method(), r.request().postData(), r.status(), await r.text()); });
  await page.getByRole('button', { name: 'Yeni', exact: true }).click();
  const d = page.getByRole('dialog');
  await d.getByRole('button', { name: 'Kaydet' }).click();
  await d.getByRole('textbox', { name: 'Ad', exact: true }).fill('Deneme Dili');
  await d.getByRole('textbox', { name: 'Dil Kodu', exact: true }).fill('qa-XABCDE');
  await d.getByRole('textbox', { name: 'Bayrak', exact: true }).fill('EU');
  await d.getByRole('button', { name: 'Kaydet' }).click();
  await page.waitForTimeout(2000);
  console.log(await d.count(), await d.innerText().catch(e => String(e)));
  console.log(pageErrors.get(page));
});
