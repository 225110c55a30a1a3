// What an update (PUT) means, for every entity of the contract that has one: it changes only what
// it names (an omitted optional field keeps its stored value, never the contract's default), and a
// row read with GET is accepted back unchanged and answered as the contract's row schema says.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FORMATS } from '../../server/src/core/formats.ts';
import { call, startTestServer, type TestServer } from '../support/app.ts';
import { ExhaustedError, RowFactory, entityInfos, schemas, updateBodyFromRow, type EntityInfo } from '../support/fixtures.ts';

type Row = Record<string, any>;
let server: TestServer;
let rows: RowFactory;
beforeAll(async () => {
  server = await startTestServer();
  rows = new RowFactory(server.app, server.adminToken);
});
afterAll(() => server?.close());
const api = (method: string, url: string, payload?: unknown) => call(server.app, server.adminToken, method, url, payload);

// The contract's own formats, as the server checks them (server/src/app.ts).
const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true });
addFormats.default(ajv);
for (const [name, format] of Object.entries(CONTRACT_FORMATS)) ajv.addFormat(name, format);
const validators = new Map<string, ValidateFunction>();
/** The answer row against the entity's schema; nothing it does not declare may be answered. */
function checkRow(name: string, row: unknown) {
  if (!validators.has(name)) validators.set(name, ajv.compile({ ...schemas[name], additionalProperties: false }));
  const validate = validators.get(name)!;
  expect(validate(row), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

/**
 * Fields whose other values the business rules refuse on a plain create (they are moved by their
 * own operations or need values the generic body does not give), so the contract's default stays.
 */
const KEEP: Record<string, string[]> = {
  VictimOrder: ['status'], // confirm, cancel and complete are operations with their own rules
  VirtualPOS: ['isActive'], // the fixture's POS is the default, which must be active
  Setting: ['valueType', 'isSecret'], // the generic value is text
};
/** Non-default values chosen by hand where the first other value is the server's to set. */
const CHOSEN: Record<string, Row> = {
  Appointment: { status: 'closed' }, // open ↔ full follow the bookings
};

/** Values other than the contract's defaults for the optional fields that have one. */
function nonDefaults(name: string): Row {
  const create = schemas[`${name}Create`];
  const out: Row = {};
  for (const [prop, s] of Object.entries<Row>(create.properties)) {
    if (create.required?.includes(prop) || !('default' in s) || s['x-lookup'] || KEEP[name]?.includes(prop)) continue;
    const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
    if (s.enum) out[prop] = s.enum.find((v: unknown) => v !== null && v !== s.default);
    else if (types.includes('boolean')) out[prop] = !s.default;
    else if (types.includes('integer')) out[prop] = s.default + 1 <= (s.maximum ?? Infinity) ? s.default + 1 : s.default - 1;
    else if (s.format === 'color') out[prop] = '#123abc';
    else if (s.format === 'money') out[prop] = '1.00';
  }
  return { ...out, ...CHOSEN[name] };
}

/** The row's values a save may not touch: all but its version and time of change. */
const stored = (row: Row) => {
  const { rowVersion: _v, updatedAt: _u, ...rest } = row;
  return rest;
};

/** A new row of the entity with `extra`, or an existing one where none can be made (a unique enum fully taken). */
async function someRow(e: EntityInfo, extra: Row = {}): Promise<{ row: Row; body: Row; existing?: boolean }> {
  let body: Row;
  try {
    body = { ...(await rows.body(e.name)), ...extra };
  } catch (err) {
    if (!(err instanceof ExhaustedError)) throw err;
    const row = (await api('GET', e.plural)).body.data[0];
    return { row, body: updateBodyFromRow(e.name, row), existing: true };
  }
  const created = await api('POST', e.plural, body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { row: created.body.data, body };
}

const updatable = entityInfos.filter((e) => e.operations.includes('update'));

describe.each(updatable)('$name', (e) => {
  it('a PUT naming only the required fields keeps every optional field as stored', async () => {
    const changes = nonDefaults(e.name);
    const { row, body, existing } = await someRow(e, changes);
    for (const [prop, v] of Object.entries(existing ? {} : changes)) {
      const rowProp = Object.keys(row).find((p) => p.toLowerCase() === prop.toLowerCase())!;
      expect(row[rowProp], `${e.name}.${prop} was not stored as sent`).toEqual(v);
    }
    const before = (await api('GET', `${e.plural}/${row.id}`)).body.data;
    const required = (schemas[`${e.name}Update`].required as string[]).filter((p) => p !== e.idPayloadName && p !== 'rowVersion');
    const put = await api('PUT', e.plural, { [e.idPayloadName]: row.id, rowVersion: before.rowVersion, ...Object.fromEntries(required.map((p) => [p, body[p]])) });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = (await api('GET', `${e.plural}/${row.id}`)).body.data;
    // The required fields were sent as stored: a save that changes nothing writes nothing (issue
    // 16, point 10), so the version stays too.
    expect(after.rowVersion).toBe(before.rowVersion);
    expect(stored(after)).toEqual(stored(before));
  });

  it('a row read and saved back unchanged is accepted and answered as the contract says', async () => {
    const { row } = await someRow(e);
    const read = (await api('GET', `${e.plural}/${row.id}`)).body.data;
    checkRow(e.name, read);
    const put = await api('PUT', e.plural, updateBodyFromRow(e.name, read));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    checkRow(e.name, put.body.data);
    expect(stored(put.body.data)).toEqual(stored(read));
  });
});

describe('the cases of issue 0', () => {
  it('a product weighing 45.5 kg reads back as 45.50 and saves back as read', async () => {
    const product = await rows.create('Product', { liveWeightKg: '45.5' });
    const read = (await api('GET', `Products/${product.id}`)).body.data;
    expect(read.liveWeightKg).toBe('45.50');
    const put = await api('PUT', 'Products', updateBodyFromRow('Product', read));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.liveWeightKg).toBe('45.50');
    checkRow('Product', put.body.data);
  });

  it("the default language saved with the specification's payload { id, Name, Code, Flag, rowVersion } stays the default", async () => {
    const { rows: [{ id }] } = await server.database.pool.query('SELECT id FROM languages WHERE is_default');
    const lang = (await api('GET', `Languages/${id}`)).body.data;
    const put = await api('PUT', 'Languages', { id, Name: `${lang.name} (TR)`, Code: lang.code, Flag: lang.flag, rowVersion: lang.rowVersion });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ isDefault: true, isActive: lang.isActive, displayOrder: lang.displayOrder, name: `${lang.name} (TR)` });
    const { rows: defaults } = await server.database.pool.query('SELECT id FROM languages WHERE is_default');
    expect(defaults).toEqual([{ id }]);
  });
});
