// The audit trail (AuditLogs, migration audit_log): every write, generic or workflow, leaves one
// entry per record it changed, in its own transaction, naming who, which operation and what
// changed (secrets masked); entries are read-only through the API and in the database. The
// generic part is driven by the contract: every entity with create, update and delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import entitiesJson from '../../generated/server/entities.json' with { type: 'json' };
import messages from '../../generated/server/messages.json' with { type: 'json' };
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { ExhaustedError, RowFactory, entityInfos, schemas, updateBodyFromRow, type EntityInfo } from '../support/fixtures.ts';
import { Season } from '../support/season.ts';

type Row = Record<string, any>;
interface Entry {
  id: number;
  entity: string;
  recordId: number;
  action: 'create' | 'update' | 'delete';
  operation: string | null;
  userId: number | null;
  userName: string | null;
  before: Row | null;
  after: Row | null;
  createdAt: string;
}

let server: TestServer;
let rows: RowFactory;
let s: Season;
let admin: { id: number; name: string };
beforeAll(async () => {
  server = await startTestServer();
  rows = new RowFactory(server.app, server.adminToken);
  s = new Season(server);
  const [u] = await s.sql(`SELECT id, first_name || ' ' || last_name AS name FROM users ORDER BY id LIMIT 1`);
  admin = { id: u.id, name: u.name };
});
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown, token = server.adminToken) => call(server.app, token, method, url, payload);

/** A record's entries through the API, newest first (the entity's default sort). */
async function entriesOf(plural: string, id: number): Promise<Entry[]> {
  const res = await api('POST', 'AuditLogs/GetListForPaging', {
    PageNumber: 1,
    PageSize: 100,
    FilterParam: [
      { ColumnName: 'entity', FilterValue: plural, MatchMode: 'equals' },
      { ColumnName: 'recordId', FilterValue: id, MatchMode: 'equals' },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.data;
}
const countAll = async () => Number((await s.sql(`SELECT count(*) AS n FROM audit_logs`))[0].n);

const STANDARD = ['id', 'createdAt', 'updatedAt', 'rowVersion', 'lookups', 'lookupKeys'];
const MASK = '***';

/** One value as the trail records it and as the API answers it: numbers and times are each written their own way. */
function same(recorded: unknown, answered: unknown): boolean {
  if (JSON.stringify(recorded) === JSON.stringify(answered)) return true;
  if (typeof recorded === 'string' && typeof answered === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(recorded)) return Date.parse(recorded) === Date.parse(answered);
  const numeric = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));
  return numeric(recorded) && numeric(answered) && Number(recorded) === Number(answered);
}

/** The row's fields as a create records them: every field with a value, secrets (sent in `body`) masked. */
function expectedCreate(name: string, row: Row, body: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (!STANDARD.includes(k) && v !== null) out[k] = v;
  for (const [prop, p] of Object.entries<Row>(schemas[name].properties)) {
    const sent = body[p['x-payload-name'] ?? prop];
    if (p.writeOnly && typeof sent === 'string' && sent !== '') out[prop] = MASK;
  }
  return out;
}

function expectFields(recorded: Row | null, expected: Row, what: string) {
  expect(recorded, what).not.toBeNull();
  expect(Object.keys(recorded!).sort(), what).toEqual(Object.keys(expected).sort());
  for (const [k, v] of Object.entries(expected)) expect(same(recorded![k], v), `${what}.${k}: ${JSON.stringify(recorded![k])} ≠ ${JSON.stringify(v)}`).toBe(true);
}

/** A writable text property that can change freely (as crud.test.ts picks it), by payload name. */
function editableText(name: string): string | undefined {
  return Object.entries<Row>(schemas[`${name}Update`]?.properties ?? {}).find(([, p]) => {
    const types = Array.isArray(p.type) ? p.type : [p.type];
    return types.includes('string') && !p.pattern && !p.enum && !p.format && !p['x-lookup'] && !p.writeOnly && (p.maxLength ?? 100) >= 12;
  })?.[0];
}
const rowName = (name: string, payload: string) => Object.keys(schemas[name].properties).find((p) => p.toLowerCase() === payload.toLowerCase())!;

/** One change of a row: a text edited, else (link rows) a reference pointed at a new row. */
async function changeOf(e: EntityInfo, row: Row): Promise<{ payload: string; field: string; value: unknown }> {
  const text = editableText(e.name);
  if (text) return { payload: text, field: rowName(e.name, text), value: `Değişti ${row.id} ğüşiöç` };
  const [payload, p] = Object.entries<Row>(schemas[`${e.name}Update`].properties).find(([, p]) => p['x-lookup'] && p['x-lookup'] !== e.name)!;
  return { payload, field: rowName(e.name, payload), value: (await rows.create(p['x-lookup'])).id };
}

describe('seeds', () => {
  it('leave no entries: the reference rows and the first administrator are nobody\'s edit, nor is a sign-in', async () => {
    expect(await countAll()).toBe(0);
  });
});

describe.each(entityInfos.filter((e) => ['create', 'update', 'delete'].every((op) => e.operations.includes(op))))('$name', (e) => {
  it('a create, an update and a delete each leave exactly one entry, with who, the operation and what changed', async () => {
    let body: Row | undefined;
    try {
      body = await rows.body(e.name);
    } catch (err) {
      if (!(err instanceof ExhaustedError)) throw err;
    }
    let row: Row;
    if (body) {
      const created = await api('POST', e.plural, body);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      row = created.body.data;
      const [entry, ...more] = await entriesOf(e.plural, row.id);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({ entity: e.plural, recordId: row.id, action: 'create', operation: `create${e.name}`, userId: admin.id, userName: admin.name, before: null });
      expectFields(entry.after, expectedCreate(e.name, row, body), 'after');
    } else {
      // Every value of a unique enum is taken by the reference rows (payment statuses): update one of them.
      row = (await api('GET', e.plural)).body.data[0];
    }
    const seen = (await entriesOf(e.plural, row.id)).length;

    const change = await changeOf(e, row);
    const updated = await api('PUT', e.plural, { ...updateBodyFromRow(e.name, row), [change.payload]: change.value });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const afterUpdate = await entriesOf(e.plural, row.id);
    expect(afterUpdate).toHaveLength(seen + 1);
    expect(afterUpdate[0]).toMatchObject({ action: 'update', operation: `update${e.name}`, userId: admin.id, userName: admin.name });
    // Only what changed, before and after.
    expectFields(afterUpdate[0].before, { [change.field]: row[change.field] }, 'before');
    expectFields(afterUpdate[0].after, { [change.field]: change.value }, 'after');

    // A save that changes nothing is no change.
    const again = await api('PUT', e.plural, updateBodyFromRow(e.name, updated.body.data));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await entriesOf(e.plural, row.id)).toHaveLength(seen + 1);

    if (!body) return;
    const deleted = await api('DELETE', `${e.plural}/${row.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const all = await entriesOf(e.plural, row.id);
    expect(all.map((x) => x.action)).toEqual(['delete', 'update', 'create']);
    expect(all[0]).toMatchObject({ operation: `delete${e.name}`, userId: admin.id, after: null });
    // The row as it was: its last state, secrets masked.
    expectFields(all[0].before, expectedCreate(e.name, again.body.data, body), 'before');
  });
});

describe('every entity table', () => {
  it('has the audit trigger (read-only entities too), and the trail itself has none', async () => {
    const tables = (entitiesJson as { table: string }[]).map((x) => x.table);
    const found = await s.sql(`SELECT c.relname AS t FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = 'tr_' || c.relname || '__audit'`);
    expect(found.map((r) => r.t).sort()).toEqual(tables.filter((t) => t !== 'audit_logs').sort());
  });

  it('records under the contract\'s plural, and leaves out exactly the columns that are not the contract\'s (and a sign-in\'s time)', async () => {
    const triggers = await s.sql(`SELECT c.relname AS t, encode(g.tgargs, 'escape') AS args FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = 'tr_' || c.relname || '__audit'`);
    const columns = await s.sql(`SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema()`);
    for (const e of entitiesJson as { table: string; plural: string; fields: { column: string }[] }[]) {
      if (e.table === 'audit_logs') continue;
      const [plural, ...skipped] = triggers.find((x) => x.t === e.table)!.args.split('\\000').filter(Boolean);
      expect(plural).toBe(e.plural);
      const contract = new Set(e.fields.map((f) => f.column));
      const internal = columns.filter((x) => x.t === e.table && !contract.has(x.c)).map((x) => x.c);
      expect(skipped.sort(), e.table).toEqual([...internal, ...(e.table === 'users' ? ['last_login_at'] : [])].sort());
    }
  });
});

describe('workflow operations', () => {
  it('confirming an order is one entry of the order; the sale the database posts is none', async () => {
    const order = await s.order();
    const res = await api('POST', `VictimOrders/${order.id}/confirm`, { rowVersion: order.rowVersion });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry] = await entriesOf('VictimOrders', order.id);
    expect(entry).toMatchObject({ action: 'update', operation: 'confirmVictimOrder', userId: admin.id, before: { status: 'draft' }, after: { status: 'confirmed' } });
    expect(Object.keys(entry.after!).sort()).toEqual(['confirmedAt', 'status']);
    const [sale] = await s.sql(`SELECT id FROM transactions WHERE victim_order_id = $1`, [order.id]);
    expect(sale).toBeDefined();
    expect(await entriesOf('Transactions', sale.id)).toEqual([]);
    expect(await entriesOf('Accounts', order.accountId)).toHaveLength(1); // its create only: the balance is derived
  });

  it('a payment paid and refunded: one entry each, the collections and balances none', async () => {
    const order = await s.order({ status: 'confirmed' });
    const pending = await s.payment(order, '4000.00', 'pending');
    const ref = await s.ref();
    const body = (p: Row, status: number) => ({ ...updateBodyFromRow('VictimPayment', p), paymentStatusId: status });
    const paid = await api('PUT', 'VictimPayments', body(pending, ref.statuses.paid));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const refunded = await api('PUT', 'VictimPayments', body(paid.body.data, ref.statuses.refunded));
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const entries = await entriesOf('VictimPayments', pending.id);
    expect(entries.map((x) => [x.action, x.operation])).toEqual([['update', 'updateVictimPayment'], ['update', 'updateVictimPayment'], ['create', 'createVictimPayment']]);
    expect(entries[1].before).toMatchObject({ paymentStatusId: ref.statuses.pending });
    expect(entries[1].after).toMatchObject({ paymentStatusId: ref.statuses.paid });
    expect(entries[0].after).toMatchObject({ paymentStatusId: ref.statuses.refunded });
    const posted = await s.sql(`SELECT id FROM transactions WHERE victim_payment_id = $1`, [pending.id]);
    expect(posted).toHaveLength(2);
    for (const t of posted) expect(await entriesOf('Transactions', t.id)).toEqual([]);
    // The order's paid amount moved with them, derived: the order has only its create.
    expect((await entriesOf('VictimOrders', order.id)).map((x) => x.action)).toEqual(['create']);
  });

  it('cancelling an order names the cancel on the order and on the pending payment it cancels with it', async () => {
    const order = await s.order({ status: 'confirmed' });
    const pending = await s.payment(order, '100.00', 'pending');
    const res = await api('POST', `VictimOrders/${order.id}/cancel`, { rowVersion: order.rowVersion, reason: 'Müşteri vazgeçti' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await entriesOf('VictimOrders', order.id))[0]).toMatchObject({ operation: 'cancelVictimOrder', after: { status: 'cancelled', cancelReason: 'Müşteri vazgeçti' } });
    expect((await entriesOf('VictimPayments', pending.id))[0]).toMatchObject({ action: 'update', operation: 'cancelVictimOrder', userId: admin.id });
  });

  it('advancing an animal is one entry of its queue row; the step history is none', async () => {
    const queued = await rows.create('VictimProductsAppointment');
    const res = await api('POST', `VictimProductsAppointments/${queued.id}/advance`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry] = await entriesOf('VictimProductsAppointments', queued.id);
    expect(entry).toMatchObject({ action: 'update', operation: 'advanceVictimProductsAppointment', userId: admin.id, before: { currentStepId: null }, after: { currentStepId: res.body.data.currentStepId } });
    const history = await s.sql(`SELECT id FROM victim_step_histories WHERE victim_products_appointment_id = $1`, [queued.id]);
    expect(history).toHaveLength(1);
    expect(await entriesOf('VictimStepHistories', history[0].id)).toEqual([]);
  });

  it('a permission delta leaves one entry per link added or removed', async () => {
    const user = await rows.create('User');
    const claims = (await api('GET', 'OperationClaims')).body.data.slice(0, 2).map((c: Row) => c.id as number);
    const added = await api('POST', `Users/${user.id}/claims`, { add: claims, remove: [] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const links = await s.sql(`SELECT id, operation_claim_id AS "claimId" FROM user_claims WHERE user_id = $1 ORDER BY id`, [user.id]);
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(await entriesOf('UserClaims', link.id)).toMatchObject([
        { action: 'create', operation: 'changeUserClaims', userId: admin.id, after: { userId: user.id, operationClaimId: link.claimId } },
      ]);
    }
    const removed = await api('POST', `Users/${user.id}/claims`, { add: [], remove: [claims[0]] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const gone = links.find((l) => l.claimId === claims[0])!;
    expect((await entriesOf('UserClaims', gone.id)).map((x) => [x.action, x.operation])).toEqual([['delete', 'changeUserClaims'], ['create', 'changeUserClaims']]);
    // A retry changes nothing and records nothing.
    const before = await countAll();
    await api('POST', `Users/${user.id}/claims`, { add: [], remove: [claims[0]] });
    expect(await countAll()).toBe(before);
  });

  it('registering is one entry of the new user, named as a registration by nobody, without the password', async () => {
    const email = `kayit.${Date.now()}@audit.test`;
    const res = await call(server.app, undefined, 'POST', 'Auth/register', { email, password: 'passw0rd-audit', firstName: ' Yeni ', lastName: 'Kayıt' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [user] = await s.sql(`SELECT id FROM users WHERE email = $1`, [email]);
    const entries = await entriesOf('Users', user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', operation: 'register', userId: null, after: { email, firstName: 'Yeni', lastName: 'Kayıt' } });
    expect(JSON.stringify(entries[0].after)).not.toContain('passw0rd-audit');
  });

  it('marking a missed call returned names who marked it', async () => {
    const [call] = await s.sql(
      `INSERT INTO netgsm_call_webhook_logs (received_at, unique_id, caller_number, direction, status, raw_payload) VALUES (now(), $1, '+905321112233', 'inbound', 'missed', '{}') RETURNING id`,
      [`audit-${Date.now()}`]);
    const res = await api('POST', `NetgsmCallWebhookLogs/${call.id}/called-back`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [marked, inserted] = await entriesOf('NetgsmCallWebhookLogs', call.id);
    expect(marked).toMatchObject({ action: 'update', operation: 'markCallCalledBack', userId: admin.id, after: { calledBackByUserId: admin.id } });
    // Hand-run SQL is recorded too, naming no one and no operation.
    expect(inserted).toMatchObject({ action: 'create', operation: null, userId: null, userName: null });
  });

  it('every workflow operation the trail names has a label in every language', () => {
    const named = ['confirmVictimOrder', 'cancelVictimOrder', 'completeVictimOrder', 'advanceVictimProductsAppointment', 'changeUserClaims', 'changeUserGroups',
      'changeGroupClaims', 'changeGroupUsers', 'register', 'generateAppointments', 'distributeExpense', 'markCallCalledBack', 'netgsmCallWebhookGet', 'netgsmCallWebhookPost'];
    for (const catalog of Object.values(messages as Record<string, Record<string, string>>)) {
      for (const op of named) expect(catalog, op).toHaveProperty([`audit.operation.${op}`]);
    }
  });
});

describe('secrets', () => {
  it('are recorded as *** on create and on change, never as their hash or cipher', async () => {
    const body = await rows.body('User');
    const user = (await api('POST', 'Users', { ...body, password: 'gizli-parola-123' })).body.data;
    const [created] = await entriesOf('Users', user.id);
    expect(created.after!.password).toBe(MASK);
    const changed = await api('PUT', 'Users', { ...updateBodyFromRow('User', user), password: 'yeni-parola-456' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [update] = await entriesOf('Users', user.id);
    expect(update).toMatchObject({ before: { password: MASK }, after: { password: MASK } });

    const pos = await rows.create('VirtualPOS', { apiPassword: 'pos-parola-1', storeKey: 'magaza-anahtari-1' });
    const [posEntry] = await entriesOf('VirtualPOSs', pos.id);
    expect(posEntry.after).toMatchObject({ apiPassword: MASK, storeKey: MASK });

    const setting = await api('POST', 'Settings', { key: `audit.secret${Date.now()}`, value: 'cok-gizli-deger', valueType: 'string', isSecret: true });
    expect(setting.status, JSON.stringify(setting.body)).toBe(200);
    const [settingEntry] = await entriesOf('Settings', setting.body.data.id);
    expect(settingEntry.after!.secretValue).toBe(MASK);

    const text = JSON.stringify(await s.sql(`SELECT "before", "after" FROM audit_logs`));
    for (const secret of ['gizli-parola-123', 'yeni-parola-456', 'pos-parola-1', 'magaza-anahtari-1', 'cok-gizli-deger', '$argon2', 'v1:']) expect(text).not.toContain(secret);
  });
});

describe('the trail itself', () => {
  it('is read-only through the API: no create, update or delete route', async () => {
    const [entry] = await s.sql(`SELECT id FROM audit_logs ORDER BY id LIMIT 1`);
    expect((await api('GET', `AuditLogs/${entry.id}`)).status).toBe(200);
    expect((await api('GET', 'AuditLogs')).status).toBe(200);
    expect([404, 405]).toContain((await api('POST', 'AuditLogs', { entity: 'Products', recordId: 1, action: 'create' })).status);
    expect([404, 405]).toContain((await api('PUT', 'AuditLogs', { id: entry.id, rowVersion: 1, entity: 'X', recordId: 1, action: 'update' })).status);
    expect([404, 405]).toContain((await api('DELETE', `AuditLogs/${entry.id}`)).status);
  });

  it('needs AuditLogs.Read', async () => {
    const token = server.app.jwt.sign({ sub: String(admin.id), guid: '00000000-0000-0000-0000-000000000000', email: 'x@test.local', claims: ['Products.Read'] });
    expect((await api('POST', 'AuditLogs/GetListForPaging', { PageNumber: 1, PageSize: 5 }, token)).status).toBe(403);
    const reader = server.app.jwt.sign({ sub: String(admin.id), guid: '00000000-0000-0000-0000-000000000000', email: 'x@test.local', claims: ['AuditLogs.Read'] });
    expect((await api('POST', 'AuditLogs/GetListForPaging', { PageNumber: 1, PageSize: 5 }, reader)).status).toBe(200);
    expect((await s.sql(`SELECT 1 FROM operation_claims WHERE name = 'AuditLogs.Read'`))).toHaveLength(1);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    const [entry] = await s.sql(`SELECT id FROM audit_logs ORDER BY id LIMIT 1`);
    await expect(s.sql(`UPDATE audit_logs SET user_name = 'x' WHERE id = $1`, [entry.id])).rejects.toThrow(/cannot be changed or deleted/);
    await expect(s.sql(`DELETE FROM audit_logs WHERE id = $1`, [entry.id])).rejects.toThrow(/cannot be changed or deleted/);
    await expect(s.sql(`TRUNCATE audit_logs`)).rejects.toThrow(/cannot be changed or deleted/);
    expect(await s.sql(`SELECT id FROM audit_logs WHERE id = $1`, [entry.id])).toHaveLength(1);
  });

  it('is written in the write\'s transaction: a write that fails leaves no entry', async () => {
    // Through the API: taking Admin from the last administrator's group fails at commit (a
    // deferred check), after the link's row and its entry were written.
    const [link] = await s.sql(`SELECT gc.id FROM group_claims gc JOIN groups g ON g.id = gc.group_id JOIN operation_claims oc ON oc.id = gc.operation_claim_id WHERE g.name = 'Administrators' AND oc.name = 'Admin'`);
    const order = await s.order();
    const before = await countAll();
    const refused = await api('DELETE', `GroupClaims/${link.id}`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(await countAll()).toBe(before);
    // A refused business rule, answered before anything is written.
    const tooMany = await api('POST', 'VictimOrders', await s.orderBody({ productId: order.productId, accountId: order.accountId, shareCount: 7 }));
    expect(tooMany.status).toBe(409);
    expect(await countAll()).toBe(before);
    // In SQL: the entry is there inside the transaction and gone with its rollback.
    const client = await server.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE products SET name = 'Geri alınacak' WHERE id = $1`, [order.productId]);
      expect((await client.query(`SELECT count(*)::int AS n FROM audit_logs WHERE entity = 'Products' AND record_id = $1 AND action = 'update'`, [order.productId])).rows[0].n).toBe(1);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect((await entriesOf('Products', order.productId)).map((x) => x.action)).toEqual(['create']);
  });

  it('can be switched off for one transaction (seeds and bulk loads), and only for it', async () => {
    const product = await s.product();
    const client = await server.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL kurban.audit = 'off'`);
      await client.query(`UPDATE products SET name = 'Toplu yükleme' WHERE id = $1`, [product.id]);
      await client.query('COMMIT');
      await client.query(`UPDATE products SET name = 'Elle düzeltme' WHERE id = $1`, [product.id]);
    } finally {
      client.release();
    }
    const [hand, created] = await entriesOf('Products', product.id);
    expect(created.action).toBe('create');
    expect(hand).toMatchObject({ action: 'update', before: { name: 'Toplu yükleme' }, after: { name: 'Elle düzeltme' } });
  });
});
