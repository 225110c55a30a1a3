// Peak-load benchmark (issue 9, point 8; not part of npm test). A season's busiest hour on a real
// server: SESSIONS simulated staff sessions for SECONDS, each doing a realistic mix of what staff
// do on the back office, while STREAMS Monitor boards (Server-Sent Events) stay open.
//
// Setup: a throwaway PostgreSQL, migrated, the reference data and the demo season seeded with the
// season year set to the next Kurban (so the season is selling: open orders, free shares, future
// slots), then topped up for the load: extra cattle (7 shares, with a share price and a breed,
// copied from a demo cattle) so that 60 s of selling do not sell out, and slot capacities raised so
// that bookings have room (both sized from the expected number of sales and bookings). Staff users
// are created with passwords (argon2, as the server stores them) in three roles:
//   - sales clerks (a bench group "Satış Danışmanı": orders, share lines, payments, bookings,
//     slots, accounts, the catalogue's read claims)  — 60% of the sessions
//   - cashiers (the demo's "Kasa" group: payments, order and account reads)   — 30%
//   - administrators (the "Administrators" group, claim Admin)                — 10%
// plus hall-screen users holding only Monitor.Read (one per 10 streams) and one slaughterhouse
// user (the demo's "Kesimhane" group) who advances animals during the run.
//
// The server runs as its own OS process (`node server/src/main.ts`, DATABASE_URL, PORT,
// LOG_LEVEL=warn, JSON logs), so its CPU is not this process's. Every session signs in through
// the real `POST Auth/login` (successful sign-ins are not limited, so all of them may come from
// this one address) and refreshes its token through `POST Auth/refresh-token` when it has less
// than a minute left (`--token-seconds 90` makes a 60 s run exercise that). The cap on
// connections per address is off for this server: every session and stream is on loopback.
//
// Each session loops, with a think time of 0.5–2 s (uniform) after every request, over flows
// picked by weight (a flow is what a person does on one screen; each request is timed on its own):
//   list orders 14 (status, date range, search; sorted), list payments 8, list accounts 10
//   (search a surname), list transactions 8 (date range or one account), open a record 14
//   (order, account or payment by id), save an edit 10 (account notes, order's proxy as the order
//   page does, payment description: GET then PUT with the row version), sell shares 12 (the Sales
//   screen: free animals page, customer search, POST VictimOrders), take a payment 12 (open orders
//   page, the order, POST VictimPayments of part or all of its balance), book a slot 12 (the
//   order, that day's slots, POST VictimAppointments). A cashier only lists, opens, saves a
//   payment and takes payments.
// Answers: 2xx is ok; a 409 the business gives under contention (no shares left, slot full or not
// open, payment above the balance, a row changed meanwhile) is a refusal, counted apart; anything
// else (5xx, network error, timeout, any other status) is an error.
// The Monitor streams watch the first slaughter day; every 2 s the slaughterhouse user moves an
// animal of that day between two steps, and the time from that request to each stream's `change`
// event is measured. A stream that ends before its token does is a drop.
// At the end: per action p50/p95/p99, count, errors, refusals; req/s; CPU of the server, the
// database and this process; and the invariants, checked in SQL on the database. The exit code is
// non-zero when an invariant fails; figures over their targets only warn (the machine is noisy).
// Usage: npm run bench:peak [-- --sessions 100 --streams 200 --seconds 60 --token-seconds 900]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { hashPassword } from '../server/src/crud/secrets.ts';
import { connectDatabase } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { kurbanFirstDay, istanbulDate, addDays } from '../server/src/db/seed/calendar.ts';
import { ensureFirstAdmin, seedDemo, seedReference } from '../server/src/db/seed/index.ts';
import { startTestPostgres } from '../tests/support/database.ts';
import openapi from '../generated/openapi.json' with { type: 'json' };

const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: '100' },
    streams: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    'token-seconds': { type: 'string', default: '900' },
    'think-min': { type: 'string', default: '500' },
    'think-max': { type: 'string', default: '2000' },
  },
});
const SESSIONS = Number(args.sessions);
const STREAMS = Number(args.streams);
const SECONDS = Number(args.seconds);
const TOKEN_SECONDS = Number(args['token-seconds']);
const THINK_MIN = Number(args['think-min']);
const THINK_MAX = Number(args['think-max']);
const TARGET_READ_P95 = 200;
const TARGET_WRITE_P95 = 400;
const REQUEST_TIMEOUT_MS = 30_000;
const PASSWORD = 'peak-bench-password-1';
const ADMIN_EMAIL = 'admin@example.com';
const projectRoot = fileURLToPath(new URL('../', import.meta.url));

// ---- small helpers ----------------------------------------------------------------------------------
let measuring = false;
/** Past it, a flow under way makes no new request (nor thinks): only the requests in flight finish. */
let deadline = Infinity;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)];
const think = () => (performance.now() > deadline ? Promise.resolve() : sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN)));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;
const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '—');
const pad = (s: string | number, n: number) => String(s).padStart(n);
const kurus = (money: string) => Math.round(Number(money) * 100);
const money = (k: number) => (k / 100).toFixed(2);
function weighted<T extends { weight: number }>(xs: T[]): T {
  let r = Math.random() * xs.reduce((a, x) => a + x.weight, 0);
  for (const x of xs) if ((r -= x.weight) < 0) return x;
  return xs[xs.length - 1];
}

type Row = Record<string, any>;
const schemas = openapi.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
/** The row's fields an update sends (the `…Update` schema's properties), as the generic dialog does. */
const updateBody = (entity: string, row: Row, changes: Row) => {
  const keys = Object.keys(schemas[`${entity}Update`].properties ?? {});
  return { ...Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]])), ...changes };
};

// ---- figures ------------------------------------------------------------------------------------------
interface Stat { kind: 'read' | 'write' | 'auth'; times: number[]; errors: number; refusals: number; codes: Map<string, number> }
const stats = new Map<string, Stat>();
const errorSamples: string[] = [];
const stat = (action: string, kind: Stat['kind']) => {
  let s = stats.get(action);
  if (!s) stats.set(action, (s = { kind, times: [], errors: 0, refusals: 0, codes: new Map() }));
  return s;
};
/** Refusals the business gives under contention: not errors. */
const REFUSALS = new Set([
  'error.order.sharesExhausted', 'error.appointment.full', 'error.appointment.notOpen', 'error.payment.exceedsBalance',
  'error.conflict.stale', 'error.booking.orderCancelled', 'error.payment.orderCancelled',
  'error.booking.alreadyBooked', 'error.booking.slotStarted',
]);

// ---- database and seed ------------------------------------------------------------------------------
const setupStarted = performance.now();
const pg = await startTestPostgres();
const database = connectDatabase(pg.url, 5);
const q = async (sql: string, params: unknown[] = []) => (await database.pool.query(sql, params)).rows as Row[];
const encryptionKey = randomBytes(32);

await runMigrations(database.db);
await seedReference(database.pool, { encryptionKey });
// The next season that has not ended: the demo is then a season in the middle of its sales.
const now = new Date();
const today = istanbulDate(now);
let seasonYear = Number(today.slice(0, 4));
if (addDays(kurbanFirstDay(seasonYear), 3) <= today) seasonYear++;
await q(`UPDATE settings SET value = $1 WHERE key = 'season.year'`, [String(seasonYear)]);
await ensureFirstAdmin(database.pool, { email: ADMIN_EMAIL, password: PASSWORD });
await seedDemo(database.pool, { encryptionKey });
const DAY = kurbanFirstDay(seasonYear); // the Monitor's day: the first slaughter day

// Expected counts of the writes, to size the capacity: one flow every ~(think + a few requests).
const expectedFlows = (SESSIONS * SECONDS) / ((THINK_MIN + THINK_MAX) / 2000) / 2.2;
const expectedSales = expectedFlows * 0.12;
const expectedBookings = expectedFlows * 0.12;

const template = (await q(
  `SELECT p.id FROM products p WHERE p.share_capacity = 7 AND p.is_active ORDER BY p.id LIMIT 1`))[0]?.id as number | undefined;
if (!template) throw new Error('the demo has no cattle to copy');
const freeBefore = Number((await q(`SELECT coalesce(sum(share_capacity - shares_sold), 0) AS n FROM products WHERE share_capacity > 0 AND is_active`))[0].n);
const sharesWanted = Math.ceil(expectedSales * 2 * 2); // 1–3 shares a sale, twice over
const extraCattle = Math.max(0, Math.ceil((sharesWanted - freeBefore) / 7));
if (extraCattle) {
  const columns = (await q(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'products' AND table_schema = current_schema()
       AND is_generated = 'NEVER' AND is_identity = 'NO' AND column_default IS DISTINCT FROM 'nextval' AND column_name NOT IN ('id', 'code', 'name', 'shares_sold', 'created_at', 'updated_at', 'row_version')`,
  )).map((r) => `"${r.column_name}"`);
  const made = await q(
    `INSERT INTO products (code, name, ${columns.join(', ')})
     SELECT 'KB-P' || lpad(i::text, 4, '0'), 'Kurbanlık Dana P' || i, ${columns.map((c) => `t.${c}`).join(', ')}
     FROM products t, generate_series(1, $2) i WHERE t.id = $1 RETURNING id`,
    [template, extraCattle],
  );
  const ids = made.map((r) => r.id as number);
  for (const table of ['product_prices', 'product_attribute_values']) {
    const cols = (await q(
      `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()
         AND is_generated = 'NEVER' AND is_identity = 'NO' AND column_name NOT IN ('id', 'product_id', 'created_at', 'updated_at', 'row_version')`,
      [table],
    )).map((r) => `"${r.column_name}"`);
    await q(
      `INSERT INTO ${table} (product_id, ${cols.join(', ')}) SELECT n.id, ${cols.map((c) => `t.${c}`).join(', ')}
       FROM ${table} t, unnest($2::int[]) n(id) WHERE t.product_id = $1`,
      [template, ids],
    );
  }
}
// Future slots that take bookings (not the slaughter ones: an animal's slot is the queue's).
const slotRows = await q(
  `SELECT a.id, a.capacity, a.booked_count FROM appointments a JOIN appointment_types t ON t.id = a.appointment_type_id
   WHERE a.starts_at > now() AND a.status IN ('open', 'full') AND t.name <> 'Kesim'`,
);
const slotFree = slotRows.reduce((a, r) => a + r.capacity - r.booked_count, 0);
const slotFactor = slotRows.length ? Math.max(1, Math.ceil((expectedBookings * 1.5 + slotRows.reduce((a, r) => a + r.booked_count, 0)) / Math.max(1, slotRows.reduce((a, r) => a + r.capacity, 0)))) : 1;
if (slotFactor > 1) {
  await q(`UPDATE appointments SET capacity = capacity * $2, status = CASE WHEN status = 'full' THEN 'open' ELSE status END WHERE id = ANY($1::int[])`,
    [slotRows.map((r) => r.id), slotFactor]);
}
const bookingDays = (await q(
  `SELECT DISTINCT to_char(a.starts_at AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM-DD') AS day FROM appointments a
   JOIN appointment_types t ON t.id = a.appointment_type_id WHERE a.starts_at > now() AND a.status = 'open' AND t.name <> 'Kesim' ORDER BY 1`,
)).map((r) => r.day as string);

// Users: roles by group, one password (hashed once, as the server stores it).
const passwordHash = await hashPassword(PASSWORD);
const claimIds = new Map((await q(`SELECT id, name FROM operation_claims`)).map((r) => [r.name as string, r.id as number]));
const groupId = async (name: string, description: string, claims: string[]) => {
  const missing = claims.filter((c) => !claimIds.has(c));
  if (missing.length) throw new Error(`claims missing: ${missing.join(', ')}`);
  const id = (await q(`INSERT INTO groups (name, description) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id`, [name, description]))[0].id as number;
  await q(`INSERT INTO group_claims (group_id, operation_claim_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [id, claims.map((c) => claimIds.get(c))]);
  return id;
};
const clerkGroup = await groupId('Satış Danışmanı', 'Sezon satışı: sipariş, hisse, tahsilat, randevu.', [
  'VictimOrders.Read', 'VictimOrders.Create', 'VictimOrders.Update', 'VictimOrderDetail.Read', 'VictimOrderDetail.Update',
  'VictimPayments.Read', 'VictimPayments.Create', 'VictimPayments.Update', 'VictimAppointments.Read', 'VictimAppointments.Create',
  'Appointments.Read', 'Accounts.Read', 'Accounts.Create', 'Accounts.Update', 'Transactions.Read', 'Products.Read', 'ProductPrices.Read',
  'ProductAttributeValues.Read', 'ProductTypes.Read', 'PaymentMethods.Read', 'PaymentStatus.Read', 'CurrencyTypes.Read', 'AccountTypes.Read',
]);
const groupByName = async (name: string) => (await q(`SELECT id FROM groups WHERE name = $1`, [name]))[0].id as number;
const cashierGroup = await groupByName('Kasa');
const slaughterGroup = await groupByName('Kesimhane');
const adminGroup = await groupByName('Administrators');

type Role = 'clerk' | 'cashier' | 'admin';
const roleOf = (i: number): Role => (i % 10 === 9 ? 'admin' : i % 10 >= 6 ? 'cashier' : 'clerk');
const roleGroup: Record<Role, number> = { clerk: clerkGroup, cashier: cashierGroup, admin: adminGroup };
const monitorUsers = Math.max(1, Math.ceil(STREAMS / 10));
const users: { email: string; role: Role | 'monitor' | 'slaughter' }[] = [
  ...Array.from({ length: SESSIONS }, (_, i) => ({ email: `staff${i + 1}@peak.example.com`, role: roleOf(i) })),
  ...Array.from({ length: monitorUsers }, (_, i) => ({ email: `screen${i + 1}@peak.example.com`, role: 'monitor' as const })),
  { email: 'kesim@peak.example.com', role: 'slaughter' as const },
];
for (const u of users) {
  const id = (await q(`INSERT INTO users (first_name, last_name, email, status, password_hash) VALUES ('Peak', $1, $1, 'active', $2) RETURNING id`, [u.email, passwordHash]))[0].id;
  if (u.role === 'monitor') await q(`INSERT INTO user_claims (user_id, operation_claim_id) VALUES ($1, $2)`, [id, claimIds.get('Monitor.Read')]);
  else await q(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)`, [id, u.role === 'slaughter' ? slaughterGroup : roleGroup[u.role]]);
}

// What the screens look up by code or name (the Sales screen reads these once per opening).
const ref = {
  paid: (await q(`SELECT id FROM payment_statuses WHERE code = 'paid'`))[0].id as number,
  pending: (await q(`SELECT id FROM payment_statuses WHERE code = 'pending'`))[0].id as number,
  methods: (await q(`SELECT id FROM payment_methods WHERE is_active AND code IN ('cash', 'card', 'transfer')`)).map((r) => r.id as number),
  customerType: (await q(`SELECT id FROM account_types WHERE name = 'Müşteri'`))[0]?.id as number | undefined,
  sharePrice: (await q(`SELECT id FROM price_types WHERE name = 'Hisse Fiyatı'`))[0]?.id as number | undefined,
  currency: (await q(`SELECT id FROM currency_types WHERE is_default`))[0].id as number,
  surnames: (await q(`SELECT DISTINCT split_part(title, ' ', 2) AS s FROM accounts WHERE title LIKE '% %' LIMIT 40`)).map((r) => r.s as string).filter(Boolean),
  accountIds: (await q(`SELECT id FROM accounts ORDER BY id`)).map((r) => r.id as number),
  steps: (await q(`SELECT id FROM victim_appointment_steps ORDER BY step_order`)).map((r) => r.id as number),
};
let queueId = (await q(
  `SELECT v.id FROM victim_products_appointments v JOIN appointments a ON a.id = v.appointment_id
   WHERE (a.starts_at AT TIME ZONE 'Europe/Istanbul')::date = $1 ORDER BY v.slaughter_no LIMIT 1`, [DAY]))[0]?.id as number | undefined;
if (!queueId) {
  // No animal sold out for that day yet: queue one demo animal, as the slaughterhouse would.
  const slot = (await q(`SELECT a.id FROM appointments a JOIN appointment_types t ON t.id = a.appointment_type_id
    WHERE t.name = 'Kesim' AND (a.starts_at AT TIME ZONE 'Europe/Istanbul')::date = $1 ORDER BY a.starts_at LIMIT 1`, [DAY]))[0].id;
  queueId = (await q(`INSERT INTO victim_products_appointments (product_id, appointment_id, slaughter_no) VALUES ($1, $2, 1) RETURNING id`, [template, slot]))[0].id as number;
}
const queuedOnDay = Number((await q(`SELECT count(*) AS n FROM victim_products_appointments v JOIN appointments a ON a.id = v.appointment_id
   WHERE (a.starts_at AT TIME ZONE 'Europe/Istanbul')::date = $1`, [DAY]))[0].n);
const idsBefore = (await q(`SELECT (SELECT coalesce(max(id), 0) FROM victim_orders) AS o, (SELECT coalesce(max(id), 0) FROM victim_payments) AS p,
   (SELECT coalesce(max(id), 0) FROM victim_appointments) AS b`))[0];
const counts = (await q(`SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM victim_orders) AS orders,
   (SELECT count(*) FROM victim_payments) AS payments, (SELECT count(*) FROM transactions) AS transactions,
   (SELECT coalesce(sum(share_capacity - shares_sold), 0) FROM products WHERE share_capacity > 0 AND is_active) AS free_shares,
   (SELECT count(*) FILTER (WHERE share_capacity > 0) FROM products) AS animals`))[0];
console.log(`season ${seasonYear} (Kurban ${DAY}), demo seeded; ${counts.accounts} accounts, ${counts.orders} orders, ${counts.payments} payments, ${counts.transactions} transactions`);
console.log(`capacity for the load: ${counts.animals} animals (${extraCattle} added), ${counts.free_shares} free shares; ${slotRows.length} future slots (capacity ×${slotFactor}, ${slotFree} free before); ${queuedOnDay} animals queued on ${DAY}`);

// ---- the server, its own process -----------------------------------------------------------------------
const port = await new Promise<number>((resolve, reject) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => resolve(p));
  }).on('error', reject);
});
const dataDir = await mkdtemp(join(tmpdir(), 'kurban-peak-'));
const serverErrors: string[] = [];
let serverWarnings = 0;
const server: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
  cwd: projectRoot,
  env: {
    ...process.env,
    DATABASE_URL: pg.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_ROOT: dataDir, // no built app: the API only
    JWT_SECRET: randomBytes(48).toString('base64'),
    ENCRYPTION_KEY: encryptionKey.toString('base64'),
    ACCESS_TOKEN_SECONDS: String(TOKEN_SECONDS),
    MAX_CONNECTIONS_PER_ADDRESS: '0', // hundreds of sessions and streams from one address
    ADMIN_EMAIL,
    SEED_DEMO: 'false', // seeded above
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverExited = false;
server.on('exit', (code, signal) => {
  serverExited = true;
  if (measuring) console.error(`server exited during the run: ${code ?? signal}`);
});
const onServerLine = (line: string) => {
  if (!line.startsWith('{')) return;
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
    if ((entry.level ?? 0) >= 50) serverErrors.push(`${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim());
    else if ((entry.level ?? 0) >= 40) serverWarnings++;
  } catch {
    // not a log line
  }
};
for (const stream of [server.stdout!, server.stderr!]) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf('\n')) >= 0) {
      onServerLine(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 1);
    }
  });
}
const origin = `http://127.0.0.1:${port}`;
const base = `${origin}/api/v1`;
for (let i = 0; ; i++) {
  if (serverExited) throw new Error('the server did not start');
  const up = await fetch(`${base}/health`).then((r) => r.ok, () => false);
  if (up) break;
  if (i > 600) throw new Error('the server did not answer within 60 s');
  await sleep(100);
}

// ---- CPU of the server, the database and this process -----------------------------------------------
const TICK = 100; // USER_HZ: clock ticks per second on Linux
/** Busy ticks of the whole machine (every core), to show what else ran meanwhile. */
async function machineTicks(): Promise<number> {
  try {
    const cpu = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    return cpu.slice(0, 8).reduce((a, x) => a + x, 0) - cpu[3] - cpu[4];
  } catch {
    return NaN;
  }
}
async function cpuTicks(pid: number, withChildren = false): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    // utime, stime (then cutime, cstime: the children that have ended) from field 14 on.
    return Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
  } catch {
    return NaN;
  }
}
/** The database's CPU: its postmaster (with the backends that ended) and the backends alive. */
async function databaseTicks(): Promise<number> {
  try {
    const pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d));
    const parents = new Map<number, { ppid: number; comm: string }>();
    await Promise.all(pids.map(async (p) => {
      const text = await readFile(`/proc/${p}/stat`, 'utf8').catch(() => '');
      if (!text) return;
      const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      parents.set(Number(p), { ppid: Number(text.split(') ')[1].split(' ')[1]), comm });
    }));
    const postmaster = [...parents].find(([, v]) => v.ppid === process.pid && v.comm.startsWith('postgres'))?.[0];
    if (!postmaster) return NaN;
    let total = await cpuTicks(postmaster, true);
    for (const [pid, v] of parents) if (v.ppid === postmaster) total += (await cpuTicks(pid)) || 0;
    return total;
  } catch {
    return NaN;
  }
}

// ---- sessions ------------------------------------------------------------------------------------------
interface Answer { status: number; body: { data?: any; error?: { code?: string } } | null }

class Session {
  token = '';
  refreshToken = '';
  exp = 0;
  private refreshing?: Promise<void>;
  readonly email: string;
  constructor(email: string) {
    this.email = email;
  }

  async signIn() {
    const res = await timed('sign in', 'auth', () => this.raw('POST', 'Auth/login', { email: this.email, password: PASSWORD }, false));
    if (res.status !== 200) throw new Error(`sign in ${this.email}: ${res.status} ${JSON.stringify(res.body?.error)}`);
    this.take(res.body!.data);
  }

  private take(data: { token: string; refreshToken: string }) {
    this.token = data.token;
    this.refreshToken = data.refreshToken;
    this.exp = JSON.parse(Buffer.from(data.token.split('.')[1], 'base64url').toString()).exp * 1000;
  }

  /** A fresh token when less than a minute (a third of its life, if shorter) is left (one refresh at a time: a spent token is never presented twice). */
  async fresh(): Promise<string> {
    if (this.exp - Date.now() < Math.min(60, TOKEN_SECONDS / 3) * 1000) {
      this.refreshing ??= (async () => {
        const res = await timed('refresh token', 'auth', () => this.raw('POST', 'Auth/refresh-token', { refreshToken: this.refreshToken }, false));
        // The refresh answer nests its pair one level deeper (`data.data`, as the contract says).
        if (res.status === 200) this.take(res.body!.data.data);
        else await this.signIn(); // as the app does: back to the sign-in page
      })().finally(() => { this.refreshing = undefined; });
      await this.refreshing;
    }
    return this.token;
  }

  async raw(method: string, path: string, body?: unknown, auth = true): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth) headers.authorization = `Bearer ${await this.fresh()}`;
    const res = await fetch(`${base}/${path}`, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: Answer['body'] = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the status tells
    }
    return { status: res.status, body: parsed };
  }

  /** A request of `action`, timed and classified. Answers null unless 2xx. */
  async call(action: string, kind: 'read' | 'write', method: string, path: string, body?: unknown): Promise<any> {
    if (performance.now() > deadline) return null;
    const res = await timed(action, kind, () => this.raw(method, path, body));
    return res.status >= 200 && res.status < 300 ? res.body?.data : null;
  }
}

async function timed(action: string, kind: Stat['kind'], work: () => Promise<Answer>): Promise<Answer> {
  const t0 = performance.now();
  let res: Answer;
  try {
    res = await work();
  } catch (err) {
    res = { status: 0, body: { error: { code: (err as Error).name === 'TimeoutError' ? 'timeout' : `network: ${(err as Error).message}` } } };
  }
  const ms = performance.now() - t0;
  if (!measuring && kind !== 'auth') return res;
  const s = stat(action, kind);
  s.times.push(ms);
  const code = res.body?.error?.code;
  if (res.status >= 200 && res.status < 300) return res;
  const key = `${res.status} ${code ?? ''}`.trim();
  s.codes.set(key, (s.codes.get(key) ?? 0) + 1);
  if (res.status === 409 && code && REFUSALS.has(code)) s.refusals++;
  else {
    s.errors++;
    if (errorSamples.length < 20) errorSamples.push(`${action}: ${key} ${JSON.stringify(res.body?.error ?? res.body).slice(0, 300)}`);
  }
  return res;
}

const page = (PageNumber: number, FilterParam: Row[], SortingParams: Row[], GlobalFilter?: string) =>
  ({ PageNumber, PageSize: 20, FilterParam, SortingParams, ...(GlobalFilter ? { GlobalFilter } : {}) });
const eq = (ColumnName: string, FilterValue: unknown, MatchMode = 'equals') => ({ ColumnName, FilterValue, MatchMode, Operator: 'and' });
const sort = (ColumnName: string, SortOrder: 1 | -1) => ({ ColumnName, SortOrder });
const rows = (data: any): Row[] => data?.data ?? [];

/** What one person at a desk does. */
class Desk {
  readonly mine: Row[] = []; // orders this desk sold: paid and booked next, as at the counter
  lastOrders: Row[] = [];
  lastAccounts: Row[] = [];
  lastPayments: Row[] = [];
  readonly s: Session;
  readonly role: Role;
  constructor(s: Session, role: Role) {
    this.s = s;
    this.role = role;
  }

  flows(): { weight: number; run: () => Promise<void> }[] {
    const cashier = this.role === 'cashier';
    return [
      { weight: 14, run: async () => void (await this.listOrders()) },
      { weight: 8, run: () => this.listPayments() },
      { weight: 10, run: async () => void (await this.listAccounts()) },
      { weight: 8, run: () => this.listTransactions() },
      { weight: 14, run: () => this.open() },
      { weight: 10, run: () => (cashier ? this.savePayment() : pick([() => this.saveAccount(), () => this.saveOrder(), () => this.savePayment()])()) },
      ...(cashier ? [] : [{ weight: 12, run: () => this.sell() }, { weight: 12, run: () => this.book() }]),
      { weight: 12, run: () => this.pay() },
    ];
  }

  async listOrders(filters?: Row[]) {
    const variants = [
      () => page(1, [eq('status', ['draft', 'confirmed'], 'in')], [sort('orderDate', -1), sort('orderNo', -1)]),
      () => page(1, [eq('orderDate', [addDays(today, -30), today], 'between')], [sort('totalAmount', -1)]),
      () => page(1, [eq('balance', 0, 'gt')], [sort('balance', -1)]),
      () => page(1 + rand(3), [], [sort('orderDate', -1)]),
      () => page(1, [], [sort('orderNo', 1)], `K${seasonYear}-000${rand(10)}`),
    ];
    const data = await this.s.call('list orders', 'read', 'POST', 'VictimOrders/GetListForPaging', filters ? page(1, filters, [sort('orderDate', -1)]) : pick(variants)());
    if (rows(data).length) this.lastOrders = rows(data);
    return rows(data);
  }

  async listPayments() {
    const variants = [
      () => page(1, [eq('paymentStatusId', ref.paid), eq('paidAt', addDays(today, -14), 'dateAfter')], [sort('paidAt', -1)]),
      () => page(1, [eq('paymentMethodId', pick(ref.methods))], [sort('paidAt', -1)]),
      () => page(1 + rand(2), [], [sort('amount', -1)]),
      () => page(1, [], [sort('paidAt', -1)], `T${seasonYear}-`),
    ];
    const data = await this.s.call('list payments', 'read', 'POST', 'VictimPayments/GetListForPaging', pick(variants)());
    if (rows(data).length) this.lastPayments = rows(data);
  }

  async listAccounts(search = pick(ref.surnames)) {
    const filters = [eq('isActive', true), ...(ref.customerType && Math.random() < 0.5 ? [eq('accountTypeId', ref.customerType)] : [])];
    const data = await this.s.call('list accounts', 'read', 'POST', 'Accounts/GetListForPaging', page(1, filters, [sort('title', 1)], search));
    if (rows(data).length) this.lastAccounts = rows(data);
    return rows(data);
  }

  async listTransactions() {
    const from = addDays(today, -rand(60) - 7);
    const body = Math.random() < 0.5
      ? page(1, [eq('transactionDate', [from, addDays(from, 7)], 'between')], [sort('transactionDate', -1)])
      : page(1, [eq('accountId', pick(this.lastAccounts.length ? this.lastAccounts.map((a) => a.id) : ref.accountIds))], [sort('transactionDate', -1)]);
    await this.s.call('list transactions', 'read', 'POST', 'Transactions/GetListForPaging', body);
  }

  async open() {
    const r = Math.random();
    if (r < 0.5 && this.lastOrders.length) await this.s.call('open order', 'read', 'GET', `VictimOrders/${pick(this.lastOrders).id}`);
    else if (r < 0.8 || !this.lastPayments.length) await this.s.call('open account', 'read', 'GET', `Accounts/${pick(this.lastAccounts.length ? this.lastAccounts.map((a) => a.id) : ref.accountIds)}`);
    else await this.s.call('open payment', 'read', 'GET', `VictimPayments/${pick(this.lastPayments).id}`);
  }

  async saveAccount() {
    const id = pick(this.lastAccounts.length ? this.lastAccounts.map((a) => a.id) : ref.accountIds);
    const row = await this.s.call('open account', 'read', 'GET', `Accounts/${id}`);
    if (!row) return;
    await think();
    await this.s.call('save account', 'write', 'PUT', 'Accounts', updateBody('Account', row, { notes: `Arandı ${new Date().toISOString().slice(11, 19)}` }));
  }

  async saveOrder() {
    const open = this.lastOrders.filter((o) => o.status === 'draft' || o.status === 'confirmed');
    const order = open.length ? pick(open) : pick(await this.listOrders([eq('status', 'confirmed')]) as Row[]);
    if (!order) return;
    const row = await this.s.call('open order', 'read', 'GET', `VictimOrders/${order.id}`);
    if (!row || (row.status !== 'draft' && row.status !== 'confirmed')) return;
    await think();
    // As the order page saves the proxy switch: the required fields as they are, and the change.
    const { id, rowVersion, accountId, productId, shareCount, unitPrice, currencyTypeId, orderDate } = row;
    await this.s.call('save order', 'write', 'PUT', 'VictimOrders', { id, rowVersion, accountId, productId, shareCount, unitPrice, currencyTypeId, orderDate, proxyReceived: !row.proxyReceived });
  }

  async savePayment() {
    // Cancelled and refunded payments are final (the server refuses any change): staff edit the others.
    const editable = this.lastPayments.filter((p) => p.paymentStatusId === ref.paid || p.paymentStatusId === ref.pending);
    if (!editable.length) return this.listPayments();
    const row = await this.s.call('open payment', 'read', 'GET', `VictimPayments/${pick(editable).id}`);
    if (!row) return;
    await think();
    await this.s.call('save payment', 'write', 'PUT', 'VictimPayments', updateBody('VictimPayment', row, { description: `Makbuz verildi ${rand(1000)}` }));
  }

  /** The Sales screen: a page of animals with free shares, the customer, then the sale. */
  async sell() {
    const animals = rows(await this.s.call('list animals (sale)', 'read', 'POST', 'Products/GetListForPaging', {
      PageNumber: 1 + rand(3), PageSize: 12, SortingParams: [sort('code', 1)],
      FilterParam: [eq('shareCapacity', 0, 'gt'), eq('isActive', true), eq('sharesFree', 0, 'gt')],
    }));
    if (!animals.length) return;
    const animal = pick(animals);
    const prices = ref.sharePrice ? rows(await this.s.call('list prices (sale)', 'read', 'POST', 'ProductPrices/GetListForPaging', {
      PageNumber: 1, PageSize: 100, SortingParams: [sort('validFrom', -1)],
      FilterParam: [eq('productId', animals.map((a) => a.id), 'in'), eq('priceTypeId', ref.sharePrice), eq('validFrom', today, 'lte')],
    })) : [];
    await think();
    const customers = await this.listAccounts(pick(ref.surnames));
    const customer = customers.length ? pick(customers) : { id: pick(ref.accountIds) };
    await think();
    const price = prices.find((p) => p.productId === animal.id);
    const shareCount = Math.min(1 + rand(3), Math.max(1, animal.sharesFree ?? 1));
    const order = await this.s.call('sell share', 'write', 'POST', 'VictimOrders', {
      accountId: customer.id, productId: animal.id, shareCount, unitPrice: price?.amount ?? '14000.00', currencyTypeId: price?.currencyTypeId ?? ref.currency,
      discountAmount: '0.00', status: Math.random() < 0.8 ? 'confirmed' : 'draft', orderDate: today, deliveryMethod: pick(['pickup', 'delivery', 'donation']),
    });
    if (order) this.mine.push(order);
  }

  /** An order with something left to pay: one this desk sold, else one from the open orders page. */
  private async openOrder(): Promise<Row | null> {
    const own = this.mine.length && Math.random() < 0.5 ? this.mine.splice(rand(this.mine.length), 1)[0] : null;
    const listed = own ?? pick(await this.listOrders([eq('status', ['draft', 'confirmed'], 'in'), eq('balance', 0, 'gt')]) as Row[]);
    if (!listed) return null;
    await think();
    return this.s.call('open order', 'read', 'GET', `VictimOrders/${listed.id}`);
  }

  async pay() {
    const order = await this.openOrder();
    if (!order || kurus(order.balance) <= 0 || order.status === 'cancelled') return;
    await think();
    const balance = kurus(order.balance);
    const amount = Math.random() < 0.4 ? balance : Math.max(100, Math.min(balance, Math.round((balance * (0.2 + Math.random() * 0.5)) / 10000) * 10000));
    await this.s.call('take payment', 'write', 'POST', 'VictimPayments', {
      victimOrderId: order.id, accountId: order.accountId, currencyTypeId: order.currencyTypeId, amount: money(amount),
      paymentMethodId: pick(ref.methods), paymentStatusId: ref.paid, virtualPosId: null, description: null,
    });
  }

  async book() {
    const order = await this.openOrder();
    if (!order || order.status === 'cancelled' || !bookingDays.length) return;
    const day = pick(bookingDays);
    const slots = rows(await this.s.call('list slots', 'read', 'POST', 'Appointments/GetListForPaging', {
      PageNumber: 1, PageSize: 200, FilterParam: [eq('startsAt', day, 'dateIs')], SortingParams: [sort('startsAt', 1)],
    })).filter((s) => s.status === 'open' && s.capacity > s.bookedCount && Date.parse(s.startsAt) > Date.now());
    if (!slots.length) return;
    await think();
    await this.s.call('book slot', 'write', 'POST', 'VictimAppointments', { victimOrderId: order.id, accountId: order.accountId, appointmentId: pick(slots).id, status: 'booked' });
  }
}

// ---- sign in ------------------------------------------------------------------------------------------
const sessions = new Map<string, Session>();
const signInStarted = performance.now();
for (let i = 0; i < users.length; i += 10) {
  await Promise.all(users.slice(i, i + 10).map(async (u) => {
    const s = new Session(u.email);
    await s.signIn();
    sessions.set(u.email, s);
  }));
}
const signIns = stats.get('sign in')!.times;
console.log(`${users.length} users signed in through Auth/login in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s (p50 ${f0(percentile([...signIns].sort((a, b) => a - b), 50))} ms)`);

// ---- Monitor streams -------------------------------------------------------------------------------------
interface Waiter { stepId: number; got: (at: number) => void }
const streamState = { open: 0, opened: 0, drops: 0, reconnects: 0, expiredReconnects: 0, changes: 0, openTimes: [] as number[], failures: 0 };
const waiters: Waiter[][] = Array.from({ length: STREAMS }, () => []);
const controllers: AbortController[] = [];
let stopping = false;

async function runStream(i: number, session: Session, first: () => void) {
  let firstDone = false;
  while (!stopping) {
    const controller = new AbortController();
    controllers[i] = controller;
    const t0 = performance.now();
    let snapshot = false;
    let exp = 0;
    try {
      const token = await session.fresh();
      exp = session.exp;
      const res = await fetch(`${base}/Monitor/events?date=${DAY}&access_token=${encodeURIComponent(token)}`, { signal: controller.signal });
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.includes('event: snapshot') && !snapshot) {
            snapshot = true;
            streamState.open++;
            streamState.opened++;
            if (measuring || !firstDone) streamState.openTimes.push(performance.now() - t0);
            if (!firstDone) {
              firstDone = true;
              first();
            }
          }
          if (!block.includes('event: change')) continue;
          const at = performance.now();
          streamState.changes++;
          const data = JSON.parse(block.slice(block.indexOf('data: ') + 6));
          if (data.id !== queueId) continue;
          for (const w of waiters[i].splice(0)) if (data.entry?.stepId === w.stepId) w.got(at); else waiters[i].push(w);
        }
      }
    } catch (err) {
      if (stopping) break;
      if (!snapshot) {
        streamState.failures++;
        if (streamState.failures < 5) console.error(`stream ${i}: ${(err as Error).message}`);
      }
    } finally {
      if (snapshot) streamState.open--;
    }
    if (stopping) break;
    // Ended by the server: at the token's end that is the protocol (reconnect with a fresh one); before, a drop.
    if (snapshot && Date.now() >= exp - 2000) streamState.expiredReconnects++;
    else if (snapshot) streamState.drops++;
    streamState.reconnects++;
    await sleep(snapshot ? 100 : 1000);
  }
}

const streamsReady: Promise<void>[] = [];
const streamRuns: Promise<void>[] = [];
const streamStart = performance.now();
for (let i = 0; i < STREAMS; i++) {
  const session = sessions.get(`screen${(i % monitorUsers) + 1}@peak.example.com`)!;
  let ready!: () => void;
  streamsReady.push(new Promise<void>((r) => { ready = r; }));
  streamRuns.push(runStream(i, session, ready));
  if (i % 20 === 19) await sleep(50);
}
await Promise.race([Promise.all(streamsReady), sleep(60_000)]);
const sortedOpen = [...streamState.openTimes].sort((a, b) => a - b);
console.log(`${streamState.open}/${STREAMS} Monitor streams open on ${DAY} in ${((performance.now() - streamStart) / 1000).toFixed(1)} s (snapshot p50 ${f0(percentile(sortedOpen, 50))} ms, p95 ${f0(percentile(sortedOpen, 95))} ms)`);
streamState.openTimes = [];

// ---- the run ---------------------------------------------------------------------------------------------
console.log(`run: ${SESSIONS} sessions (${[...new Set(users.filter((u) => u.role !== 'monitor' && u.role !== 'slaughter').map((u) => u.role))].map((r) => `${users.filter((u) => u.role === r).length} ${r}`).join(', ')}), think ${THINK_MIN}–${THINK_MAX} ms, ${SECONDS} s, ${STREAMS} streams, access tokens of ${TOKEN_SECONDS} s`);
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const cpu0 = { server: await cpuTicks(server.pid!), db: await databaseTicks(), machine: await machineTicks(), self: process.cpuUsage() };
measuring = true;
const runStarted = performance.now();
deadline = runStarted + SECONDS * 1000;

const desks = users.filter((u) => u.role !== 'monitor' && u.role !== 'slaughter').map((u) => new Desk(sessions.get(u.email)!, u.role as Role));
const deskRuns = desks.map(async (desk) => {
  await sleep(Math.random() * (THINK_MAX + THINK_MIN)); // staggered: people do not click in step
  const flows = desk.flows();
  while (performance.now() < deadline) {
    await weighted(flows).run();
    await think();
  }
});

// The slaughterhouse: an animal of the Monitor's day moves between two steps every 2 s.
const advanceLatencies: number[] = [];
let advancesMissed = 0;
const slaughterhouse = sessions.get('kesim@peak.example.com')!;
const advanceRun = (async () => {
  for (let n = 0; performance.now() + 2000 < deadline; n++) {
    await sleep(2000);
    const stepId = ref.steps[n % 2];
    const listening = waiters.map((list, i) => (streamState.open && controllers[i] ? new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 5000);
      list.push({ stepId, got: (at) => { clearTimeout(timer); resolve(at); } });
    }) : Promise.resolve(null)));
    const t0 = performance.now();
    const moved = await slaughterhouse.call('advance (monitor)', 'write', 'POST', `VictimProductsAppointments/${queueId}/advance`, { stepId });
    const arrivals = await Promise.all(listening);
    for (const list of waiters) list.splice(0); // nothing waits past its advance
    if (!moved) continue;
    for (const at of arrivals) if (at === null) advancesMissed++; else advanceLatencies.push(at - t0);
  }
})();

await Promise.all([...deskRuns, advanceRun]);
const elapsed = (performance.now() - runStarted) / 1000;
measuring = false;
const cpu1 = { server: await cpuTicks(server.pid!), db: await databaseTicks(), machine: await machineTicks(), self: process.cpuUsage(cpu0.self) };
loopDelay.disable();
const streamsAtEnd = streamState.open;
stopping = true;
for (const c of controllers) c?.abort();
await Promise.race([Promise.all(streamRuns), sleep(5000)]);

// ---- figures ------------------------------------------------------------------------------------------------
const warnings: string[] = [];
const requests = [...stats.values()].filter((s) => s.kind !== 'auth').reduce((a, s) => a + s.times.length, 0);
console.log(`\n${requests} requests in ${elapsed.toFixed(1)} s: ${(requests / elapsed).toFixed(0)} req/s (streams excluded)`);
console.log(`${'action'.padEnd(22)} ${pad('kind', 5)} ${pad('count', 6)} ${pad('p50', 6)} ${pad('p95', 6)} ${pad('p99', 6)} ${pad('max', 6)} ${pad('errors', 6)} ${pad('refused', 7)}  target`);
const order = ['read', 'write', 'auth'];
for (const [action, s] of [...stats].sort((a, b) => order.indexOf(a[1].kind) - order.indexOf(b[1].kind) || a[0].localeCompare(b[0]))) {
  const sorted = [...s.times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const target = s.kind === 'read' ? TARGET_READ_P95 : s.kind === 'write' ? TARGET_WRITE_P95 : undefined;
  const over = target !== undefined && p95 > target;
  if (over) warnings.push(`${action}: p95 ${f0(p95)} ms over ${target} ms`);
  if (s.errors) warnings.push(`${action}: ${s.errors} errors`);
  console.log(`${action.padEnd(22)} ${pad(s.kind, 5)} ${pad(sorted.length, 6)} ${pad(f0(percentile(sorted, 50)), 6)} ${pad(f0(p95), 6)} ${pad(f0(percentile(sorted, 99)), 6)} ${pad(f0(sorted[sorted.length - 1]), 6)} ${pad(s.errors, 6)} ${pad(s.refusals, 7)}  ${target === undefined ? '' : `p95 ≤ ${target} ms${over ? '  OVER' : ''}`}`);
}
for (const kind of ['read', 'write'] as const) {
  const all = [...stats.values()].filter((s) => s.kind === kind).flatMap((s) => s.times).sort((a, b) => a - b);
  console.log(`all ${kind}s: ${all.length}, p50 ${f0(percentile(all, 50))} ms, p95 ${f0(percentile(all, 95))} ms, p99 ${f0(percentile(all, 99))} ms (target p95 ≤ ${kind === 'read' ? TARGET_READ_P95 : TARGET_WRITE_P95} ms)`);
}
const totalErrors = [...stats.values()].reduce((a, s) => a + s.errors, 0);
const totalRefusals = [...stats.values()].reduce((a, s) => a + s.refusals, 0);
console.log(`errors: ${totalErrors} (target 0); business refusals: ${totalRefusals}`);
const answers = new Map<string, number>();
for (const s of stats.values()) for (const [k, n] of s.codes) answers.set(k, (answers.get(k) ?? 0) + n);
if (answers.size) console.log(`non-2xx answers: ${[...answers].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
for (const e of errorSamples.slice(0, 10)) console.log(`  error: ${e}`);

const adv = [...advanceLatencies].sort((a, b) => a - b);
const openAgain = [...streamState.openTimes].sort((a, b) => a - b);
console.log(`Monitor: ${streamsAtEnd}/${STREAMS} streams open at the end; drops ${streamState.drops}, reconnects at token end ${streamState.expiredReconnects}, failed opens ${streamState.failures}${openAgain.length ? `, reopen snapshot p95 ${f0(percentile(openAgain, 95))} ms` : ''}; ${streamState.changes} change events received`);
console.log(`Monitor: advance → change event on every stream: p50 ${f0(percentile(adv, 50))} ms, p95 ${f0(percentile(adv, 95))} ms, max ${f0(adv[adv.length - 1])} ms over ${adv.length} deliveries; ${advancesMissed} not delivered within 5 s`);
if (streamState.drops) warnings.push(`${streamState.drops} Monitor streams dropped`);
if (advancesMissed) warnings.push(`${advancesMissed} Monitor change events not delivered within 5 s`);

const cores = (ticks: number) => (ticks / TICK / elapsed);
const cpuLine = (label: string, ticks: number) => (Number.isFinite(ticks) ? `${label} ${(cores(ticks) * 100).toFixed(0)}%` : `${label} n/a`);
const selfTicks = ((cpu1.self.user + cpu1.self.system) / 1e6) * TICK;
console.log(`CPU over the run (100% = one core; this machine has ${availableParallelism()}): ${cpuLine('server', cpu1.server - cpu0.server)}, ${cpuLine('PostgreSQL', cpu1.db - cpu0.db)}, ${cpuLine('load generator', selfTicks)}`);
const machine = cpu1.machine - cpu0.machine;
const ours = (cpu1.server - cpu0.server) + (cpu1.db - cpu0.db) + selfTicks;
console.log(`CPU of the whole machine: ${cpuLine('busy', machine)}, of which ${cpuLine('other processes', machine - ours)}; load generator's event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms`);
console.log(`server log: ${serverErrors.length} error lines, ${serverWarnings} warnings`);
for (const e of serverErrors.slice(0, 10)) console.log(`  server error: ${e}`);

// ---- invariants, in SQL on the database ----------------------------------------------------------------------
const [inv] = await q(`
  WITH sold AS (SELECT product_id, sum(share_count) AS shares FROM victim_orders WHERE status <> 'cancelled' GROUP BY product_id),
  booked AS (SELECT appointment_id, count(*) AS n FROM victim_appointments WHERE status <> 'cancelled' GROUP BY appointment_id),
  posted AS (
    SELECT t.victim_payment_id AS id,
           sum(CASE tt.system_code WHEN 'collection' THEN t.amount WHEN 'collectionReversal' THEN -t.amount ELSE 0 END) AS net,
           count(*) FILTER (WHERE tt.system_code IS DISTINCT FROM 'collection' AND tt.system_code IS DISTINCT FROM 'collectionReversal') AS foreign_types,
           bool_or(t.account_id <> p.account_id OR t.currency_type_id <> p.currency_type_id OR t.victim_order_id IS DISTINCT FROM p.victim_order_id) AS misposted
    FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id JOIN victim_payments p ON p.id = t.victim_payment_id
    GROUP BY t.victim_payment_id),
  paid AS (SELECT p.victim_order_id AS id, sum(p.amount) AS amount FROM victim_payments p JOIN payment_statuses ps ON ps.id = p.payment_status_id
           WHERE ps.code = 'paid' GROUP BY p.victim_order_id),
  ledger AS (SELECT t.account_id AS id, sum(tt.direction * t.amount) AS balance FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
             WHERE t.currency_type_id = (SELECT id FROM currency_types WHERE is_default) GROUP BY t.account_id)
  SELECT
    (SELECT count(*) FROM products p LEFT JOIN sold s ON s.product_id = p.id WHERE p.share_capacity IS NOT NULL AND coalesce(s.shares, 0) > p.share_capacity)::int AS shares_over,
    (SELECT count(*) FROM products p WHERE p.shares_sold > coalesce(p.share_capacity, 0))::int AS shares_counter_over,
    (SELECT count(*) FROM products p LEFT JOIN sold s ON s.product_id = p.id WHERE p.shares_sold <> coalesce(s.shares, 0))::int AS shares_counter_wrong,
    (SELECT count(*) FROM appointments a LEFT JOIN booked b ON b.appointment_id = a.id WHERE coalesce(b.n, 0) > a.capacity)::int AS slots_over,
    (SELECT count(*) FROM appointments a WHERE a.booked_count > a.capacity)::int AS slots_counter_over,
    (SELECT count(*) FROM appointments a LEFT JOIN booked b ON b.appointment_id = a.id WHERE a.booked_count <> coalesce(b.n, 0))::int AS slots_counter_wrong,
    (SELECT count(*) FROM victim_payments p JOIN payment_statuses ps ON ps.id = p.payment_status_id LEFT JOIN posted l ON l.id = p.id
      WHERE coalesce(l.net, 0) <> CASE WHEN ps.code = 'paid' THEN p.amount ELSE 0 END OR l.foreign_types > 0 OR l.misposted)::int AS ledger_wrong,
    (SELECT coalesce(sum(l.net), 0) FROM posted l)::text AS ledger_total,
    (SELECT coalesce(sum(p.amount), 0) FROM victim_payments p JOIN payment_statuses ps ON ps.id = p.payment_status_id WHERE ps.code = 'paid')::text AS paid_total,
    (SELECT count(*) FROM victim_orders o LEFT JOIN paid x ON x.id = o.id WHERE o.paid_amount <> coalesce(x.amount, 0) OR o.paid_amount > o.total_amount)::int AS orders_paid_wrong,
    (SELECT count(*) FROM accounts a LEFT JOIN ledger l ON l.id = a.id WHERE a.balance <> coalesce(l.balance, 0))::int AS balances_wrong,
    (SELECT count(*) FROM victim_orders WHERE id > $1)::int AS orders_made,
    (SELECT count(*) FROM victim_payments WHERE id > $2)::int AS payments_made,
    (SELECT count(*) FROM victim_appointments WHERE id > $3)::int AS bookings_made`,
[idsBefore.o, idsBefore.p, idsBefore.b]);
const ok = (action: string) => {
  const s = stats.get(action);
  return s ? s.times.length - [...s.codes.values()].reduce((a, n) => a + n, 0) : 0;
};
const invariants: [string, number, string?][] = [
  ['animals with shares sold (orders not cancelled) > capacity', inv.shares_over],
  ['animals with the stored sold counter > capacity', inv.shares_counter_over],
  ['animals whose stored sold counter ≠ Σ shares of their orders', inv.shares_counter_wrong],
  ['slots with bookings (not cancelled) > capacity', inv.slots_over],
  ['slots with the stored booked counter > capacity', inv.slots_counter_over],
  ['slots whose stored booked counter ≠ count of their bookings', inv.slots_counter_wrong],
  ['payments whose ledger (collections − reversals) ≠ amount if paid, else 0', inv.ledger_wrong, `Σ ledger ${inv.ledger_total} = Σ paid payments ${inv.paid_total}`],
  ['ledger total ≠ paid payments total', inv.ledger_total === inv.paid_total ? 0 : 1],
  ['orders whose paid amount ≠ Σ paid payments, or > total', inv.orders_paid_wrong],
  ['accounts whose balance ≠ Σ direction × amount of their entries', inv.balances_wrong],
  ['sales answered 200 ≠ orders stored', Math.abs(ok('sell share') - inv.orders_made), `${ok('sell share')} answered, ${inv.orders_made} stored`],
  ['payments answered 200 ≠ payments stored', Math.abs(ok('take payment') - inv.payments_made), `${ok('take payment')} answered, ${inv.payments_made} stored`],
  ['bookings answered 200 ≠ bookings stored', Math.abs(ok('book slot') - inv.bookings_made), `${ok('book slot')} answered, ${inv.bookings_made} stored`],
];
console.log('\ninvariants (violations, target 0):');
for (const [label, n, note] of invariants) console.log(`  ${n === 0 ? 'ok  ' : 'FAIL'} ${pad(n, 4)}  ${label}${note ? ` (${note})` : ''}`);
const failed = invariants.filter(([, n]) => n !== 0).length;

if (warnings.length) {
  console.log(`\nwarnings (over target; the machine is noisy, so they do not fail the run):`);
  for (const w of warnings) console.log(`  ${w}`);
}
console.log(`\nsetup and run took ${((performance.now() - setupStarted) / 1000).toFixed(0)} s; ${failed ? `${failed} invariant(s) FAILED` : 'every invariant holds'}`);

// ---- teardown ---------------------------------------------------------------------------------------------------
const teardown = performance.now();
server.kill('SIGTERM');
await Promise.race([new Promise((r) => server.once('exit', r)), sleep(15_000)]);
if (!serverExited) server.kill('SIGKILL');
await database.close();
await pg.stop();
await rm(dataDir, { recursive: true, force: true });
console.log(`teardown ${((performance.now() - teardown) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
