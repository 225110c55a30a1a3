// The seed on a real PostgreSQL: reference rows, the first administrator and the demo season,
// their invariants, and that starting again adds nothing and keeps what staff changed.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../server/src/db/client.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
import { ensureFirstAdmin, seedDemo, seedReference } from '../../server/src/db/seed/index.ts';
import { decryptSecret, verifyPassword } from '../../server/src/crud/secrets.ts';
import { isValidTckn, isValidVkn } from '../../common/identity-number.ts';
import { startTestPostgres, type TestDatabase } from '../support/database.ts';

const encryptionKey = randomBytes(32);
const claimsJson = JSON.parse(readFileSync(new URL('../../generated/server/claims.json', import.meta.url), 'utf8')) as Record<string, string>;
const messagesJson = JSON.parse(readFileSync(new URL('../../generated/server/messages.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;

let testDb: TestDatabase;
let database: Database;
let pool: pg.Pool;

async function rows<T = Record<string, any>>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await pool.query(sql, params)).rows as T[];
}

async function one<T = Record<string, any>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await rows<T>(sql, params))[0];
}

/** Row count of every table of the schema. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await one<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`)).n;
  return counts;
}

async function seedAll() {
  await seedReference(pool, { encryptionKey });
  const admin = await ensureFirstAdmin(pool, {});
  await seedDemo(pool, { encryptionKey });
  return admin;
}

beforeAll(async () => {
  testDb = await startTestPostgres();
  database = connectDatabase(testDb.url);
  pool = database.pool;
  await runMigrations(database.db);
});

afterAll(async () => {
  await database?.close();
  await testDb?.stop();
});

describe('seed', () => {
  let firstAdmin: Awaited<ReturnType<typeof ensureFirstAdmin>>;

  it('seeds reference data, the first administrator and the demo season', async () => {
    const t0 = performance.now();
    await seedReference(pool, { encryptionKey });
    const t1 = performance.now();
    firstAdmin = await ensureFirstAdmin(pool, {});
    const t2 = performance.now();
    await seedDemo(pool, { encryptionKey });
    const t3 = performance.now();
    console.log(`seedReference ${Math.round(t1 - t0)} ms, ensureFirstAdmin ${Math.round(t2 - t1)} ms, seedDemo ${Math.round(t3 - t2)} ms`);
    console.log(JSON.stringify(await tableCounts()));

    expect(firstAdmin.email).toBe('admin@example.com');
    expect(firstAdmin.createdPassword).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it('creates every claim of claims.json plus Admin and Monitor.Read, and an administrator holding Admin', async () => {
    const expected = new Set(Object.values(claimsJson).filter((c) => c !== 'public' && c !== 'authenticated'));
    expected.add('Admin');
    expected.add('Monitor.Read');
    const names = new Set((await rows<{ name: string }>(`SELECT name FROM operation_claims`)).map((r) => r.name));
    for (const c of expected) expect(names, c).toContain(c);
    expect((await one(`SELECT count(*)::int AS n FROM operation_claims WHERE description IS NULL OR description = ''`)).n).toBe(0);

    const admin = await one(
      `SELECT u.status, u.first_name, u.last_name, u.password_hash FROM users u
       JOIN user_groups ug ON ug.user_id = u.id JOIN groups g ON g.id = ug.group_id
       JOIN group_claims gc ON gc.group_id = g.id JOIN operation_claims oc ON oc.id = gc.operation_claim_id
       WHERE g.name = 'Administrators' AND oc.name = 'Admin' AND u.email = 'admin@example.com'`,
    );
    expect(admin).toMatchObject({ status: 'active', first_name: 'Sistem', last_name: 'Yöneticisi' });
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin.password_hash, firstAdmin.createdPassword!)).toBe(true);
  });

  it('has exactly one default language (tr-TR) and one default currency (TRY), and the translations of messages.json', async () => {
    expect(await rows(`SELECT code FROM languages WHERE is_default`)).toEqual([{ code: 'tr-TR' }]);
    expect(await rows(`SELECT code FROM currency_types WHERE is_default`)).toEqual([{ code: 'TRY' }]);
    for (const code of ['tr-TR', 'en-US']) {
      const expected = Object.values(messagesJson[code] ?? {}).filter((v) => v).length;
      const { n } = await one(`SELECT count(*)::int AS n FROM translates t JOIN languages l ON l.id = t.language_id WHERE l.code = $1`, [code]);
      expect(n, code).toBe(expected);
    }
  });

  it('stores the webhook secret encrypted and the season year as this year', async () => {
    const secret = await one(`SELECT value, secret_value_enc, is_secret FROM settings WHERE key = 'netgsm.webhookSecret'`);
    expect(secret.is_secret).toBe(true);
    expect(secret.value).toBeNull();
    expect(decryptSecret(encryptionKey, secret.secret_value_enc).length).toBeGreaterThanOrEqual(24);
    const year = await one(`SELECT value FROM settings WHERE key = 'season.year'`);
    expect(Number(year.value)).toBe(Number(new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 4)));
    const pos = await rows(`SELECT api_password_enc, store_key_enc FROM virtual_pos_devices WHERE mode = 'test'`);
    expect(pos).toHaveLength(1);
    expect(decryptSecret(encryptionKey, pos[0].api_password_enc)).toBeTruthy();
  });

  it('makes accounts with valid identity numbers, unique phones and one default address each', async () => {
    const accounts = await rows(`SELECT a.code, a.identity_number, a.phone_number, t.name AS type FROM accounts a JOIN account_types t ON t.id = a.account_type_id`);
    expect(accounts.filter((a) => a.type === 'Müşteri' || a.type === 'Bağışçı').length).toBe(40);
    expect(accounts.filter((a) => a.type === 'Tedarikçi').length).toBe(3);
    for (const a of accounts) {
      if (a.identity_number?.length === 11) expect(isValidTckn(a.identity_number), a.identity_number).toBe(true);
      else if (a.identity_number) expect(isValidVkn(a.identity_number), a.identity_number).toBe(true);
    }
    expect(accounts.filter((a) => a.identity_number?.length === 11).length).toBeGreaterThan(30);
    const phones = accounts.map((a) => a.phone_number.replace(/\D/g, '').slice(-10));
    expect(new Set(phones).size).toBe(phones.length);
    expect(await rows(`SELECT account_id FROM account_addresses GROUP BY account_id HAVING count(*) FILTER (WHERE is_default) <> 1`)).toEqual([]);
    expect((await one(`SELECT count(*)::int AS n FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM account_addresses x WHERE x.account_id = a.id)`)).n).toBe(0);
  });

  it('never sells more shares of an animal than it carries, one detail line per share', async () => {
    const oversold = await rows(
      `SELECT p.code, p.share_capacity, sum(o.share_count) AS sold FROM products p JOIN victim_orders o ON o.product_id = p.id
       WHERE o.status <> 'cancelled' GROUP BY p.id HAVING sum(o.share_count) > p.share_capacity`,
    );
    expect(oversold).toEqual([]);
    const cattle = await rows(`SELECT share_capacity FROM products p JOIN product_types t ON t.id = p.product_type_id WHERE t.name = 'Büyükbaş'`);
    expect(cattle.length).toBe(12);
    expect(cattle.every((c) => c.share_capacity === 7)).toBe(true);
    expect(await rows(`SELECT o.order_no FROM victim_orders o LEFT JOIN victim_order_details d ON d.victim_order_id = o.id GROUP BY o.id HAVING count(d.id) <> o.share_count`)).toEqual([]);
    const clashes = await rows(
      `SELECT o.product_id, d.share_no FROM victim_order_details d JOIN victim_orders o ON o.id = d.victim_order_id JOIN products p ON p.id = o.product_id
       WHERE o.status <> 'cancelled' AND d.share_no <= p.share_capacity GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(clashes).toEqual([]);
    expect(await rows(`SELECT d.id FROM victim_order_details d JOIN victim_orders o ON o.id = d.victim_order_id JOIN products p ON p.id = o.product_id WHERE d.share_no > p.share_capacity`)).toEqual([]);
    // A line is on its order's animal and holds its share while the order is not cancelled.
    expect(await rows(
      `SELECT d.id FROM victim_order_details d JOIN victim_orders o ON o.id = d.victim_order_id
       WHERE d.product_id <> o.product_id OR d.order_active <> (o.status <> 'cancelled')`,
    )).toEqual([]);
    // Sold shares are the database's sum of the orders that are not cancelled.
    expect(await rows(
      `SELECT p.code, p.shares_sold FROM products p
       WHERE p.shares_sold <> COALESCE((SELECT sum(o.share_count) FROM victim_orders o WHERE o.product_id = p.id AND o.status <> 'cancelled'), 0)`,
    )).toEqual([]);
    expect((await one(`SELECT count(*)::int AS n FROM products WHERE shares_sold > 0`)).n).toBeGreaterThan(8);
    // The planned shareholders replaced the customer on the other shares: families share an animal.
    expect((await one(
      `SELECT count(*)::int AS n FROM victim_order_details d JOIN victim_orders o ON o.id = d.victim_order_id JOIN accounts a ON a.id = o.account_id
       WHERE d.shareholder_name <> a.title`,
    )).n).toBeGreaterThan(10);
    expect(await rows(
      `SELECT o.order_no FROM victim_orders o JOIN accounts a ON a.id = o.account_id
       WHERE NOT EXISTS (SELECT 1 FROM victim_order_details d WHERE d.victim_order_id = o.id AND d.shareholder_name = a.title)`,
    )).toEqual([]);
  });

  it('keeps order totals, paid amounts and balances consistent with the payments', async () => {
    const orders = await rows(`SELECT order_no FROM victim_orders ORDER BY order_no`);
    expect(orders.length).toBeGreaterThanOrEqual(30);
    expect(orders[0].order_no).toMatch(/^K\d{4}-00001$/);
    const wrong = await rows(
      `SELECT o.order_no FROM victim_orders o
       WHERE o.total_amount <> o.share_count * o.unit_price - o.discount_amount
          OR o.paid_amount <> COALESCE((SELECT sum(p.amount) FROM victim_payments p JOIN payment_statuses s ON s.id = p.payment_status_id
                                        WHERE p.victim_order_id = o.id AND s.code = 'paid'), 0)
          OR o.balance <> o.total_amount - o.paid_amount
          OR o.paid_amount > o.total_amount
          OR o.total_amount < 0`,
    );
    expect(wrong).toEqual([]);
    const statuses = await rows(`SELECT s.code, count(*)::int AS n FROM victim_payments p JOIN payment_statuses s ON s.id = p.payment_status_id GROUP BY 1`);
    const by = Object.fromEntries(statuses.map((s) => [s.code, s.n]));
    expect(by.paid).toBeGreaterThan(by.pending);
    expect(by.pending).toBeGreaterThan(0);
    // Payments belong to the order's account and currency; virtual POS payments name their POS.
    expect(await rows(
      `SELECT p.id FROM victim_payments p JOIN victim_orders o ON o.id = p.victim_order_id JOIN payment_methods m ON m.id = p.payment_method_id
       WHERE p.account_id <> o.account_id OR p.currency_type_id <> o.currency_type_id OR p.amount <= 0
          OR (m.code = 'virtualPos') <> (p.virtual_pos_id IS NOT NULL)`,
    )).toEqual([]);
    expect(await rows(`SELECT p.id FROM victim_payments p JOIN victim_orders o ON o.id = p.victim_order_id WHERE o.status = 'cancelled' AND p.payment_status_id IN (SELECT id FROM payment_statuses WHERE code IN ('paid', 'pending'))`)).toEqual([]);
    expect(await rows(`SELECT order_no FROM victim_orders WHERE status = 'completed' AND (NOT proxy_received OR balance <> 0)`)).toEqual([]);
    // The paid amount is the database's sum of the order's collections and their reversals.
    expect(await rows(
      `SELECT o.order_no FROM victim_orders o
       WHERE o.paid_amount <> COALESCE((SELECT sum(-tt.direction * t.amount) FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
                                         WHERE t.victim_order_id = o.id AND t.victim_payment_id IS NOT NULL), 0)`,
    )).toEqual([]);
    expect((await one(`SELECT count(*)::int AS n FROM victim_orders WHERE paid_amount > 0`)).n).toBeGreaterThan(20);
    // Paid payments carry their moment and a receipt number of the season, in the order the money came in.
    const receipts = await rows(
      `SELECT p.receipt_no, p.paid_at FROM victim_payments p JOIN payment_statuses s ON s.id = p.payment_status_id
       WHERE s.code IN ('paid', 'refunded') ORDER BY p.paid_at, p.receipt_no`,
    );
    expect(receipts.length).toBe(by.paid + (by.refunded ?? 0));
    expect(receipts.map((r) => r.receipt_no)).toEqual(receipts.map((_, i) => expect.stringMatching(new RegExp(`^T\\d{4}-${String(i + 1).padStart(5, '0')}$`))));
    expect(receipts.every((r) => r.paid_at.getTime() < Date.now())).toBe(true);
    // The order's lifecycle moments: confirmed orders when they were taken, cancelled ones with why.
    expect(await rows(
      `SELECT order_no FROM victim_orders
       WHERE (status IN ('confirmed', 'completed') AND confirmed_at IS DISTINCT FROM created_at)
          OR (status = 'draft' AND (confirmed_at IS NOT NULL OR cancelled_at IS NOT NULL))
          OR (status = 'cancelled' AND (cancelled_at IS NULL OR cancel_reason IS NULL OR cancelled_at < created_at OR cancelled_at > now()))
          OR ((status = 'completed') <> (completed_at IS NOT NULL)) OR completed_at > now()`,
    )).toEqual([]);
    expect((await one(`SELECT count(*)::int AS n FROM victim_orders WHERE status = 'cancelled'`)).n).toBe(2);
  });

  it('posts exactly one collection per paid payment and one sale per confirmed order', async () => {
    const collections = await rows(
      `SELECT p.id, s.code, p.amount,
              count(t.id) FILTER (WHERE tt.system_code = 'collection')::int AS collections,
              count(t.id) FILTER (WHERE tt.system_code = 'collectionReversal')::int AS reversals,
              sum(t.amount) FILTER (WHERE tt.system_code = 'collection') AS collected
       FROM victim_payments p JOIN payment_statuses s ON s.id = p.payment_status_id
       LEFT JOIN transactions t ON t.victim_payment_id = p.id LEFT JOIN transaction_types tt ON tt.id = t.transaction_type_id
       GROUP BY p.id, s.code`,
    );
    for (const p of collections) {
      if (p.code === 'paid') expect(p, 'paid').toMatchObject({ collections: 1, reversals: 0, collected: p.amount });
      if (p.code === 'refunded') expect(p, 'refunded').toMatchObject({ collections: 1, reversals: 1 });
      if (p.code === 'pending' || p.code === 'cancelled') expect(p, p.code).toMatchObject({ collections: 0, reversals: 0 });
    }
    expect(collections.some((p) => p.code === 'refunded')).toBe(true);

    // The order's own entries: its sale and sale reversal (its collections name the order too, with their payment).
    const sales = await rows(
      `SELECT o.order_no, o.status, o.total_amount,
              COALESCE(sum(tt.direction * t.amount), 0) AS net, count(t.id)::int AS entries
       FROM victim_orders o LEFT JOIN transactions t ON t.victim_order_id = o.id AND t.victim_payment_id IS NULL
       LEFT JOIN transaction_types tt ON tt.id = t.transaction_type_id
       GROUP BY o.id`,
    );
    for (const o of sales) {
      if (o.status === 'confirmed' || o.status === 'completed') expect(o, o.order_no).toMatchObject({ entries: 1, net: o.total_amount });
      else expect(Number(o.net), o.order_no).toBe(0);
    }
    expect(sales.some((o) => o.status === 'cancelled' && o.entries === 2)).toBe(true); // confirmed, then cancelled
    // Every collection names its payment's order and account.
    expect(await rows(
      `SELECT t.id FROM transactions t JOIN victim_payments p ON p.id = t.victim_payment_id
       WHERE t.victim_order_id IS DISTINCT FROM p.victim_order_id OR t.account_id <> p.account_id OR t.amount <> p.amount`,
    )).toEqual([]);
  });

  it('dates what the database posted on the days of the story, by the administrator or the server', async () => {
    // Sales on the order's day, collections on the payment's day, reversals later; nothing after today.
    expect(await rows(
      `SELECT t.id, tt.system_code FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
       LEFT JOIN victim_orders o ON o.id = t.victim_order_id LEFT JOIN victim_payments p ON p.id = t.victim_payment_id
       WHERE (tt.system_code = 'sale' AND (t.transaction_date <> o.order_date OR t.created_at <> o.created_at))
          OR (tt.system_code = 'saleReversal' AND (t.transaction_date <> (o.cancelled_at AT TIME ZONE 'Europe/Istanbul')::date OR t.created_at <> o.cancelled_at))
          OR (tt.system_code = 'collection' AND (t.transaction_date <> (p.paid_at AT TIME ZONE 'Europe/Istanbul')::date OR t.created_at <> p.paid_at OR t.document_no <> p.receipt_no))
          OR (tt.system_code = 'collectionReversal' AND (t.created_at < p.paid_at OR t.created_at <> p.updated_at))
          OR t.transaction_date >= (now() AT TIME ZONE 'Europe/Istanbul')::date OR t.created_at > now()`,
    )).toEqual([]);
    // A virtual POS confirmation is the server's own (no user); everything else names the administrator.
    const admin = (await one(`SELECT id FROM users WHERE email = 'admin@example.com'`)).id;
    const users = await rows(
      `SELECT t.created_by_user_id AS user_id, (tt.system_code = 'collection' AND m.code = 'virtualPos') AS by_server, count(*)::int AS n
       FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
       LEFT JOIN victim_payments p ON p.id = t.victim_payment_id LEFT JOIN payment_methods m ON m.id = p.payment_method_id
       GROUP BY 1, 2`,
    );
    for (const u of users) expect(u.user_id, `by server: ${u.by_server}`).toBe(u.by_server ? null : admin);
    expect(users.some((u) => u.by_server)).toBe(true);
  });

  it("keeps every account's balance equal to Σ direction × amount of its transactions", async () => {
    const wrong = await rows(
      `SELECT a.code, a.balance, COALESCE(sum(tt.direction * t.amount), 0) AS computed
       FROM accounts a LEFT JOIN transactions t ON t.account_id = a.id AND t.currency_type_id = (SELECT id FROM currency_types WHERE is_default)
       LEFT JOIN transaction_types tt ON tt.id = t.transaction_type_id
       GROUP BY a.id HAVING a.balance <> COALESCE(sum(tt.direction * t.amount), 0)`,
    );
    expect(wrong).toEqual([]);
    expect((await one(`SELECT count(*)::int AS n FROM transactions WHERE currency_type_id <> (SELECT id FROM currency_types WHERE is_default)`)).n).toBe(0);
    expect((await one(`SELECT count(*)::int AS n FROM accounts WHERE balance <> 0`)).n).toBeGreaterThan(10);
    // Expenses were distributed and add up to their totals to the kuruş.
    const expenses = await rows(
      `SELECT t.document_no, sum(t.amount) AS total FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
       WHERE tt.system_code = 'expense' GROUP BY 1 ORDER BY 1`,
    );
    expect(expenses.map((e) => e.total)).toEqual(['1000.00', '1750.00']);
  });

  it("keeps every slot's bookedCount within capacity and equal to its live bookings", async () => {
    const slots = await rows(
      `SELECT a.id, a.capacity, a.booked_count, a.status, count(v.id) FILTER (WHERE v.status <> 'cancelled')::int AS live
       FROM appointments a LEFT JOIN victim_appointments v ON v.appointment_id = a.id GROUP BY a.id`,
    );
    expect(slots.length).toBeGreaterThan(30);
    for (const s of slots) {
      expect(s.booked_count, `slot ${s.id}`).toBeLessThanOrEqual(s.capacity);
      expect(s.booked_count, `slot ${s.id}`).toBe(s.live);
      if (s.status === 'open' || s.status === 'full') expect(s.status, `slot ${s.id}`).toBe(s.booked_count >= s.capacity ? 'full' : 'open');
    }
    expect(slots.reduce((n, s) => n + s.live, 0)).toBeGreaterThan(10);
    expect(await rows(
      `SELECT v.id FROM victim_appointments v JOIN victim_orders o ON o.id = v.victim_order_id
       WHERE v.account_id <> o.account_id OR (o.status = 'cancelled' AND v.status <> 'cancelled')`,
    )).toEqual([]);
    // Slaughter slots fall on the three Kurban days of the season year.
    const days = await rows(
      `SELECT DISTINCT (a.starts_at AT TIME ZONE 'Europe/Istanbul')::date::text AS day FROM appointments a
       JOIN appointment_types t ON t.id = a.appointment_type_id WHERE t.name = 'Kesim' ORDER BY 1`,
    );
    expect(days).toHaveLength(3);
  });

  it('queues every fully sold animal once, numbered uniquely per day, across the steps', async () => {
    const dup = await rows(
      `SELECT (a.starts_at AT TIME ZONE 'Europe/Istanbul')::date AS day, q.slaughter_no FROM victim_products_appointments q
       JOIN appointments a ON a.id = q.appointment_id GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(dup).toEqual([]);
    // An animal is slaughtered once all its shares are sold; a cattle with free shares waits.
    const queue = await rows(
      `SELECT p.code, p.share_capacity, q.id IS NOT NULL AS queued,
              COALESCE((SELECT sum(o.share_count) FROM victim_orders o WHERE o.product_id = p.id AND o.status <> 'cancelled'), 0)::int AS sold
       FROM products p LEFT JOIN victim_products_appointments q ON q.product_id = p.id WHERE p.share_capacity IS NOT NULL`,
    );
    for (const a of queue) expect(a.queued, a.code).toBe(a.sold === a.share_capacity);
    expect(queue.filter((a) => a.queued).length).toBeGreaterThan(8);
    expect(queue.some((a) => a.sold > 0 && a.sold < a.share_capacity)).toBe(true);
    // Past or present slaughter days show the queue spread over the steps.
    const steps = await rows(`SELECT DISTINCT current_step_id FROM victim_products_appointments`);
    expect(steps.length).toBeGreaterThan(1);
    // The slaughter day is the slot's.
    expect(await rows(
      `SELECT q.id FROM victim_products_appointments q JOIN appointments a ON a.id = q.appointment_id
       WHERE q.slaughter_day <> (a.starts_at AT TIME ZONE 'Europe/Istanbul')::date`,
    )).toEqual([]);
    // Each animal went through the steps one at a time, each move in history (by the administrator, in the past, in order).
    const admin = (await one(`SELECT id FROM users WHERE email = 'admin@example.com'`)).id;
    const walks = await rows(
      `SELECT q.id, cur.step_order AS at_step,
              array_agg(COALESCE(f.step_order, 0) ORDER BY h.changed_at, h.id) AS froms,
              array_agg(t.step_order ORDER BY h.changed_at, h.id) AS tos,
              bool_and(h.changed_by_user_id IS NOT DISTINCT FROM $1 AND h.changed_at <= now() AND h.product_id = q.product_id) AS ok
       FROM victim_products_appointments q LEFT JOIN victim_appointment_steps cur ON cur.id = q.current_step_id
       LEFT JOIN victim_step_histories h ON h.victim_products_appointment_id = q.id
       LEFT JOIN victim_appointment_steps f ON f.id = h.from_step_id LEFT JOIN victim_appointment_steps t ON t.id = h.to_step_id
       GROUP BY q.id, cur.step_order`,
      [admin],
    );
    for (const w of walks) {
      const n = w.at_step ?? 0;
      const expected = Array.from({ length: n }, (_, k) => k + 1);
      if (n === 0) expect(w.tos, `queue ${w.id}`).toEqual([null]);
      else expect(w, `queue ${w.id}`).toMatchObject({ froms: expected.map((k) => k - 1), tos: expected, ok: true });
    }
  });

  it('gives the demo farm an address, a phone and a tax number for its receipts', async () => {
    const farm = await rows(`SELECT key, value FROM settings WHERE key IN ('company.address', 'company.phone', 'company.taxNumber') ORDER BY key`);
    expect(farm.map((r) => r.key)).toEqual(['company.address', 'company.phone', 'company.taxNumber']);
    for (const r of farm) expect(r.value, r.key).not.toBe('');
  });

  it('logs calls of the last days, answered, missed and busy, some matched to accounts', async () => {
    const calls = await rows(`SELECT * FROM netgsm_call_webhook_logs`);
    expect(calls).toHaveLength(30);
    expect(new Set(calls.map((c) => c.unique_id)).size).toBe(30);
    expect(new Set(calls.map((c) => c.status))).toEqual(new Set(['answered', 'missed', 'busy']));
    expect(calls.every((c) => c.received_at.getTime() <= Date.now() && c.received_at.getTime() > Date.now() - 9 * 86_400_000)).toBe(true);
    const matched = await rows(
      `SELECT l.caller_number, l.called_number, l.direction, a.phone_number FROM netgsm_call_webhook_logs l JOIN accounts a ON a.id = l.account_id`,
    );
    expect(matched.length).toBeGreaterThan(5);
    const key = (p: string) => p.replace(/\D/g, '').slice(-10);
    for (const m of matched) expect(key(m.direction === 'inbound' ? m.caller_number : m.called_number)).toBe(key(m.phone_number));
    expect(calls.every((c) => c.status === 'answered' || c.direction === 'outbound' || c.called_back_at === null || c.called_back_at > c.received_at)).toBe(true);
  });

  it("writes the text messages of the demo's events as delivered history: the screens show them, no job ever sends them", async () => {
    const kinds = (await pool.query(`SELECT kind, status, provider, count(*)::int AS n FROM messages GROUP BY 1, 2, 3 ORDER BY 1`)).rows;
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['paymentTaken', 'saleConfirmed']));
    for (const k of kinds) expect(k, k.kind).toMatchObject({ status: 'delivered', provider: 'log' });
    expect((await one(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'kurban.sendMessage'`)).n).toBe(0);
    // Rendered as any message is: the order's number and its tracking link.
    const sale = await one(`SELECT m.text, o.order_no FROM messages m JOIN victim_orders o ON o.id = m.victim_order_id WHERE m.kind = 'saleConfirmed' ORDER BY m.id LIMIT 1`);
    expect(sale.text).toContain(sale.order_no);
    expect(sale.text).toMatch(/\/takip\/[A-Za-z0-9_-]{16}/);
  });

  it('adds nothing when everything runs a second time', async () => {
    const before = await tableCounts();
    const hash = (await one(`SELECT password_hash FROM users WHERE email = 'admin@example.com'`)).password_hash;
    const again = await seedAll();
    expect(again).toEqual({ email: 'admin@example.com' });
    // An existing administrator's password is never changed, even when one is given.
    expect(await ensureFirstAdmin(pool, { email: 'ADMIN@example.com', password: 'another-password' })).toEqual({ email: 'admin@example.com' });
    expect(await tableCounts()).toEqual(before);
    expect((await one(`SELECT password_hash FROM users WHERE email = 'admin@example.com'`)).password_hash).toBe(hash);
  });

  it('keeps what staff changed and brings back only missing keyed rows', async () => {
    await pool.query(`UPDATE product_types SET name = 'Büyükbaş Hayvan' WHERE name = 'Büyükbaş'`);
    await pool.query(`UPDATE settings SET value = 'Yılmaz Çiftliği' WHERE key = 'company.name'`);
    await pool.query(`UPDATE languages SET is_default = (code = 'en-US')`);
    await pool.query(`UPDATE payment_statuses SET name = 'Tahsil edildi' WHERE code = 'paid'`);
    await pool.query(`DELETE FROM operation_claims WHERE name = 'Settings.Delete'`);
    const secret = (await one(`SELECT secret_value_enc FROM settings WHERE key = 'netgsm.webhookSecret'`)).secret_value_enc;

    await seedReference(pool, { encryptionKey });

    expect(await rows(`SELECT name FROM product_types WHERE name LIKE 'Büyükbaş%'`)).toEqual([{ name: 'Büyükbaş Hayvan' }]);
    expect((await one(`SELECT value FROM settings WHERE key = 'company.name'`)).value).toBe('Yılmaz Çiftliği');
    expect((await one(`SELECT secret_value_enc FROM settings WHERE key = 'netgsm.webhookSecret'`)).secret_value_enc).toBe(secret);
    expect(await rows(`SELECT code FROM languages WHERE is_default`)).toEqual([{ code: 'en-US' }]);
    expect(await rows(`SELECT name FROM payment_statuses WHERE code = 'paid'`)).toEqual([{ name: 'Tahsil edildi' }]);
    expect(await rows(`SELECT name FROM operation_claims WHERE name = 'Settings.Delete'`)).toHaveLength(1);
  });

  it('promotes an existing user named by email instead of creating another', async () => {
    // A database whose only administrator lost the role: the named user becomes administrator.
    // The database refuses to lose its last administrator, so its rule is off while this is made
    // (as in a database older than the rule).
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE user_groups DISABLE TRIGGER ck_last_admin__user_groups');
      await client.query(`DELETE FROM user_groups WHERE user_id = (SELECT id FROM users WHERE email = 'admin@example.com')`);
      await client.query('ALTER TABLE user_groups ENABLE TRIGGER ck_last_admin__user_groups');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    // A new administrator's given password follows the rule of every password (issue 15, point 7).
    await expect(ensureFirstAdmin(pool, { email: 'yeni.yonetici@example.com', password: '1234567890' })).rejects.toThrow(/ADMIN_PASSWORD.*yaygın/);
    await expect(ensureFirstAdmin(pool, { email: 'yeni.yonetici@example.com', password: 'kısa' })).rejects.toThrow(/ADMIN_PASSWORD en az 10/);
    expect(await rows(`SELECT id FROM users WHERE email = 'yeni.yonetici@example.com'`)).toEqual([]);
    const hash = (await one(`SELECT password_hash FROM users WHERE email = 'veli.erdem@example.com'`)).password_hash;
    const result = await ensureFirstAdmin(pool, { email: 'Veli.Erdem@example.com', password: 'ignored-password' });
    expect(result).toEqual({ email: 'veli.erdem@example.com' });
    expect((await one(`SELECT password_hash FROM users WHERE email = 'veli.erdem@example.com'`)).password_hash).toBe(hash);
    expect((await one(`SELECT count(*)::int AS n FROM users`)).n).toBe(4);
  });

  it('makes the same demo every time', async () => {
    const fingerprint = async () =>
      (await one(
        `SELECT md5(string_agg(x, '|' ORDER BY x)) AS h FROM (
           SELECT concat_ws(',', a.code, a.title, a.identity_number, a.phone_number, a.balance) AS x FROM accounts a
           UNION ALL SELECT concat_ws(',', o.order_no, p.code, o.share_count, o.total_amount, o.paid_amount, o.status) FROM victim_orders o JOIN products p ON p.id = o.product_id
           UNION ALL SELECT concat_ws(',', v.receipt_no, v.amount, v.paid_at) FROM victim_payments v
           UNION ALL SELECT concat_ws(',', d.share_no, d.shareholder_name, d.intention, d.order_active) FROM victim_order_details d
           UNION ALL SELECT concat_ws(',', t.transaction_date, t.amount, t.document_no, t.description) FROM transactions t
         ) s`,
      )).h;
    await pool.query(`TRUNCATE accounts, products, victim_orders, victim_order_details, victim_payments, transactions, account_addresses, product_prices,
      product_attribute_values, appointments, victim_appointments, victim_products_appointments, netgsm_call_webhook_logs, virtual_pos_devices, categories RESTART IDENTITY CASCADE`);
    await pool.query(`UPDATE product_types SET name = 'Büyükbaş' WHERE name = 'Büyükbaş Hayvan'`);
    // Cleared out once seeded, the demo does not come back while its marker stays.
    await seedDemo(pool, { encryptionKey });
    expect((await one(`SELECT count(*)::int AS n FROM accounts`)).n).toBe(0);
    await pool.query(`DELETE FROM settings WHERE key = 'demo.seededAt'`);
    await seedDemo(pool, { encryptionKey });
    const first = await fingerprint();
    await pool.query(`DELETE FROM settings WHERE key = 'demo.seededAt'`);
    await pool.query(`TRUNCATE accounts, products, victim_orders, victim_order_details, victim_payments, transactions, account_addresses, product_prices,
      product_attribute_values, appointments, victim_appointments, victim_products_appointments, netgsm_call_webhook_logs, virtual_pos_devices, categories RESTART IDENTITY CASCADE`);
    await seedDemo(pool, { encryptionKey });
    expect(await fingerprint()).toBe(first);
  });
});
