// The demo Kurban season: fills every screen with one consistent story. Written once, into an
// empty database (no account yet), in one transaction, from a seeded generator: the same demo on
// every machine (dates follow the season year and today).
import type pg from 'pg';
import { encryptSecret } from '../../crud/secrets.ts';
import { type DemoContext, loadReference, seasonOf, seasonYear } from './demo-context.ts';
import { seedCalls } from './demo-calls.ts';
import { seedCatalogue } from './demo-catalogue.ts';
import { seedAccounts, seedAddresses, seedUsers } from './demo-people.ts';
import { completeOrders, planOrders, planPayments, writeHandEntries, writeSales } from './demo-sales.ts';
import { doneAnimals, planBookings, planQueue, planSlots, writeSchedule } from './demo-schedule.ts';
import { createRandom } from './random.ts';
import { type Db, inSeedTransaction, insertRows, isEmpty } from './sql.ts';

export interface SeedDemoOptions {
  /** The server's key: the virtual POS credentials are stored encrypted with it. */
  encryptionKey: Buffer;
}

const DEMO_SEED = 0x6b75_7262; // "kurb"

export async function seedDemo(pool: pg.Pool, opts: SeedDemoOptions): Promise<void> {
  await inSeedTransaction(pool, async (db) => {
    // Any account means real (or earlier demo) data: never add to it. The marker keeps a demo
    // that staff cleared out (to go live) from coming back at the next start.
    if (!(await isEmpty(db, 'accounts')) || (await demoWasSeeded(db))) return;
    const now = new Date();
    const season = seasonOf(await seasonYear(db, now), now);
    const ctx: DemoContext = { db, rnd: createRandom(DEMO_SEED ^ season.year), ref: await loadReference(db), season };
    // What the database posts and records by itself (sales, collections, step history) names the
    // demo's administrator, as the server names the signed-in user.
    if (ctx.ref.adminUserId !== null) await db.query(`SELECT set_config('kurban.user_id', $1, true)`, [String(ctx.ref.adminUserId)]);
    // The demo's history is nobody's event now: its sales, payments, bookings and queue write the
    // text messages they would have written (rules/message-events.sql), as already delivered to
    // the log, with no job: the screens show them, none ever goes to its made-up numbers.
    await db.query(`SELECT set_config('kurban.messages', 'history', true)`);

    await seedUsers(ctx);
    const accounts = await seedAccounts(ctx);
    const { animals } = await seedCatalogue(ctx);
    const posId = await seedVirtualPos(db, opts.encryptionKey);

    const orders = await planOrders(ctx, accounts, animals);
    const slots = await planSlots(ctx);
    const queue = planQueue(ctx, slots, orders);
    completeOrders(ctx, orders, doneAnimals(ctx, queue));
    const payments = await planPayments(ctx, orders);
    const bookings = planBookings(ctx, slots, queue, orders);

    const delivering = new Set(orders.filter((o) => o.delivery === 'delivery' && o.status !== 'cancelled').map((o) => o.account.id));
    await seedAddresses(ctx, accounts, delivering);
    // The database keeps the derived figures (balances, paid amounts, sold shares, booked counts).
    await writeSales(ctx, orders, payments, posId);
    await writeHandEntries(ctx, accounts, animals, orders);
    await writeSchedule(ctx, slots, queue, bookings);
    await seedCalls(ctx, accounts);
    // The demo farm's contact lines, so the receipt and the public page show them; only where
    // nobody has filled them in (the reference seed leaves them empty).
    await db.query(
      `UPDATE settings s SET value = v.value FROM (VALUES ('company.address', 'Çiftlik Yolu No: 1, Yahşihan, Kırıkkale'),
         ('company.phone', '+90 318 000 00 00'), ('company.taxNumber', 'Kırıkkale VD 0000000000')) v(key, value)
       WHERE s.key = v.key AND coalesce(s.value, '') = ''`,
    );
    await insertRows(db, 'settings', [{
      key: DEMO_MARKER, value: now.toISOString(), value_type: 'string', is_secret: false,
      description: 'Demo verisinin yüklendiği an. Silinirse ve hiç cari yoksa demo bir sonraki açılışta yeniden yüklenir.',
    }], 'ON CONFLICT (key) DO NOTHING');
  });
}

const DEMO_MARKER = 'demo.seededAt';

async function demoWasSeeded(db: Db): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM settings WHERE key = $1`, [DEMO_MARKER])).rows.length > 0;
}

/** A bank's test POS (credentials encrypted) as the default, and a live one not set up yet. */
async function seedVirtualPos(db: Db, key: Buffer): Promise<number> {
  const { rows } = await db.query(`SELECT NOT EXISTS (SELECT 1 FROM virtual_pos_devices WHERE is_default) AS free`);
  const inserted = await insertRows(db, 'virtual_pos_devices', [
    {
      name: 'Ziraat Sanal POS (Test)', bank_name: 'T.C. Ziraat Bankası', merchant_id: '190100000', terminal_id: '30691297', api_user: 'ZIRAATAPI',
      api_password_enc: encryptSecret(key, 'ZIRAAT19'), store_key_enc: encryptSecret(key, 'TEST1234'), mode: 'test', is_active: true, is_default: rows[0].free,
    },
    {
      // Without both secrets a POS cannot take payments: waiting for the bank's live credentials.
      name: 'Garanti BBVA Sanal POS', bank_name: 'Garanti BBVA', merchant_id: '7000679', terminal_id: '30691298', api_user: 'PROVAUT',
      api_password_enc: null, store_key_enc: null, mode: 'live', is_active: false, is_default: false,
    },
  ], 'RETURNING id, name');
  return inserted.find((r) => r.name === 'Ziraat Sanal POS (Test)')!.id as number;
}
