// The public tracking page's API (issue 18, point 5): an order found by its number and a phone
// of it, or by its link's token; wrong answers alike; the lock-out; nothing personal in any
// answer; the link's expiry; the view live over Server-Sent Events.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
let base: string;
beforeAll(async () => {
  // Per-address limits as in production (10 wrong answers a minute); each test speaks from its own address.
  server = await startTestServer({ authRateLimit: 10 });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}/api/v1`;
});
afterAll(async () => {
  await server?.close();
});

const sql = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows;
const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);

let addressNo = 0;
/** A client address of its own, so that one test's wrong answers do not count against another's. */
const newAddress = () => `10.0.${Math.floor(++addressNo / 250)}.${(addressNo % 250) + 1}`;

async function lookup(orderNo: string, phone: string, address: string) {
  const started = performance.now();
  const res = await server.app.inject({ method: 'POST', url: '/api/v1/Tracking/lookup', remoteAddress: address, payload: { orderNo, phone } });
  return { status: res.statusCode, body: res.json(), headers: res.headers, ms: performance.now() - started };
}
async function view(token: string, address = newAddress()) {
  const res = await server.app.inject({ method: 'GET', url: `/api/v1/Tracking/${token}`, remoteAddress: address });
  return { status: res.statusCode, body: res.json() };
}

// ---- fixtures ------------------------------------------------------------------------------------
let serial = 0;
const CUSTOMER = { title: 'Ahmet Yılmaz', phone: '+90 532 111 22 33', identity: '10000000146', email: 'ahmet.yilmaz@example.com' };
const SHAREHOLDER = { name: 'İsmail Çelik', phone: '0533 444 55 66' };
const PERSONAL = [CUSTOMER.title, 'Ahmet', 'Yılmaz', '5321112233', '111 22 33', CUSTOMER.identity, CUSTOMER.email, SHAREHOLDER.name, 'İsmail', 'Çelik', '5334445566'];

async function customer(withIdentity = false) {
  const n = ++serial;
  const [row] = await sql(
    `INSERT INTO accounts (code, title, account_type_id, phone_number, identity_number, email)
     VALUES ($1, $2, (SELECT min(id) FROM account_types), $3, $4, $5) RETURNING id`,
    [`TRK-C${n}`, CUSTOMER.title, CUSTOMER.phone, withIdentity ? CUSTOMER.identity : null, CUSTOMER.email],
  );
  return row.id as number;
}
async function animal() {
  const [row] = await sql(
    `INSERT INTO products (code, name, product_type_id, vat_rate_id, share_capacity)
     VALUES ($1, $2, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), 7) RETURNING id`,
    [`TRK-A${++serial}`, `Simental ${serial}`],
  );
  return row.id as number;
}
/** An order of two shares: the second share's holder gets a name and phone of their own. */
async function order(accountId: number, productId: number) {
  const orderNo = `K2026-${String(90000 + ++serial).padStart(5, '0')}`;
  const [row] = await sql(
    `INSERT INTO victim_orders (order_no, account_id, product_id, share_count, unit_price, currency_type_id, order_date, status)
     VALUES ($1, $2, $3, 2, 12500.50, (SELECT id FROM currency_types WHERE is_default), '2026-05-01', 'confirmed') RETURNING id`,
    [orderNo, accountId, productId],
  );
  await sql(`UPDATE victim_order_details SET shareholder_name = $2, shareholder_phone = $3 WHERE victim_order_id = $1 AND share_no = (SELECT max(share_no) FROM victim_order_details WHERE victim_order_id = $1)`,
    [row.id, SHAREHOLDER.name, SHAREHOLDER.phone]);
  return { id: row.id as number, orderNo };
}
async function fullOrder(withIdentity = false) {
  return order(await customer(withIdentity), await animal());
}
/** A slaughter slot today (Istanbul) at `hour`. */
async function slotToday(hour: number) {
  const [row] = await sql(
    `INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity)
     SELECT t.id, s, s + interval '1 hour', 10
     FROM appointment_types t, LATERAL (SELECT (((now() AT TIME ZONE 'Europe/Istanbul')::date + make_time($1, 0, 0)) AT TIME ZONE 'Europe/Istanbul') AS s) x
     WHERE t.code = 'slaughter' RETURNING id`,
    [hour],
  );
  return row.id as number;
}
async function queue(productId: number, appointmentId: number, slaughterNo: number) {
  const [row] = await sql(`INSERT INTO victim_products_appointments (product_id, appointment_id, slaughter_no) VALUES ($1, $2, $3) RETURNING id`, [productId, appointmentId, slaughterNo]);
  return row.id as number;
}
const link = async (orderId: number) => (await sql(`SELECT kurban_tracking_link($1) AS url`, [orderId]))[0].url as string | null;
const tokenOf = (url: string) => url.split('/').pop()!;

// ---- what an answer may hold ----------------------------------------------------------------------
/** Every property path an answer may carry (`[]`: any item of an array). */
const ALLOWED = new Set([
  'success', 'data', 'error',
  'data.token', 'data.view',
  ...['status', 'shareCount', 'animal', 'queue', 'queue.day', 'queue.slaughterNo', 'queue.step', 'queue.step.code', 'queue.step.name', 'queue.step.isFinal',
    'queue.slaughtered', 'queue.ahead', 'queue.estimatedAt', 'slots', 'slots[]', 'slots[].type', 'slots[].startsAt', 'slots[].endsAt',
    'total', 'paid', 'balance', 'currency', 'currency.code', 'currency.symbol', 'currency.decimals', 'shareholders', 'shareholders[]']
    .flatMap((p) => [`data.${p}`, `data.view.${p}`, `view.${p}`]),
  'view',
  'error.code', 'error.message', 'error.requestId', 'error.params', 'error.params.seconds', 'error.params.minutes',
]);
function paths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v) => paths(v, `${at}[]`))];
  if (value && typeof value === 'object') return [...(at ? [at] : []), ...Object.entries(value).flatMap(([k, v]) => paths(v, at ? `${at}.${k}` : k))];
  return at ? [at] : [];
}
function expectNothingPersonal(answer: unknown) {
  for (const p of paths(answer)) expect(ALLOWED, `an answer holds ${p}`).toContain(p);
  const text = JSON.stringify(answer);
  for (const secret of PERSONAL) expect(text, `an answer holds ${secret}`).not.toContain(secret);
  // No run of ten digits or more (a phone or an identity number), and no e-mail address.
  expect(text.replace(/"\d{4}-\d{2}-\d{2}T[^"]*"/g, '')).not.toMatch(/\d{10,}/);
  expect(text).not.toMatch(/[\w.]+@[\w.]+/);
}

describe('the link function (kurban_tracking_link)', () => {
  it('makes one token per order on first use: 16 URL-safe characters under the public address', async () => {
    const o = await fullOrder();
    const first = await link(o.id);
    expect(first).toMatch(/^http:\/\/localhost:3000\/takip\/[A-Za-z0-9_-]{16}$/);
    expect(await link(o.id)).toBe(first);
    const rows = await sql(`SELECT token, expires_at > now() + interval '59 days' AS long FROM tracking_links WHERE victim_order_id = $1`, [o.id]);
    expect(rows).toEqual([{ token: tokenOf(first!), long: true }]);
    // Another order, another token; an order that does not exist, none.
    const other = await link((await fullOrder()).id);
    expect(tokenOf(other!)).not.toBe(tokenOf(first!));
    expect(await link(2_000_000_000)).toBeNull();
  });

  it('starts with the setting app.publicUrl', async () => {
    await sql(`UPDATE settings SET value = 'https://kurban.example.com.tr/' WHERE key = 'app.publicUrl'`);
    try {
      expect(await link((await fullOrder()).id)).toMatch(/^https:\/\/kurban\.example\.com\.tr\/takip\/[A-Za-z0-9_-]{16}$/);
    } finally {
      await sql(`UPDATE settings SET value = 'http://localhost:3000' WHERE key = 'app.publicUrl'`);
    }
  });

  it('lasts 60 days past the last booked slot', async () => {
    const o = await fullOrder();
    const [slot] = await sql(
      `INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity)
       SELECT id, now() + interval '100 days', now() + interval '100 days 1 hour', 5 FROM appointment_types WHERE code = 'pickup' RETURNING id`,
    );
    await sql(`INSERT INTO victim_appointments (victim_order_id, account_id, appointment_id) SELECT id, account_id, $2 FROM victim_orders WHERE id = $1`, [o.id, slot.id]);
    await link(o.id);
    const [row] = await sql(`SELECT expires_at > now() + interval '159 days' AS long FROM tracking_links WHERE victim_order_id = $1`, [o.id]);
    expect(row.long).toBe(true);
  });
});

describe('POST Tracking/lookup', () => {
  it('finds an order by any phone of it in any common format, and by its number in any case', async () => {
    const o = await fullOrder();
    const address = newAddress();
    for (const phone of ['05321112233', '532 111 22 33', '+90 (532) 111-22-33', '905321112233', '0533 444 55 66', '+905334445566']) {
      const res = await lookup(phone.includes('533') ? o.orderNo : `  ${o.orderNo.toLowerCase()} `, phone, address);
      expect(res.status, phone).toBe(200);
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{16}$/);
    }
    const res = await lookup(o.orderNo, CUSTOMER.phone, address);
    expect(res.body.data.view).toMatchObject({
      status: 'confirmed', shareCount: 2, queue: null, slots: [], total: '25001.00', paid: '0.00', balance: '25001.00',
      currency: { code: 'TRY', decimals: 2 }, shareholders: ['A. Y.', 'İ. Ç.'],
    });
    expect(res.body.data.view.animal).toMatch(/^Simental /);
    // The token is the order's link's.
    expect(`http://localhost:3000/takip/${res.body.data.token}`).toBe(await link(o.id));
  });

  it('answers a wrong number and a wrong phone alike: status, body and time', async () => {
    const o = await fullOrder();
    const wrongPhone = await lookup(o.orderNo, '0555 000 00 00', newAddress());
    const wrongNumber = await lookup('K2026-77777', CUSTOMER.phone, newAddress());
    const shortPhone = await lookup(o.orderNo, '1234', newAddress());
    for (const res of [wrongPhone, wrongNumber, shortPhone]) {
      expect(res.status).toBe(404);
      expect({ ...res.body, error: { ...res.body.error, requestId: 'x' } }).toEqual({
        success: false, data: null,
        error: { code: 'error.tracking.notFound', message: 'Bu numara ve telefonla bir sipariş bulunamadı.', requestId: 'x' },
      });
    }
    const right = await lookup(o.orderNo, CUSTOMER.phone, newAddress());
    expect(right.status).toBe(200);
    expect(Object.keys(right.body)).toEqual(Object.keys(wrongPhone.body));

    // The same work either way: the medians of many tries are in the same class (a few ms apart).
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const times = { right: [] as number[], wrongPhone: [] as number[], wrongNumber: [] as number[] };
    for (let i = 0; i < 4; i++) {
      // Fresh orders: five tries an order number before its lock.
      const x = await fullOrder();
      for (let k = 0; k < 4; k++) {
        times.right.push((await lookup(x.orderNo, CUSTOMER.phone, newAddress())).ms);
        times.wrongPhone.push((await lookup(x.orderNo, '0555 000 00 00', newAddress())).ms);
        times.wrongNumber.push((await lookup(`K2026-8${i}${k}00`, CUSTOMER.phone, newAddress())).ms);
      }
    }
    const m = { right: median(times.right), wrongPhone: median(times.wrongPhone), wrongNumber: median(times.wrongNumber) };
    expect(Math.abs(m.right - m.wrongPhone), JSON.stringify(m)).toBeLessThan(10);
    expect(Math.abs(m.right - m.wrongNumber), JSON.stringify(m)).toBeLessThan(10);
  });

  it('locks an order number for 15 minutes after five wrong phones, whatever the phone; the lock lifts when its window ends', async () => {
    const o = await fullOrder();
    for (let i = 0; i < 5; i++) expect((await lookup(o.orderNo, `0555 000 00 0${i}`, newAddress())).status).toBe(404);
    const refused = await lookup(o.orderNo, CUSTOMER.phone, newAddress());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'error.tracking.locked', params: { minutes: 15 } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(890);
    // In any case of the number.
    expect((await lookup(o.orderNo.toLowerCase(), CUSTOMER.phone, newAddress())).status).toBe(429);
    // A number no order has is locked alike (nothing tells which numbers exist).
    for (let i = 0; i < 5; i++) expect((await lookup('K2026-66666', CUSTOMER.phone, newAddress())).status).toBe(404);
    expect((await lookup('K2026-66666', CUSTOMER.phone, newAddress())).body.error.code).toBe('error.tracking.locked');
    // The window ends (moved into the past here): the right phone finds it again.
    await sql(`UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key = $1`, [`tracking:order:${o.orderNo}`]);
    expect((await lookup(o.orderNo, CUSTOMER.phone, newAddress())).status).toBe(200);
  });

  it('a right phone starts the count over', async () => {
    const o = await fullOrder();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await lookup(o.orderNo, '0555 000 00 00', newAddress())).status).toBe(404);
      expect((await lookup(o.orderNo, SHAREHOLDER.phone, newAddress())).status).toBe(200);
    }
  });

  it('limits wrong answers per address as sign-in does; a right one from it still answers', async () => {
    const o = await fullOrder();
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await lookup(`K2026-5${String(i).padStart(4, '0')}`, CUSTOMER.phone, address)).status).toBe(404);
    const refused = await lookup('K2026-59999', CUSTOMER.phone, address);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('error.tooManyRequests');
    expect((await lookup(o.orderNo, CUSTOMER.phone, address)).status).toBe(200);
  });

  it('counts against the address only a wrong answer that is not locked', async () => {
    const addressHits = async (address: string) =>
      (await sql(`SELECT hits FROM rate_limits WHERE key = $1`, [`tracking:address:${address}`]))[0]?.hits ?? 0;
    const o = await fullOrder();
    const address = newAddress();
    expect((await lookup(o.orderNo, CUSTOMER.phone, address)).status).toBe(200);
    expect(await addressHits(address)).toBe(0);
    for (let i = 1; i <= 5; i++) {
      expect((await lookup(o.orderNo, '0555 000 00 00', address)).status).toBe(404);
      expect(await addressHits(address)).toBe(i);
    }
    // The number is locked now: the refusals are the number's, not the address's.
    expect((await lookup(o.orderNo, '0555 000 00 00', address)).status).toBe(429);
    expect((await lookup(o.orderNo, CUSTOMER.phone, address)).status).toBe(429);
    expect(await addressHits(address)).toBe(5);
  });

  it('sends lookups that arrive together in one statement, each answered and counted as if alone, in turn', async () => {
    const guessed = await fullOrder();
    const found = await fullOrder();
    const query = vi.spyOn(server.database.pool, 'query');
    try {
      const answers = await Promise.all([
        // Eight guesses at once on one number: five are counted wrong, the rest find it locked.
        ...Array.from({ length: 8 }, (_, i) => lookup(guessed.orderNo, `0555 000 00 0${i}`, newAddress())),
        ...Array.from({ length: 4 }, () => lookup(found.orderNo, SHAREHOLDER.phone, newAddress())),
        ...Array.from({ length: 4 }, (_, i) => lookup(`K2026-4444${i}`, CUSTOMER.phone, newAddress())),
      ]);
      const statements = query.mock.calls.filter(([config]) => (config as { name?: string }).name === 'kurban-tracking-lookups');
      // All sixteen went in at most three statements (the first alone: nothing was under way).
      expect(statements.flatMap(([config]) => (config as unknown as { values: string[][] }).values[0])).toHaveLength(16);
      expect(statements.length).toBeLessThanOrEqual(3);
      const guesses = answers.slice(0, 8).map((a) => a.status).sort();
      expect(guesses).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
      const token = answers[8].body.data.token;
      for (const a of answers.slice(8, 12)) expect(a.body.data).toEqual({ token, view: answers[8].body.data.view });
      expect(answers[8].body.data.view.shareholders).toEqual(['A. Y.', 'İ. Ç.']);
      for (const a of answers.slice(12)) expect(a.body.error.code).toBe('error.tracking.notFound');
      expect((await sql(`SELECT hits FROM rate_limits WHERE key = $1`, [`tracking:order:${guessed.orderNo}`]))[0].hits).toBe(8);
    } finally {
      query.mockRestore();
    }
  });

  it("keeps one lookup's failure its own: the others of its statement are answered and counted once", async () => {
    const o = await fullOrder();
    await sql(`CREATE FUNCTION test_tracking_boom() RETURNS trigger LANGUAGE plpgsql AS $$
                 BEGIN IF NEW.key = 'tracking:order:K2026-BOOM1' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`);
    await sql(`CREATE TRIGGER test_tracking_boom BEFORE INSERT OR UPDATE ON rate_limits FOR EACH ROW EXECUTE FUNCTION test_tracking_boom()`);
    try {
      const answers = await Promise.all([
        lookup(o.orderNo, '0555 000 00 00', newAddress()),
        lookup('K2026-BOOM1', CUSTOMER.phone, newAddress()),
        lookup(o.orderNo, '0555 000 00 01', newAddress()),
        lookup(o.orderNo, CUSTOMER.phone, newAddress()),
      ]);
      expect(answers.map((a) => a.status)).toEqual([404, 500, 404, 200]);
      // The right phone came last: the count started over once, after the two wrong ones (each counted once).
      expect((await sql(`SELECT hits FROM rate_limits WHERE key = $1`, [`tracking:order:${o.orderNo}`]))[0].hits).toBe(0);
      expect((await lookup(o.orderNo, '0555 000 00 02', newAddress())).status).toBe(404);
      expect((await sql(`SELECT hits FROM rate_limits WHERE key = $1`, [`tracking:order:${o.orderNo}`]))[0].hits).toBe(1);
    } finally {
      await sql(`DROP TRIGGER test_tracking_boom ON rate_limits`);
      await sql(`DROP FUNCTION test_tracking_boom()`);
    }
  });

  it('refuses a body without its fields', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/Tracking/lookup', remoteAddress: newAddress(), payload: { orderNo: 'K2026-00001' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET Tracking/{token}', () => {
  it('opens the same view as the lookup, until the link expires (then 404, and a new link is another token)', async () => {
    const o = await fullOrder();
    const url = await link(o.id);
    const token = tokenOf(url!);
    const opened = await view(token);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toEqual((await lookup(o.orderNo, CUSTOMER.phone, newAddress())).body.data.view);

    await sql(`UPDATE tracking_links SET expires_at = now() - interval '1 second' WHERE victim_order_id = $1`, [o.id]);
    const expired = await view(token);
    expect(expired.status).toBe(404);
    expect(expired.body.error.code).toBe('error.tracking.linkExpired');
    const unknown = await view('AAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect({ ...unknown.body.error, requestId: 'x' }).toEqual({ ...expired.body.error, requestId: 'x' });

    const renewed = tokenOf((await link(o.id))!);
    expect(renewed).not.toBe(token);
    expect((await view(renewed)).status).toBe(200);
    expect((await view(token)).status).toBe(404);
  });

  it('counts misses per address', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await view(`missing-${i}`, address)).status).toBe(404);
    expect((await view('missing-x', address)).status).toBe(429);
  });
});

describe('the view', () => {
  it("holds the queue of the day: number, step, animals ahead and an estimate; the booked slot; nothing personal", async () => {
    const slot = await slotToday(0);
    // Three animals before ours, one of them already slaughtered.
    const before: number[] = [];
    for (let n = 1; n <= 3; n++) before.push(await queue(await animal(), slot, 900 + n));
    await api('POST', `VictimProductsAppointments/${before[0]}/advance`, {});
    await api('POST', `VictimProductsAppointments/${before[0]}/advance`, {}); // received → slaughtered
    const o = await fullOrder(true);
    const [{ product_id: productId, account_id: accountId }] = await sql(`SELECT product_id, account_id FROM victim_orders WHERE id = $1`, [o.id]);
    const mine = await queue(productId, slot, 904);
    await sql(`INSERT INTO victim_appointments (victim_order_id, account_id, appointment_id) VALUES ($1, $2, $3)`, [o.id, accountId, slot]);

    const res = await lookup(o.orderNo, CUSTOMER.phone, newAddress());
    expect(res.status).toBe(200);
    expectNothingPersonal(res.body);
    const v = res.body.data.view;
    expect(v.queue).toMatchObject({ slaughterNo: 904, step: null, slaughtered: false, ahead: 2 });
    expect(new Date(v.queue.estimatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(v.slots).toEqual([expect.objectContaining({ type: 'slaughter' })]);

    // Ours advances: its step, in Turkish as staff named it and by code for the English page.
    await api('POST', `VictimProductsAppointments/${mine}/advance`, {});
    const after = (await view(res.body.data.token)).body;
    expectNothingPersonal(after);
    expect(after.data.queue.step).toEqual({ code: 'received', name: 'Kabul edildi', isFinal: false });
  });

  it('is live: a view event when its animal or one ahead of it moves on', async () => {
    const slot = await slotToday(1);
    const ahead = await queue(await animal(), slot, 951);
    const o = await fullOrder();
    const [{ product_id: productId }] = await sql(`SELECT product_id FROM victim_orders WHERE id = $1`, [o.id]);
    const mine = await queue(productId, slot, 952);
    const token = tokenOf((await link(o.id))!);

    const controller = new AbortController();
    const res = await fetch(`${base}/Tracking/${token}/events`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const views: any[] = [];
    let wake = () => {};
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
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (block.includes('event: view') && data) views.push(JSON.parse(data.slice(6)));
            wake();
          }
        }
      } catch {
        // aborted
      }
    })();
    /** The first view (from the newest back) that matches, within 3 s. */
    const until = async (match: (v: any) => boolean) => {
      const deadline = Date.now() + 3000;
      while (!views.some(match) && Date.now() < deadline) await new Promise<void>((r) => { wake = r; setTimeout(r, 100); });
      const found = views.find(match);
      expect(found, JSON.stringify(views)).toBeDefined();
      return found;
    };
    try {
      const first = await until(() => true);
      expectNothingPersonal({ view: first });
      // Ahead of it: 951 and what the day's earlier tests queued before it, not yet slaughtered.
      expect(first.queue).toMatchObject({ slaughterNo: 952, step: null, slaughtered: false });
      expect(first.queue.ahead).toBeGreaterThanOrEqual(1);
      // The animal ahead is slaughtered: ours has none ahead.
      await api('POST', `VictimProductsAppointments/${ahead}/advance`, {});
      await api('POST', `VictimProductsAppointments/${ahead}/advance`, {});
      await until((v) => v.queue.ahead === first.queue.ahead - 1);
      // Ours moves on.
      await api('POST', `VictimProductsAppointments/${mine}/advance`, {});
      const third = await until((v) => v.queue.step?.code === 'received');
      expectNothingPersonal({ view: third });
      expect(server.app.trackingFeed.streamCount).toBe(1);
    } finally {
      controller.abort();
    }
  });

  it('an expired link opens no stream', async () => {
    const o = await fullOrder();
    const token = tokenOf((await link(o.id))!);
    await sql(`UPDATE tracking_links SET expires_at = now() - interval '1 second' WHERE token = $1`, [token]);
    const res = await fetch(`${base}/Tracking/${token}/events`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('error.tracking.linkExpired');
  });
});
