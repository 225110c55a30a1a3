// Season benchmark (not part of npm test), on loopback against a real server:
//   (a) 50 concurrent sellers on 100 animals (7 shares each) sell 1–3 shares per POST VictimOrders
//       until every animal answers 409 → sales/s, shares sold, and the oversold count, checked in
//       SQL (must be 0: no animal with sharesSold > shareCapacity, nor with sharesSold ≠ Σ shares
//       of its orders that are not cancelled);
//   (b) 200 open Monitor streams (Server-Sent Events) receiving an advance: the time from the
//       advance's request to each stream's `change` event, p50/p95 over several advances
//       — target: p95 ≤ 500 ms.
// The sellers and the streams' clients run in this process beside the server, so the figures
// include their CPU; every loop is bounded and the benchmark stops by itself.
// Usage: npm run bench:season [-- --sellers 50 --animals 100 --streams 200 --advances 20 --part all|a|b]
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { connectDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { ensureFirstAdmin, seedReference } from '../server/src/db/seed/index.ts';
import { startTestPostgres } from '../tests/support/database.ts';
import { testConfig } from '../tests/support/config.ts';

const { values: args } = parseArgs({
  options: {
    sellers: { type: 'string', default: '50' },
    animals: { type: 'string', default: '100' },
    streams: { type: 'string', default: '200' },
    advances: { type: 'string', default: '20' },
    part: { type: 'string', default: 'all' },
  },
});
const SELLERS = Number(args.sellers);
const ANIMALS = Number(args.animals);
const STREAMS = Number(args.streams);
const ADVANCES = Number(args.advances);
const CAPACITY = 7;
const DAY = '2026-05-27';

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

const pg = await startTestPostgres();
const database = connectDatabase(pg.url, 20);
const config = testConfig({ logLevel: 'warn' });
await runMigrations(database.db);
await seedReference(database.pool, { encryptionKey: config.encryptionKey });
await ensureFirstAdmin(database.pool, { email: 'bench@example.com', password: 'bench-password-1' });
const q = async (sql: string, params: unknown[] = []) => (await database.pool.query(sql, params)).rows;

const app = await buildApp(config, database);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
const adminId = (await q(`SELECT id FROM users WHERE email = 'bench@example.com'`))[0].id as number;
const token = app.jwt.sign({ sub: String(adminId), guid: '00000000-0000-0000-0000-000000000000', email: 'bench@example.com', claims: ['Admin'] }, { expiresIn: '1h' });
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${base}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: any; error: any } };
};

// ---- (a) concurrent share sales ------------------------------------------------------------------
async function sales() {
  const product = async (code: string) => (await q(
    `INSERT INTO products (code, name, product_type_id, vat_rate_id, share_capacity)
     VALUES ($1, $1, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), $2) RETURNING id`, [code, CAPACITY]))[0].id as number;
  const animals: number[] = [];
  for (let i = 1; i <= ANIMALS; i++) animals.push(await product(`BENCH-${String(i).padStart(4, '0')}`));
  const accounts = (await q(
    `INSERT INTO accounts (code, title, account_type_id) SELECT 'BC' || i, 'Bench ' || i, (SELECT min(id) FROM account_types) FROM generate_series(1, $1) i RETURNING id`,
    [SELLERS])).map((r) => r.id as number);
  const currency = (await q(`SELECT id FROM currency_types WHERE is_default`))[0].id as number;

  const open = new Set(animals);
  let sold = 0;
  let orders = 0;
  let refused = 0;
  const failures = new Map<string, number>();
  const MAX_REQUESTS = ANIMALS * CAPACITY * 10; // a bound, far above what selling out takes
  let requests = 0;
  const t0 = performance.now();
  await Promise.all(accounts.map(async (accountId) => {
    while (open.size && requests < MAX_REQUESTS) {
      requests++;
      const list = [...open];
      const productId = list[Math.floor(Math.random() * list.length)];
      const shareCount = 1 + Math.floor(Math.random() * 3);
      const res = await post('VictimOrders', { accountId, productId, shareCount, unitPrice: '12500.00', currencyTypeId: currency, orderDate: DAY, status: 'confirmed' });
      if (res.status === 200) {
        sold += shareCount;
        orders++;
      } else if (res.status === 409 && res.body.error?.code === 'error.order.sharesExhausted') {
        refused++;
        // Sold out: every later sale on it is refused too.
        if (res.body.error.params?.remaining === 0) open.delete(productId);
      } else {
        const key = `${res.status} ${res.body.error?.code}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
        if (failures.size && [...failures.values()].reduce((a, b) => a + b) > 100) throw new Error(`sales fail: ${JSON.stringify([...failures])}`);
      }
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const [check] = await q(
    `SELECT count(*) FILTER (WHERE p.shares_sold > p.share_capacity OR p.shares_sold <> coalesce(o.shares, 0))::int AS oversold,
            sum(p.shares_sold)::int AS sold, count(*) FILTER (WHERE p.shares_sold = p.share_capacity)::int AS full
     FROM products p LEFT JOIN (SELECT product_id, sum(share_count) AS shares FROM victim_orders WHERE status <> 'cancelled' GROUP BY product_id) o ON o.product_id = p.id
     WHERE p.id = ANY($1::int[])`, [animals]);
  console.log(`(a) ${SELLERS} sellers, ${ANIMALS} animals × ${CAPACITY} shares: ${orders} sales (${sold} shares) and ${refused} refusals in ${seconds.toFixed(1)} s`);
  console.log(`(a) ${(orders / seconds).toFixed(0)} sales/s, ${(requests / seconds).toFixed(0)} requests/s; animals full ${check.full}/${ANIMALS}; shares sold (SQL) ${check.sold} of ${ANIMALS * CAPACITY}; oversold ${check.oversold}`);
  if (failures.size) console.log(`(a) other answers: ${JSON.stringify(Object.fromEntries(failures))}`);
  if (check.oversold !== 0 || check.sold !== sold) throw new Error('oversold or miscounted shares');
}

// ---- (b) Monitor fan-out ----------------------------------------------------------------------------
async function monitor() {
  const productId = (await q(
    `INSERT INTO products (code, name, product_type_id, vat_rate_id, share_capacity)
     VALUES ('BENCH-MON', 'Bench', (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), 7) RETURNING id`))[0].id;
  const slot = (await q(
    `INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity)
     VALUES ((SELECT min(id) FROM appointment_types), $1, $1::timestamptz + interval '1 hour', 10) RETURNING id`, [`${DAY}T07:00:00+03:00`]))[0].id;
  const queueId = (await q(`INSERT INTO victim_products_appointments (product_id, appointment_id, slaughter_no) VALUES ($1, $2, 1) RETURNING id`, [productId, slot]))[0].id as number;
  const steps = (await q('SELECT id FROM victim_appointment_steps ORDER BY step_order')).map((r) => r.id as number);

  // Each stream resolves the waiter of the step it sees.
  type Waiter = { stepId: number; got: (at: number) => void };
  const waiters: Waiter[][] = Array.from({ length: STREAMS }, () => []);
  const controllers: AbortController[] = [];
  const opened: Promise<void>[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const controller = new AbortController();
    controllers.push(controller);
    opened.push((async () => {
      const res = await fetch(`${base}/Monitor/events?date=${DAY}&access_token=${token}`, { signal: controller.signal });
      if (res.status !== 200) throw new Error(`stream ${i}: ${res.status}`);
      let ready!: () => void;
      const snapshot = new Promise<void>((r) => { ready = r; });
      void (async () => {
        const decoder = new TextDecoder();
        let buffer = '';
        try {
          for await (const chunk of res.body!) {
            buffer += decoder.decode(chunk, { stream: true });
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              if (block.includes('event: snapshot')) ready();
              if (!block.includes('event: change')) continue;
              const at = performance.now();
              const data = JSON.parse(block.slice(block.indexOf('data: ') + 6));
              for (const w of waiters[i].splice(0)) if (data.entry?.stepId === w.stepId) w.got(at); else waiters[i].push(w);
            }
          }
        } catch {
          // aborted at the end
        }
      })();
      await snapshot;
    })());
  }
  await Promise.all(opened);
  console.log(`(b) ${STREAMS} streams open (server counts ${app.monitorFeed.streamCount})`);

  const latencies: number[] = [];
  const perAdvance: number[] = [];
  for (let n = 0; n < ADVANCES; n++) {
    const stepId = steps[n % 2]; // back and forth between two steps: any number of advances
    const arrivals = waiters.map((list) => new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no change event within 5 s')), 5000);
      list.push({ stepId, got: (at) => { clearTimeout(timer); resolve(at); } });
    }));
    const t0 = performance.now();
    const res = await post(`VictimProductsAppointments/${queueId}/advance`, { stepId });
    if (res.status !== 200) throw new Error(`advance: ${res.status} ${JSON.stringify(res.body.error)}`);
    const times = (await Promise.all(arrivals)).map((at) => at - t0);
    latencies.push(...times);
    perAdvance.push(percentile(times, 95));
  }
  for (const c of controllers) c.abort();
  console.log(`(b) ${ADVANCES} advances × ${STREAMS} streams: advance → change event p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(Math.max(...latencies))} (target p95 ≤ 500 ms)`);
  console.log(`(b) p95 per advance: ${perAdvance.map((x) => x.toFixed(0)).join(', ')} ms`);
}

try {
  if (args.part === 'all' || args.part === 'b') await monitor();
  if (args.part === 'all' || args.part === 'a') await sales();
} finally {
  await app.close();
  await database.close();
  await pg.stop();
}
