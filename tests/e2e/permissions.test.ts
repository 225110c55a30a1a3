// Permissions in a real browser: a user's "Yetkiler" checklist grants `Products.Read` and the user,
// signing in afterwards, sees the Products link in the side menu (and not what they lack); the
// two-list picker of "Gruplar" adds the user to a group; every save is one write request (the
// delta operations), additions and removals together; axe finds nothing serious in the dialogs.
// Access ends when it should: a claim taken from a signed-in user leaves their menu on their next
// request (no new sign-in), and "Oturumları kapat" on a user row signs them out of an open page.
// Rights are delegated, never created: the checklist lets a user tick only what they hold.
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { api, axeViolations, createUserWithClaims, newPage, operationClaimId, pageErrors, pathOf, signIn, storedSession, useApp } from './support/browser.ts';

useApp();

const NOTE = 'Değişiklik, kullanıcının bir sonraki girişinde ya da oturum yenilemesinde geçerli olur.';
const unexpected = (errors: string[] | undefined) => (errors ?? []).filter((e) => !/status of 40[013]/.test(e));

async function violations(page: Page, include: string) {
  const themed = ['.bg-primary', '.text-primary', '.bg-destructive'];
  return [
    ...(await axeViolations(page, { include: [include], disableRules: ['color-contrast'] })),
    ...(await axeViolations(page, { include: [include], exclude: themed, onlyRules: ['color-contrast'] })),
  ];
}

/** The API writes the page sends while `action` runs; reads (paged lists are POSTs too) left out. */
async function writesDuring(page: Page, action: () => Promise<void>): Promise<string[]> {
  const writes: string[] = [];
  const listen = (r: Request) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/v1/') && r.method() !== 'GET' && !pathname.endsWith('/GetListForPaging')) writes.push(`${r.method()} ${pathname}`);
  };
  page.on('request', listen);
  try {
    await action();
  } finally {
    page.off('request', listen);
  }
  return writes;
}

/** Clicks the dialog's "Kaydet" and waits for it to close: answers the write requests it sent. */
async function save(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog');
  return writesDuring(page, async () => {
    await dialog.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });
}

interface Link { id: number; userId: number; groupId?: number; operationClaimId?: number }
async function links(plural: string, column: string, value: number): Promise<Link[]> {
  const res = await api<{ data: Link[] }>('POST', `${plural}/GetListForPaging`, {
    PageNumber: 1,
    PageSize: 100,
    FilterParam: [{ ColumnName: column, FilterValue: value, MatchMode: 'equals', Operator: 'and' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.data;
}

async function createBareUser(label: string) {
  const email = `${label}.${Date.now()}${Math.floor(Math.random() * 1000)}@e2e.test`;
  const password = 'passw0rd-e2e';
  const res = await api<{ id: number }>('POST', 'Users', { firstName: 'İzin', lastName: label, email, password, status: 'active' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.id, email, password };
}

/** The admin on /Users, the user's row found through the table's search. */
async function usersPageFor(email: string): Promise<Page> {
  const page = await newPage();
  await signIn(page);
  await page.waitForURL('**/Dashboard');
  await page.goto('/Users');
  await page.getByRole('searchbox', { name: 'Ara…', exact: true }).fill(email);
  await page.getByRole('cell', { name: email, exact: true }).waitFor();
  return page;
}

describe('permissions', () => {
  it('a user with delegated rights can tick only the claims they hold, and none of their own', async () => {
    const delegator = await createUserWithClaims(['Users.Read', 'UserClaims.Read', 'UserClaims.Create', 'UserClaims.Delete', 'OperationClaims.Read', 'Products.Read'], 'yetkili');
    const clerk = await createBareUser('tezgah');
    const page = await newPage();
    await signIn(page, delegator.email, delegator.password);
    await page.goto('/Users');
    const search = page.getByRole('searchbox', { name: 'Ara…', exact: true });
    await search.fill(clerk.email);
    await page.getByRole('cell', { name: clerk.email, exact: true }).waitFor();
    await page.getByTestId(`user-claims-${clerk.id}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Yalnızca kendi sahip olduğunuz yetkileri verebilir ya da geri alabilirsiniz; diğerleri burada değiştirilemez.').waitFor();
    const read = dialog.getByRole('checkbox', { name: 'Ürünler: Okuma', exact: true });
    expect(await read.isDisabled()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: 'Ürünler: Ekleme', exact: true }).isDisabled()).toBe(true);
    // "tümü" ticks only what the user may give.
    await dialog.getByRole('checkbox', { name: 'Ürünler: tümü', exact: true }).click();
    expect(await read.getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByRole('checkbox', { name: 'Ürünler: Silme', exact: true }).getAttribute('aria-checked')).toBe('false');
    expect(await save(page)).toEqual([`POST /api/v1/Users/${clerk.id}/claims`]);
    expect((await links('UserClaims', 'userId', clerk.id)).map((l) => l.operationClaimId)).toEqual([await operationClaimId('Products.Read')]);

    // Their own row: nothing can be changed, and the dialog says why.
    await search.fill(delegator.email);
    await page.getByRole('cell', { name: delegator.email, exact: true }).waitFor();
    await page.getByTestId(`user-claims-${delegator.id}`).click();
    await dialog.getByTestId('permissions-claims-restriction').getByText('Kendi yetkilerinizi değiştiremezsiniz; bunu başka bir yetkili kullanıcı yapmalı.').waitFor();
    await read.waitFor();
    expect(await read.isDisabled()).toBe(true);
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it('a user given Products.Read through the checklist sees the Products link after signing in', async () => {
    const user = await createBareUser('urun');
    expect(await links('UserClaims', 'userId', user.id)).toEqual([]);

    const page = await usersPageFor(user.email);
    await page.getByTestId(`user-claims-${user.id}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(NOTE).waitFor();
    const read = dialog.getByRole('checkbox', { name: 'Ürünler: Okuma', exact: true });
    await read.waitFor();
    expect(await read.getAttribute('aria-checked')).toBe('false');

    // "tümü" of an area ticks its four operations; ticked again, it clears them.
    const all = dialog.getByRole('checkbox', { name: 'Ürünler: tümü', exact: true });
    await all.click();
    expect(await dialog.getByRole('checkbox', { name: 'Ürünler: Silme', exact: true }).getAttribute('aria-checked')).toBe('true');
    await all.click();
    expect(await read.getAttribute('aria-checked')).toBe('false');

    // The search narrows the areas.
    await dialog.getByLabel('Alan ara').fill('ürün');
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Kullanıcılar: Okuma', exact: true }).count()).toBe(0);
    await read.click();
    expect(await read.getAttribute('aria-checked')).toBe('true');
    expect(await all.getAttribute('aria-checked')).toBe('mixed');

    await page.waitForLoadState('networkidle');
    expect(await violations(page, '[role="dialog"]')).toEqual([]);

    expect(await save(page)).toEqual([`POST /api/v1/Users/${user.id}/claims`]);
    const granted = await links('UserClaims', 'userId', user.id);
    expect(granted.map((l) => l.operationClaimId)).toEqual([await operationClaimId('Products.Read')]);

    // Reopened: the checklist shows what is saved.
    await page.getByTestId(`user-claims-${user.id}`).click();
    await expect.poll(async () => page.getByRole('dialog').getByRole('checkbox', { name: 'Ürünler: Okuma', exact: true }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    expect(unexpected(pageErrors.get(page))).toEqual([]);

    // The user signs in (a new context) and the menu shows Products, not what they lack.
    const theirs = await newPage();
    await signIn(theirs, user.email, user.password);
    expect((await storedSession(theirs))?.claims).toEqual(['Products.Read']);
    await theirs.locator('[data-menu-link="/Products"]').waitFor({ state: 'attached' });
    expect(await theirs.locator('[data-menu-link="/Users"]').count()).toBe(0);
    expect(await theirs.locator('[data-menu-link="/Accounts"]').count()).toBe(0);
  });

  it('the two-list picker adds the user to a group (keyboard), and the group lists the user', async () => {
    const user = await createBareUser('grup');
    const name = `e2e-izin-${Date.now()}`;
    const group = await api<{ id: number }>('POST', 'Groups', { name, description: 'izin testi' });
    expect(group.status).toBe(200);

    const page = await usersPageFor(user.email);
    await page.getByTestId(`user-groups-${user.id}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(NOTE).waitFor();
    await dialog.getByLabel('Grup ara').fill(name);
    const available = dialog.getByRole('listbox', { name: /Eklenebilecek gruplar/ });
    const assigned = dialog.getByRole('listbox', { name: /Üye olduğu gruplar/ });
    await available.getByRole('option', { name }).waitFor();
    // Keyboard: focus the list, Space selects the active option, Enter moves it across.
    await available.focus();
    await page.keyboard.press('Space');
    expect(await available.getByRole('option', { name }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await assigned.getByRole('option', { name }).waitFor();
    expect(await available.getByRole('option', { name }).count()).toBe(0);

    await page.waitForLoadState('networkidle');
    expect(await violations(page, '[role="dialog"]')).toEqual([]);

    expect(await save(page)).toEqual([`POST /api/v1/Users/${user.id}/groups`]);
    const memberships = await links('UserGroups', 'userId', user.id);
    expect(memberships.map((l) => l.groupId)).toEqual([group.body.data.id]);

    // From the group's row: "Kullanıcılar" has the user on the right; a double-click moves them back.
    await page.goto('/Groups');
    await page.getByRole('searchbox', { name: 'Ara…', exact: true }).fill(name);
    await page.getByTestId(`group-users-${group.body.data.id}`).click();
    const members = page.getByRole('dialog');
    const inGroup = members.getByRole('listbox', { name: /Gruptaki kullanıcılar/ });
    await inGroup.getByRole('option', { name: new RegExp(user.email.replace(/\./g, '\\.')) }).dblclick();
    await expect.poll(() => inGroup.getByRole('option').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    expect(await save(page)).toEqual([`POST /api/v1/Groups/${group.body.data.id}/users`]);
    expect(await links('UserGroups', 'userId', user.id)).toEqual([]);

    // The group's "Yetkiler": two claims granted in one request, then one taken back and another
    // given, again in one request.
    const groupId = group.body.data.id;
    const cell = (operation: string) => page.getByRole('dialog').getByRole('checkbox', { name: `Ürünler: ${operation}`, exact: true });
    await page.getByTestId(`group-claims-${groupId}`).click();
    await cell('Okuma').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await cell('Okuma').click();
    await cell('Ekleme').click();
    expect(await save(page)).toEqual([`POST /api/v1/Groups/${groupId}/claims`]);
    const claimIds = async () => (await links('GroupClaims', 'groupId', groupId)).map((l) => l.operationClaimId).sort((a, b) => a! - b!);
    const [read, create, del] = await Promise.all(['Products.Read', 'Products.Create', 'Products.Delete'].map(operationClaimId));
    expect(await claimIds()).toEqual([read, create].sort((a, b) => a - b));

    await page.getByTestId(`group-claims-${groupId}`).click();
    // The reopened dialog loads the links afresh; give a loaded machine more than poll's 1 s.
    await expect.poll(() => cell('Okuma').getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    await cell('Okuma').click();
    await cell('Silme').click();
    expect(await save(page)).toEqual([`POST /api/v1/Groups/${groupId}/claims`]);
    expect(await claimIds()).toEqual([create, del].sort((a, b) => a - b));
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });

  it("a claim taken from a signed-in user leaves their menu on their next request, without signing in again", async () => {
    const user = await createUserWithClaims(['Products.Read', 'Accounts.Read'], 'geri');
    const theirs = await newPage();
    await signIn(theirs, user.email, user.password);
    await theirs.goto('/Products');
    await theirs.locator('[data-menu-link="/Accounts"]').waitFor({ state: 'attached' });

    const removed = await api('POST', `Groups/${user.groupId}/claims`, { add: [], remove: [await operationClaimId('Accounts.Read')] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    // The next request is refused (its token is older than the change), the token is renewed
    // with the claims as they are now, and the menu follows.
    await theirs.reload();
    await expect.poll(async () => (await storedSession(theirs))?.claims, { timeout: 10_000 }).toEqual(['Products.Read']);
    await expect.poll(() => theirs.locator('[data-menu-link="/Accounts"]').count(), { timeout: 10_000 }).toBe(0);
    await theirs.locator('[data-menu-link="/Products"]').waitFor({ state: 'attached' });
    expect(pathOf(theirs)).toBe('/Products');
  });

  it('"Oturumları kapat" on a user row signs that user out of the page they have open', async () => {
    const user = await createUserWithClaims(['Products.Read'], 'oturum');
    const theirs = await newPage();
    await signIn(theirs, user.email, user.password);
    await theirs.goto('/Products');
    await theirs.getByRole('heading', { level: 1 }).waitFor();

    const page = await usersPageFor(user.email);
    await page.getByTestId(`user-sessions-${user.id}`).click();
    const dialog = page.getByTestId('end-sessions-dialog');
    await dialog.getByText('her cihazda oturumdan çıkarılır').waitFor();
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    expect(await writesDuring(page, async () => {
      await dialog.getByTestId('end-sessions-confirm').click();
      await dialog.waitFor({ state: 'detached' });
    })).toEqual([`POST /api/v1/Users/${user.id}/logout-everywhere`]);
    await page.getByText('tüm cihazlarda oturumdan çıkarıldı').waitFor();

    // Their next request ends the session: the sign-in page, coming back to Products after it.
    await theirs.reload();
    await theirs.waitForURL((url) => url.pathname === '/auth/login', { timeout: 10_000 });
    expect(new URL(theirs.url()).searchParams.get('returnUrl')).toBe('/Products');
    expect(await storedSession(theirs)).toBeNull();
    expect(unexpected(pageErrors.get(page))).toEqual([]);
  });
});
