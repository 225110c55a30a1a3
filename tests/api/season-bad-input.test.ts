// Every workflow operation of the contract (the season's, beside the generated CRUD) answers bad
// input with a 4xx error envelope, never a 5xx: bodies of the wrong shape or types, nulls, huge
// and NUL-carrying strings, odd path ids and query values. Driven by the contract, so a new
// operation is covered without new test code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import entities from '../../generated/server/entities.json' with { type: 'json' };
import { startTestServer, type TestServer } from '../support/app.ts';

type Schema = Record<string, any>;
const doc = contract as Schema;
const crudIds = new Set(entities.flatMap((e) => Object.keys(e.operations)));
const OTHER = new Set(['login', 'register', 'refreshToken', 'logout', 'getTranslationsByLanguage', 'getTranslateDtos']);

interface Op { id: string; method: string; path: string; op: Schema }
const operations: Op[] = Object.entries<Schema>(doc.paths).flatMap(([path, item]) =>
  Object.entries<Schema>(item).map(([method, op]) => ({ id: op.operationId, method: method.toUpperCase(), path, op })))
  .filter((o) => !crudIds.has(o.id) && !OTHER.has(o.id));

/** A `$ref` followed to what it names (`#/components/schemas/X`, `#/components/parameters/Id`). */
const resolve = (s: Schema): Schema => {
  if (!s?.$ref) return s;
  const [, , section, name] = s.$ref.split('/');
  return resolve(doc.components[section][name]);
};
const isStream = (o: Op) => 'text/event-stream' in (o.op.responses['200']?.content ?? {});
const bodySchema = (o: Op) => {
  const content = o.op.requestBody?.content;
  return content ? resolve(content['application/json']?.schema) : undefined;
};

/** Values of the wrong kind for a property. */
function wrongValues(s: Schema): unknown[] {
  const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
  const out: unknown[] = [{ nested: true }, 'x'.repeat(100_000), 'NUL\u0000byte'];
  if (!types.includes('null')) out.push(null);
  if (!types.includes('string')) out.push('abc');
  if (types.includes('integer') || types.includes('number')) out.push(-1, 1.5, 2 ** 40);
  if (!types.includes('array')) out.push([1, 2]);
  else out.push(Array.from({ length: 2000 }, () => ({ accountId: 1 })));
  return out;
}

/** Bad bodies: not an object, empty, each property wrong in turn. */
function badBodies(o: Op): unknown[] {
  const schema = bodySchema(o);
  if (!schema) return [];
  const bodies: unknown[] = [[], 'text', 42, {}];
  for (const [prop, s] of Object.entries<Schema>(schema.properties ?? {})) {
    for (const v of wrongValues(resolve(s))) bodies.push({ [prop]: v });
  }
  return bodies;
}

const BAD_IDS = ['abc', '0', '-1', '1.5', '99999999999', '%00'];
const BAD_QUERY: Record<string, string[]> = { string: ['2026-02-30', 'x', 'x'.repeat(5000)], integer: ['abc', '-5', '1e99', '9999999999999'] };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function send(method: string, url: string, body?: unknown) {
  const res = await server.app.inject({
    method: method as 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${server.adminToken}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

function expect4xx(res: { status: number; body: any }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
  expect(res.body).toMatchObject({ success: false, data: null, error: { code: expect.any(String), message: expect.any(String) } });
}

describe('workflow operations', () => {
  it('are found in the contract', () => {
    expect(operations.map((o) => o.id)).toEqual(expect.arrayContaining(['confirmVictimOrder', 'generateAppointments', 'advanceVictimProductsAppointment', 'getMonitorBoard', 'getMonitorEvents', 'distributeExpense', 'getAccountStatement', 'netgsmCallWebhookPost', 'markCallCalledBack', 'getDashboardSummary']));
  });

  it.each(operations.map((o) => [o.id, o] as const))('%s answers bad input with a 4xx, never a 5xx', async (_id, o) => {
    const path = o.path.replace('{id}', '1');
    const params: Schema[] = (o.op.parameters ?? []).map(resolve);
    // Odd ids in the path.
    if (o.path.includes('{id}')) {
      for (const id of BAD_IDS) expect4xx(await send(o.method, o.path.replace('{id}', id), bodySchema(o) ? {} : undefined), `${o.id} id=${id}`);
    }
    // Odd query values, one parameter at a time (an event stream is only ever opened with a bad one).
    for (const p of params.filter((x) => x.in === 'query' && x.name !== 'access_token' && x.name !== 'secret')) {
      const kind = p.schema.type === 'integer' ? 'integer' : 'string';
      for (const v of BAD_QUERY[kind]) {
        if (kind === 'string' && p.schema.format !== 'date' && v !== 'x'.repeat(5000)) continue; // free text is valid input
        const res = await send(o.method, `${path}?${p.name}=${encodeURIComponent(v)}`, bodySchema(o) ? {} : undefined);
        if (isStream(o) || res.status >= 400) expect4xx(res, `${o.id} ${p.name}=${v.slice(0, 20)}`);
      }
    }
    if (isStream(o)) return;
    // Bodies of the wrong shape or types.
    for (const body of badBodies(o)) expect4xx(await send(o.method, path, body), `${o.id} body ${JSON.stringify(body).slice(0, 80)}`);
    // A JSON body that is no JSON.
    const broken = await server.app.inject({ method: o.method as 'POST', url: `/api/v1${path}`, headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' }, payload: '{"a":' });
    if (bodySchema(o)) expect4xx({ status: broken.statusCode, body: broken.json() }, `${o.id} broken JSON`);
  });
});
