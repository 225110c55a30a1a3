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
// Usage: npm run bench [-- --rows 1000000 --seconds 10 --runs 3]
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/src/app.ts';
import { connectDatabase, inTransaction } from '../server/src/db/client.ts';
import { runMigrations } from '../server/src/db/migrate.ts';
import { COUNT_AHEAD, buildListQuery, type PagedListRequest } from '../server/src/crud/list.ts';
import { entityByName } from '../server/src/crud/entities.ts';
import { startTestPostgres } from '../tests/support/database.ts';
import { testConfig } from '../tests/support/config.ts';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, seconds: { type: 'string', default: '10' }, runs: { type: 'string', default: '3' }, explain: { type: 'boolean', default: false } },
});
const ROWS = Number(args.rows);
const ACCOUNTS = 5000;
const FIRST_NAMES = ['Ahmet', 'Mehmet', 'Mustafa', 'Ali', 'Hüseyin', 'Hasan', 'İbrahim', 'İsmail', 'Osman', 'Yusuf', 'Murat', 'Ömer', 'Ramazan', 'Halil', 'Süleyman', 'Abdullah', 'Mahmut', 'Recep', 'Salih', 'Kemal', 'Fatma', 'Ayşe', 'Emine', 'Hatice', 'Zeynep', 'Elif', 'Meryem', 'Şerife', 'Zehra', 'Sultan', 'Hanife', 'Merve', 'Havva', 'Zeliha', 'Esra', 'Fadime', 'Özlem', 'Hacer', 'Yasemin', 'Hülya'];
const LAST_NAMES = ['Yılmaz', 'Kaya', 'Demir', 'Çelik', 'Şahin', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek', 'Polat', 'Özcan', 'Korkmaz', 'Çakır', 'Erdoğan', 'Yavuz', 'Can', 'Acar', 'Şen', 'Aktaş', 'Güler', 'Yalçın', 'Güneş', 'Bozkurt', 'Bulut', 'Keskin', 'Ünal', 'Turan', 'Gül', 'Özer'];
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

const app = await buildApp(testConfig({ logLevel: 'warn' }), database);
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

// --explain: the plans PostgreSQL chose for the searches' page and count queries (the count as
// the server runs it, capped, and the exact count it no longer runs).
if (args.explain) {
  for (const name of searches) {
    const q = buildListQuery(entityByName.get('Transaction')!, scenarios[name].body as PagedListRequest);
    for (const sql of [`SELECT t.* FROM transactions t ${q.where} ${q.order} LIMIT 20`, `SELECT count(*) FROM (SELECT 1 FROM transactions t ${q.where} LIMIT ${COUNT_AHEAD + 1}) c`, `SELECT count(*) FROM transactions t ${q.where}`]) {
      const plan = await database.pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, q.params.values);
      console.log(`(${name}) ${sql.slice(0, 60)}…\n${plan.rows.map((r) => `   ${r['QUERY PLAN']}`).join('\n')}`);
    }
  }
}

const autocannon = fileURLToPath(new URL('../node_modules/.bin/autocannon', import.meta.url));
// autocannon runs in its own process: the server in this one must stay free to answer.
async function load(s: { url: string; body: unknown }, connections = 10) {
  const { stdout: out } = await promisify(execFile)(autocannon, ['-j', '-c', String(connections), '-d', args.seconds!, '-m', 'POST', '-H', 'content-type=application/json', '-H', `authorization=Bearer ${token}`, '-b', JSON.stringify(s.body), s.url], { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(out);
  if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average as number, p50: r.latency.p50 as number, p99: r.latency.p99 as number };
}

const verdicts: string[] = [];
for (const [name, s] of Object.entries(scenarios)) {
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
console.log(verdicts.join('\n'));

await app.close();
await database.close();
await pg.stop();
