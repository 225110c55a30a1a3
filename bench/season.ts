// Season benchmark (not part of npm test), on loopback against a real server:
//   (a) 50 concurrent sellers on 100 animals (7 shares each), each sale one POST /Sales of one
//       share with a shareholder and a deposit (an Idempotency-Key each), until every animal
//       answers 409 → sales/s; then plain POST Accounts at the same concurrency → creates/s and
//       the ratio (goal: ≥ 400 sales/s, ratio ≥ 0.5); checked in SQL at the end: nothing
//       oversold, and every sale has its order, named share line, paid deposit and 2 ledger
//       entries. `--orders 20000` first fills the season with that many orders: the rate must not
//       fall with them (numbers come from a counter row, not a scan). Then the database's own part
//       of a sale alone (the same writes as one statement, no HTTP), by 1 and by 50 writers: the
//       ceiling whatever the server does around it;
//   (b) 200 open Monitor streams (Server-Sent Events) receiving an advance: the time from the
//       advance's request to each stream's `change` event, p50/p95 over several advances
//       — target: p95 ≤ 500 ms;
//   (c) the outbox: `--messages 2000` text messages written in one transaction
//       (`kurban_enqueue_message`), delivered by the server's own workers to a local double of
//       Netgsm's API (tests/support/netgsm-double.ts) → messages/s from the commit until the last
//       one is marked sent (goal ≥ 200/s); checked: as many calls to the double as messages, none
//       twice.
//   (d) the public tracking page: `--lookups 2000` POST Tracking/lookup at 50 at a time (`--sellers`),
//       on 500 orders of 100 animals queued today, one in five with a wrong phone → p50/p95 of the
//       right and the wrong answers (goal p95 ≤ 50 ms); then GET /Farm the same way, for scale.
//   (e) the season's searches: `--search-orders 20000` orders of 8,000 customers on animals with
//       ear tags (people of bench/names.ts), shareholders named, every other order with a paid deposit; then what staff type
//       into the orders' and payments' search box (a name with or without Turkish letters, a phone
//       in another format or in part, an ear tag, a number) → the database's time per request of
//       each, as the server runs it (bench/list-time.ts; goal ≤ 3 ms, issue 17 point 3).
// The sellers and the streams' clients of (a) to (c) run in this process beside the server, so
// those figures include their CPU. The customers of (d) ask from a process of their own
// (bench/season-load.ts, autocannon), as their phones do: a client in the server's event loop
// would charge it for work a real customer's phone does. Every loop is bounded and the benchmark
// stops by itself.
// Usage: npm run bench:season [-- --sellers 50 --animals 100 --orders 0 --streams 200 --advances 20 --messages 2000 --outbox-concurrency 4 --lookups 2000 --search-orders 20000 --explain --part all|a|b|c|d|e]
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { connectDatabase, inTransaction } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { ensureFirstAdmin, seedReference } from '../server/src/db/seed/index.ts';
import { startTestPostgres } from '../tests/support/database.ts';
import { startNetgsmDouble } from '../tests/support/netgsm-double.ts';
import { encryptSecret } from '../server/src/crud/secrets.ts';
import { testConfig } from '../tests/support/config.ts';
import { entityByName } from '../server/src/crud/entities.ts';
import { databaseTime, listRequestStatements } from './list-time.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';

const { values: args } = parseArgs({
  options: {
    sellers: { type: 'string', default: '50' },
    animals: { type: 'string', default: '100' },
    streams: { type: 'string', default: '200' },
    advances: { type: 'string', default: '20' },
    part: { type: 'string', default: 'all' },
    orders: { type: 'string', default: '0' },
    messages: { type: 'string', default: '2000' },
    'outbox-concurrency': { type: 'string', default: '4' },
    lookups: { type: 'string', default: '2000' },
    'search-orders': { type: 'string', default: '20000' },
    // (e): also print the plans of each search's statements.
    explain: { type: 'boolean', default: false },
  },
});
const SELLERS = Number(args.sellers);
const ANIMALS = Number(args.animals);
const STREAMS = Number(args.streams);
const ADVANCES = Number(args.advances);
/** Orders already in the season before the sales begin (`--orders 20000`: a full season's numbering). */
const PREFILL = Number(args.orders);
const CAPACITY = 7;
const DAY = '2026-05-27';

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

const pg = await startTestPostgres();
const database = connectDatabase(pg.url, 20);
const config = testConfig({ logLevel: 'warn', trustProxy: true, outbox: { concurrency: Number(args['outbox-concurrency']) } });
await runMigrations(database.db);
await seedReference(database.pool, { encryptionKey: config.encryptionKey });
await ensureFirstAdmin(database.pool, { email: 'bench@example.com', password: 'bench-password-1' });
const q = async (sql: string, params: unknown[] = []) => (await database.pool.query(sql, params)).rows;

const app = await buildApp(config, database);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
const adminId = (await q(`SELECT id FROM users WHERE email = 'bench@example.com'`))[0].id as number;
const token = app.jwt.sign({ sub: String(adminId), guid: '00000000-0000-0000-0000-000000000000', email: 'bench@example.com', claims: ['Admin'] }, { expiresIn: '1h' });
const post = async (path: string, body: unknown, idempotencyKey?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) };
  const res = await fetch(`${base}/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: any; error: any } };
};

/**
 * CPU time (ms) used so far by this process (the server and its clients) and by the machine's
 * PostgreSQL processes (from /proc; 0 for a server elsewhere): where a write's cost goes.
 */
function cpuNow() {
  let postgresTicks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      postgresTicks += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      // ended meanwhile
    }
  }
  const own = process.cpuUsage();
  return { node: (own.user + own.system) / 1000, postgres: postgresTicks * 10 }; // 100 ticks a second
}
const cpuPer = (since: ReturnType<typeof cpuNow>, count: number) => {
  const now = cpuNow();
  return `node ${((now.node - since.node) / count).toFixed(2)} ms, PostgreSQL ${((now.postgres - since.postgres) / count).toFixed(2)} ms`;
};

// ---- (a) concurrent share sales ------------------------------------------------------------------
/** `n` cancelled one-share orders written straight in SQL (a filled season: numbering must not slow with it). */
async function prefill(n: number, accountId: number, currency: number) {
  if (!n) return;
  const animals = Math.ceil(n / CAPACITY);
  await q(
    `INSERT INTO products (code, name, product_type_id, vat_rate_id, share_capacity)
     SELECT 'FILL-' || i, 'Dolu sezon ' || i, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), $1 FROM generate_series(1, $2) i`,
    [CAPACITY, animals]);
  await q(
    `INSERT INTO victim_orders (order_no, account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
     SELECT 'K' || kurban_season_year() || '-' || lpad(i::text, 5, '0'), $1, p.id, 1, 100, $2, current_date, 'cancelled'
     FROM generate_series(1, $3) i JOIN products p ON p.code = 'FILL-' || (1 + (i - 1) / $4)`,
    [accountId, currency, n, CAPACITY]);
}

async function sales() {
  const currency = (await q(`SELECT id FROM currency_types WHERE is_default`))[0].id as number;
  const accounts = (await q(
    `INSERT INTO accounts (code, title, account_type_id) SELECT 'BC' || i, 'Bench ' || i, (SELECT id FROM account_types WHERE code = 'customer') FROM generate_series(1, $1) i RETURNING id`,
    [SELLERS])).map((r) => r.id as number);
  await prefill(PREFILL, accounts[0], currency);
  const animals = (await q(
    `INSERT INTO products (code, name, product_type_id, vat_rate_id, share_capacity)
     SELECT 'BENCH-' || lpad(i::text, 4, '0'), 'Bench ' || i, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), $1
     FROM generate_series(1, $2) i RETURNING id`, [CAPACITY, ANIMALS])).map((r) => r.id as number);
  // The share price the server sells at, valid today.
  await q(
    `INSERT INTO product_prices (product_id, price_type_id, currency_type_id, amount, valid_from)
     SELECT id, (SELECT id FROM price_types WHERE code = 'share'), $2, 12500, '2020-01-01' FROM products WHERE id = ANY($1::int[])`,
    [animals, currency]);
  const cash = (await q(`SELECT id FROM payment_methods WHERE code = 'cash' AND is_active ORDER BY id LIMIT 1`))[0].id as number;
  const [before] = await q(`SELECT (SELECT count(*) FROM victim_orders)::int AS orders, (SELECT count(*) FROM transactions)::int AS entries`);

  // One POST /Sales of one share with a shareholder and a deposit per request, until sold out.
  const open = new Set(animals);
  let orders = 0;
  let refused = 0;
  const failures = new Map<string, number>();
  const MAX_REQUESTS = ANIMALS * CAPACITY * 10; // a bound, far above what selling out takes
  let requests = 0;
  const cpu0 = cpuNow();
  const t0 = performance.now();
  await Promise.all(accounts.map(async (accountId, seller) => {
    while (open.size && requests < MAX_REQUESTS) {
      requests++;
      const list = [...open];
      const productId = list[Math.floor(Math.random() * list.length)];
      const res = await post('Sales', {
        accountId, productId, shareCount: 1, shareholders: [{ name: `Hissedar ${seller}`, phone: '0532 111 22 33' }],
        deposit: { amount: '1000.00', paymentMethodId: cash },
      }, `sale-${requests}`);
      if (res.status === 201) {
        orders++;
      } else if (res.status === 409 && res.body.error?.code === 'error.order.sharesExhausted') {
        refused++;
        // Sold out: every later sale on it is refused too.
        if (res.body.error.params?.remaining === 0) open.delete(productId);
      } else {
        const key = `${res.status} ${res.body.error?.code}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
        if ([...failures.values()].reduce((a, b) => a + b) > 100) throw new Error(`sales fail: ${JSON.stringify([...failures])}`);
      }
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const salesPerSecond = orders / seconds;
  const saleCpu = cpuPer(cpu0, orders + refused);

  // The same concurrency on a plain create (an account with its own code): what a sale is measured against.
  let creates = 0;
  const cpu1 = cpuNow();
  const t1 = performance.now();
  await Promise.all(accounts.map(async (_, seller) => {
    for (let i = 0; i < Math.ceil((ANIMALS * CAPACITY) / SELLERS); i++) {
      const res = await post('Accounts', { code: `PLAIN-${seller}-${i}`, title: `Düz kayıt ${seller}-${i}`, accountTypeId: (await customerType) });
      if (res.status !== 200) throw new Error(`plain create: ${res.status} ${JSON.stringify(res.body.error)}`);
      creates++;
    }
  }));
  const createsPerSecond = creates / ((performance.now() - t1) / 1000);
  const createCpu = cpuPer(cpu1, creates);

  const [check] = await q(
    `SELECT count(*) FILTER (WHERE p.shares_sold > p.share_capacity OR p.shares_sold <> coalesce(o.shares, 0))::int AS oversold,
            sum(p.shares_sold)::int AS sold, count(*) FILTER (WHERE p.shares_sold = p.share_capacity)::int AS full,
            (SELECT count(*) FROM victim_order_details d JOIN victim_orders o ON o.id = d.victim_order_id WHERE o.product_id = ANY($1::int[]) AND d.shareholder_name LIKE 'Hissedar %')::int AS named,
            (SELECT count(*) FROM victim_payments v JOIN victim_orders o ON o.id = v.victim_order_id WHERE o.product_id = ANY($1::int[]) AND v.receipt_no IS NOT NULL)::int AS payments,
            (SELECT count(*) FROM transactions)::int - $2 AS entries,
            (SELECT count(*) FROM victim_orders)::int - $3 AS orders
     FROM products p LEFT JOIN (SELECT product_id, sum(share_count) AS shares FROM victim_orders WHERE status <> 'cancelled' GROUP BY product_id) o ON o.product_id = p.id
     WHERE p.id = ANY($1::int[])`, [animals, before.entries, before.orders]);
  console.log(`(a) ${SELLERS} sellers, ${ANIMALS} animals × ${CAPACITY} shares${PREFILL ? `, after ${PREFILL} orders` : ''}: ${orders} sales and ${refused} refusals in ${seconds.toFixed(1)} s`);
  console.log(`(a) ${salesPerSecond.toFixed(0)} sales/s (one POST /Sales each: order, shareholder, deposit, 2 ledger entries); plain POST Accounts at the same concurrency ${createsPerSecond.toFixed(0)} creates/s; ratio ${(salesPerSecond / createsPerSecond).toFixed(2)} (goal ≥ 400 sales/s, ratio ≥ 0.5)`);
  console.log(`(a) CPU per sale request (refusals included): ${saleCpu}; per plain create: ${createCpu}`);
  console.log(`(a) checked in SQL: animals full ${check.full}/${ANIMALS}, shares sold ${check.sold} of ${ANIMALS * CAPACITY}, oversold ${check.oversold}; orders ${check.orders}, share lines named ${check.named}, paid deposits ${check.payments}, ledger entries ${check.entries} (2 per sale)`);
  if (failures.size) console.log(`(a) other answers: ${JSON.stringify(Object.fromEntries(failures))}`);
  if (check.oversold !== 0 || check.sold !== orders || check.orders !== orders || check.named !== orders || check.payments !== orders || check.entries !== 2 * orders) {
    throw new Error('oversold, or a sale without its share line, payment or ledger entries');
  }
  await databaseCeiling(accounts, currency, cash);
}

/**
 * The database's own part of a sale, alone: the same writes (`kurban_record_sale`: the order, its
 * named share line, the deposit, their ledger entries, documents and audit entries) as one
 * statement each, already decided, without HTTP, the server's checks, the idempotency key or the
 * answer: the most sales a second this machine can take whatever the server does around them.
 * Run by one writer, then by as many as the sellers, on animals of their own.
 */
async function databaseCeiling(accounts: number[], currency: number, cash: number) {
  const paid = (await q(`SELECT id FROM payment_statuses WHERE code = 'paid'`))[0].id as number;
  for (const writers of [1, SELLERS]) {
    const animals = (await q(
      `INSERT INTO products (code, name, product_type_id, vat_rate_id, share_capacity)
       SELECT 'CEIL-' || $3 || '-' || i, 'Tavan ' || i, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), $1
       FROM generate_series(1, $2) i RETURNING id`, [CAPACITY, ANIMALS, writers])).map((r) => r.id as number);
    const shares = animals.flatMap((id) => Array.from({ length: CAPACITY }, () => id));
    let next = 0;
    const cpu0 = cpuNow();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: writers }, async (_, w) => {
      for (let productId = shares[next++]; productId !== undefined; productId = shares[next++]) {
        const accountId = accounts[w % accounts.length];
        await database.pool.query({
          name: 'bench-record-sale',
          text: 'SELECT * FROM kurban_record_sale($1::jsonb, $2::text[], $3::text[], $4::text[], $5::jsonb)',
          values: [
            { account_id: accountId, product_id: productId, share_count: 1, unit_price: '12500.00', currency_type_id: currency, discount_amount: '0.00',
              status: 'confirmed', proxy_received: false, delivery_method: 'pickup', order_date: DAY, notes: null, confirmed_at: new Date().toISOString() },
            [`Hissedar ${w}`], ['0532 111 22 33'], ['kurban'],
            { account_id: accountId, amount: '1000.00', currency_type_id: currency, payment_method_id: cash, virtual_pos_id: null, payment_status_id: paid },
          ],
        });
      }
    }));
    const rate = shares.length / ((performance.now() - t0) / 1000);
    const cpu = cpuPer(cpu0, shares.length);
    const [made] = await q(
      `SELECT count(*)::int AS orders, (SELECT count(*) FROM transactions t JOIN victim_orders o ON o.id = t.victim_order_id WHERE o.product_id = ANY($1::int[]))::int AS entries
       FROM victim_orders WHERE product_id = ANY($1::int[])`, [animals]);
    if (made.orders !== shares.length || made.entries !== 2 * shares.length) throw new Error(`database ceiling: ${JSON.stringify(made)}`);
    console.log(`(a) the database's own part of a sale alone (kurban_record_sale, one statement, no HTTP), ${writers} writer${writers === 1 ? '' : 's'}: ${rate.toFixed(0)} sales/s; CPU per sale: ${cpu}`);
  }
}
const customerType = q(`SELECT id FROM account_types WHERE code = 'customer'`).then((r) => r[0].id as number);

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

async function outbox() {
  const N = Number(args.messages);
  const double = await startNetgsmDouble();
  try {
    const set = (key: string, value: string) => q(`UPDATE settings SET value = $2 WHERE key = $1`, [key, value]);
    await set('sms.netgsm.baseUrl', double.url);
    await set('sms.netgsm.userCode', double.userCode);
    await set('sms.netgsm.header', double.header);
    await q(`UPDATE settings SET secret_value_enc = $1 WHERE key = 'sms.netgsm.password'`, [encryptSecret(config.encryptionKey, double.password)]);
    await set('sms.provider', 'netgsm');
    await q(`INSERT INTO translates (language_id, code, value) SELECT id, 'sms.stepReached', '{company}: {animal} {step}. {link}' FROM languages
             ON CONFLICT (language_id, code) DO NOTHING`);
    const started = performance.now();
    const cpu = cpuNow();
    await q(
      `SELECT count(kurban_enqueue_message('stepReached', '0532' || lpad(i::text, 7, '0'), NULL, NULL,
               jsonb_build_object('company', 'Çiftlik', 'animal', 'Sarıkız ' || i, 'step', 'Kesildi'))) FROM generate_series(1, $1) i`,
      [N],
    );
    const committed = performance.now();
    const deadline = committed + 300_000;
    let sent = 0;
    while (sent < N && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      sent = (await q(`SELECT count(*)::int AS n FROM messages WHERE status = 'sent'`))[0].n;
    }
    const seconds = (performance.now() - committed) / 1000;
    const texts = new Set(double.sent.map((m) => m.text));
    console.log(`(c) ${N} messages written in one transaction in ${((committed - started) / 1000).toFixed(2)} s; ${sent} sent by the outbox (${Number(args['outbox-concurrency'])} workers) in ${seconds.toFixed(2)} s: ${(sent / seconds).toFixed(0)} messages/s (goal ≥ 200/s)`);
    console.log(`(c) the double received ${double.sent.length} sends (${texts.size} distinct), ${double.calls.filter((c) => !c.ok).length} refused; CPU per message ${cpuPer(cpu, N)}`);
  } finally {
    await double.close();
  }
}

// ---- (d) tracking lookups ------------------------------------------------------------------------------
async function trackingLookups() {
  const N = Number(args.lookups);
  const ORDERS = 500;
  const slot = (await q(
    `INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity)
     SELECT id, date_trunc('day', now()), date_trunc('day', now()) + interval '23 hours', 1000 FROM appointment_types WHERE code = 'slaughter' RETURNING id`))[0].id;
  await q(
    `WITH a AS (
       INSERT INTO accounts (code, title, account_type_id, phone_number)
       SELECT 'BENCH-TRK-' || i, 'Müşteri ' || i, $1, '0532' || lpad(i::text, 7, '0') FROM generate_series(1, $2) i RETURNING id, code),
     p AS (
       INSERT INTO products (code, name, product_type_id, vat_rate_id, share_capacity)
       SELECT 'BENCH-TRK-A' || i, 'Dana ' || i, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), 7 FROM generate_series(1, $2 / 5) i RETURNING id, code)
     INSERT INTO victim_orders (order_no, account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
     SELECT 'B2026-' || lpad(i::text, 5, '0'), (SELECT id FROM a WHERE code = 'BENCH-TRK-' || i),
            (SELECT id FROM p WHERE code = 'BENCH-TRK-A' || ((i - 1) / 5 + 1)), 1, 10000, (SELECT id FROM currency_types WHERE is_default), current_date, 'confirmed'
     FROM generate_series(1, $2) i`,
    [await customerType, ORDERS],
  );
  await q(
    `INSERT INTO victim_products_appointments (product_id, appointment_id, slaughter_no)
     SELECT id, $1, row_number() OVER (ORDER BY id) + 5000 FROM products WHERE code LIKE 'BENCH-TRK-A%'`, [slot]);
  // Their links, as each confirmed sale's text message made them (rules/messages.sql, `{link}`).
  await q(`SELECT count(kurban_tracking_token(id)) FROM victim_orders WHERE order_no LIKE 'B2026-%'`);
  const lookups = await load('lookup', N, ORDERS);
  const right = lookups.answers.filter(([status]) => status === 200).map(([, ms]) => ms);
  const wrong = lookups.answers.filter(([status]) => status !== 200).map(([, ms]) => ms);
  const all = lookups.answers.map(([, ms]) => ms);
  // What this machine gives any public read the same way (GET /Farm: one small query), for scale.
  const farm = await load('farm', N, ORDERS);
  console.log(`(d) ${N} tracking lookups, ${SELLERS} at a time, on ${ORDERS} orders queued today: ${(all.length / lookups.seconds).toFixed(0)} lookups/s; p50 ${ms(percentile(all, 50))}, p95 ${ms(percentile(all, 95))} (goal p95 ≤ 50 ms)`);
  console.log(`(d) right answers p95 ${ms(percentile(right, 95))}, wrong answers p95 ${ms(percentile(wrong, 95))}; unexpected statuses ${lookups.unexpected}; CPU per lookup ${lookups.cpu}`);
  console.log(`(d) for scale, GET /Farm the same way: ${(farm.answers.length / farm.seconds).toFixed(0)} requests/s, p95 ${ms(percentile(farm.answers.map(([, ms]) => ms), 95))}; CPU per request ${farm.cpu}`);
}

/**
 * `n` public requests (`kind`: tracking lookups or GET /Farm) from bench/season-load.ts, a process
 * of its own as the customers' phones are: every measured answer's status and latency, the
 * seconds they took, and the CPU per request sent (its warm-up included) of this process (the
 * server alone) and of PostgreSQL.
 */
async function load(kind: 'lookup' | 'farm', n: number, orders: number) {
  const cpu = cpuNow();
  const { stdout } = await promisify(execFile)(process.execPath, [fileURLToPath(new URL('./season-load.ts', import.meta.url)), base, kind, String(n), String(SELLERS), String(orders)], { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { answers: [number, number][]; unexpected: number; seconds: number; sent: number };
  return { ...result, cpu: cpuPer(cpu, result.sent) };
}

// ---- (e) the season's searches ------------------------------------------------------------------------
async function searches() {
  const N = Number(args['search-orders']);
  const CUSTOMERS = 8000;
  const started = performance.now();
  // One load, nobody's edit (no audit entries); every other rule runs: share lines, sold shares,
  // the posted sales and deposits, the receipts' numbers.
  await inTransaction(database.pool, async (client) => {
    const run = (sql: string, params: unknown[] = []) => client.query(sql, params);
    // Phones written as staff write them: "+90 5xx xxx xx xx", "05xxxxxxxxx", "5xx xxx xxxx".
    await run(
      `INSERT INTO accounts (code, title, account_type_id, phone_number)
       SELECT 'SRC-' || i, ($1::text[])[1 + abs(hashtext('f' || i)) % 40] || ' ' || ($2::text[])[1 + abs(hashtext('l' || i)) % 40], $3,
              CASE i % 3 WHEN 0 THEN '+90 53' || (i % 10) || ' ' || lpad((i % 1000)::text, 3, '0') || ' ' || lpad((i / 100 % 100)::text, 2, '0') || ' ' || lpad((i % 100)::text, 2, '0')
                         WHEN 1 THEN '053' || (i % 10) || lpad(i::text, 7, '0')
                         ELSE '53' || (i % 10) || ' ' || lpad((i % 1000)::text, 3, '0') || ' ' || lpad(i::text, 4, '0') END
       FROM generate_series(1, $4) i`,
      [FIRST_NAMES, LAST_NAMES, await customerType, CUSTOMERS]);
    await run(
      `INSERT INTO products (code, name, product_type_id, vat_rate_id, share_capacity)
       SELECT 'SRC-A' || i, 'Dana ' || i, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), 7 FROM generate_series(1, $1) i`,
      [Math.ceil(N / 3)]);
    await run(
      `INSERT INTO product_attribute_values (product_id, attribute_id, value)
       SELECT p.id, (SELECT id FROM attributes WHERE code = 'earTag'), 'TR-' || lpad((p.id % 10000)::text, 4, '0') || '-' || lpad(p.id::text, 5, '0')
       FROM products p WHERE p.code LIKE 'SRC-A%'`);
    // Three orders of one or two shares on each animal; four in five confirmed.
    await run(
      `INSERT INTO victim_orders (order_no, account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
       SELECT 'S2026-' || lpad(i::text, 5, '0'), a.id, p.id, 1 + i % 2, 12500, (SELECT id FROM currency_types WHERE is_default),
              date '2026-04-01' + (i * 56 / $1), CASE WHEN i % 5 = 0 THEN 'draft' ELSE 'confirmed' END
       FROM generate_series(1, $1) i
       JOIN accounts a ON a.code = 'SRC-' || (1 + abs(hashtext('c' || i)) % $2)
       JOIN products p ON p.code = 'SRC-A' || (1 + (i - 1) / 3)`,
      [N, CUSTOMERS]);
    await run(
      `UPDATE victim_order_details d SET shareholder_name = ($1::text[])[1 + abs(hashtext('sf' || d.id)) % 40] || ' ' || ($2::text[])[1 + abs(hashtext('sl' || d.id)) % 40],
              shareholder_phone = '0542 ' || lpad((d.id % 1000)::text, 3, '0') || ' ' || lpad((d.id % 10000)::text, 4, '0')
       FROM victim_orders o WHERE o.id = d.victim_order_id AND o.order_no LIKE 'S2026-%'`,
      [FIRST_NAMES, LAST_NAMES]);
    await run(
      `INSERT INTO victim_payments (victim_order_id, account_id, amount, currency_type_id, payment_method_id, payment_status_id)
       SELECT o.id, o.account_id, 1000, o.currency_type_id, (SELECT id FROM payment_methods WHERE code = 'cash'), (SELECT id FROM payment_statuses WHERE code = 'paid')
       FROM victim_orders o WHERE o.order_no LIKE 'S2026-%' AND o.status = 'confirmed' AND o.id % 2 = 0`);
  }, { audit: false });
  // The tables as autovacuum leaves them after such a load: statistics taken, and the new rows
  // moved from the trigram indexes' pending lists into the indexes (a search reads a pending list
  // whole: 5–7 ms on each index right after 20,000 inserts).
  await q('VACUUM ANALYZE');
  const [counts] = await q(
    `SELECT (SELECT count(*) FROM victim_orders)::int AS orders, (SELECT count(*) FROM victim_order_details)::int AS lines,
            (SELECT count(*) FROM victim_payments)::int AS payments, (SELECT count(*) FROM accounts)::int AS accounts`);
  console.log(`(e) loaded ${counts.orders} orders (${counts.lines} share lines), ${counts.payments} payments, ${counts.accounts} accounts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [sample] = await q(
    `SELECT o.order_no AS "orderNo", a.phone_number AS phone, v.value AS "earTag", p.receipt_no AS "receiptNo"
     FROM victim_orders o JOIN accounts a ON a.id = o.account_id JOIN product_attribute_values v ON v.product_id = o.product_id
     JOIN victim_payments p ON p.victim_order_id = o.id WHERE o.order_no = 'S2026-01234' OR o.order_no = 'S2026-01236' LIMIT 1`);
  const digits = String(sample.phone).replace(/\D/g, '').slice(-10);
  const cases: [string, string, string][] = [
    ['VictimOrder', 'a first name', 'Hatice'],
    ['VictimOrder', 'a surname without Turkish letters', 'sahin'],
    ['VictimOrder', 'a whole name in capitals', 'HATİCE ŞAHİN'],
    ['VictimOrder', 'a phone in another format', `+90 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`],
    ['VictimOrder', 'a phone in part', `0${digits.slice(0, 3)} ${digits.slice(3, 6)}`],
    ['VictimOrder', 'a shareholder\'s phone in part', '0542 123'],
    ['VictimOrder', 'an ear tag', sample.earTag],
    ['VictimOrder', 'an order number in part', sample.orderNo.slice(1).toLowerCase()],
    ['VictimPayment', 'a surname without Turkish letters', 'simsek'],
    ['VictimPayment', 'a receipt number', sample.receiptNo],
  ];
  for (const [entity, what, search] of cases) {
    const request = { PageNumber: 1, PageSize: 20, GlobalFilter: search };
    const { plural } = entityByName.get(entity)!;
    const res = await post(`${plural}/GetListForPaging`, request);
    if (res.status !== 200) throw new Error(`${plural} search ${search}: ${res.status}`);
    const { ms, planning } = await databaseTime(database.pool, entity, request);
    console.log(`(e) ${plural}, ${what} ("${search}"): ${res.body.data.totalCount}${res.body.data.totalCountCapped ? '+' : ''} found; database time ${ms.toFixed(2)} ms, of it planning ${planning.toFixed(2)} (goal ≤ 3 ms: ${ms <= 3 ? 'met' : 'NOT met'})`);
    if (args.explain) {
      const { statements, params } = await listRequestStatements(database.pool, entity, request);
      for (const sql of statements) console.log((await q(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params)).map((r) => `   ${r['QUERY PLAN']}`).join('\n'));
    }
  }
}

try {
  if (args.part === 'all' || args.part === 'c') await outbox();
  if (args.part === 'all' || args.part === 'd') await trackingLookups();
  if (args.part === 'all' || args.part === 'b') await monitor();
  if (args.part === 'all' || args.part === 'a') await sales();
  // Last: its 20,000 orders would be in the other parts' season.
  if (args.part === 'all' || args.part === 'e') await searches();
} finally {
  await app.close();
  await database.close();
  await pg.stop();
}
