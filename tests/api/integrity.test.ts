// What keeps the data consistent: unique values, references, single defaults, money bounds,
// secrets never answered, and the rules of settings and Kurban orders that the server keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../server/src/crud/secrets.ts';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { RowFactory } from '../support/fixtures.ts';

let server: TestServer;
let rows: RowFactory;
beforeAll(async () => {
  server = await startTestServer();
  rows = new RowFactory(server.app, server.adminToken);
});
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
const sql = (text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows);
const languageId = async (code: string) => (await sql('SELECT id FROM languages WHERE code = $1', [code]))[0].id as number;

describe('unique values', () => {
  it('refuse a taken value with a 409 naming the field', async () => {
    const res = await api('POST', 'Languages', { Name: 'Türkçe 2', Code: 'tr-TR', Flag: 'TR' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.conflict.unique');
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['code']);
  });

  it('refuse a taken pair, naming both fields', async () => {
    const tr = await languageId('tr-TR');
    await api('POST', 'Translates', { LanguageId: tr, Code: 'test.pair', Value: 'bir' });
    const res = await api('POST', 'Translates', { LanguageId: tr, Code: 'test.pair', Value: 'iki' });
    expect(res.status).toBe(409);
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['languageId', 'code']);
  });
});

describe('references', () => {
  it('a row others reference is not deleted: 409 naming what references it', async () => {
    // English, not the default language (which is kept for another reason: it is the default).
    const en = await languageId('en-US');
    const res = await api('DELETE', `Languages/${en}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.conflict.referenced');
    expect(res.body.error.params.referencedBy).toEqual(['entity.translates']);
    expect((await api('GET', `Languages/${en}`)).status).toBe(200);
  });

  it('a reference to a row that does not exist is a 400 naming the field', async () => {
    const res = await api('POST', 'Translates', { LanguageId: 999999, Code: 'x.y', Value: 'z' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0]).toMatchObject({ field: 'languageId', code: 'validation.lookupNotFound' });
  });

  it('rows answer what their references show', async () => {
    const tr = await languageId('tr-TR');
    const page = await api('POST', 'Translates/GetListForPaging', { PageSize: 1, FilterParam: [{ ColumnName: 'languageId', FilterValue: tr }] });
    expect(page.body.data.data[0].lookups).toEqual({ languageId: 'Türkçe' });
  });
});

describe('single defaults', () => {
  it('making a language the default clears the flag on the others', async () => {
    const en = await api('GET', `Languages/${await languageId('en-US')}`);
    const res = await api('PUT', 'Languages', { id: en.body.data.id, rowVersion: en.body.data.rowVersion, Name: 'English', Code: 'en-US', Flag: 'US', isDefault: true });
    expect(res.status).toBe(200);
    expect(await sql('SELECT code FROM languages WHERE is_default')).toEqual([{ code: 'en-US' }]);
  });
});

describe('secrets', () => {
  it('passwords are stored as argon2id hashes and never answered', async () => {
    const body: Record<string, unknown> = { ...(await rows.body('User')), password: 'a-long-password-1' };
    const res = await api('POST', 'Users', body);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('a-long-password-1');
    expect(res.body.data).not.toHaveProperty('password');
    const [{ password_hash }] = await sql('SELECT password_hash FROM users WHERE id = $1', [res.body.data.id]);
    expect(password_hash).toMatch(/^\$argon2id\$/);
    // An update without a password keeps it: the user can still sign in.
    const upd = await api('PUT', 'Users', { ...body, password: undefined, id: res.body.data.id, rowVersion: 1, status: 'active' });
    expect(upd.status).toBe(200);
    expect((await call(server.app, undefined, 'POST', 'Auth/login', { email: body.email, password: 'a-long-password-1' })).status).toBe(200);
  });

  it('virtual POS keys are stored encrypted and never answered', async () => {
    const body = { ...(await rows.body('VirtualPOS')), apiPassword: 'pos-pass-123', storeKey: 'store-key-456' };
    const res = await api('POST', 'VirtualPOSs', body);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/pos-pass-123|store-key-456/);
    const [row] = await sql('SELECT api_password_enc, store_key_enc FROM virtual_pos_devices WHERE id = $1', [res.body.data.id]);
    expect(row.api_password_enc).not.toContain('pos-pass-123');
    expect(decryptSecret(server.config.encryptionKey, row.api_password_enc)).toBe('pos-pass-123');
    expect(decryptSecret(server.config.encryptionKey, row.store_key_enc)).toBe('store-key-456');
  });

  it('a secret setting answers no value, keeps it encrypted, and stays secret', async () => {
    const created = await api('POST', 'Settings', { key: 'test.secret', value: 'çok-gizli', valueType: 'string', isSecret: true });
    expect(created.status).toBe(200);
    expect(created.body.data.value).toBeNull();
    expect(JSON.stringify(created.body)).not.toContain('çok-gizli');
    const [row] = await sql("SELECT value, secret_value_enc FROM settings WHERE key = 'test.secret'");
    expect(row.value).toBeNull();
    expect(decryptSecret(server.config.encryptionKey, row.secret_value_enc)).toBe('çok-gizli');
    // Saving the row back as read (value null) keeps the secret; turning it public is refused.
    const id = created.body.data.id;
    expect((await api('PUT', 'Settings', { ...created.body.data, id, rowVersion: 1 })).status).toBe(200);
    const [kept] = await sql("SELECT secret_value_enc FROM settings WHERE key = 'test.secret'");
    expect(decryptSecret(server.config.encryptionKey, kept.secret_value_enc)).toBe('çok-gizli');
    // Saved back unchanged, nothing was written (issue 16, point 10): the version is still 1.
    const open = await api('PUT', 'Settings', { ...created.body.data, id, rowVersion: 1, isSecret: false });
    expect(open.status).toBe(400);
    expect(open.body.error.fields[0].field).toBe('isSecret');
    // The seeded webhook secret is hidden as well.
    const page = await api('POST', 'Settings/GetListForPaging', { FilterParam: [{ ColumnName: 'key', FilterValue: 'netgsm.webhookSecret', MatchMode: 'equals' }] });
    expect(page.body.data.data[0].value).toBeNull();
  });

  it('a setting value must fit its type', async () => {
    const res = await api('POST', 'Settings', { key: 'test.number', value: 'yedi', valueType: 'number' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0].field).toBe('value');
    expect((await api('POST', 'Settings', { key: 'test.number', value: '7', valueType: 'number' })).status).toBe(200);
  });
});

describe('money', () => {
  it('is exact: amounts come back as written, to the kuruş', async () => {
    const body = { ...(await rows.body('Transaction')), amount: '9999999999999999.99' };
    const res = await api('POST', 'Transactions', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.amount).toBe('9999999999999999.99');
  });

  it('bounds are enforced: a transaction amount must be above zero', async () => {
    const res = await api('POST', 'Transactions', { ...(await rows.body('Transaction')), amount: '0.00' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0]).toMatchObject({ field: 'amount', code: 'validation.exclusiveMinimum' });
  });
});

describe('Kurban orders', () => {
  it('get the next order number of the season and their totals from the server', async () => {
    const body = { ...(await rows.body('VictimOrder')), shareCount: 3, unitPrice: '14000.00', discountAmount: '500.50' };
    const first = await api('POST', 'VictimOrders', body);
    const second = await api('POST', 'VictimOrders', body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [{ value: year }] = await sql("SELECT value FROM settings WHERE key = 'season.year'");
    expect(first.body.data.orderNo).toMatch(new RegExp(`^K${year}-\\d{5}$`));
    expect(Number(second.body.data.orderNo.slice(-5))).toBe(Number(first.body.data.orderNo.slice(-5)) + 1);
    expect(first.body.data.totalAmount).toBe('41499.50');
    expect(first.body.data.balance).toBe('41499.50');
  });

  it('never share an order number, also when created at once', async () => {
    // Each on an animal of its own: eight sales of one animal would exceed its seven shares.
    const bodies = await Promise.all(Array.from({ length: 8 }, () => rows.body('VictimOrder')));
    const results = await Promise.all(bodies.map((body) => api('POST', 'VictimOrders', body)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.data.orderNo)).size).toBe(8);
  });
});

describe('translations by language', () => {
  it('answer { key: value }, the fallback language filling what a language lacks', async () => {
    const tr = await languageId('tr-TR');
    const en = await languageId('en-US');
    await api('POST', 'Translates', { LanguageId: tr, Code: 'test.onlyTurkish', Value: 'Yalnız Türkçe' });
    await api('POST', 'Translates', { LanguageId: tr, Code: 'test.both', Value: 'İkisi de' });
    await api('POST', 'Translates', { LanguageId: en, Code: 'test.both', Value: 'Both' });
    const english = await call(server.app, undefined, 'GET', 'Translates/languages/en-US');
    expect(english.status).toBe(200);
    expect(english.body.data['test.both']).toBe('Both');
    expect(english.body.data['test.onlyTurkish']).toBe('Yalnız Türkçe');
    expect(english.body.data['menu.product']).toBe('Products');
    // A bare language code finds its regional language; an unknown one gets the fallback's.
    expect((await call(server.app, undefined, 'GET', 'Translates/languages/en')).body.data['test.both']).toBe('Both');
    expect((await call(server.app, undefined, 'GET', 'Translates/languages/de-DE')).body.data['test.both']).toBe('İkisi de');
    expect((await call(server.app, undefined, 'GET', 'Translates/languages/tr')).body.data['menu.product']).toBe('Ürün Tanımları');
  });

  it('lists every translation with its language for Translates/dtos', async () => {
    const res = await api('GET', 'Translates/dtos');
    expect(res.status).toBe(200);
    expect(res.body.data.find((d: { code: string; languageCode: string }) => d.code === 'menu.product' && d.languageCode === 'en-US')).toMatchObject({ languageName: 'English', value: 'Products' });
  });
});
