// The catalogue's rules (server/src/domain/catalogue.ts): one default per kind, trees without
// cycles, price periods that never overlap, attribute values that fit their attribute; each also
// under concurrent requests where concurrency could break it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { RowFactory } from '../support/fixtures.ts';

let server: TestServer;
let rows: RowFactory;
beforeAll(async () => {
  server = await startTestServer();
  rows = new RowFactory(server.app, server.adminToken);
});
afterAll(() => server?.close());

type Row = Record<string, any>;
const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
const sql = (text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows);
const get = async (plural: string, id: number): Promise<Row> => (await api('GET', `${plural}/${id}`)).body.data;
/** PUT of the row as it is now, with `changes`. */
async function save(plural: string, id: number, changes: Row, idName = 'id') {
  const row = await get(plural, id);
  return api('PUT', plural, { ...row, [idName]: id, ...changes });
}
const fieldsOf = (res: { body: any }) => res.body.error?.fields?.map((f: { field: string; code: string }) => `${f.field}:${f.code}`);
const defaults = async (table: string, where = 'true', params: unknown[] = []) =>
  (await sql(`SELECT id FROM ${table} WHERE is_default AND ${where} ORDER BY id`, params)).map((r) => r.id as number);

// Language rows answer payload names on writes only; these bodies carry both spellings harmlessly.
const languageBody = (row: Row) => ({ id: row.id, rowVersion: row.rowVersion, Name: row.name, Code: row.code, Flag: row.flag, isActive: row.isActive, displayOrder: row.displayOrder });
const newLanguage = async (n: number) => {
  const res = await api('POST', 'Languages', { Name: `Dil ${n}`, Code: `x${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}`, Flag: 'XX' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Row;
};

describe('one default language', () => {
  it('the default cannot be unset or deleted while other languages exist', async () => {
    const [trId] = await defaults('languages');
    const tr = await get('Languages', trId);
    const unset = await api('PUT', 'Languages', { ...languageBody(tr), isDefault: false });
    expect(unset.status).toBe(409);
    expect(unset.body.error.code).toBe('error.default.required');
    const del = await api('DELETE', `Languages/${trId}`);
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe('error.default.required');
    expect(await defaults('languages')).toEqual([trId]);
    // A language that is not the default is deleted as usual.
    const other = await newLanguage(1);
    expect(other.isDefault).toBe(false);
    expect((await api('DELETE', `Languages/${other.id}`)).status).toBe(200);
  });

  it('concurrent "make it the default" saves all succeed, one after the other, leaving exactly one default', async () => {
    const langs = await Promise.all(Array.from({ length: 12 }, (_, i) => newLanguage(i + 10)));
    const results = await Promise.all(langs.map((l) => api('PUT', 'Languages', { ...languageBody(l), isDefault: true })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    const now = await defaults('languages');
    expect(now).toHaveLength(1);
    expect(langs.map((l) => l.id)).toContain(now[0]);
  });
});

describe('one default currency', () => {
  it('a new currency is not the default; setting one clears the other; the default is never unset or deleted', async () => {
    const [tryId] = await defaults('currency_types');
    const usd = await rows.create('CurrencyType', { isDefault: false });
    expect(usd.isDefault).toBe(false);
    expect((await save('CurrencyTypes', tryId, { isDefault: false })).body.error.code).toBe('error.default.required');
    expect((await api('DELETE', `CurrencyTypes/${tryId}`)).body.error.code).toBe('error.default.required');
    expect((await save('CurrencyTypes', usd.id, { isDefault: true })).status).toBe(200);
    expect(await defaults('currency_types')).toEqual([usd.id]);
    expect((await save('CurrencyTypes', tryId, { isDefault: true })).status).toBe(200);
    expect(await defaults('currency_types')).toEqual([tryId]);
    // The one that lost the flag was changed: its rowVersion moved on, so a stale edit cannot revive it.
    expect((await get('CurrencyTypes', usd.id)).rowVersion).toBe(3);
  });
});

describe('one default address per account', () => {
  it("an account's first address becomes its default; another one taking the flag clears it", async () => {
    const account = await rows.create('Account');
    const first = await rows.create('AccountAddress', { accountId: account.id, isDefault: false });
    expect(first.isDefault).toBe(true);
    const second = await rows.create('AccountAddress', { accountId: account.id, isDefault: false });
    expect(second.isDefault).toBe(false);
    const third = await rows.create('AccountAddress', { accountId: account.id, isDefault: true });
    expect(await defaults('account_addresses', 'account_id = $1', [account.id])).toEqual([third.id]);
    // Another account's default is not touched.
    const other = await rows.create('AccountAddress', { isDefault: true });
    expect(await defaults('account_addresses', 'account_id = $1', [other.accountId])).toEqual([other.id]);
    expect(await defaults('account_addresses', 'account_id = $1', [account.id])).toEqual([third.id]);
  });

  it('the default is not unset, deleted or moved away while the account has other addresses; the last one goes', async () => {
    const account = await rows.create('Account');
    const home = await rows.create('AccountAddress', { accountId: account.id, isDefault: true });
    const work = await rows.create('AccountAddress', { accountId: account.id, isDefault: false });
    expect((await save('AccountAddresses', home.id, { isDefault: false })).body.error.code).toBe('error.default.required');
    expect((await api('DELETE', `AccountAddresses/${home.id}`)).body.error.code).toBe('error.default.required');
    const elsewhere = await rows.create('Account');
    expect((await save('AccountAddresses', home.id, { accountId: elsewhere.id })).body.error.code).toBe('error.default.required');
    expect(await defaults('account_addresses', 'account_id = $1', [account.id])).toEqual([home.id]);
    // Moving the other address away: it becomes the default of its new, empty account.
    const moved = await save('AccountAddresses', work.id, { accountId: elsewhere.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.isDefault).toBe(true);
    // Alone now, the default can go.
    expect((await api('DELETE', `AccountAddresses/${home.id}`)).status).toBe(200);
  });

  it('concurrent first addresses of one account leave exactly one default', async () => {
    const account = await rows.create('Account');
    const bodies = await Promise.all(Array.from({ length: 10 }, () => rows.body('AccountAddress')));
    const results = await Promise.all(bodies.map((b) => api('POST', 'AccountAddresses', { ...b, accountId: account.id, isDefault: false })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await defaults('account_addresses', 'account_id = $1', [account.id])).toHaveLength(1);
    expect(results.filter((r) => r.body.data.isDefault)).toHaveLength(1);
  });

  it('concurrent "make it the default" saves of one account leave exactly one default', async () => {
    const account = await rows.create('Account');
    // The first address is the default already (a save clearing it would make its copy stale).
    await rows.create('AccountAddress', { accountId: account.id, isDefault: true });
    const addresses = [];
    for (let i = 0; i < 10; i++) addresses.push(await rows.create('AccountAddress', { accountId: account.id, isDefault: false }));
    const results = await Promise.all(addresses.map((a) => api('PUT', 'AccountAddresses', { ...a, isDefault: true })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await defaults('account_addresses', 'account_id = $1', [account.id])).toHaveLength(1);
  });
});

describe('one default virtual POS', () => {
  it('the first active POS is the default; an inactive POS cannot be; the default is deactivated only when it is the last active one', async () => {
    expect(await sql('SELECT id FROM virtual_pos_devices')).toEqual([]);
    const first = await rows.create('VirtualPOS', { isDefault: false });
    expect(first.isDefault).toBe(true);
    const inactive = await api('POST', 'VirtualPOSs', { ...(await rows.body('VirtualPOS')), isActive: false, isDefault: true });
    expect(inactive.status).toBe(400);
    expect(fieldsOf(inactive)).toEqual(['isDefault:validation.inactiveDefault']);
    const second = await rows.create('VirtualPOS', { isDefault: false });
    expect(second.isDefault).toBe(false);
    expect((await save('VirtualPOSs', first.id, { isActive: false })).body.error.code).toBe('error.default.required');
    expect((await save('VirtualPOSs', first.id, { isDefault: false })).body.error.code).toBe('error.default.required');
    expect((await api('DELETE', `VirtualPOSs/${first.id}`)).body.error.code).toBe('error.default.required');
    // Hand the flag over, then the old default can be switched off.
    expect((await save('VirtualPOSs', second.id, { isDefault: true })).status).toBe(200);
    expect((await save('VirtualPOSs', first.id, { isActive: false })).status).toBe(200);
    expect(await defaults('virtual_pos_devices')).toEqual([second.id]);
    // The last active POS may be switched off: no POS is the default then; reactivating one makes it the default.
    const off = await save('VirtualPOSs', second.id, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.data.isDefault).toBe(false);
    expect(await defaults('virtual_pos_devices')).toEqual([]);
    const on = await save('VirtualPOSs', first.id, { isActive: true });
    expect(on.body.data.isDefault).toBe(true);
  });

  it('the database refuses an inactive default and a second default, whatever writes them', async () => {
    await expect(sql("UPDATE virtual_pos_devices SET is_active = false WHERE is_default")).rejects.toMatchObject({ constraint: 'ck_virtual_pos_devices__default_active' });
    await expect(sql('UPDATE languages SET is_default = true')).rejects.toMatchObject({ constraint: 'uq_languages__default' });
    await expect(sql('UPDATE currency_types SET is_default = true')).rejects.toMatchObject({ constraint: 'uq_currency_types__default' });
  });
});

describe('trees without cycles', () => {
  const cycle = (res: { status: number; body: any }, field: string) => {
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual([`${field}:validation.cycle`]);
  };

  it('a category cannot be its own parent nor move under one of its descendants', async () => {
    const a = await rows.create('Category', { parentId: null });
    const b = await rows.create('Category', { parentId: a.id });
    const c = await rows.create('Category', { parentId: b.id });
    cycle(await save('Categories', a.id, { parentId: a.id }), 'parentId');
    cycle(await save('Categories', a.id, { parentId: c.id }), 'parentId');
    cycle(await save('Categories', b.id, { parentId: c.id }), 'parentId');
    expect((await get('Categories', a.id)).parentId).toBeNull();
    // Elsewhere in the tree is fine: c moves up under a, then a under a new root.
    expect((await save('Categories', c.id, { parentId: a.id })).status).toBe(200);
    const root = await rows.create('Category', { parentId: null });
    expect((await save('Categories', a.id, { parentId: root.id })).status).toBe(200);
  });

  it('two concurrent moves that together would close a loop: exactly one is refused', async () => {
    for (let i = 0; i < 10; i++) {
      const x = await rows.create('Category', { parentId: null });
      const y = await rows.create('Category', { parentId: null });
      const [r1, r2] = await Promise.all([save('Categories', x.id, { parentId: y.id }), save('Categories', y.id, { parentId: x.id })]);
      expect([r1.status, r2.status].sort()).toEqual([200, 400]);
      const parents = await sql('SELECT id, parent_id FROM categories WHERE id = ANY($1)', [[x.id, y.id]]);
      expect(parents.filter((p) => p.parent_id !== null)).toHaveLength(1);
    }
  });

  it('an account cannot be its own main account nor the sub-account of one of its sub-accounts, also concurrently', async () => {
    const main = await rows.create('Account', { mainAccountId: null });
    const sub = await rows.create('Account', { mainAccountId: main.id });
    cycle(await save('Accounts', main.id, { mainAccountId: main.id }), 'mainAccountId');
    cycle(await save('Accounts', main.id, { mainAccountId: sub.id }), 'mainAccountId');
    for (let i = 0; i < 5; i++) {
      const x = await rows.create('Account', { mainAccountId: null });
      const y = await rows.create('Account', { mainAccountId: null });
      const [r1, r2] = await Promise.all([save('Accounts', x.id, { mainAccountId: y.id }), save('Accounts', y.id, { mainAccountId: x.id })]);
      expect([r1.status, r2.status].sort()).toEqual([200, 400]);
    }
  });
});

describe('price periods', () => {
  let base: Row;
  beforeAll(async () => {
    const body = await rows.body('ProductPrice');
    base = { ...body, productId: await rows.animal() };
  });
  const price = (validFrom: string, validTo: string | null) => api('POST', 'ProductPrices', { ...base, validFrom, validTo });

  it('end before start is a 400 on validTo; the same day is a one-day period', async () => {
    const res = await price('2026-06-10', '2026-06-09');
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['validTo:validation.dateOrder']);
    expect((await price('2026-06-10', '2026-06-10')).status).toBe(200);
  });

  it('overlapping periods of one product, price type and currency are a 409 naming both dates; adjoining ones are not', async () => {
    expect((await price('2026-07-01', '2026-07-31')).status).toBe(200);
    const overlap = await price('2026-07-31', '2026-08-15'); // both bounds are inclusive
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.code).toBe('error.price.overlap');
    expect(overlap.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['validFrom', 'validTo']);
    expect((await price('2026-08-01', null)).status).toBe(200);
    expect((await price('2027-01-01', '2027-01-31')).status).toBe(409); // inside the open-ended one
    // Another price type is another series.
    expect((await api('POST', 'ProductPrices', { ...base, priceTypeId: (await rows.create('PriceType')).id, validFrom: '2026-07-15', validTo: null })).status).toBe(200);
    // An update moving a period onto another is refused the same way.
    const june = await price('2026-06-01', '2026-06-05');
    const moved = await api('PUT', 'ProductPrices', { ...base, id: june.body.data.id, rowVersion: 1, validFrom: '2026-06-20', validTo: '2026-07-02' });
    expect(moved.body.error.code).toBe('error.price.overlap');
    const backwards = await api('PUT', 'ProductPrices', { ...base, id: june.body.data.id, rowVersion: 1, validFrom: '2026-06-01', validTo: '2026-05-01' });
    expect(fieldsOf(backwards)).toEqual(['validTo:validation.dateOrder']);
  });

  it('50 concurrent overlapping prices: exactly one is saved', async () => {
    const productId = await rows.animal();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      api('POST', 'ProductPrices', { ...base, productId, validFrom: `2026-09-${String(1 + (i % 20)).padStart(2, '0')}`, validTo: '2026-09-30' })));
    const tally: Record<string, number> = {};
    for (const r of results) {
      const key = r.status === 200 ? '200' : `${r.status} ${r.body.error?.code}`;
      tally[key] = (tally[key] ?? 0) + 1;
    }
    expect(tally).toEqual({ '200': 1, '409 error.price.overlap': 49 });
    expect((await sql('SELECT count(*)::int AS n FROM product_prices WHERE product_id = $1', [productId]))[0].n).toBe(1);
  });
});

describe('attribute values', () => {
  const attributeOf = async (dataType: string) => {
    const type = await rows.create('AttributeType', { dataType });
    return { type, attribute: await rows.create('Attribute', { attributeTypeId: type.id }) };
  };
  const value = async (attributeId: number, v: string | null, attributeOptionId: number | null = null) =>
    api('POST', 'ProductAttributeValues', { productId: await rows.animal(), attributeId, value: v, attributeOptionId });
  const refused = (res: { status: number; body: any }, fieldCode: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(fieldsOf(res)).toEqual([fieldCode]);
  };

  it('a select attribute takes one of its own options and no value', async () => {
    const { attribute } = await attributeOf('select');
    const { attribute: otherAttribute } = await attributeOf('select');
    const simental = await rows.create('AttributeOption', { attributeId: attribute.id, value: 'Simental' });
    const angus = await rows.create('AttributeOption', { attributeId: otherAttribute.id, value: 'Angus' });
    refused(await value(attribute.id, null, angus.id), 'attributeOptionId:validation.optionOfOtherAttribute');
    refused(await value(attribute.id, 'Simental', simental.id), 'value:validation.attributeValueType');
    refused(await value(attribute.id, null, null), 'attributeOptionId:validation.required');
    const ok = await value(attribute.id, null, simental.id);
    expect(ok.status).toBe(200);
    // An update naming only the required fields keeps the stored option: the row is judged as it will be.
    const kept = await api('PUT', 'ProductAttributeValues', { id: ok.body.data.id, rowVersion: 1, productId: ok.body.data.productId, attributeId: attribute.id });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.attributeOptionId).toBe(simental.id);
  });

  it.each([
    ['number', ['12', '-3', '45.50'], ['abc', '1,5', '1e3', '']],
    ['boolean', ['true', 'false'], ['yes', 'TRUE', '1']],
    ['date', ['2026-02-28', '2024-02-29'], ['2026-02-30', '2025-02-29', '28.02.2026', '2026-2-28']],
    ['text', ['Kara alaca', '12'], []],
  ])('a %s attribute takes a value of its data type and no option', async (dataType, good, bad) => {
    const { attribute } = await attributeOf(dataType as string);
    for (const v of good as string[]) expect((await value(attribute.id, v)).status, `${dataType} ${v}`).toBe(200);
    for (const v of bad as string[]) {
      const res = await value(attribute.id, v);
      expect(res.status, `${dataType} ${v}`).toBe(400);
      expect(res.body.error.fields[0].field).toBe('value');
    }
    refused(await value(attribute.id, null), 'value:validation.required');
    const { attribute: select } = await attributeOf('select');
    const option = await rows.create('AttributeOption', { attributeId: select.id });
    refused(await value(attribute.id, (good as string[])[0], option.id), 'attributeOptionId:validation.optionOnlyForSelect');
  });

  it('an invalid value of a valid type names the type rule', async () => {
    const { attribute } = await attributeOf('number');
    refused(await value(attribute.id, 'on iki'), 'value:validation.attributeValueType');
  });

  it('options only for select attributes', async () => {
    const { attribute } = await attributeOf('text');
    const res = await api('POST', 'AttributeOptions', { attributeId: attribute.id, value: 'Bir', displayOrder: 0 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.attributeOption.notSelect');
    // Nor moved onto one.
    const { attribute: select } = await attributeOf('select');
    const option = await rows.create('AttributeOption', { attributeId: select.id });
    expect((await save('AttributeOptions', option.id, { attributeId: attribute.id })).body.error.code).toBe('error.attributeOption.notSelect');
  });

  it("a type's data type and an attribute's type cannot change once values use them", async () => {
    const { type, attribute } = await attributeOf('number');
    expect((await save('AttributeTypes', type.id, { name: 'Yeni ad' })).status).toBe(200);
    expect((await save('AttributeTypes', type.id, { dataType: 'text' })).status).toBe(200); // no values yet
    expect((await value(attribute.id, 'serbest metin')).status).toBe(200);
    const typeChange = await save('AttributeTypes', type.id, { dataType: 'number' });
    expect(typeChange.status).toBe(409);
    expect(typeChange.body.error.code).toBe('error.attributeType.inUse');
    const { type: other } = await attributeOf('text');
    const moved = await save('Attributes', attribute.id, { attributeTypeId: other.id });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('error.attributeType.inUse');
    expect((await save('Attributes', attribute.id, { name: 'Renk' })).status).toBe(200);
  });

  it('a value and a type change at the same moment cannot both pass', async () => {
    for (let i = 0; i < 10; i++) {
      const { type, attribute } = await attributeOf('text');
      const productId = await rows.animal();
      const typeRow = await get('AttributeTypes', type.id);
      const [v, t] = await Promise.all([
        api('POST', 'ProductAttributeValues', { productId, attributeId: attribute.id, value: 'metin', attributeOptionId: null }),
        api('PUT', 'AttributeTypes', { ...typeRow, dataType: 'number' }),
      ]);
      // Either the value came first (the type change is refused) or the type did (the value does not fit).
      expect([v.status, t.status].sort()).toEqual([200, t.status === 409 ? 409 : 400].sort());
      const [{ data_type }] = await sql('SELECT data_type FROM attribute_types WHERE id = $1', [type.id]);
      const values = await sql('SELECT value FROM product_attribute_values WHERE attribute_id = $1', [attribute.id]);
      expect(data_type === 'number' ? values.length : 1).toBe(data_type === 'number' ? 0 : values.length);
    }
  });
});

describe('reference rows found by code (issue 16, point 4)', () => {
  const idOf = async (table: string, code: string) => (await sql(`SELECT id FROM ${table} WHERE code = $1`, [code]))[0]?.id as number | undefined;

  it('the seed gives the reference rows their codes', async () => {
    for (const [table, codes] of Object.entries({
      price_types: ['sale', 'purchase', 'deposit', 'share'],
      account_types: ['customer', 'supplier', 'staff', 'donor'],
      appointment_types: ['slaughter', 'pickup', 'visit'],
      attributes: ['breed', 'liveWeight', 'earTag', 'age'],
      payment_statuses: ['pending', 'paid', 'cancelled', 'refunded'],
    })) {
      // Other tests of this file add rows with codes of their own.
      expect((await sql(`SELECT code FROM ${table} WHERE code IS NOT NULL`)).map((r) => r.code), table).toEqual(expect.arrayContaining(codes));
    }
  });

  it.each([['PriceTypes', 'price_types', 'share'], ['AccountTypes', 'account_types', 'customer']])(
    '%s: the row of the code the server relies on keeps its code and stays, but may be renamed',
    async (plural, table, code) => {
      const id = (await idOf(table, code))!;
      const changed = await save(plural, id, { code: 'other' });
      expect(changed.status).toBe(409);
      expect(changed.body.error).toMatchObject({ code: 'error.reference.serverCode', params: { code } });
      const emptied = await save(plural, id, { code: null });
      expect(emptied.status).toBe(409);
      const removed = await api('DELETE', `${plural}/${id}`);
      expect(removed.status).toBe(409);
      expect(removed.body.error.code).toBe('error.reference.serverCode');
      expect((await save(plural, id, { name: 'Yeniden adlandırıldı' })).status).toBe(200);
      expect(await idOf(table, code)).toBe(id);
    },
  );

  it('other codes are the staff\'s: a new row may carry one or none, and codes are unique', async () => {
    const made = await api('POST', 'PriceTypes', { name: 'Toptan', code: 'wholesale' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await api('POST', 'PriceTypes', { name: 'Toptan 2', code: 'wholesale' })).status).toBe(409);
    expect((await api('POST', 'PriceTypes', { name: 'Kodsuz' })).status).toBe(200);
    expect((await api('POST', 'PriceTypes', { name: 'Kötü kod', code: 'Büyük Harf' })).status).toBe(400);
    expect((await save('PriceTypes', made.body.data.id, { code: 'bulk' })).status).toBe(200);
    expect((await api('DELETE', `PriceTypes/${made.body.data.id}`)).status).toBe(200);
  });
});
