// The global search as staff type it (issue 17, point 3): a list finds rows by the names shown in
// it through its references (an order by its customer, shareholders, animal and ear tag, phones),
// phones whatever their format, Turkish letters and case folded; every searched field keeps a
// stored search copy (a text folded, a phone's digits) with its trigram index, and the search
// reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../server/src/crud/entities.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
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

// An entity whose search follows references keeps a search document (codegen/search-documents.ts):
// what its search reads, kept by triggers on every table it reads. Every write below changes
// something a document reads; after each, no stored document may differ from one made afresh.
describe('search documents', () => {
  const documented = entities.filter((e) => e.searchDocument);
  const stale = async () => {
    const out: string[] = [];
    for (const e of documented) {
      const { texts, phones } = e.searchDocument!;
      const rows = await s.sql(
        `SELECT r.id FROM ${e.table} r CROSS JOIN LATERAL kurban_search_document_${e.table}(r) d
         WHERE r.${texts} IS DISTINCT FROM d.texts${phones ? ` OR r.${phones} IS DISTINCT FROM d.phones` : ''}`);
      out.push(...rows.map((r) => `${e.plural} #${r.id}`));
    }
    return out;
  };

  it('the entities whose search follows references keep one, with a trigram index, fine statistics, never answered nor audited', async () => {
    expect(documented.map((e) => e.plural).sort()).toEqual(['Products', 'VictimAppointments', 'VictimOrderDetail', 'VictimOrders', 'VictimPayments', 'VictimProductsAppointments']);
    for (const e of documented) {
      for (const column of Object.values(e.searchDocument!)) {
        const [index] = await s.sql(`SELECT indexdef FROM pg_indexes WHERE tablename = $1 AND indexname = $2`, [e.table, `ix_${e.table}__${column}`]);
        expect(index?.indexdef, `${e.table}.${column}`).toContain(`(${column} gin_trgm_ops)`);
        const [{ attstattarget }] = await s.sql(`SELECT attstattarget FROM pg_attribute WHERE attrelid = $1::regclass AND attname = $2`, [e.table, column]);
        expect(attstattarget, `${e.table}.${column}`).toBe(1000);
      }
    }
    const read = await s.get('VictimOrders', order.id);
    expect(Object.keys(read).filter((k) => /search/i.test(k))).toEqual([]);
    const saved = await s.api('PUT', 'VictimOrders', { ...read, notes: 'Kapıda teslim' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await found('VictimOrders', 'kapida')).toEqual([order.id]);
    const [entry] = await s.sql(`SELECT "before", "after" FROM audit_logs WHERE entity = 'VictimOrders' AND record_id = $1 AND action = 'update' ORDER BY id DESC LIMIT 1`, [order.id]);
    expect(entry).toEqual({ before: { notes: read.notes }, after: { notes: 'Kapıda teslim' } });
    const created = await s.sql(`SELECT "after" FROM audit_logs WHERE entity IN ('VictimOrders', 'VictimPayments') AND action = 'create'`);
    for (const { after } of created) expect(Object.keys(after).filter((k) => /search/i.test(k))).toEqual([]);
  });

  it('follows every write of what it reads: customers, shareholders, animals, ear tags, orders moved', async () => {
    expect(await stale()).toEqual([]);
    // The customer renamed and given another phone: the order and its payment follow.
    await s.sql(`UPDATE accounts SET title = 'Hatice Yıldırım', phone_number = '0544 321 00 11' WHERE id = $1`, [customer.id]);
    expect(await found('VictimOrders', 'yildirim')).toEqual([order.id]);
    expect(await found('VictimPayments', 'yildirim')).toEqual([payment.id]);
    expect(await found('VictimOrders', '0544 321')).toEqual([order.id]);
    expect(await found('VictimPayments', '0544 321')).toEqual([payment.id]);
    expect(await stale()).toEqual([]);
    // A shareholder renamed through the API.
    const lines = await s.sql(`SELECT id FROM victim_order_details WHERE victim_order_id = $1 ORDER BY share_no`, [order.id]);
    const line = await s.get('VictimOrderDetail', lines[1].id);
    expect((await s.api('PUT', 'VictimOrderDetail', { ...line, shareholderName: 'Zeliha Öztürk', shareholderPhone: '0505 111 22 33' })).status).toBe(200);
    for (const plural of ['VictimOrders', 'VictimPayments']) {
      expect(await found(plural, 'ozturk'), plural).toHaveLength(1);
      expect(await found(plural, 'Işık'), plural).toEqual([]);
      expect(await found(plural, '505 111'), plural).toHaveLength(1);
    }
    expect(await stale()).toEqual([]);
    // The ear tag changed, then the order moved to another animal: found by the new one only.
    await s.sql(`UPDATE product_attribute_values SET value = 'TR-4471-0099' WHERE product_id = $1`, [order.productId]);
    expect(await found('VictimOrders', 'TR-4471-0099')).toEqual([order.id]);
    expect(await found('VictimOrders', 'TR-4471-0042')).toEqual([]);
    const animal = await s.product();
    await s.sql(`UPDATE products SET name = 'Karabaş' WHERE id = $1`, [animal.id]);
    const current = await s.get('VictimOrders', order.id);
    expect((await s.api('PUT', 'VictimOrders', { ...current, productId: animal.id })).status).toBe(200);
    expect(await found('VictimOrders', 'karabas')).toEqual([order.id]);
    expect(await found('VictimOrders', 'sarikiz')).toEqual([]);
    expect(await found('VictimPayments', 'karabas')).toEqual([payment.id]);
    expect(await stale()).toEqual([]);
    // One share fewer: the shareholder whose line went no longer finds it.
    const fewer = await s.get('VictimOrders', order.id);
    expect((await s.api('PUT', 'VictimOrders', { ...fewer, shareCount: 1 })).status).toBe(200);
    expect(await found('VictimOrders', 'ozturk')).toEqual([]);
    expect(await stale()).toEqual([]);
    // One share more: a new line, in the customer's name, then given a shareholder of its own.
    const more = await s.get('VictimOrders', order.id);
    expect((await s.api('PUT', 'VictimOrders', { ...more, shareCount: 2 })).status).toBe(200);
    expect(await stale()).toEqual([]);
    await s.sql(`UPDATE victim_order_details SET shareholder_name = 'Gülsüm Aksoy', shareholder_phone = '0507 222 33 44'
                 WHERE victim_order_id = $1 AND share_no = (SELECT max(share_no) FROM victim_order_details WHERE victim_order_id = $1)`, [order.id]);
    expect(await found('VictimPayments', 'gulsum')).toEqual([payment.id]);
    expect(await found('VictimOrders', '507 222')).toEqual([order.id]);
    expect(await stale()).toEqual([]);
    await s.sql(`UPDATE accounts SET title = 'Hatice Şahin', phone_number = '+90 553 779 44 95' WHERE id = $1`, [customer.id]);
    expect(await stale()).toEqual([]);
  });

  it('rows without one (written before documents were kept) get theirs at the next start', async () => {
    await s.sql(`UPDATE victim_orders SET search_text = NULL, search_phones = NULL`);
    await s.sql(`UPDATE victim_payments SET search_text = NULL, search_phones = NULL`);
    expect(await found('VictimOrders', 'Hatice')).toEqual([]);
    await runMigrations(server.database.db);
    expect(await found('VictimOrders', 'Hatice')).toEqual([order.id]);
    expect(await found('VictimPayments', 'Hatice')).toEqual([payment.id]);
    expect(await stale()).toEqual([]);
  });

  it('a list\'s search reads its document\'s indexes', async () => {
    const client = await server.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = (await client.query(`EXPLAIN SELECT id FROM victim_orders t WHERE t.search_text LIKE kurban_fold('%hatice%') OR t.search_phones LIKE '%553779%'`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('ix_victim_orders__search_text');
      expect(plan).toContain('ix_victim_orders__search_phones');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
