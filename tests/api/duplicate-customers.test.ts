// No silent duplicate customers (issue 17, point 4): an identity number another account has is a
// 409 on the field naming that account (code and title), on POST /Accounts, PUT /Accounts and a
// sale's new customer, and writes nothing; a sale's new customer with the name and phone (in any
// format) of an active account is a 409 listing the accounts it may be, until the clerk picks one
// (`accountId`) or confirms a new customer (`customer.confirmedNew`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/app.ts';
import { validTckn } from '../support/fixtures.ts';
import { Season } from '../support/season.ts';

let server: TestServer;
let s: Season;
beforeAll(async () => {
  server = await startTestServer();
  s = new Season(server);
});
afterAll(() => server?.close());

type Answer = { status: number; body: any };
const sell = (body: Record<string, unknown>): Promise<Answer> =>
  server.app.inject({ method: 'POST', url: '/api/v1/Sales', payload: body, headers: { authorization: `Bearer ${server.adminToken}` } })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

const counts = async () => (await s.sql(
  `SELECT (SELECT count(*) FROM accounts)::int AS accounts, (SELECT count(*) FROM victim_orders)::int AS orders,
          (SELECT count(*) FROM victim_order_details)::int AS lines, (SELECT count(*) FROM victim_payments)::int AS payments,
          (SELECT count(*) FROM transactions)::int AS entries`))[0];

let seq = 0;
/** An account of the customer type with its own code. */
async function account(title: string, phoneNumber: string | null, identityNumber: string | null = null, isActive = true) {
  const [type] = await s.sql(`SELECT id FROM account_types WHERE code = 'customer'`);
  const res = await s.api('POST', 'Accounts', { code: `DUP${++seq}`, title, accountTypeId: type.id, phoneNumber, identityNumber, isActive });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; code: string; title: string; rowVersion: number };
}

/** An animal with a share price valid since 2020 in the default currency. */
async function animal() {
  const product = await s.product(7);
  const r = await s.ref();
  const [share] = await s.sql(`SELECT id FROM price_types WHERE code = 'share'`);
  const res = await s.api('POST', 'ProductPrices', { productId: product.id, priceTypeId: share.id, currencyTypeId: r.currencyId, amount: '10000.00', validFrom: '2020-01-01' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return product;
}

/** The 409 of a used identity number, naming `owner`. */
function expectNamesOwner(res: Answer, owner: { id: number; code: string; title: string }) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.error).toMatchObject({
    code: 'error.conflict.unique',
    params: { fields: ['identityNumber'], id: owner.id, code: owner.code, title: owner.title },
    fields: [{ field: 'identityNumber', code: 'validation.identityNumberTaken', params: { code: owner.code, title: owner.title } }],
  });
  expect(res.body.error.message).toBe(`Bu TCKN/VKN zaten ${owner.code} kodlu ${owner.title} hesabında kayıtlı.`);
  expect(res.body.error.fields[0].message).toContain(`${owner.code} kodlu ${owner.title}`);
}

describe('an identity number already used', () => {
  it('POST /Accounts: 409 on the field naming the account that has it, and no account is made', async () => {
    const tckn = validTckn();
    const owner = await account('Kimlik Sahibi', '0532 100 00 01', tckn);
    const before = await counts();
    const [type] = await s.sql(`SELECT id FROM account_types WHERE code = 'customer'`);
    expectNamesOwner(await s.api('POST', 'Accounts', { title: 'Başka Biri', accountTypeId: type.id, identityNumber: tckn }), owner);
    expect(await counts()).toEqual(before);
  });

  it('PUT /Accounts: giving an account a number another has names that account; keeping its own number is no clash', async () => {
    const tckn = validTckn();
    const owner = await account('Numara Sahibi', null, tckn);
    const other = await account('Numara İsteyen', null, validTckn());
    const row = (await s.api('GET', `Accounts/${other.id}`)).body.data;
    expectNamesOwner(await s.api('PUT', 'Accounts', { ...row, identityNumber: tckn }), owner);
    expect((await s.api('GET', `Accounts/${other.id}`)).body.data.rowVersion).toBe(row.rowVersion);
    const renamed = await s.api('PUT', 'Accounts', { ...(await s.api('GET', `Accounts/${owner.id}`)).body.data, title: 'Numara Sahibi Yeni' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });

  it('POST /Sales with a new customer: the same 409 naming the account, and no account, order, share line, payment or ledger entry', async () => {
    const tckn = validTckn();
    const owner = await account('Satış Kimlik Sahibi', '0532 100 00 02', tckn);
    const cattle = await animal();
    const before = await counts();
    const res = await sell({
      customer: { title: 'Satışta Yeni Kişi', phoneNumber: '0532 100 00 99', identityNumber: tckn },
      productId: cattle.id,
      shareCount: 1,
      deposit: { amount: '1000.00', paymentMethodId: (await s.ref()).methods.cash },
    });
    expectNamesOwner(res, owner);
    expect(await counts()).toEqual(before);
  });

  it('two creates of one number at once: one is made, the other is told which account has it', async () => {
    const tckn = validTckn();
    const [type] = await s.sql(`SELECT id FROM account_types WHERE code = 'customer'`);
    const answers = await Promise.all(['Aynı Anda A', 'Aynı Anda B'].map((title) =>
      s.api('POST', 'Accounts', { title, accountTypeId: type.id, identityNumber: tckn })));
    const made = answers.filter((a) => a.status === 200);
    expect(made).toHaveLength(1);
    const refused = answers.find((a) => a.status === 409)!;
    expectNamesOwner(refused, made[0].body.data);
  });
});

describe('a new customer with the name and phone of an active account', () => {
  it('is asked about, in any phone format and letter case, listing the accounts with their code and last four digits; nothing is written', async () => {
    const first = await account('Fatma Öztürk', '0532 444 55 66');
    const second = await account('FATMA ÖZTÜRK', '+90 (532) 444-5566');
    await account('Fatma Öztürk', '0532 444 55 67'); // another number
    await account('Fatma Öztürk', '0532 444 55 66', null, false); // inactive
    const cattle = await animal();
    const before = await counts();
    const res = await sell({ customer: { title: 'fatma öztürk', phoneNumber: '5324445566' }, productId: cattle.id, shareCount: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe('error.account.possibleDuplicate');
    expect(res.body.error.params.accounts).toEqual([
      { id: first.id, code: first.code, title: 'Fatma Öztürk', phoneLast4: '5566' },
      { id: second.id, code: second.code, title: 'FATMA ÖZTÜRK', phoneLast4: '5566' },
    ].sort((a, b) => a.code.localeCompare(b.code)));
    expect(res.body.error.message).toContain('Bu müşteri zaten kayıtlı olabilir');
    expect(res.body.error.message).toContain(`${first.code} Fatma Öztürk (…5566)`);
    expect(await counts()).toEqual(before);
  });

  it('picking the existing account sells to it; confirming a new customer makes one', async () => {
    const existing = await account('Hüseyin Çelik', '0 532 777 88 99');
    const cattle = await animal();
    const customer = { title: 'Hüseyin Çelik', phoneNumber: '+905327778899' };
    expect((await sell({ customer, productId: cattle.id, shareCount: 1 })).body.error.code).toBe('error.account.possibleDuplicate');

    const before = await counts();
    const picked = await sell({ accountId: existing.id, productId: cattle.id, shareCount: 1 });
    expect(picked.status, JSON.stringify(picked.body)).toBe(201);
    expect(picked.body.data.order.accountId).toBe(existing.id);
    expect((await counts()).accounts).toBe(before.accounts);

    const confirmed = await sell({ customer: { ...customer, confirmedNew: true }, productId: cattle.id, shareCount: 1 });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.data.order.accountId).not.toBe(existing.id);
    expect((await counts()).accounts).toBe(before.accounts + 1);
    expect((await s.get('Accounts', confirmed.body.data.order.accountId)).title).toBe('Hüseyin Çelik');
  });

  it('is not asked about without a phone, with another name, or when the identity numbers tell them apart', async () => {
    await account('Zeynep Arslan', '0532 222 33 44', validTckn());
    const cattle = await animal();
    for (const customer of [
      { title: 'Zeynep Arslan' },
      { title: 'Zeynep Arslan Kaya', phoneNumber: '0532 222 33 44' },
      { title: 'Zeynep Arslan', phoneNumber: '0532 222 33 44', identityNumber: validTckn() },
    ]) {
      const res = await sell({ customer, productId: cattle.id, shareCount: 1 });
      expect(res.status, `${JSON.stringify(customer)}: ${JSON.stringify(res.body)}`).toBe(201);
    }
  });

  it('two sales making the same new person at once: one makes the account, the other is asked about it', async () => {
    const cattle = await animal();
    const customer = { title: 'Eş Zamanlı Müşteri', phoneNumber: '0532 555 66 77' };
    const answers = await Promise.all([sell({ customer, productId: cattle.id, shareCount: 1 }), sell({ customer: { ...customer, phoneNumber: '05325556677' }, productId: cattle.id, shareCount: 1 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const made = answers.find((a) => a.status === 201)!.body.data.order.accountId;
    expect(answers.find((a) => a.status === 409)!.body.error.params.accounts).toEqual([expect.objectContaining({ id: made, phoneLast4: '6677' })]);
  });
});
