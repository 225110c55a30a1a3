// Reference data in the user's language (issue 17, point 8): every seeded reference row with a key,
// every claim and every setting has its translation in both languages in `translates`, and what
// the screens show beside a reference (lookups, the Monitor, the dashboard) carries the key.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/src/db/seed/index.ts';
import { seedReference } from '../../server/src/db/seed/reference.ts';
import { referenceTextId } from '../../common/reference-codes.ts';
import { call, startTestServer, type TestServer } from '../support/app.ts';

interface EntityJson {
  name: string;
  table: string;
  translate?: { key: string; fields: string[] };
  fields: { name: string; column: string }[];
}
const entities = JSON.parse(readFileSync(new URL('../../generated/server/entities.json', import.meta.url), 'utf8')) as EntityJson[];
const translated = entities.filter((e) => e.translate);
const column = (e: EntityJson, field: string) => e.fields.find((f) => f.name === field)!.column;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The demo season adds categories with codes, orders, payments and a queue.
  await seedDemo(server.database.pool, { encryptionKey: server.config.encryptionKey });
}, 180_000);
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
const sql = (text: string, params: unknown[] = []) => server.database.pool.query(text, params).then((r) => r.rows);

/** Every (id, translated text) of the seeded rows with a key, for each language. */
async function neededIds(): Promise<string[]> {
  const ids: string[] = [];
  for (const e of translated) {
    const rows = await sql(`SELECT "${column(e, e.translate!.key)}" AS key FROM "${e.table}" WHERE "${column(e, e.translate!.key)}" IS NOT NULL`);
    for (const { key } of rows) for (const field of e.translate!.fields) ids.push(referenceTextId(e.name, field, key));
  }
  return ids;
}

describe('reference translations', () => {
  it('declares the reference entities the issue names as translated', () => {
    expect(translated.map((e) => e.name).sort()).toEqual(expect.arrayContaining([
      'AccountType', 'AppointmentType', 'Category', 'OperationClaim', 'PaymentMethod', 'PaymentStatus', 'ProductType', 'Setting', 'TransactionType', 'VictimAppointmentStep',
    ]));
  });

  it('gives every seeded reference row a key', async () => {
    for (const e of translated) {
      const [{ n, missing }] = await sql(`SELECT count(*)::int AS n, count(*) FILTER (WHERE "${column(e, e.translate!.key)}" IS NULL)::int AS missing FROM "${e.table}"`);
      expect(n, e.name).toBeGreaterThan(0);
      expect(missing, e.name).toBe(0);
    }
  });

  it('has a Turkish and an English translation of every seeded row with a key, every claim and every setting', async () => {
    const ids = await neededIds();
    const [{ claims }] = await sql('SELECT count(*)::int AS claims FROM operation_claims');
    const [{ settings }] = await sql('SELECT count(*)::int AS settings FROM settings');
    expect(claims).toBeGreaterThan(100);
    expect(ids.filter((id) => id.startsWith('ref.operationClaim.description.'))).toHaveLength(claims);
    expect(ids.filter((id) => id.startsWith('ref.setting.description.'))).toHaveLength(settings);
    for (const language of ['tr-TR', 'en-US']) {
      const present = await sql(
        `SELECT t.code FROM translates t JOIN languages l ON l.id = t.language_id WHERE l.code = $1 AND t.code = ANY($2::text[]) AND t.value <> ''`,
        [language, ids],
      );
      const have = new Set(present.map((r) => r.code));
      expect(ids.filter((id) => !have.has(id)), language).toEqual([]);
    }
  });

  it('says them in each language', async () => {
    const value = async (language: string, id: string) =>
      (await sql('SELECT t.value FROM translates t JOIN languages l ON l.id = t.language_id WHERE l.code = $1 AND t.code = $2', [language, id]))[0]?.value;
    expect(await value('en-US', 'ref.paymentMethod.name.cash')).toBe('Cash');
    expect(await value('tr-TR', 'ref.paymentMethod.name.cash')).toBe('Nakit');
    expect(await value('en-US', 'ref.victimAppointmentStep.name.slaughtered')).toBe('Slaughtered');
    expect(await value('tr-TR', 'ref.operationClaim.description.Products.Read')).toBe('Ürünler: görüntüleme');
    expect(await value('en-US', 'ref.operationClaim.description.Products.Read')).toBe('View Products');
    expect(await value('tr-TR', 'ref.setting.description.season.year')).toMatch(/Kurban sezonu/);
    expect(await value('en-US', 'ref.setting.description.season.year')).toMatch(/Kurban season/);
  });

  it('answers the key of a translated reference beside its name in lists, one row and rows built in SQL', async () => {
    const page = await api('POST', 'VictimPayments/GetListForPaging', { PageNumber: 1, PageSize: 5, FilterParam: [], SortingParams: [] });
    expect(page.status).toBe(200);
    const payment = page.body.data.data[0];
    const [method] = await sql('SELECT name, key FROM payment_methods WHERE id = $1', [payment.paymentMethodId]);
    const [status] = await sql('SELECT name, code FROM payment_statuses WHERE id = $1', [payment.paymentStatusId]);
    expect(payment.lookups.paymentMethodId).toBe(method.name);
    expect(payment.lookupKeys).toEqual({ paymentMethodId: method.key, paymentStatusId: status.code });

    const one = await api('GET', `VictimPayments/${payment.id}`);
    expect(one.body.data.lookupKeys).toEqual(payment.lookupKeys);
    // An entity with no translated reference carries none.
    const orders = await api('POST', 'VictimOrders/GetListForPaging', { PageNumber: 1, PageSize: 1, FilterParam: [], SortingParams: [] });
    expect(orders.body.data.data[0].lookupKeys).toBeUndefined();
  });

  it('answers a row staff added without a key with a null key and its own name', async () => {
    const made = await api('POST', 'PaymentMethods', { name: 'Ziraat Havale', code: 'transfer' });
    expect(made.status).toBe(200);
    expect(made.body.data.key).toBeNull();
    const [order] = await sql(`SELECT id, account_id, currency_type_id FROM victim_orders WHERE status = 'confirmed' AND balance > 0 ORDER BY id LIMIT 1`);
    const [pending] = await sql(`SELECT id FROM payment_statuses WHERE code = 'pending'`);
    const [row] = await sql(
      `INSERT INTO victim_payments (victim_order_id, account_id, amount, currency_type_id, payment_method_id, payment_status_id)
       VALUES ($1, $2, '1.00', $3, $4, $5) RETURNING id`,
      [order.id, order.account_id, order.currency_type_id, made.body.data.id, pending.id],
    );
    const got = await api('GET', `VictimPayments/${row.id}`);
    expect(got.body.data.lookups.paymentMethodId).toBe('Ziraat Havale');
    expect(got.body.data.lookupKeys.paymentMethodId).toBeNull();
  });

  it('gives the Monitor board and the dashboard the codes of steps and appointment types', async () => {
    const [{ day }] = await sql(`SELECT to_char(slaughter_day, 'YYYY-MM-DD') AS day FROM victim_products_appointments ORDER BY slaughter_day LIMIT 1`);
    const board = await api('GET', `Monitor/board?date=${day}`);
    expect(board.status).toBe(200);
    expect(board.body.data.steps.map((s: { code: string }) => s.code)).toEqual(['received', 'slaughtered', 'cut', 'packed', 'delivered']);

    const summary = await api('GET', 'Dashboard/summary');
    expect(summary.status).toBe(200);
    const steps = summary.body.data.queueByStep;
    expect(steps[0]).toMatchObject({ stepId: null, code: null });
    expect(steps.slice(1).map((s: { code: string }) => s.code)).toEqual(['received', 'slaughtered', 'cut', 'packed', 'delivered']);
    for (const a of summary.body.data.appointmentsToday) expect(a).toHaveProperty('typeCode');
  });

  it('stores claims described in Turkish, replacing the English of earlier versions but not a description staff wrote', async () => {
    const described = async (name: string) => (await sql(`SELECT description FROM operation_claims WHERE name = $1`, [name]))[0].description;
    expect(await described('Products.Read')).toBe('Ürünler: görüntüleme');
    await sql(`UPDATE operation_claims SET description = 'View products' WHERE name = 'Products.Read'`);
    await sql(`UPDATE operation_claims SET description = 'Ürün listesine bakar' WHERE name = 'Products.Create'`);
    await seedReference(server.database.pool, { encryptionKey: server.config.encryptionKey });
    expect(await described('Products.Read')).toBe('Ürünler: görüntüleme');
    expect(await described('Products.Create')).toBe('Ürün listesine bakar');
  });

  it('gives the rows an earlier version seeded their codes when migrating', async () => {
    // The database as an earlier version left it: the seeded rows without codes.
    await sql('UPDATE product_types SET code = NULL');
    await sql('UPDATE payment_methods SET key = NULL');
    await sql('UPDATE victim_appointment_steps SET code = NULL');
    await sql('UPDATE transaction_types SET code = NULL');
    await sql('UPDATE categories SET code = NULL');
    const migration = readFileSync(new URL('../../server/src/db/migrations/0015_reference_codes.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((s) => /^\s*(--.*\n\s*)*UPDATE/.test(s))) await sql(statement);
    const codes = async (table: string, key = 'code') => (await sql(`SELECT ${key} AS k FROM ${table} WHERE ${key} IS NOT NULL ORDER BY 1`)).map((r) => r.k);
    expect(await codes('product_types')).toEqual(['cattle', 'meat', 'service', 'share', 'sheep']);
    expect(await codes('payment_methods', 'key')).toEqual(['card', 'cash', 'transfer', 'virtualPos']);
    expect(await codes('victim_appointment_steps')).toEqual(['cut', 'delivered', 'packed', 'received', 'slaughtered']);
    expect(await codes('transaction_types')).toEqual(['collection', 'collectionReversal', 'expense', 'payment', 'purchase', 'sale', 'saleReversal']);
    expect(await codes('categories')).toEqual(['animals', 'cattle', 'meat', 'redMeat', 'services', 'sheep']);
  });
});
