// The outbox of text messages (issue 18, points 1, 2 and 4): a message is written in the event's
// transaction by `kurban_enqueue_message` (rules/messages.sql), and the workers of every server
// instance (domain/messages.ts, graphile-worker) deliver it once to the provider, here a local
// double of Netgsm's REST v2 API (tests/support/netgsm-double.ts).
// Two app instances run on one database, each with its workers; the delays are shortened (a
// retry after 100 ms, doubling, 6 attempts) so that an outage and a failure fit in seconds.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { connectDatabase, type Database } from '../../server/src/db/client.ts';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { startNetgsmDouble, type NetgsmDouble } from '../support/netgsm-double.ts';
import { SqlRows } from '../support/sql-rows.ts';

const OUTBOX = { concurrency: 4, pollIntervalMs: 100, retryBaseMs: 100, maxAttempts: 6, providerTimeoutMs: 1000, reports: false };
const KIND = 'stepReached';

let server: TestServer;
let other: { app: FastifyInstance; database: Database };
let A: FastifyInstance;
let double: NetgsmDouble;
const rows = new SqlRows(() => server, 'MSG');

beforeAll(async () => {
  double = await startNetgsmDouble();
  server = await startTestServer({ outbox: OUTBOX });
  const database = connectDatabase(server.database.pool.options.connectionString!, 5);
  const app = await buildApp(server.config, database);
  await app.ready();
  other = { app, database };
  A = server.app;
  // This test's own template of its kind, in both languages.
  await sql(
    `INSERT INTO translates (language_id, code, value)
     SELECT l.id, 'sms.${KIND}', CASE l.code WHEN 'en-US' THEN 'EN {n} at {step}{link}' ELSE 'TR {n} adım {step}{link}' END FROM languages l
     ON CONFLICT (language_id, code) DO UPDATE SET value = EXCLUDED.value`,
  );
  await sql(`UPDATE settings SET value = '' WHERE key = 'sms.quietHours'`);
  // Staff enter Netgsm's account on the Settings screen; the password is stored encrypted.
  await setSetting('sms.netgsm.baseUrl', double.url);
  await setSetting('sms.netgsm.userCode', double.userCode);
  await setSetting('sms.netgsm.header', double.header);
  await setSetting('sms.netgsm.password', double.password, true);
  await setSetting('sms.provider', 'netgsm');
}, 60_000);

afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
  await server?.close();
  await double?.close();
});

const sql = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows;
const api = (method: string, url: string, payload?: unknown, token = server.adminToken) => call(A, token, method, url, payload);
const tokenWith = (claims: string[]) => A.jwt.sign({ sub: '1', guid: '00000000-0000-0000-0000-000000000000', email: 'x@test.local', claims });

async function setSetting(key: string, value: string, isSecret = false) {
  const [row] = await sql(`SELECT id, row_version, value_type FROM settings WHERE key = $1`, [key]);
  const res = await api('PUT', 'Settings', { id: row.id, rowVersion: row.row_version, key, valueType: row.value_type, isSecret, value });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Waits until `check` holds (polling), failing after `ms`. */
async function until(check: () => Promise<boolean>, ms = 20_000, what = 'condition') {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let serial = 0;
/** One committed event: a message through the one function every event calls. */
async function enqueue(opts: { phone?: string; accountId?: number | null; dedupe?: string | null; urgent?: boolean; params?: object } = {}) {
  const n = ++serial;
  const phone = opts.phone ?? `0532 ${String(1_000_000 + n).slice(-7).replace(/(\d{3})(\d{2})(\d{2})/, '$1 $2 $3')}`;
  const [row] = await sql(
    `SELECT kurban_enqueue_message($1, $2, $3, NULL, $4::jsonb, $5, $6) AS id`,
    [KIND, phone, opts.accountId ?? null, JSON.stringify(opts.params ?? { n: `#${n}`, step: 'kesim' }), opts.dedupe ?? null, opts.urgent ?? true],
  );
  return row.id as number | null;
}
const messageRow = async (id: number) => (await sql(`SELECT * FROM messages WHERE id = $1`, [id]))[0];
const statusesOf = async (ids: number[]) => (await sql(`SELECT status, count(*)::int AS n FROM messages WHERE id = ANY($1) GROUP BY 1`, [ids]));
const allSent = (ids: number[]) => async () => (await sql(`SELECT count(*)::int AS n FROM messages WHERE id = ANY($1) AND status = 'sent'`, [ids]))[0].n === ids.length;
const sendsTo = (phone: string) => double.sent.filter((s) => s.phone === phone).length;

describe('kurban_enqueue_message', () => {
  it('writes the message rendered in the default language, the phone as its 10 national digits, queued with a job', async () => {
    const id = await enqueue({ phone: '+90 (532) 111 22 33', params: { n: 'Sarıkız', step: 'Kesildi' } });
    const row = await messageRow(id!);
    expect(row).toMatchObject({ kind: KIND, phone: '5321112233', language: 'tr-TR', text: 'TR Sarıkız adım Kesildi', attempts: expect.any(Number) });
    await until(allSent([id!]), 10_000, 'the message sent');
  });

  it('writes nothing for a phone that is not a Turkish number, an account that opted out, or a dedupe key used before', async () => {
    const before = (await sql(`SELECT count(*)::int AS n FROM messages`))[0].n;
    expect(await enqueue({ phone: '123' })).toBeNull();
    expect(await enqueue({ phone: '' })).toBeNull();
    const account = { id: await rows.account() };
    await sql(`UPDATE accounts SET sms_opt_out = true WHERE id = $1`, [account.id]);
    expect(await enqueue({ accountId: account.id })).toBeNull();
    await sql(`UPDATE accounts SET sms_opt_out = false WHERE id = $1`, [account.id]);
    const first = await enqueue({ dedupe: 'turn:animal:1', accountId: account.id });
    expect(first).toBeGreaterThan(0);
    expect(await enqueue({ dedupe: 'turn:animal:1', accountId: account.id })).toBeNull();
    expect((await sql(`SELECT count(*)::int AS n FROM messages`))[0].n).toBe(before + 1);
    await until(allSent([first!]));
  });

  it('renders in the account\'s language when it has one', async () => {
    const account = { id: await rows.account() };
    await sql(`UPDATE accounts SET language_id = (SELECT id FROM languages WHERE code = 'en-US') WHERE id = $1`, [account.id]);
    const id = await enqueue({ accountId: account.id, params: { n: 'Blackie', step: 'packed' } });
    expect(await messageRow(id!)).toMatchObject({ language: 'en-US', text: 'EN Blackie at packed' });
    await sql(`UPDATE accounts SET language_id = NULL WHERE id = $1`, [account.id]);
    await until(allSent([id!]));
  });

  it('holds a non-urgent message written in the quiet hours until they end; an urgent one goes now', async () => {
    // Quiet hours around now (Istanbul time): from an hour ago to two hours on.
    const [{ from, to }] = await sql(
      `SELECT to_char(now() AT TIME ZONE 'Europe/Istanbul' - interval '1 hour', 'HH24:MI') AS from,
              to_char(now() AT TIME ZONE 'Europe/Istanbul' + interval '2 hours', 'HH24:MI') AS to`,
    );
    await sql(`UPDATE settings SET value = $1 WHERE key = 'sms.quietHours'`, [`${from}-${to}`]);
    try {
      const held = await enqueue({ urgent: false });
      const urgent = await enqueue({ urgent: true });
      const [h] = await sql(`SELECT round(extract(epoch FROM send_after - now()) / 60) AS minutes FROM messages WHERE id = $1`, [held]);
      expect(Math.abs(Number(h.minutes) - 120)).toBeLessThanOrEqual(1);
      await until(allSent([urgent!]));
      expect((await messageRow(held!)).status).toBe('queued');
      const [job] = await sql(`SELECT run_at > now() + interval '1 hour' AS later FROM graphile_worker.jobs WHERE key = 'message:' || $1`, [held]);
      expect(job.later).toBe(true);
      // Not to wait two hours: the held message is let go.
      await sql(`UPDATE messages SET send_after = now() WHERE id = $1`, [held]);
      await sql(`SELECT kurban_message_job($1, now())`, [held]);
      await until(allSent([held!]));
    } finally {
      await sql(`UPDATE settings SET value = '' WHERE key = 'sms.quietHours'`);
    }
  });

  it('a rolled-back transaction leaves no message and no job', async () => {
    const messages = (await sql(`SELECT count(*)::int AS n FROM messages`))[0].n;
    const client = await server.database.pool.connect();
    let id: number;
    try {
      await client.query('BEGIN');
      id = (await client.query(`SELECT kurban_enqueue_message('${KIND}', '05329998877', NULL, NULL, '{"n":"x","step":"y"}') AS id`)).rows[0].id;
      expect(id).toBeGreaterThan(0);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect((await sql(`SELECT count(*)::int AS n FROM messages`))[0].n).toBe(messages);
    expect((await sql(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = 'message:' || $1`, [id!]))[0].n).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(sendsTo('5329998877')).toBe(0);
  });
});

describe('delivery by two instances', () => {
  it('200 events → exactly 200 calls to Netgsm, none twice, every message sent with its jobid', async () => {
    const before = double.sent.length;
    const ids: number[] = [];
    // 200 committed transactions, 10 at a time.
    for (let batch = 0; batch < 20; batch++) ids.push(...(await Promise.all(Array.from({ length: 10 }, () => enqueue()))).map(Number));
    await until(allSent(ids), 60_000, '200 messages sent');
    const sent = double.sent.slice(before);
    expect(sent).toHaveLength(200);
    const written = await sql(`SELECT id, phone, text, provider, provider_id, attempts FROM messages WHERE id = ANY($1)`, [ids]);
    expect(new Set(sent.map((s) => s.text)).size).toBe(200);
    expect(new Set(written.map((r) => r.provider_id)).size).toBe(200);
    for (const r of written) {
      expect(r).toMatchObject({ provider: 'netgsm', attempts: 1 });
      const s = sent.find((x) => x.jobid === r.provider_id)!;
      expect(s).toMatchObject({ phone: r.phone, text: r.text, header: double.header, encoding: 'TR' });
    }
    // The workers' writes are nobody's edit: the audit trail holds each message's creation only.
    expect((await sql(`SELECT count(*)::int AS n FROM audit_logs WHERE entity = 'Messages' AND action = 'update' AND record_id = ANY($1)`, [ids]))[0].n).toBe(0);
  }, 90_000);

  it('Netgsm down for a while: every message is delivered once after it returns', async () => {
    await double.down();
    const before = double.sent.length;
    let ids: number[] = [];
    try {
      ids = (await Promise.all(Array.from({ length: 20 }, () => enqueue()))).map(Number);
      await until(async () => (await sql(`SELECT count(*)::int AS n FROM messages WHERE id = ANY($1) AND attempts >= 2`, [ids]))[0].n === 20, 20_000, 'two failed attempts each');
      const [row] = await sql(`SELECT status, error FROM messages WHERE id = $1`, [ids[0]]);
      expect(row.status).toBe('queued');
      expect(row.error).toMatch(/Netgsm unreachable/);
    } finally {
      await double.up();
    }
    await until(allSent(ids), 30_000, 'the messages sent after the outage');
    expect(double.sent.length - before).toBe(20);
    expect(await statusesOf(ids)).toEqual([{ status: 'sent', n: 20 }]);
  }, 60_000);

  it('an HTTP 500 and a timeout are failed attempts, sent at the next one', async () => {
    for (const mode of [{ kind: 'http500' as const, error: /HTTP 500/ }, { kind: 'hang' as const, error: /did not answer within 1 s/ }]) {
      double.setMode({ kind: mode.kind });
      const id = (await enqueue())!;
      try {
        await until(async () => (await messageRow(id)).attempts >= 1, 10_000, `${mode.kind} attempt`);
        expect((await messageRow(id)).error).toMatch(mode.error);
      } finally {
        double.setMode({ kind: 'ok' });
      }
      await until(allSent([id]), 20_000, `sent after ${mode.kind}`);
      expect((await messageRow(id)).error).toBeNull();
    }
  }, 60_000);

  it('always refused: failed after the limit with Netgsm\'s error; resent by hand, it goes once more', async () => {
    double.setMode({ kind: 'code', code: '30' });
    const sendCalls = () => double.calls.filter((c) => c.path === '/sms/rest/v2/send').length;
    const callsBefore = sendCalls();
    const id = (await enqueue())!;
    try {
      await until(async () => (await messageRow(id)).status === 'failed', 20_000, 'failed');
    } finally {
      double.setMode({ kind: 'ok' });
    }
    const failed = await messageRow(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: OUTBOX.maxAttempts, provider_id: null });
    expect(failed.error).toMatch(/code 30/);
    expect(sendCalls() - callsBefore).toBe(OUTBOX.maxAttempts);
    expect((await sql(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = 'message:' || $1`, [id]))[0].n).toBe(0);

    // Resend needs Messages.Update.
    expect((await api('POST', `Messages/${id}/resend`, undefined, tokenWith(['Messages.Read']))).status).toBe(403);
    const sentBefore = sendsTo(failed.phone);
    const res = await api('POST', `Messages/${id}/resend`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'queued', attempts: 0, error: null });
    // A person's action: the audit trail names the operation and who.
    const [entry] = await sql(`SELECT operation, user_id FROM audit_logs WHERE entity = 'Messages' AND record_id = $1 AND action = 'update' ORDER BY id DESC LIMIT 1`, [id]);
    expect(entry).toMatchObject({ operation: 'resendMessage', user_id: expect.any(Number) });
    await until(allSent([id]), 10_000, 'resent');
    await new Promise((r) => setTimeout(r, 300));
    expect(sendsTo(failed.phone) - sentBefore).toBe(1);
    expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
    // Only a failed message is resent.
    const again = await api('POST', `Messages/${id}/resend`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'error.message.notFailed', params: { status: 'sent' } });
    expect((await api('POST', 'Messages/999999/resend')).status).toBe(404);
  }, 60_000);
});

describe('delivery reports', () => {
  it('move sent messages to delivered or failed; a blacklisted recipient opts the account out', async () => {
    const account = { id: await rows.account() };
    const ids = [(await enqueue({ accountId: account.id }))!, (await enqueue())!, (await enqueue())!, (await enqueue())!];
    await until(allSent(ids));
    const sent = await sql(`SELECT id, provider_id FROM messages WHERE id = ANY($1) ORDER BY id`, [ids]);
    double.reportStatus.set(sent[0].provider_id, 15);
    double.reportStatus.set(sent[1].provider_id, 12);
    double.reportStatus.set(sent[2].provider_id, 0);
    await A.outbox!.pollDeliveryReports();
    const after = await sql(`SELECT id, status, error, delivered_at FROM messages WHERE id = ANY($1) ORDER BY id`, [ids]);
    expect(after.map((r) => r.status)).toEqual(['failed', 'failed', 'sent', 'delivered']);
    expect(after[0].error).toMatch(/opted out/);
    expect(after[1].error).toMatch(/status 12/);
    expect(after[3].delivered_at).not.toBeNull();
    expect((await sql(`SELECT sms_opt_out FROM accounts WHERE id = $1`, [account.id]))[0].sms_opt_out).toBe(true);
    expect(await enqueue({ accountId: account.id })).toBeNull();
    await sql(`UPDATE accounts SET sms_opt_out = false WHERE id = $1`, [account.id]);
  });
});

describe('providers and settings', () => {
  it('log: the message is marked sent by log and nothing leaves the machine', async () => {
    await setSetting('sms.provider', 'log');
    try {
      const calls = double.calls.length;
      const id = (await enqueue())!;
      await until(allSent([id]));
      expect(await messageRow(id)).toMatchObject({ status: 'sent', provider: 'log', provider_id: null, attempts: 1 });
      expect(double.calls.length).toBe(calls);
    } finally {
      await setSetting('sms.provider', 'netgsm');
    }
  });

  it('the Netgsm password is stored encrypted and never answered by the settings API', async () => {
    const [row] = await sql(`SELECT id, value, secret_value_enc FROM settings WHERE key = 'sms.netgsm.password'`);
    expect(row.value).toBeNull();
    expect(row.secret_value_enc).toMatch(/^v1:/);
    expect(row.secret_value_enc).not.toContain(double.password);
    const one = await api('GET', `Settings/${row.id}`);
    const page = await api('POST', 'Settings/GetListForPaging', { pageNumber: 1, pageSize: 100 });
    const list = await api('GET', 'Settings');
    for (const body of [one.body, page.body, list.body]) expect(JSON.stringify(body)).not.toContain(double.password);
    expect(one.body.data.value ?? null).toBeNull();
    expect(one.body.data).not.toHaveProperty('secretValue');
  });

  it('refuses an unknown provider and unreadable quiet hours', async () => {
    for (const [key, value] of [['sms.provider', 'twilio'], ['sms.quietHours', '25:00-09:00'], ['sms.netgsm.baseUrl', 'not a url']]) {
      const [row] = await sql(`SELECT id, row_version, value_type FROM settings WHERE key = $1`, [key]);
      const res = await api('PUT', 'Settings', { id: row.id, rowVersion: row.row_version, key, valueType: row.value_type, isSecret: false, value });
      expect(res.status, `${key}=${value}`).toBe(400);
    }
  });
});

describe('the Messages screens', () => {
  it('list needs Messages.Read; resend needs Messages.Update', async () => {
    expect((await api('POST', 'Messages/GetListForPaging', { pageNumber: 1, pageSize: 5 }, tokenWith([]))).status).toBe(403);
    const page = await api('POST', 'Messages/GetListForPaging', { pageNumber: 1, pageSize: 5 }, tokenWith(['Messages.Read']));
    expect(page.status).toBe(200);
    expect(page.body.data.totalCount).toBeGreaterThan(0);
    const [m] = await sql(`SELECT id FROM messages ORDER BY id LIMIT 1`);
    expect((await api('POST', `Messages/${m.id}/resend`, undefined, tokenWith(['Messages.Read']))).status).toBe(403);
  });
});

// Last in the file: it stops the instances' workers and leaves a third instance running.
describe('a restart during an outage', () => {
  it('every instance stopped while Netgsm is down, one started after it returns: every message goes once', async () => {
    await double.down();
    const before = double.sent.length;
    let ids: number[] = [];
    try {
      ids = (await Promise.all(Array.from({ length: 10 }, () => enqueue()))).map(Number);
      await until(async () => (await sql(`SELECT count(*)::int AS n FROM messages WHERE id = ANY($1) AND attempts >= 1`, [ids]))[0].n === 10, 20_000, 'a failed attempt each');
      // Both servers go away (a restart): no worker runs anywhere.
      await other.app.close();
      await other.database.close();
      await A.outbox!.stop();
    } finally {
      await double.up();
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(double.sent.length - before).toBe(0);
    expect(await statusesOf(ids)).toEqual([{ status: 'queued', n: 10 }]);

    // The server comes back: its workers find the jobs in the database.
    const database = connectDatabase(server.database.pool.options.connectionString!, 5);
    const app = await buildApp(server.config, database);
    await app.ready();
    other = { app, database };
    await until(allSent(ids), 30_000, 'the messages sent after the restart');
    expect(double.sent.length - before).toBe(10);
    expect(new Set(double.sent.slice(before).map((s) => s.phone)).size).toBe(10);
  }, 60_000);
});
