// The slaughter queue: only animals are queued, on slaughter slots, numbers are unique per day, `advance` moves an
// animal one step at a time (or to a named step) with optimistic concurrency, and every change of
// step is history with who, from and to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
let adminId: number;
let steps: { id: number; isFinal: boolean }[];
beforeAll(async () => {
  server = await startTestServer();
  adminId = (await sql('SELECT id FROM users WHERE email = $1', [ADMIN.email]))[0].id;
  steps = await sql('SELECT id, is_final AS "isFinal" FROM victim_appointment_steps ORDER BY step_order');
});
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown, token = server.adminToken) => call(server.app, token, method, url, payload);
const sql = async (text: string, params: unknown[] = []) => (await server.database.pool.query(text, params)).rows;

let serial = 0;
async function product(capacity: number | null): Promise<number> {
  const [row] = await sql(
    `INSERT INTO products (code, name, product_type_id, vat_rate_id, share_capacity)
     SELECT $1, $1, (SELECT min(id) FROM product_types), (SELECT min(id) FROM vat_rates), $2 RETURNING id`,
    [`Q-${++serial}`, capacity],
  );
  return row.id;
}
async function slot(startsAt: string): Promise<number> {
  const [row] = await sql(
    `INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity)
     VALUES ((SELECT min(id) FROM appointment_types), $1, $1::timestamptz + interval '1 hour', 50) RETURNING id`,
    [startsAt],
  );
  return row.id;
}
let slotId: number;
let slaughterNo = 0;
async function queued(): Promise<Record<string, any>> {
  slotId ??= await slot('2026-05-27T06:00:00Z');
  const res = await api('POST', 'VictimProductsAppointments', { productId: await product(7), appointmentId: slotId, slaughterNo: ++slaughterNo });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const history = (queueId: number) =>
  sql(`SELECT from_step_id AS "from", to_step_id AS "to", changed_by_user_id AS "by" FROM victim_step_histories WHERE victim_products_appointment_id = $1 ORDER BY id`, [queueId]);

describe('with no steps defined', () => {
  it('refuses to advance (409 error.step.none)', async () => {
    const row = await queued();
    const saved = await sql('DELETE FROM victim_appointment_steps RETURNING *');
    try {
      const res = await api('POST', `VictimProductsAppointments/${row.id}/advance`, {});
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('error.step.none');
    } finally {
      for (const s of saved) {
        await sql('INSERT INTO victim_appointment_steps (id, name, step_order, color, notify_customer, is_final) VALUES ($1, $2, $3, $4, $5, $6)',
          [s.id, s.name, s.step_order, s.color, s.notify_customer, s.is_final]);
      }
    }
  });
});

describe('queue rows', () => {
  it('take animals only (400 validation.notAnimal on productId), on create and on update', async () => {
    slotId ??= await slot('2026-05-27T06:00:00Z');
    const meat = await product(null);
    const created = await api('POST', 'VictimProductsAppointments', { productId: meat, appointmentId: slotId, slaughterNo: 900 });
    expect(created.status).toBe(400);
    expect(created.body.error.fields).toEqual([expect.objectContaining({ field: 'productId', code: 'validation.notAnimal' })]);
    expect(await sql('SELECT 1 FROM victim_products_appointments WHERE product_id = $1', [meat])).toHaveLength(0);

    const row = await queued();
    const moved = await api('PUT', 'VictimProductsAppointments', { ...row, productId: meat });
    expect(moved.status).toBe(400);
    expect(moved.body.error.fields[0]).toMatchObject({ field: 'productId', code: 'validation.notAnimal' });
  });

  it('take slaughter slots only (400 validation.notSlaughterSlot on appointmentId), on create and on update', async () => {
    const [pickup] = await sql(
      `INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity)
       VALUES ((SELECT id FROM appointment_types WHERE code = 'pickup'), '2026-05-28T06:00:00Z', '2026-05-28T07:00:00Z', 50) RETURNING id`,
    );
    const created = await api('POST', 'VictimProductsAppointments', { productId: await product(7), appointmentId: pickup.id });
    expect(created.status).toBe(400);
    expect(created.body.error.fields).toEqual([expect.objectContaining({ field: 'appointmentId', code: 'validation.notSlaughterSlot' })]);

    const row = await queued();
    const moved = await api('PUT', 'VictimProductsAppointments', { ...row, appointmentId: pickup.id });
    expect(moved.status).toBe(400);
    expect(moved.body.error.fields[0]).toMatchObject({ field: 'appointmentId', code: 'validation.notSlaughterSlot' });
    expect(await sql('SELECT 1 FROM victim_products_appointments WHERE appointment_id = $1', [pickup.id])).toHaveLength(0);
  });

  it('keep the slaughter number unique per day (409 naming it), free on another day', async () => {
    const first = await queued();
    const clash = await api('POST', 'VictimProductsAppointments', { productId: await product(7), appointmentId: slotId, slaughterNo: first.slaughterNo });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('error.conflict.unique');
    expect(clash.body.error.params.fields).toContain('slaughterNo');
    expect(clash.body.error.fields.map((f: { field: string }) => f.field)).toContain('slaughterNo');

    const otherDay = await slot('2026-05-28T06:00:00Z');
    const ok = await api('POST', 'VictimProductsAppointments', { productId: await product(7), appointmentId: otherDay, slaughterNo: first.slaughterNo });
    expect(ok.status).toBe(200);
    expect(ok.body.data.slaughterDay).toBe('2026-05-28');
  });

  it('record a generic edit of the current step in the history, with the user', async () => {
    const row = await queued();
    const res = await api('PUT', 'VictimProductsAppointments', { ...row, currentStepId: steps[2].id });
    expect(res.status).toBe(200);
    expect(await history(row.id)).toEqual([{ from: null, to: steps[2].id, by: adminId }]);
  });

  it('cannot be deleted once they have step history (409)', async () => {
    const row = await queued();
    await api('POST', `VictimProductsAppointments/${row.id}/advance`, {});
    const res = await api('DELETE', `VictimProductsAppointments/${row.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('error.conflict.referenced');
  });
});

describe('advance', () => {
  it('moves through every step in order, writes who/from/to, and stops at the final step', async () => {
    const row = await queued();
    let at: number | null = null;
    for (const step of steps) {
      const res = await api('POST', `VictimProductsAppointments/${row.id}/advance`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.currentStepId).toBe(step.id);
      // The answer is the row as the generic GET answers it.
      expect(res.body.data).toEqual((await api('GET', `VictimProductsAppointments/${row.id}`)).body.data);
      at = step.id;
    }
    const done = await api('POST', `VictimProductsAppointments/${row.id}/advance`, {});
    expect(done.status).toBe(409);
    expect(done.body.error.code).toBe('error.step.final');
    const expected = steps.map((s, i) => ({ from: i === 0 ? null : steps[i - 1].id, to: s.id, by: adminId }));
    expect(await history(row.id)).toEqual(expected);
    expect(at).toBe(steps.at(-1)!.id);
  });

  it('stops at a final step that is not the last one', async () => {
    const row = await queued();
    await sql('UPDATE victim_appointment_steps SET is_final = (id = $1)', [steps[1].id]);
    try {
      await api('POST', `VictimProductsAppointments/${row.id}/advance`, {});
      expect((await api('POST', `VictimProductsAppointments/${row.id}/advance`, {})).body.data.currentStepId).toBe(steps[1].id);
      const res = await api('POST', `VictimProductsAppointments/${row.id}/advance`, {});
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('error.step.final');
    } finally {
      await sql('UPDATE victim_appointment_steps SET is_final = (id = $1)', [steps.at(-1)!.id]);
    }
  });

  it('stops at the last step even when no step is final', async () => {
    const row = await queued();
    await sql('UPDATE victim_appointment_steps SET is_final = false');
    try {
      await api('POST', `VictimProductsAppointments/${row.id}/advance`, { stepId: steps.at(-1)!.id });
      const res = await api('POST', `VictimProductsAppointments/${row.id}/advance`, {});
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('error.step.final');
    } finally {
      await sql('UPDATE victim_appointment_steps SET is_final = (id = $1)', [steps.at(-1)!.id]);
    }
  });

  it('moves to a named step (an undo too); the same step is 409, an unknown one 400 on stepId', async () => {
    const row = await queued();
    const to3 = await api('POST', `VictimProductsAppointments/${row.id}/advance`, { stepId: steps[2].id });
    expect(to3.body.data.currentStepId).toBe(steps[2].id);
    const back = await api('POST', `VictimProductsAppointments/${row.id}/advance`, { stepId: steps[0].id });
    expect(back.status).toBe(200);
    expect(back.body.data.currentStepId).toBe(steps[0].id);

    const same = await api('POST', `VictimProductsAppointments/${row.id}/advance`, { stepId: steps[0].id });
    expect(same.status).toBe(409);
    expect(same.body.error.code).toBe('error.step.same');
    const unknown = await api('POST', `VictimProductsAppointments/${row.id}/advance`, { stepId: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual([expect.objectContaining({ field: 'stepId', code: 'validation.lookupNotFound' })]);
    expect(await history(row.id)).toEqual([
      { from: null, to: steps[2].id, by: adminId },
      { from: steps[2].id, to: steps[0].id, by: adminId },
    ]);
  });

  it('refuses a stale rowVersion with the current row (409) and changes nothing', async () => {
    const row = await queued();
    const first = await api('POST', `VictimProductsAppointments/${row.id}/advance`, { rowVersion: row.rowVersion });
    expect(first.status).toBe(200);
    expect(first.body.data.rowVersion).toBe(row.rowVersion + 1);
    const stale = await api('POST', `VictimProductsAppointments/${row.id}/advance`, { rowVersion: row.rowVersion });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('error.conflict.stale');
    expect(stale.body.error.current).toEqual(first.body.data);
    expect(await history(row.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown row and 400 for a bad body, never 500', async () => {
    expect((await api('POST', 'VictimProductsAppointments/999999/advance', {})).status).toBe(404);
    const row = await queued();
    for (const body of [{ stepId: 'x' }, { stepId: 0 }, { rowVersion: -1 }, { stepId: 2 ** 40 }, []]) {
      const res = await api('POST', `VictimProductsAppointments/${row.id}/advance`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
  });

  it('lets exactly one of 20 parallel advances with the same rowVersion through', async () => {
    const row = await queued();
    const results = await Promise.all(Array.from({ length: 20 }, () =>
      api('POST', `VictimProductsAppointments/${row.id}/advance`, { rowVersion: row.rowVersion })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body.error.code).toBe('error.conflict.stale');
    expect(await history(row.id)).toEqual([{ from: null, to: steps[0].id, by: adminId }]);
  });

  it('without rowVersion, 20 parallel advances move the animal through each step exactly once', async () => {
    const row = await queued();
    const results = await Promise.all(Array.from({ length: 20 }, () => api('POST', `VictimProductsAppointments/${row.id}/advance`, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(steps.length);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'error.step.final')).toHaveLength(20 - steps.length);
    expect((await history(row.id)).map((h) => h.to)).toEqual(steps.map((s) => s.id));
  });
});
