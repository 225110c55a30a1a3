// The global search as staff type it (issue 17, point 3): a list finds rows by the names shown in
// it through its references (an order by its customer, shareholders, animal and ear tag, phones),
// phones whatever their format, Turkish letters and case folded; every searched field keeps a
// stored search copy (a text folded, a phone's digits) with its trigram index, and the search
// reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../server/src/crud/entities.ts';
import { startTestServer, type TestServer } from '../support/app.ts';
import { Season } from '../support/season.ts';

let server: TestServer;
let s: Season;
let order: Record<string, any>;
let other: Record<string, any>;
let payment: Record<string, any>;
let customer: Record<string, any>;
beforeAll(async () => {
  server = await startTestServer();
  s = new Season(server);
  const animal = await s.product();
  await s.sql(`UPDATE products SET name = 'Sarıkız' WHERE id = $1`, [animal.id]);
  await s.sql(`INSERT INTO product_attribute_values (product_id, attribute_id, value) SELECT $1, id, 'TR-4471-0042' FROM attributes WHERE code = 'earTag'`, [animal.id]);
  customer = await s.customer('Hatice Şahin');
  await s.sql(`UPDATE accounts SET phone_number = '+90 553 779 44 95' WHERE id = $1`, [customer.id]);
  order = await s.order({ accountId: customer.id, productId: animal.id, shareCount: 2, status: 'confirmed' });
  await s.sql(`UPDATE victim_order_details SET shareholder_name = 'Mehmet Işık', shareholder_phone = '0532 444 12 34' WHERE victim_order_id = $1 AND share_no = (SELECT max(share_no) FROM victim_order_details WHERE victim_order_id = $1)`, [order.id]);
  payment = await s.payment(order, '1000.00');
  other = await s.order({ accountId: (await s.customer('Ali Veli')).id });
  await s.sql(
    `INSERT INTO netgsm_call_webhook_logs (received_at, unique_id, caller_number, called_number, raw_payload) VALUES (now(), 'search-1', '+90 553 779 44 95', '0212 000 00 00', '{}')`);
});
afterAll(() => server?.close());

const found = async (plural: string, search: string): Promise<number[]> => {
  const res = await s.api('POST', `${plural}/GetListForPaging`, { PageNumber: 1, PageSize: 500, GlobalFilter: search });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.data.map((r: { id: number }) => r.id);
};

describe('the orders list finds an order by what staff know of it', () => {
  it.each([
    ['its customer', 'Hatice'],
    ['its customer without Turkish letters', 'sahin'],
    ['its customer in capitals', 'HATİCE ŞAHİN'],
    ['a shareholder', 'Mehmet'],
    ['a shareholder, capital dotless I folded', 'IŞIK'],
    ['a shareholder without Turkish letters', 'isik'],
    ['the customer\'s phone as it is written', '+90 553 779 44 95'],
    ['the customer\'s phone with the trunk zero', '0553 779 44 95'],
    ['the customer\'s phone as digits', '05537794495'],
    ['the customer\'s phone with the country code', '+905537794495'],
    ['a part of the customer\'s phone', '553 779'],
    ['a shareholder\'s phone, partly', '0532 444'],
    ['its animal', 'sarikiz'],
    ['its animal\'s ear tag', 'TR-4471-0042'],
  ])('%s (%s)', async (_what, search) => {
    const ids = await found('VictimOrders', search);
    expect(ids).toContain(order.id);
    expect(ids).not.toContain(other.id);
  });

  it('its number, whole or in part', async () => {
    expect(await found('VictimOrders', order.orderNo)).toEqual([order.id]);
    expect(await found('VictimOrders', order.orderNo.toLowerCase().slice(1))).toContain(order.id);
  });

  it('a search that matches nothing finds nothing', async () => {
    expect(await found('VictimOrders', 'Zeynep Kaya')).toEqual([]);
    expect(await found('VictimOrders', '0599 999')).toEqual([]);
  });
});

describe('other lists', () => {
  it('a payment by its customer, its order\'s shareholder and its receipt number', async () => {
    for (const search of ['hatice', 'Işık', '553779', payment.receiptNo]) expect(await found('VictimPayments', search), search).toContain(payment.id);
  });

  it('an account by its title folded and its phone in any format', async () => {
    for (const search of ['şahin', 'SAHIN', '0553 779 44 95', '+90 (553) 779-44-95']) expect(await found('Accounts', search), search).toContain(customer.id);
  });

  it('the missed calls by the caller\'s number in any format', async () => {
    const [{ id }] = await s.sql(`SELECT id FROM netgsm_call_webhook_logs WHERE unique_id = 'search-1'`);
    for (const search of ['05537794495', '553 779 44 95', '+905537794495']) expect(await found('NetgsmCallWebhookLogs', search), search).toContain(id);
  });
});

describe('served by indexes', () => {
  const searched = entities.flatMap((e) => e.search.filter((x) => !x.includes('.')).map((name) => ({ e, f: e.fields.find((x) => x.name === name)! })).filter(({ f }) => !f.lookup));

  it('every field a list searches keeps a stored search copy (a text folded, a phone\'s digits) with its trigram index', async () => {
    const indexes = (await s.sql(`SELECT tablename, indexdef FROM pg_indexes WHERE indexname LIKE '%\\_search'`)) as { tablename: string; indexdef: string }[];
    const copies = (await s.sql(`SELECT table_name, column_name, generation_expression FROM information_schema.columns WHERE table_schema = current_schema() AND is_generated = 'ALWAYS'`)) as { table_name: string; column_name: string; generation_expression: string }[];
    const missing: string[] = [];
    for (const { e, f } of searched) {
      const copy = copies.find((c) => c.table_name === e.table && c.column_name === f.searchColumn);
      const made = `${f.format === 'phone' ? 'kurban_phone_key' : 'kurban_fold'}(${f.column})`;
      const indexed = indexes.some((i) => i.tablename === e.table && i.indexdef.includes(`(${f.searchColumn} gin_trgm_ops)`));
      if (f.searchColumn !== `${f.column}_search` || copy?.generation_expression !== made || !indexed) missing.push(`${e.table}.${f.column}`);
    }
    expect(missing).toEqual([]);
    expect(searched.length).toBeGreaterThan(60);
  });

  it('every search copy keeps fine statistics (migrations 0017 and 0018: a stable estimate of a word\'s matches)', async () => {
    const coarse = await s.sql(
      `SELECT r.relname, a.attname, a.attstattarget FROM pg_attribute a JOIN pg_class r ON r.oid = a.attrelid
       WHERE r.relnamespace = current_schema()::regnamespace AND r.relkind = 'r' AND a.attname LIKE '%\\_search'
         AND a.attgenerated = 's' AND a.attstattarget IS DISTINCT FROM 1000`);
    expect(coarse).toEqual([]);
    expect((await s.sql(`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname LIKE 'ix\\_%\\_search'`))[0].n).toBeGreaterThan(60);
  });

  it('a search copy follows its field on every write, and is neither answered nor audited', async () => {
    const [{ title_search: before, phone_number_search: phone }] = await s.sql(`SELECT title_search, phone_number_search FROM accounts WHERE id = $1`, [customer.id]);
    expect(before).toBe('hatice sahin');
    expect(phone).toBe('5537794495');
    const read = await s.api('GET', `Accounts/${customer.id}`);
    expect(read.status).toBe(200);
    expect(Object.keys(read.body.data).filter((k) => /search/i.test(k))).toEqual([]);
    const saved = await s.api('PUT', 'Accounts', { ...read.body.data, title: 'Hatice Çağlayan' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await s.sql(`SELECT title_search FROM accounts WHERE id = $1`, [customer.id]))[0].title_search).toBe('hatice caglayan');
    expect(await found('Accounts', 'caglayan')).toEqual([customer.id]);
    expect(await found('Accounts', 'sahin')).not.toContain(customer.id);
    const [entry] = await s.sql(`SELECT "before", "after" FROM audit_logs WHERE entity = 'Accounts' AND record_id = $1 AND action = 'update' ORDER BY id DESC LIMIT 1`, [customer.id]);
    expect(entry).toEqual({ before: { title: 'Hatice Şahin' }, after: { title: 'Hatice Çağlayan' } });
    const created = await s.sql(`SELECT "after" FROM audit_logs WHERE entity = 'Accounts' AND record_id = $1 AND action = 'create'`, [customer.id]);
    for (const { after } of created) expect(Object.keys(after).filter((k) => /search/i.test(k))).toEqual([]);
    await s.sql(`UPDATE accounts SET title = 'Hatice Şahin' WHERE id = $1`, [customer.id]);
  });

  it('the folded and phone comparisons read those indexes', async () => {
    const plan = async (sql: string) => {
      const client = await server.database.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL enable_seqscan = off'); // the test tables are small: make the planner show what it can use
        return (await client.query(`EXPLAIN ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };
    expect(await plan(`SELECT id FROM accounts t WHERE t.title_search LIKE kurban_fold('%şahin%')`)).toContain('ix_accounts__title_search');
    expect(await plan(`SELECT id FROM accounts t WHERE t.phone_number_search LIKE '%553779%'`)).toContain(`ix_accounts__phone_number_search`);
    expect(await plan(`SELECT id FROM victim_order_details t WHERE t.shareholder_name_search LIKE kurban_fold('%ışık%')`)).toContain('ix_victim_order_details__shareholder_name_search');
  });
});
