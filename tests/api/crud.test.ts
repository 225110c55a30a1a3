// Create, read, update and delete every entity of the contract, driven by the contract alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { ExhaustedError, RowFactory, entityInfos, schemas, updateBodyFromRow, type EntityInfo } from '../support/fixtures.ts';

let server: TestServer;
let rows: RowFactory;
beforeAll(async () => {
  server = await startTestServer();
  rows = new RowFactory(server.app, server.adminToken);
});
afterAll(() => server?.close());

const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);
/** Another writer's save of the row, as its version records it. */
const bumpVersion = (e: EntityInfo, id: number) =>
  server.database.pool.query(`UPDATE ${schemas[e.name]['x-entity'].table} SET row_version = row_version + 1 WHERE id = $1`, [id]);

/** A writable text property whose value can be changed freely (no pattern, enum, lookup or format). */
function editableText(name: string): string | undefined {
  const props = schemas[`${name}Update`]?.properties ?? {};
  return Object.entries<Record<string, any>>(props).find(([, s]) => {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    return types.includes('string') && !s.pattern && !s.enum && !s.format && !s['x-lookup'] && !s.writeOnly && (s.maxLength ?? 100) >= 12;
  })?.[0];
}

describe.each(entityInfos.filter((e) => e.operations.includes('create')))('$name', (e) => {
  it('is created, read, listed, updated with optimistic concurrency and deleted', async () => {
    let body: Record<string, unknown>;
    try {
      body = await rows.body(e.name);
    } catch (err) {
      if (err instanceof ExhaustedError) return exhausted(e, err);
      throw err;
    }
    const created = await api('POST', e.plural, body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.success).toBe(true);
    const row = created.body.data;
    expect(row.id).toBeGreaterThan(0);
    expect(row.rowVersion).toBe(1);
    // Secrets are accepted but never answered, and nothing the contract does not declare leaks.
    for (const [prop, s] of Object.entries<Record<string, any>>(schemas[e.name].properties)) {
      if (s.writeOnly) expect(row).not.toHaveProperty(prop);
    }
    for (const key of Object.keys(row)) expect(Object.keys(schemas[e.name].properties)).toContain(key);

    const read = await api('GET', `${e.plural}/${row.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(row);

    const page = await api('POST', `${e.plural}/GetListForPaging`, { PageNumber: 1, PageSize: 5, FilterParam: [{ ColumnName: 'id', FilterValue: row.id, MatchMode: 'equals' }] });
    expect(page.status).toBe(200);
    expect(page.body.data.totalCount).toBe(1);
    expect(page.body.data.data[0].id).toBe(row.id);

    const all = await api('GET', e.plural);
    expect(all.body.data.some((r: { id: number }) => r.id === row.id)).toBe(true);

    const field = editableText(e.name);
    const changes = field ? { [field]: `Değişti ${row.id} ğüşiöç` } : {};
    const updated = await api('PUT', e.plural, { ...body, ...changes, [e.idPayloadName]: row.id, rowVersion: row.rowVersion });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    if (field) {
      expect(updated.body.data.rowVersion).toBe(2);
      expect(updated.body.data[Object.keys(schemas[e.name].properties).find((p) => p.toLowerCase() === field.toLowerCase())!]).toBe(changes[field]);
    } else {
      // Nothing to change freely (a link row): saved back as it is, nothing is written and the
      // version stays (issue 16, point 10); someone else's save is then made in SQL.
      expect(updated.body.data).toEqual(row);
      await bumpVersion(e, row.id);
    }

    // Someone else's save came first: the stale edit is refused with the row as it is now.
    const stale = await api('PUT', e.plural, { ...body, [e.idPayloadName]: row.id, rowVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('error.conflict.stale');
    expect(stale.body.error.current.rowVersion).toBe(2);

    const deleted = await api('DELETE', `${e.plural}/${row.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data).toEqual({ id: row.id });
    expect((await api('GET', `${e.plural}/${row.id}`)).status).toBe(404);
    expect((await api('DELETE', `${e.plural}/${row.id}`)).status).toBe(404);
  });
});

/**
 * Every value of a unique enum is taken by the reference data (one payment status per code):
 * a new row is refused naming the field, and an existing row still updates under concurrency.
 */
async function exhausted(e: EntityInfo, err: ExhaustedError) {
  const rowsNow = (await api('GET', e.plural)).body.data;
  const row = rowsNow[0];
  const copy = { ...updateBodyFromRow(e.name, row), [err.field]: err.value };
  delete copy[e.idPayloadName];
  delete copy.rowVersion;
  const refused = await api('POST', e.plural, copy);
  expect(refused.status).toBe(409);
  expect(refused.body.error.fields.map((f: { field: string }) => f.field)).toContain(err.field);

  // Saved back unchanged: nothing is written (issue 16, point 10); someone else's save, in SQL.
  const same = await api('PUT', e.plural, updateBodyFromRow(e.name, row));
  expect(same.status, JSON.stringify(same.body)).toBe(200);
  expect(same.body.data.rowVersion).toBe(row.rowVersion);
  await bumpVersion(e, row.id);
  const stale = await api('PUT', e.plural, updateBodyFromRow(e.name, row));
  expect(stale.status).toBe(409);
  expect(stale.body.error.current.rowVersion).toBe(row.rowVersion + 1);
}

describe('read-only entities', () => {
  it.each(entityInfos.filter((e) => !e.operations.includes('create')))('$name offers no create, update or delete', async (e) => {
    expect((await api('POST', e.plural, {})).status).toBe(404);
    expect((await api('GET', e.plural)).status).toBe(200);
  });
});
