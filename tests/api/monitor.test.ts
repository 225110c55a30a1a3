// The Monitor: the day's board (initials only, claim Monitor.Read) and its live feed over
// Server-Sent Events, fanned out from PostgreSQL NOTIFY to the streams of every server instance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { buildApp } from '../../server/src/app.ts';
import { connectDatabase, type Database } from '../../server/src/db/client.ts';
import { istanbulToday } from '../../common/calendar.ts';
import { initials } from '../../server/src/domain/monitor.ts';

const DAY = '2026-05-27';
let server: TestServer;
let other: { app: FastifyInstance; database: Database };
let baseA: string;
let baseB: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  // A second server instance on the same database, as behind a load balancer.
  const database = connectDatabase(server.database.pool.options.connectionString!, 5);
  const app = await buildApp(server.config, database);
  await app.listen({ host: '127.0.0.1', port: 0 });
  other = { app, database };
  baseA = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}/api/v1`;
  baseB = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
});
afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
  await server?.close();
});

const sql = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows;
const token = (claims: string[], expiresIn: number | string = '15m') =>
  server.app.jwt.sign({ sub: '1', guid: '00000000-0000-0000-0000-000000000000', email: 'admin@test.local', claims }, { expiresIn });
const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);

let serial = 0;
async function account(title: string, phone: string) {
  const [row] = await sql(
    `INSERT INTO accounts (code, title, account_type_id, phone_number) VALUES ($1, $2, (SELECT min(id) FROM account_types), $3) RETURNING id, code`,
    [`MON-ACC-${++serial}`, title, phone],
  );
  return row as { id: number; code: string };
}
async function animal(code: string) {
  const [row] = await sql(
    `INSERT INTO products (code, name, product_type_id, vat_rate_id, share_capacity)
     VALUES ($1, 'Simental dana', (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), 7) RETURNING id`,
    [code],
  );
  return row.id as number;
}
async function slot(startsAt: string) {
  const [row] = await sql(
    `INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity)
     VALUES ((SELECT min(id) FROM appointment_types), $1, $1::timestamptz + interval '1 hour', 50) RETURNING id`,
    [startsAt],
  );
  return row.id as number;
}
/** An order of `shares` on the animal; the database writes its share lines (the customer as the shareholder). */
async function order(productId: number, accountId: number, shares: number, status = 'confirmed') {
  const [row] = await sql(
    `INSERT INTO victim_orders (order_no, account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
     VALUES ($1, $2, $3, $4, 24681.35, (SELECT id FROM currency_types WHERE is_default), '2026-05-01', $5) RETURNING id`,
    [`K2026-${String(++serial).padStart(5, '0')}`, accountId, productId, shares, status],
  );
  return row.id as number;
}
async function queue(productId: number, appointmentId: number, slaughterNo: number) {
  const [row] = await sql(
    `INSERT INTO victim_products_appointments (product_id, appointment_id, slaughter_no) VALUES ($1, $2, $3) RETURNING id`,
    [productId, appointmentId, slaughterNo],
  );
  return row.id as number;
}

// ---- an SSE client over real HTTP -------------------------------------------------------------
interface SseEvent { id?: string; event?: string; data?: any; comment?: string; at: number }
class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  ended = false;
  private readonly controller = new AbortController();
  private wake: (() => void)[] = [];
  private constructor() {}

  static async open(url: string, headers: Record<string, string> = {}) {
    const c = new SseClient();
    const res = await fetch(url, { headers, signal: c.controller.signal });
    c.status = res.status;
    if (res.status !== 200) {
      c.events.push({ data: await res.json(), at: performance.now() });
      c.ended = true;
      return c;
    }
    void c.read(res.body!);
    return c;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = { at: performance.now() };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) e.comment = line.slice(1).trim();
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) e.data = JSON.parse(line.slice(6));
          }
          if (e.event || e.comment) this.events.push(e);
          this.notify();
        }
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
    this.notify();
  }

  private notify() {
    const w = this.wake;
    this.wake = [];
    for (const f of w) f();
  }

  /** The first event from index `from` that matches, within `ms`. */
  async waitFor(match: (e: SseEvent) => boolean, ms = 2000, from = 0): Promise<SseEvent> {
    const deadline = performance.now() + ms;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended; events: ${JSON.stringify(this.events)}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no matching event within ${ms} ms; events: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.wake.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  async waitEnd(ms = 3000) {
    const deadline = performance.now() + ms;
    while (!this.ended && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.ended;
  }

  close() {
    this.controller.abort();
  }
}
const eventsUrl = (base: string, query: Record<string, string>) => `${base}/Monitor/events?${new URLSearchParams(query)}`;

// ---- fixtures -------------------------------------------------------------------------------------
let first: { queueId: number; productId: number };
let second: { queueId: number; productId: number };
const SECRET_PEOPLE = [
  { title: 'Ahmet Yılmaz', phone: '+90 532 111 22 33' },
  { title: 'İsmail Çelik', phone: '0533 444 55 66' },
  { title: 'şükrü öztürk', phone: '05357778899' },
];
const CANCELLED = { title: 'Zeynep Kara', phone: '+90 536 000 11 22' };
let accounts: { id: number; code: string }[];
beforeAll(async () => {
  accounts = [];
  for (const p of [...SECRET_PEOPLE, CANCELLED]) accounts.push(await account(p.title, p.phone));
  const slotA = await slot(`${DAY}T07:00:00+03:00`);
  const slotB = await slot(`${DAY}T09:30:00+03:00`);
  // Queued in reverse: the board orders by slaughter number, not by insertion.
  const p2 = await animal('TR-MON-0002');
  second = { productId: p2, queueId: await queue(p2, slotB, 2) };
  const p1 = await animal('TR-MON-0001');
  await order(p1, accounts[0].id, 2);
  await order(p1, accounts[3].id, 1, 'cancelled');
  await order(p1, accounts[1].id, 1, 'draft');
  await order(p1, accounts[2].id, 1);
  first = { productId: p1, queueId: await queue(p1, slotA, 1) };
});

describe('initials', () => {
  it('are the Turkish upper case of each word\'s first letter', () => {
    expect(initials('Ahmet Yılmaz')).toBe('A. Y.');
    expect(initials('İsmail Çelik')).toBe('İ. Ç.');
    expect(initials('ismail  çelik ')).toBe('İ. Ç.');
    expect(initials('şükrü öztürk')).toBe('Ş. Ö.');
    expect(initials('Mehmet Ali (babası adına) Kaya')).toBe('M. A. B. A. K.');
    expect(initials('I\u0307smail')).toBe('İ.'); // decomposed İ
    expect(initials('— 42')).toBe('');
  });
});

describe('Monitor/board', () => {
  it('lists the day\'s animals by slaughter number with steps and the shareholders\' initials by share number', async () => {
    const res = await api('GET', `Monitor/board?date=${DAY}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const board = res.body.data;
    expect(board.date).toBe(DAY);
    const steps = await sql('SELECT id, name, code, color, step_order AS "stepOrder", is_final AS "isFinal" FROM victim_appointment_steps ORDER BY step_order');
    expect(board.steps).toEqual(steps);
    expect(board.entries.map((e: { id: number }) => e.id)).toEqual([first.queueId, second.queueId]);
    expect(board.entries[0]).toEqual({
      id: first.queueId,
      slaughterNo: 1,
      animalCode: 'TR-MON-0001',
      slotStartsAt: '2026-05-27T04:00:00.000Z',
      stepId: null,
      // Shares 1–2 Ahmet Yılmaz, then the cancelled order freed its share: İsmail (draft), şükrü.
      shareholders: ['A. Y.', 'A. Y.', 'İ. Ç.', 'Ş. Ö.'],
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(board.entries[1].shareholders).toEqual([]);
  });

  it('carries no name, phone, account or money of any shareholder', async () => {
    const res = await call(server.app, token(['Monitor.Read']), 'GET', `Monitor/board?date=${DAY}`);
    const text = JSON.stringify(res.body);
    for (const p of [...SECRET_PEOPLE, CANCELLED]) {
      for (const word of p.title.split(' ')) expect(text.toLocaleLowerCase('tr-TR')).not.toContain(word.toLocaleLowerCase('tr-TR'));
      const digits = p.phone.replace(/\D/g, '').slice(-7);
      for (const run of text.match(/\d+/g) ?? []) expect(run).not.toContain(digits);
    }
    for (const a of accounts) expect(text).not.toContain(a.code);
    expect(text).not.toMatch(/account|phone|price|amount|24681/i);
    for (const e of res.body.data.entries) {
      expect(Object.keys(e).sort()).toEqual(['animalCode', 'id', 'shareholders', 'slaughterNo', 'slotStartsAt', 'stepId', 'updatedAt']);
    }
  });

  it('needs Monitor.Read (or Admin): 200 with only that claim, 403 without it, 401 without a token', async () => {
    expect((await call(server.app, token(['Monitor.Read']), 'GET', 'Monitor/board')).status).toBe(200);
    const denied = await call(server.app, token(['VictimOrders.Read']), 'GET', 'Monitor/board');
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('error.forbidden');
    expect((await call(server.app, undefined, 'GET', 'Monitor/board')).status).toBe(401);
  });

  it('shows today in Istanbul when no date is given, and refuses a bad date (400)', async () => {
    const today = istanbulToday();
    const p = await animal('TR-MON-TODAY');
    const q = await queue(p, await slot(`${today}T23:30:00+03:00`), 1);
    const res = await api('GET', 'Monitor/board');
    expect(res.body.data.date).toBe(today);
    expect(res.body.data.entries.map((e: { id: number }) => e.id)).toContain(q);
    for (const bad of ['2026-02-30', 'yesterday', '2026-5-1']) {
      const r = await api('GET', `Monitor/board?date=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.message).toBeTruthy();
    }
  });
});

describe('Monitor/events', () => {
  it('refuses a stream without a token (401), with a bad or expired one (401), without the claim (403)', async () => {
    expect((await SseClient.open(eventsUrl(baseA, { date: DAY }))).status).toBe(401);
    expect((await SseClient.open(eventsUrl(baseA, { date: DAY, access_token: 'not-a-token' }))).status).toBe(401);
    expect((await SseClient.open(eventsUrl(baseA, { date: DAY, access_token: token(['Monitor.Read'], -10) }))).status).toBe(401);
    const denied = await SseClient.open(eventsUrl(baseA, { date: DAY, access_token: token(['Dashboard.Read']) }));
    expect(denied.status).toBe(403);
    expect(denied.events[0].data.error.code).toBe('error.forbidden');
    // The query token is for this operation only: elsewhere it is no sign-in.
    expect((await fetch(`${baseA}/Monitor/board?access_token=${token(['Admin'])}`)).status).toBe(401);
  });

  it('refuses a day the database cannot hold (year 0000) with a 400 naming date, as the board does', async () => {
    for (const url of [eventsUrl(baseA, { date: '0000-01-01', access_token: token(['Monitor.Read']) }), `${baseA}/Monitor/board?date=0000-01-01`]) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token(['Monitor.Read'])}` } });
      expect(res.status, url).toBe(400);
      const body = (await res.json()) as { error: { fields: unknown[] } };
      expect(body.error.fields, url).toEqual([expect.objectContaining({ field: 'date', code: 'validation.format' })]);
    }
  });

  it('opens with a snapshot (token in the query or the header) and sends an advance made on another instance within 1 s', async () => {
    const onB = await SseClient.open(eventsUrl(baseB, { date: DAY, access_token: token(['Monitor.Read']) }));
    const onA = await SseClient.open(eventsUrl(baseA, { date: DAY }), { authorization: `Bearer ${token(['Admin'])}` });
    for (const c of [onA, onB]) {
      expect(c.status).toBe(200);
      const snapshot = await c.waitFor((e) => e.event === 'snapshot');
      expect(snapshot.id).toBeTruthy();
      expect(snapshot.data.entries.map((e: { id: number }) => e.id)).toEqual([first.queueId, second.queueId]);
    }
    const sent = performance.now();
    const advanced = await api('POST', `VictimProductsAppointments/${second.queueId}/advance`, {});
    expect(advanced.status).toBe(200);
    for (const c of [onB, onA]) {
      const change = await c.waitFor((e) => e.event === 'change' && e.data.id === second.queueId, 1000);
      expect(change.at - sent).toBeLessThan(1000);
      expect(change.data).toEqual({
        date: DAY,
        id: second.queueId,
        entry: expect.objectContaining({ id: second.queueId, slaughterNo: 2, stepId: advanced.body.data.currentStepId, shareholders: [] }),
      });
      const ids = c.events.filter((e) => e.id).map((e) => Number(e.id));
      expect(new Set(ids).size).toBe(ids.length);
    }
    onA.close();
    onB.close();
  });

  it('sends new initials when a shareholder changes, and null when the animal leaves the day', async () => {
    const c = await SseClient.open(eventsUrl(baseB, { date: DAY, access_token: token(['Monitor.Read']) }));
    await c.waitFor((e) => e.event === 'snapshot');
    await sql(`UPDATE victim_order_details SET shareholder_name = 'Ömer Ünal' WHERE product_id = $1 AND share_no = 1`, [first.productId]);
    const renamed = await c.waitFor((e) => e.event === 'change' && e.data.id === first.queueId);
    expect(renamed.data.entry.shareholders).toEqual(['Ö. Ü.', 'A. Y.', 'İ. Ç.', 'Ş. Ö.']);

    const nextDay = await slot('2026-05-28T07:00:00+03:00');
    const row = (await api('GET', `VictimProductsAppointments/${second.queueId}`)).body.data;
    const from = c.events.length;
    const moved = await api('PUT', 'VictimProductsAppointments', { ...row, appointmentId: nextDay });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const left = await c.waitFor((e) => e.event === 'change' && e.data.id === second.queueId, 2000, from);
    expect(left.data).toEqual({ date: DAY, id: second.queueId, entry: null });
    const back = await api('PUT', 'VictimProductsAppointments', { ...moved.body.data, appointmentId: row.appointmentId });
    expect(back.status).toBe(200);
    const returned = await c.waitFor((e) => e.event === 'change' && e.data.id === second.queueId && e.data.entry !== null, 2000, from);
    expect(returned.data.entry.slaughterNo).toBe(2);
    c.close();
  });

  it('does not send changes of other days', async () => {
    const c = await SseClient.open(eventsUrl(baseA, { date: '2026-06-01', access_token: token(['Monitor.Read']) }));
    const snapshot = await c.waitFor((e) => e.event === 'snapshot');
    expect(snapshot.data.entries).toEqual([]);
    await api('POST', `VictimProductsAppointments/${first.queueId}/advance`, {});
    const probe = await SseClient.open(eventsUrl(baseA, { date: DAY, access_token: token(['Monitor.Read']) }));
    await probe.waitFor((e) => e.event === 'snapshot');
    await api('POST', `VictimProductsAppointments/${first.queueId}/advance`, {});
    await probe.waitFor((e) => e.event === 'change'); // the feed has delivered by now
    expect(c.events.filter((e) => e.event === 'change')).toEqual([]);
    c.close();
    probe.close();
  });

  it('reads the board in one query, and each changed entry once for all the streams of its day', async () => {
    const pool = server.database.pool;
    const queries: string[] = [];
    const original = pool.query.bind(pool);
    pool.query = ((...a: Parameters<typeof pool.query>) => {
      const text = String(typeof a[0] === 'string' ? a[0] : (a[0] as { text: string }).text);
      // The auth layer reads a user's access version when it is not in memory (after an
      // announcement cleared it, e.g. from an earlier test's write): not the board's query.
      if (!text.includes('access_versions')) queries.push(text);
      return original(...a);
    }) as typeof pool.query;
    try {
      await call(server.app, token(['Monitor.Read']), 'GET', `Monitor/board?date=${DAY}`);
      expect(queries, queries.join('\n')).toHaveLength(1);
      const clients = await Promise.all(Array.from({ length: 5 }, () => SseClient.open(eventsUrl(baseA, { date: DAY, access_token: token(['Monitor.Read']) }))));
      await Promise.all(clients.map((c) => c.waitFor((e) => e.event === 'snapshot')));
      queries.length = 0;
      const advanced = await call(server.app, server.adminToken, 'POST', `VictimProductsAppointments/${first.queueId}/advance`, { stepId: (await sql('SELECT min(id) AS id FROM victim_appointment_steps'))[0].id });
      expect(advanced.status).toBe(200);
      const changes = await Promise.all(clients.map((c) => c.waitFor((e) => e.event === 'change' && e.data.id === first.queueId)));
      expect(new Set(changes.map((e) => JSON.stringify(e.data))).size).toBe(1);
      expect(queries.filter((text) => text.includes('ANY($1::int[])'))).toHaveLength(1);
      for (const c of clients) c.close();
    } finally {
      pool.query = original;
    }
  });

  it('gives a reconnecting client (Last-Event-ID) a fresh snapshot', async () => {
    const c = await SseClient.open(eventsUrl(baseA, { date: DAY, access_token: token(['Monitor.Read']) }));
    await c.waitFor((e) => e.event === 'snapshot');
    const advanced = await api('POST', `VictimProductsAppointments/${first.queueId}/advance`, {});
    const change = await c.waitFor((e) => e.event === 'change');
    c.close();
    const again = await SseClient.open(eventsUrl(baseB, { date: DAY, access_token: token(['Monitor.Read']) }), { 'last-event-id': change.id! });
    const snapshot = await again.waitFor(() => true);
    expect(snapshot.event).toBe('snapshot');
    expect(snapshot.data.entries.find((e: { id: number }) => e.id === first.queueId).stepId).toBe(advanced.body.data.currentStepId);
    again.close();
  });

  it('pings every pingMs, ends at the token\'s expiry, and forgets a closed client', async () => {
    const feed = server.app.monitorFeed;
    const before = feed.streamCount;
    feed.pingMs = 100;
    try {
      const c = await SseClient.open(eventsUrl(baseA, { date: DAY, access_token: token(['Monitor.Read'], 2) }));
      await c.waitFor((e) => e.event === 'snapshot');
      expect(feed.streamCount).toBe(before + 1);
      await c.waitFor((e) => e.comment === 'ping', 1000);
      expect(await c.waitEnd(4000)).toBe(true);
      await new Promise((r) => setTimeout(r, 50));
      expect(feed.streamCount).toBe(before);

      const d = await SseClient.open(eventsUrl(baseA, { date: DAY, access_token: token(['Monitor.Read']) }));
      await d.waitFor((e) => e.event === 'snapshot');
      expect(feed.streamCount).toBe(before + 1);
      d.close();
      for (let i = 0; i < 50 && feed.streamCount !== before; i++) await new Promise((r) => setTimeout(r, 20));
      expect(feed.streamCount).toBe(before);
    } finally {
      feed.pingMs = 20_000;
    }
  });

  it('reconnects its listener when the database connection drops, with a fresh snapshot for open streams', async () => {
    const feed = other.app.monitorFeed;
    const c = await SseClient.open(eventsUrl(baseB, { date: DAY, access_token: token(['Monitor.Read']) }));
    await c.waitFor((e) => e.event === 'snapshot');
    const pid = feed.listenerPid!;
    expect(pid).toBeGreaterThan(0);
    const from = c.events.length;
    await sql('SELECT pg_terminate_backend($1)', [pid]);
    await c.waitFor((e) => e.event === 'snapshot', 5000, from);
    expect(feed.listenerPid).not.toBe(pid);
    const advanced = await api('POST', `VictimProductsAppointments/${second.queueId}/advance`, {});
    const change = await c.waitFor((e) => e.event === 'change' && e.data.id === second.queueId, 1000, from);
    expect(change.data.entry.stepId).toBe(advanced.body.data.currentStepId);
    c.close();
  });

  it('ends every stream and its listener when the app closes', async () => {
    const database = connectDatabase(server.database.pool.options.connectionString!, 2);
    const app = await buildApp(server.config, database);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
    const c = await SseClient.open(eventsUrl(base, { date: DAY, access_token: token(['Monitor.Read']) }));
    await c.waitFor((e) => e.event === 'snapshot');
    const listeners = async () => (await sql(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'kurban-monitor'`))[0].n;
    const open = await listeners();
    const t0 = performance.now();
    await app.close();
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(await c.waitEnd(1000)).toBe(true);
    await database.close();
    for (let i = 0; i < 50 && (await listeners()) !== open - 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await listeners()).toBe(open - 1);
  });
});
