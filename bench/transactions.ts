// API benchmark (not part of npm test): 1,000,000 transactions over 5,000 accounts and five
// years, then on loopback at 10 connections:
//   (a) a 20-row page of transactions, description contains a surname and a date range, newest
//       first, with its total count   — target: median ≤ 30 ms and ≥ 100 req/s
//   (c) the same with a word of one row in nine: about 11,000 matches, more than the server
//       counts (its total says "1,000+")  — target: ≥ 100 req/s
//   (d) a global search for a common surname over all five years (about 25,000 matches):
//       printed for honesty, no target
//   (b) a 20-row page of Languages     — target: ≥ 5,000 req/s
// At 10 connections the median latency is 10 / throughput (every connection waits its turn), so
// a 30 ms median there would mean 333 req/s; the latency of one request is measured alone (one
// connection), the throughput at 10. Each is run RUNS times; the figures are medians over runs.
// Then several instances (issue 9, point 4): the server as one and as two OS processes
// (`node server/src/main.ts` on the same database), each time behind the same round-robin TCP
// proxy on loopback, (b) and (a) at 10 connections; prints req/s of one and two and the ratio
// (target ≥ 1.5×). On a 2-core machine the two instances, PostgreSQL, the proxy and autocannon
// share the same cores: the proxy's own CPU time is printed with the figures.
// Usage: npm run bench [-- --rows 1000000 --seconds 10 --runs 3 --instances-only | --db-only] [--explain]
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/src/app.ts';
import { connectDatabase, inTransaction } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { buildListQuery, type PagedListRequest } from '../server/src/crud/list.ts';
import { databaseTime, listRequestStatements } from './list-time.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';
import { entityByName } from '../server/src/crud/entities.ts';
import { startTestPostgres } from '../tests/support/database.ts';
import { testConfig } from '../tests/support/config.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' }, seconds: { type: 'string', default: '10' }, runs: { type: 'string', default: '3' }, explain: { type: 'boolean', default: false },
    // Only the one-versus-two-instances comparison (the single-process cases are skipped).
    'instances-only': { type: 'boolean', default: false },
    // Only the database's time per request (and --explain's plans): no load, no instances.
    'db-only': { type: 'boolean', default: false },
  },
});
const ROWS = Number(args.rows);
const ACCOUNTS = 5000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async <T>(label: string, work: () => Promise<T>) => {
  const t0 = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return result;
};

const pg = await startTestPostgres();
const database = connectDatabase(pg.url, 20);
await runMigrations(database.db);
const q = (sql: string, params: unknown[] = []) => database.pool.query(sql, params);

// One transaction with auditing off (`kurban.audit`): a bulk load is nobody's edit, and a million
// audit entries would double its time.
await time(`load ${ACCOUNTS} accounts and ${ROWS} transactions`, () => inTransaction(database.pool, async (client) => {
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  await q(`INSERT INTO languages (name, code, flag, is_default, display_order) VALUES ('Türkçe', 'tr-TR', 'TR', true, 1), ('English', 'en-US', 'US', false, 2)`);
  const type = (await q(`INSERT INTO account_types (name) VALUES ('Müşteri') RETURNING id`)).rows[0].id;
  const collection = (await q(`INSERT INTO transaction_types (name, direction) VALUES ('Tahsilat', -1) RETURNING id`)).rows[0].id;
  const sale = (await q(`INSERT INTO transaction_types (name, direction) VALUES ('Satış', 1) RETURNING id`)).rows[0].id;
  const tl = (await q(`INSERT INTO currency_types (code, name, symbol, decimals, is_default) VALUES ('TRY', 'Türk Lirası', '₺', 2, true) RETURNING id`)).rows[0].id;
  await q(`INSERT INTO accounts (code, title, account_type_id) SELECT 'C' || lpad(i::text, 6, '0'), 'Cari ' || i, $1 FROM generate_series(1, $2) i`, [type, ACCOUNTS]);
  // Descriptions read like a farm ledger's: what (10 kinds), for whom (40 × 40 names), which
  // animal (9 breeds and kinds), spread at random. A surname matches about 2.5% of rows, a breed
  // about 11%.
  await q(
    `INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date, document_no, description)
     SELECT 1 + (i % $2), CASE WHEN i % 3 = 0 THEN $3::int ELSE $4::int END, ((i::bigint * 7919) % 1000000) / 100.0 + 1, $5,
            date '2021-11-23' + (i::bigint * 1826 / $1)::int, 'BLG-' || i,
            (ARRAY['Kurban hissesi','Kapora','Tahsilat','Yem alımı','Nakliye','Veteriner','Kesim ücreti','Paketleme','Kira','Elektrik'])[1 + i % 10]
              || ' - ' || ($6::text[])[1 + abs(hashtext('f' || i)) % 40] || ' ' || ($7::text[])[1 + abs(hashtext('l' || i)) % 40]
              || ' - ' || (ARRAY['Simental','Holstein','Angus','Montofon','koyun','keçi','dana','düve','tosun'])[1 + abs(hashtext('b' || i)) % 9]
     FROM generate_series(1, $1) i`,
    [ROWS, ACCOUNTS, collection, sale, tl, FIRST_NAMES, LAST_NAMES],
  );
  await q('ANALYZE');
}, { audit: false }));

const config = testConfig({ logLevel: 'warn' });
const app = await buildApp(config, database);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
// The token's user must exist: every request checks its access version (from memory).
const benchUser = (await q(`INSERT INTO users (first_name, last_name, email) VALUES ('Bench', 'User', 'bench@example.com') RETURNING id`)).rows[0].id;
const token = app.jwt.sign({ sub: String(benchUser), guid: '00000000-0000-0000-0000-000000000000', email: 'bench@example.com', claims: ['Admin'] });
const base = `http://127.0.0.1:${address.port}/api/v1`;

const page = (word: string) => ({
  PageNumber: 1,
  PageSize: 20,
  FilterParam: [
    { ColumnName: 'description', FilterValue: word, MatchMode: 'contains' },
    { ColumnName: 'transactionDate', FilterValue: ['2024-01-01', '2024-06-30'], MatchMode: 'between' },
  ],
  SortingParams: [{ ColumnName: 'transactionDate', SortOrder: -1 }],
});
interface Target { rps10?: number; p50one?: number }
const scenarios: Record<string, { url: string; body: unknown; target?: Target }> = {
  // A surname: the typical search of a ledger.
  a: { url: `${base}/Transactions/GetListForPaging`, body: page('yıldırım'), target: { rps10: 100, p50one: 30 } },
  // A word in one row of nine: a filter matching many rows (issue 9, point 3).
  c: { url: `${base}/Transactions/GetListForPaging`, body: page('montofon'), target: { rps10: 100 } },
  // What a user types into the search box: a common surname, no dates.
  d: { url: `${base}/Transactions/GetListForPaging`, body: { PageNumber: 1, PageSize: 20, GlobalFilter: 'yılmaz', SortingParams: [{ ColumnName: 'transactionDate', SortOrder: -1 }] } },
  b: { url: `${base}/Languages/GetListForPaging`, body: { PageNumber: 1, PageSize: 20 }, target: { rps10: 5000 } },
};
const searches = ['a', 'c', 'd'];

// What the searches answer, so the figures are known to measure real work.
for (const name of searches) {
  const res = await fetch(scenarios[name].url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(scenarios[name].body) });
  const data = ((await res.json()) as { data: { data: unknown[]; totalCount: number; totalCountCapped: boolean } }).data;
  const q = buildListQuery(entityByName.get('Transaction')!, scenarios[name].body as PagedListRequest);
  const all = (await database.pool.query(`SELECT count(*) AS n FROM transactions t ${q.where}`, q.params.values)).rows[0].n;
  console.log(`(${name}) answers ${data.data.length} rows of ${data.totalCount}${data.totalCountCapped ? '+' : ''} (${all} match)`);
}

// The database's time per request of each search (issue 17, point 3: goal ≤ 3 ms for (a)): the
// statements the server runs for it, planned and run (bench/list-time.ts).
const dbGoal: Record<string, number> = { a: 3 };
for (const name of searches) {
  const { ms, planning } = await databaseTime(database.pool, 'Transaction', scenarios[name].body as PagedListRequest);
  const goal = dbGoal[name];
  console.log(`(${name}) database time per request: ${ms.toFixed(2)} ms (page with its lookups, and its count; planned and run: planning ${planning.toFixed(2)} ms)${goal ? ` — goal ≤ ${goal} ms: ${ms <= goal ? 'met' : 'NOT met'}` : ''}`);
}

// --explain: the plans PostgreSQL chose for those statements, and for the exact count the server
// no longer runs on a large table.
if (args.explain) {
  for (const name of searches) {
    const { statements, params } = await listRequestStatements(database.pool, 'Transaction', scenarios[name].body as PagedListRequest);
    const q = buildListQuery(entityByName.get('Transaction')!, scenarios[name].body as PagedListRequest);
    for (const sql of [...statements, `SELECT count(*) FROM transactions t ${q.where}`]) {
      const plan = await database.pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
      console.log(`(${name}) ${sql.slice(0, 60)}…\n${plan.rows.map((r) => `   ${r['QUERY PLAN']}`).join('\n')}`);
    }
  }
}

if (args['db-only']) {
  await app.close();
  await database.close();
  await pg.stop();
  process.exit(0);
}

const autocannon = fileURLToPath(new URL('../node_modules/.bin/autocannon', import.meta.url));
// autocannon runs in its own process: the server in this one must stay free to answer.
async function load(s: { url: string; body: unknown }, connections = 10, url = s.url) {
  const { stdout: out } = await promisify(execFile)(autocannon, ['-j', '-c', String(connections), '-d', args.seconds!, '-m', 'POST', '-H', 'content-type=application/json', '-H', `authorization=Bearer ${token}`, '-b', JSON.stringify(s.body), url], { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(out);
  if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average as number, p50: r.latency.p50 as number, p99: r.latency.p99 as number };
}

const verdicts: string[] = [];
for (const [name, s] of Object.entries(args['instances-only'] ? {} : scenarios)) {
  for (const connections of [1, 10]) {
    const runs = [];
    for (let i = 0; i < Number(args.runs); i++) runs.push(await load(s, connections));
    const rps = Math.round(median(runs.map((r) => r.rps)));
    const p50 = median(runs.map((r) => r.p50));
    console.log(`(${name}) ${connections} conn: ${runs.map((r) => `${Math.round(r.rps)} req/s, p50 ${r.p50} ms`).join(' | ')}`);
    console.log(`(${name}) ${connections} conn, median of ${runs.length} runs: ${rps} req/s, latency p50 ${p50} ms, p99 ${median(runs.map((r) => r.p99))} ms`);
    const t = s.target;
    if (connections === 1 && t?.p50one) verdicts.push(`(${name}) target median ≤ ${t.p50one} ms alone: ${p50} ms — ${p50 <= t.p50one ? 'met' : 'NOT met'}`);
    if (connections === 10 && t?.rps10) verdicts.push(`(${name}) target ≥ ${t.rps10} req/s at 10 connections: ${rps} req/s — ${rps >= t.rps10 ? 'met' : 'NOT met'}`);
  }
}
await app.close();

// ---- several instances ---------------------------------------------------------------------------
// Each instance is a server as an operator runs it: its own OS process, the same DATABASE_URL and
// the same secrets (the bench's token is signed with JWT_SECRET). Both are started once; "one"
// sends every connection of the proxy to the first, "two" alternates connections between them
// (autocannon keeps its 10 connections open: 5 per instance). Runs of one and two alternate, so a
// noisy neighbour weighs on both alike.
const dataDir = await mkdtemp(join(tmpdir(), 'kurban-bench-'));
const serverMain = fileURLToPath(new URL('../server/src/main.ts', import.meta.url));
async function startInstance(n: number): Promise<{ port: number; child: ChildProcess }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      DATABASE_URL: pg.url, DATABASE_POOL_SIZE: '20', PORT: String(port), HOST: '127.0.0.1',
      JWT_SECRET: config.jwtSecret, ENCRYPTION_KEY: config.encryptionKey.toString('base64'),
      DATA_DIR: join(dataDir, `instance-${n}`), STATIC_ROOT: join(dataDir, 'no-app'), SEED_DEMO: 'false',
      AUTH_RATE_LIMIT: '10', LOG_LEVEL: 'warn', LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`instance ${n} exited with ${code}`))));
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 200))) {
    const ready = await Promise.race([fetch(`http://127.0.0.1:${port}/api/v1/ready`).then((r) => r.ok, () => false), exited]);
    if (ready) break;
    if (Date.now() - started > 120_000) throw new Error(`instance ${n} not ready after 120 s`);
  }
  exited.catch(() => {});
  return { port, child };
}

/** CPU time (ms) a process has used, where the system tells it (Linux: clock ticks of 10 ms). */
const cpuOf = (pid: number | undefined) => readFile(`/proc/${pid}/stat`, 'utf8').then((stat) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}, () => NaN);
/** Busy and total CPU time of the whole machine (every process, the neighbours' included). */
const machine = () => cpus().reduce((t, c) => ({ busy: t.busy + c.times.user + c.times.nice + c.times.sys + c.times.irq, all: t.all + c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle }), { busy: 0, all: 0 });

/** A round-robin TCP proxy on loopback: each new connection goes to the next of `backends`. */
function startProxy() {
  let backends: number[] = [];
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(backends[next++ % backends.length], '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => { client.destroy(); upstream.destroy(); });
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    listening: new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    route(ports: number[]) {
      backends = ports;
      next = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

console.log(`\n(instances) starting two server processes on the bench's database`);
const instances = await time('(instances) both ready', () => Promise.all([startInstance(1), startInstance(2)]));
const proxy = startProxy();
const proxyPort = await proxy.listening;
const viaProxy = (s: { url: string }) => s.url.replace(base, `http://127.0.0.1:${proxyPort}/api/v1`);
const direct = (s: { url: string }) => s.url.replace(base, `http://127.0.0.1:${instances[0].port}/api/v1`);
try {
  for (const name of ['b', 'a']) {
    const s = scenarios[name];
    type Figures = { rps: number; proxy: number; first: number; second: number; busy: number };
    const figures: Record<'direct' | 'one' | 'two', Figures[]> = { direct: [], one: [], two: [] };
    for (let i = 0; i < Number(args.runs); i++) {
      for (const setup of ['direct', 'one', 'two'] as const) {
        proxy.route(setup === 'two' ? [instances[0].port, instances[1].port] : [instances[0].port]);
        const [cpu0, m0, first0, second0] = [process.cpuUsage(), machine(), await cpuOf(instances[0].child.pid), await cpuOf(instances[1].child.pid)];
        const t0 = performance.now();
        const r = await load(s, 10, setup === 'direct' ? direct(s) : viaProxy(s));
        const ms = performance.now() - t0;
        const [used, m1] = [process.cpuUsage(cpu0), machine()];
        // This process does nothing but the proxy while autocannon runs (in its own process).
        figures[setup].push({
          rps: r.rps, proxy: (used.user + used.system) / 1000 / ms,
          first: ((await cpuOf(instances[0].child.pid)) - first0) / ms, second: ((await cpuOf(instances[1].child.pid)) - second0) / ms,
          busy: (m1.busy - m0.busy) / (m1.all - m0.all),
        });
      }
    }
    const rps = (setup: 'direct' | 'one' | 'two') => Math.round(median(figures[setup].map((f) => f.rps)));
    const share = (setup: 'direct' | 'one' | 'two', key: 'proxy' | 'first' | 'second' | 'busy') => `${Math.round(median(figures[setup].map((f) => f[key])) * 100)}%`;
    for (const setup of ['direct', 'one', 'two'] as const) {
      const label = setup === 'direct' ? 'one instance, no proxy' : setup === 'one' ? 'one instance via proxy' : 'two instances via proxy';
      const cpu = `CPU (of one core): instances ${share(setup, 'first')} + ${share(setup, 'second')}, proxy ${share(setup, 'proxy')}; machine busy ${share(setup, 'busy')} of ${cpus().length} cores`;
      console.log(`(instances ${name}) ${label}: ${figures[setup].map((f) => Math.round(f.rps)).join(' | ')} req/s, median ${rps(setup)}; ${cpu}`);
    }
    const ratio = rps('two') / rps('one');
    verdicts.push(`(instances ${name}) two instances / one at 10 connections: ${rps('two')} / ${rps('one')} req/s = ${ratio.toFixed(2)}× (target ≥ 1.5×) — ${ratio >= 1.5 ? 'met' : 'NOT met'}`);
  }
} finally {
  await proxy.close();
  for (const { child } of instances) {
    child.removeAllListeners('exit');
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  }
  await rm(dataDir, { recursive: true, force: true });
}
console.log(verdicts.join('\n'));

await database.close();
await pg.stop();
