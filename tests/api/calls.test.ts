// The Netgsm call webhook (GET and POST, JSON and form): the secret, idempotency on the provider's
// call id (also under concurrent retries), phone numbers to E.164 and to an account, nothing
// stored from a request that is not a call; and missed calls returned by hand or by a later call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { toE164 } from '../../server/src/domain/calls.ts';

const SECRET = 'netgsm-webhook-secret-1';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Staff enter the secret on the Settings screen: it is stored encrypted.
  const [setting] = await sql(`SELECT id, row_version FROM settings WHERE key = 'netgsm.webhookSecret'`);
  const saved = await call(server.app, server.adminToken, 'PUT', 'Settings', {
    id: setting.id, rowVersion: setting.row_version, key: 'netgsm.webhookSecret', valueType: 'string', isSecret: true, value: SECRET,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(() => server?.close());

const sql = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows;
const count = async () => (await sql('SELECT count(*)::int AS n FROM netgsm_call_webhook_logs'))[0].n as number;
const logOf = async (uniqueId: string) => (await sql('SELECT * FROM netgsm_call_webhook_logs WHERE unique_id = $1', [uniqueId]))[0];

async function hook(method: 'GET' | 'POST', fields: Record<string, unknown>, opts: { form?: boolean; headers?: Record<string, string>; query?: Record<string, string> } = {}) {
  const query = new URLSearchParams(method === 'GET' ? (fields as Record<string, string>) : (opts.query ?? {})).toString();
  const res = await server.app.inject({
    method,
    url: `/api/v1/Netgsm/call-webhook${query ? `?${query}` : ''}`,
    headers: { ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...opts.headers },
    ...(method === 'POST' ? { payload: opts.form ? new URLSearchParams(fields as Record<string, string>).toString() : (fields as object) } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}
let serial = 0;
const uid = () => `call-${Date.now()}-${++serial}`;
const aCall = (extra: Record<string, unknown> = {}) => ({ uniqueid: uid(), caller: '05001112233', called: '08502223344', direction: 'IN', status: 'NOANSWER', duration: '0', start_date: '2026-05-27 10:15:00', ...extra });

async function account(phone: string | null) {
  const [row] = await sql(
    `INSERT INTO accounts (code, title, account_type_id, phone_number) VALUES ($1, 'Müşteri', (SELECT min(id) FROM account_types), $2) RETURNING id`,
    [`CALL-${++serial}`, phone],
  );
  return row.id as number;
}

describe('toE164', () => {
  it('normalises the Turkish forms and refuses what is not a number', () => {
    for (const form of ['05321234567', '5321234567', '+905321234567', '00905321234567', '905321234567', '0532 123 45 67', '0532-123-45-67', '+90 (532) 123 45 67']) {
      expect(toE164(form), form).toBe('+905321234567');
    }
    expect(toE164('+49 30 1234567')).toBe('+49301234567');
    for (const bad of ['', 'anonymous', '12345', '0532123456', '+90532123456789', '+0532', '05321234567x']) expect(toE164(bad), bad).toBeUndefined();
  });
});

describe('the secret', () => {
  it('unset: 503 error.webhook.secretUnset, nothing stored', async () => {
    const [saved] = await sql(`SELECT secret_value_enc FROM settings WHERE key = 'netgsm.webhookSecret'`);
    await sql(`UPDATE settings SET secret_value_enc = NULL WHERE key = 'netgsm.webhookSecret'`);
    try {
      const before = await count();
      const res = await hook('GET', { ...aCall(), secret: SECRET });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('error.webhook.secretUnset');
      expect(await count()).toBe(before);
    } finally {
      await sql(`UPDATE settings SET secret_value_enc = $1 WHERE key = 'netgsm.webhookSecret'`, [saved.secret_value_enc]);
    }
  });

  it('missing or wrong (query, header or body): 401 error.webhook.unauthorized, nothing stored', async () => {
    const before = await count();
    const attempts = [
      hook('GET', aCall()),
      hook('GET', { ...aCall(), secret: 'wrong' }),
      hook('GET', { ...aCall(), secret: SECRET.replace(/1$/, '2') }), // same length
      hook('GET', { ...aCall(), secret: '' }),
      hook('POST', aCall()),
      hook('POST', aCall(), { headers: { 'x-webhook-secret': 'wrong' } }),
      hook('POST', { ...aCall(), secret: 'wrong' }),
      hook('POST', { ...aCall(), secret: 'wrong' }, { form: true }),
      hook('POST', aCall(), { query: { secret: `${SECRET}x` } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('error.webhook.unauthorized');
    }
    expect(await count()).toBe(before);
  });
});

describe('storing a call', () => {
  it('GET: stores the call with normalised numbers, Istanbul start time, and the request without the secret', async () => {
    const fields = aCall({ caller: '0 532 765 43 21', called: '850 222 33 44', duration: '37', status: 'ANSWER', start_date: '2026-05-27 10:15:00' });
    const res = await hook('GET', { ...fields, secret: SECRET });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: expect.any(Number), duplicate: false, accountId: null });
    const row = await logOf(fields.uniqueid);
    expect(row).toMatchObject({
      id: res.body.data.id, caller_number: '+905327654321', called_number: '+908502223344', direction: 'inbound', status: 'answered',
      duration_seconds: 37, account_id: null, called_back_at: null,
    });
    expect(row.started_at.toISOString()).toBe('2026-05-27T07:15:00.000Z');
    expect(JSON.parse(row.raw_payload)).toEqual(fields);
    expect(row.raw_payload).not.toContain(SECRET);
    // The call log screen reads it like any entity.
    const read = await call(server.app, server.adminToken, 'GET', `NetgsmCallWebhookLogs/${row.id}`);
    expect(read.body.data).toMatchObject({ uniqueId: fields.uniqueid, callerNumber: '+905327654321', startedAt: '2026-05-27T07:15:00.000Z' });
  });

  it('POST: JSON with the secret in the header, form with the secret in the body, JSON with it in the query', async () => {
    const json = aCall({ duration: 12, uniqueid: 1234567890123 });
    const a = await hook('POST', json, { headers: { 'x-webhook-secret': SECRET } });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect((await logOf('1234567890123')).duration_seconds).toBe(12);

    const form = aCall({ direction: 'OUT', status: 'BUSY', start_date: '2026-05-27T10:15:00+03:00' });
    const b = await hook('POST', { ...form, secret: SECRET }, { form: true });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const stored = await logOf(form.uniqueid);
    expect(stored).toMatchObject({ direction: 'outbound', status: 'busy' });
    expect(stored.started_at.toISOString()).toBe('2026-05-27T07:15:00.000Z');
    expect(JSON.parse(stored.raw_payload)).toEqual(form);

    const c = await hook('POST', aCall({ start_date: '2026-05-27T07:15:00Z' }), { query: { secret: SECRET } });
    expect(c.status).toBe(200);
  });

  it('reads field names in any case and the providers\' synonyms and statuses', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ UNIQUEID: uid(), CALLER_ID: '05001112233', DIALED: '08502223344', DIRECTION: 'inbound', STATUS: 'answered' }, { direction: 'inbound', status: 'answered', caller_number: '+905001112233', called_number: '+908502223344' }],
      [{ uniqueid: uid(), status: 'CANCEL' }, { status: 'missed', direction: 'inbound', caller_number: null }],
      [{ uniqueid: uid(), status: 'FAILED', direction: 'out' }, { status: 'missed', direction: 'outbound' }],
      [{ uniqueid: uid(), status: 'busy' }, { status: 'busy' }],
      [{ uniqueid: uid() }, { status: 'missed', direction: 'inbound', duration_seconds: 0, started_at: null }],
    ];
    for (const [fields, expected] of cases) {
      const res = await hook('POST', { ...fields, secret: SECRET });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const id = (fields.uniqueid ?? fields.UNIQUEID) as string;
      expect(await logOf(id)).toMatchObject(expected);
    }
  });

  it('is idempotent on uniqueid: a retry answers duplicate and adds nothing', async () => {
    const fields = aCall();
    const first = await hook('GET', { ...fields, secret: SECRET });
    const before = await count();
    const retry = await hook('POST', { ...fields, status: 'ANSWER' }, { headers: { 'x-webhook-secret': SECRET } });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual({ id: first.body.data.id, duplicate: true, accountId: null });
    expect(await count()).toBe(before);
    expect((await logOf(fields.uniqueid)).status).toBe('missed');
  });

  it('stores exactly one row for 20 concurrent identical deliveries', async () => {
    const fields = aCall({ caller: '05449998877' });
    const accountId = await account('+90 544 999 88 77');
    const results = await Promise.all(Array.from({ length: 20 }, () => hook('POST', fields, { headers: { 'x-webhook-secret': SECRET } })));
    for (const r of results) expect(r.status).toBe(200);
    expect(results.filter((r) => !r.body.data.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    for (const r of results) expect(r.body.data.accountId).toBe(accountId);
    expect((await sql('SELECT count(*)::int AS n FROM netgsm_call_webhook_logs WHERE unique_id = $1', [fields.uniqueid]))[0].n).toBe(1);
  });
});

describe('matching the account', () => {
  it('matches the caller in every form to the one account with that number', async () => {
    const accountId = await account('0 (532) 123-45-67');
    for (const form of ['05321234567', '5321234567', '+905321234567', '00905321234567', '0532 123 45 67', '0532-123-45-67', '905321234567']) {
      const fields = aCall({ caller: form });
      const res = await hook('GET', { ...fields, secret: SECRET });
      expect(res.status, form).toBe(200);
      expect(res.body.data.accountId, form).toBe(accountId);
      expect((await logOf(fields.uniqueid)).caller_number).toBe('+905321234567');
    }
  });

  it('matches the called number of an outbound call', async () => {
    const accountId = await account('+905551234500');
    const res = await hook('GET', { ...aCall({ direction: 'OUT', caller: '08502223344', called: '0555 123 45 00', status: 'ANSWER' }), secret: SECRET });
    expect(res.body.data.accountId).toBe(accountId);
  });

  it('matches no account when none or two have the number, nor a foreign number with the same last digits', async () => {
    await account('05061112233');
    await account('+90 506 111 22 33');
    expect((await hook('GET', { ...aCall({ caller: '05061112233' }), secret: SECRET })).body.data.accountId).toBeNull();
    expect((await hook('GET', { ...aCall({ caller: '05079990000' }), secret: SECRET })).body.data.accountId).toBeNull();
    await account('+44 5381234567');
    expect((await hook('GET', { ...aCall({ caller: '05381234567' }), secret: SECRET })).body.data.accountId).toBeNull();
  });
});

describe('a request that is not a call', () => {
  it('is a 400 error.webhook.notACall naming the fields, and nothing is stored', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ caller: '05321234567' }, 'uniqueid'],
      [{ uniqueid: '' }, 'uniqueid'],
      [aCall({ uniqueid: 'x'.repeat(101) }), 'uniqueid'],
      [aCall({ direction: 'sideways' }), 'direction'],
      [aCall({ status: 'RINGING' }), 'status'],
      [aCall({ caller: 'anonymous' }), 'caller'],
      [aCall({ called: '12' }), 'called'],
      [aCall({ start_date: '2026-02-30 10:00:00' }), 'start_date'],
      [aCall({ start_date: 'yesterday' }), 'start_date'],
      [aCall({ duration: 'long' }), 'duration'],
      [aCall({ duration: '-5' }), 'duration'],
      [aCall({ duration: '90000' }), 'duration'],
      [aCall({ uniqueid: true }), 'uniqueid'],
    ];
    for (const [fields, field] of cases) {
      for (const res of [
        await hook('POST', fields, { headers: { 'x-webhook-secret': SECRET } }),
        ...(typeof fields.uniqueid === 'boolean' ? [] : [await hook('GET', { ...(fields as Record<string, string>), secret: SECRET })]),
      ]) {
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect(res.body.error.code).toBe('error.webhook.notACall');
        expect(res.body.error.message).toBeTruthy();
        expect(res.body.error.fields.map((f: { field: string }) => f.field), JSON.stringify(fields)).toContain(field);
      }
    }
    for (const body of [[1, 2], 'text', { nested: { a: 1 } }]) {
      const res = await hook('POST', body as Record<string, unknown>, { headers: { 'x-webhook-secret': SECRET, 'content-type': 'application/json' } });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('form bodies are read by the webhook only: elsewhere they are a 415', async () => {
    const res = await server.app.inject({
      method: 'POST', url: '/api/v1/Languages', headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=x',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('missed calls called back', () => {
  const missed = async (caller: string, extra: Record<string, unknown> = {}) => {
    const fields = aCall({ caller, ...extra });
    return (await hook('GET', { ...fields, secret: SECRET })).body.data.id as number;
  };
  const calledBack = async (id: number) => (await sql('SELECT called_back_at, called_back_by_user_id FROM netgsm_call_webhook_logs WHERE id = $1', [id]))[0];

  it('a later answered call from the number, or any outbound call to it, returns its open missed and busy calls', async () => {
    const a = await missed('05301110001', { start_date: '2026-05-27 10:00:00' });
    const b = await missed('05301110001', { status: 'BUSY', start_date: '2026-05-27 10:05:00' });
    const other = await missed('05301110002', { start_date: '2026-05-27 10:00:00' });
    // An answered call that started before the missed ones does not return them.
    await hook('GET', { ...aCall({ caller: '05301110001', status: 'ANSWER', start_date: '2026-05-27 09:00:00' }), secret: SECRET });
    expect((await calledBack(a)).called_back_at).toBeNull();
    await hook('GET', { ...aCall({ caller: '05301110001', status: 'ANSWER', start_date: '2026-05-27 11:00:00' }), secret: SECRET });
    for (const id of [a, b]) expect(await calledBack(id)).toMatchObject({ called_back_at: expect.any(Date), called_back_by_user_id: null });
    expect((await calledBack(other)).called_back_at).toBeNull();

    // A missed call from the number, though later, returns nothing.
    const c = await missed('05301110003', { start_date: '2026-05-27 10:00:00' });
    await missed('05301110003', { start_date: '2026-05-27 10:30:00' });
    expect((await calledBack(c)).called_back_at).toBeNull();
    await hook('POST', aCall({ direction: 'OUT', caller: '08502223344', called: '+90 530 111 00 03', status: 'NOANSWER', start_date: '2026-05-27 12:00:00' }), { headers: { 'x-webhook-secret': SECRET } });
    expect((await calledBack(c)).called_back_at).not.toBeNull();
  });

  it('called-back marks who and when, keeps the first mark, and refuses answered or outbound calls', async () => {
    const [user] = await sql(`INSERT INTO users (first_name, last_name, email) VALUES ('Çağrı', 'Merkezi', 'calls@test.local') RETURNING id`);
    const staff = server.app.jwt.sign({ sub: String(user.id), guid: '00000000-0000-0000-0000-000000000000', email: 'calls@test.local', claims: ['NetgsmCallWebhookLogs.Update'] });
    const id = await missed('05301110009');
    const marked = await call(server.app, staff, 'POST', `NetgsmCallWebhookLogs/${id}/called-back`);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.data).toMatchObject({ id, calledBackByUserId: user.id, calledBackAt: expect.any(String) });
    expect(marked.body.data).toEqual((await call(server.app, server.adminToken, 'GET', `NetgsmCallWebhookLogs/${id}`)).body.data);

    const again = await call(server.app, server.adminToken, 'POST', `NetgsmCallWebhookLogs/${id}/called-back`);
    expect(again.status).toBe(200);
    expect(again.body.data.calledBackByUserId).toBe(user.id);
    expect(again.body.data.calledBackAt).toBe(marked.body.data.calledBackAt);

    const answered = (await hook('GET', { ...aCall({ status: 'ANSWER' }), secret: SECRET })).body.data.id;
    const outbound = (await hook('GET', { ...aCall({ direction: 'OUT' }), secret: SECRET })).body.data.id;
    for (const other of [answered, outbound]) {
      const res = await call(server.app, staff, 'POST', `NetgsmCallWebhookLogs/${other}/called-back`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('error.call.notMissed');
      expect((await calledBack(other)).called_back_at).toBeNull();
    }
    expect((await call(server.app, staff, 'POST', 'NetgsmCallWebhookLogs/999999/called-back')).status).toBe(404);
    expect((await call(server.app, staff, 'POST', 'NetgsmCallWebhookLogs/abc/called-back')).status).toBe(400);
    const reader = server.app.jwt.sign({ sub: String(user.id), guid: '00000000-0000-0000-0000-000000000000', email: 'calls@test.local', claims: ['NetgsmCallWebhookLogs.Read'] });
    expect((await call(server.app, reader, 'POST', `NetgsmCallWebhookLogs/${id}/called-back`)).status).toBe(403);
  });
});
