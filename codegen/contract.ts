// Expands the contract source into the full OpenAPI 3.1 document: every entity gets its row,
// create and update schemas, its envelopes and its six standard operations (openapi/README.md).
import { INT4_MAX, type ContractSource, type EntityModel, type FieldModel, type JsonSchema, type Operation, translatedLookup } from './model.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errors = (...codes: string[]) =>
  Object.fromEntries(codes.map((c) => [c, { $ref: `#/components/responses/${{ 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict', 422: 'IdempotencyKeyReused' }[c]}` }]));
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['success', 'data', 'error'],
  properties: { success: { type: 'boolean' }, data, error: { type: 'null' } },
});

function rowSchema(e: EntityModel, byName: Map<string, EntityModel>): JsonSchema {
  const properties: JsonSchema = {};
  for (const f of e.fields) properties[f.name] = f.schema;
  const required = e.fields.filter((f) => !f.writeOnly && (f.readOnly || f.required || f.assigned || ['rowVersion'].includes(f.name))).map((f) => f.name);
  if (e.fields.some((f) => f.lookup)) {
    properties.lookups = {
      type: 'object',
      readOnly: true,
      description: 'What each reference shows: the display field of the referenced row, by property name.',
      additionalProperties: { type: ['string', 'null'] },
    };
  }
  const translated = e.fields.filter((f) => translatedLookup(f, byName));
  if (translated.length) {
    properties.lookupKeys = {
      type: 'object',
      readOnly: true,
      description: `The key of each referenced row whose shown name is translated (${translated.map((f) => f.name).join(', ')}), by property name: the screens show the translation \`ref.<entity>.<field>.<key>\` in the user's language, else the name in \`lookups\`. Null for a row without a key.`,
      additionalProperties: { type: ['string', 'null'] },
    };
  }
  const { required: _ignored, properties: _p, ...rest } = e.schema;
  return { ...rest, required, properties };
}

function writeSchema(e: EntityModel, mode: 'create' | 'update'): JsonSchema {
  const writable = (f: FieldModel) => !f.readOnly && f.name !== 'rowVersion';
  const properties: JsonSchema = {};
  const required: string[] = [];
  if (mode === 'update') {
    properties[e.idPayloadName] = { type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'The row to update.' };
    properties.rowVersion = { type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'The version the edit started from; a stale one is a 409.' };
    required.push(e.idPayloadName, 'rowVersion');
  }
  for (const f of e.fields.filter(writable)) {
    properties[f.payloadName] = f.schema;
    if (f.required) required.push(f.payloadName);
  }
  return {
    type: 'object',
    description: mode === 'create'
      ? `A new ${e.name}. Read-only properties are ignored.`
      : `A changed ${e.name}: every writable property, as in a create; a secret left out keeps its value.`,
    required,
    properties,
  };
}

interface OperationSpec {
  op: Operation;
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  id: string;
  action: 'Read' | 'Create' | 'Update' | 'Delete';
  summary: string;
  body?: string;
  answer: string;
  errs: string[];
  idParam?: boolean;
}

export function operationsOf(e: EntityModel): OperationSpec[] {
  const specs: OperationSpec[] = [
    { op: 'list', method: 'get', path: `/${e.plural}`, id: `get${e.plural}`, action: 'Read', summary: `Every ${e.name} (at most 10,000), in the default sort`, answer: `${e.name}ListEnvelope`, errs: ['401', '403'] },
    { op: 'page', method: 'post', path: `/${e.plural}/GetListForPaging`, id: `get${e.plural}ForPaging`, action: 'Read', summary: `One page of ${e.plural}, filtered, sorted and grouped`, body: 'PagedListRequest', answer: `${e.name}PageEnvelope`, errs: ['400', '401', '403'] },
    { op: 'get', method: 'get', path: `/${e.plural}/{id}`, id: `get${e.name}ById`, action: 'Read', summary: `One ${e.name}`, answer: `${e.name}Envelope`, errs: ['400', '401', '403', '404'], idParam: true },
    { op: 'create', method: 'post', path: `/${e.plural}`, id: `create${e.name}`, action: 'Create', summary: `Create a ${e.name}`, body: `${e.name}Create`, answer: `${e.name}Envelope`, errs: ['400', '401', '403', '409'] },
    { op: 'update', method: 'put', path: `/${e.plural}`, id: `update${e.name}`, action: 'Update', summary: `Update a ${e.name} (optimistic concurrency on rowVersion)`, body: `${e.name}Update`, answer: `${e.name}Envelope`, errs: ['400', '401', '403', '404', '409'] },
    { op: 'delete', method: 'delete', path: `/${e.plural}/{id}`, id: `delete${e.name}`, action: 'Delete', summary: `Delete a ${e.name}; refused (409) while other rows reference it`, answer: 'IdEnvelope', errs: ['400', '401', '403', '404', '409'], idParam: true },
  ];
  return specs.filter((s) => e.operations.includes(s.op));
}

export function buildOpenApi(src: ContractSource): JsonSchema {
  const doc = structuredClone(src.root);
  doc.tags = [...(doc.tags ?? [])];
  const schemas: JsonSchema = { ...doc.components.schemas };
  for (const [name, schema] of Object.entries(src.schemas)) if (!schema['x-entity']) schemas[name] = schema;
  const byName = new Map(src.entities.map((e) => [e.name, e]));
  for (const e of src.entities) {
    if (!doc.tags.some((t: JsonSchema) => t.name === e.plural)) doc.tags.push({ name: e.plural, description: e.description ?? e.name });
    schemas[e.name] = rowSchema(e, byName);
    const ops = new Set(e.operations);
    if (ops.has('create')) schemas[`${e.name}Create`] = writeSchema(e, 'create');
    if (ops.has('update')) schemas[`${e.name}Update`] = writeSchema(e, 'update');
    schemas[`${e.name}Envelope`] = envelope(ref(e.name));
    if (ops.has('list')) schemas[`${e.name}ListEnvelope`] = envelope({ type: 'array', items: ref(e.name) });
    if (ops.has('page')) {
      schemas[`${e.name}PageEnvelope`] = envelope({
        type: 'object',
        required: ['data', 'totalCount', 'totalCountCapped', 'pageNumber', 'pageSize'],
        properties: {
          data: { type: 'array', items: ref(e.name) },
          totalCount: { type: 'integer', description: 'How many rows match: exact, except on a large table (see `totalCountCapped`).' },
          totalCountCapped: {
            type: 'boolean',
            description: 'True when more rows match than `totalCount`. On a table of about 20,000 rows or more (PostgreSQL\'s estimate), the count stops five pages past this page\'s start, at (PageNumber + 4) × PageSize rows, so that a broad filter does not cost a count of every match; `totalCount` is then that number. It still covers this page, so a client pages on while pages come full; the last page is not known. A page past the last one always has the exact count.',
          },
          pageNumber: { type: 'integer' },
          pageSize: { type: 'integer' },
          groups: { type: 'array', items: ref('PageGroup') },
        },
      });
    }
    for (const s of operationsOf(e)) {
      // An idempotent entity's create and update take an Idempotency-Key: a retry answers the
      // first answer (an update sent again after a lost answer is not refused as stale by its own save).
      const idempotent = e.idempotent && (s.op === 'create' || s.op === 'update');
      const parameters = [...(s.idParam ? [{ $ref: '#/components/parameters/Id' }] : []), ...(idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [])];
      const operation: JsonSchema = {
        tags: [e.plural],
        operationId: s.id,
        summary: s.summary,
        'x-claim': `${e.claims}.${s.action}`,
        ...(parameters.length ? { parameters } : {}),
        ...(s.body ? { requestBody: { required: true, content: json(ref(s.body)) } } : {}),
        responses: { '200': { description: 'Done.', content: json(ref(s.answer)) }, ...errors(...s.errs, ...(idempotent ? ['422'] : [])) },
      };
      doc.paths[s.path] ??= {};
      if (doc.paths[s.path][s.method]) throw new Error(`${s.method} ${s.path} is declared twice`);
      doc.paths[s.path][s.method] = operation;
    }
  }
  doc.components.schemas = schemas;
  addCommonResponses(doc);
  return doc;
}

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Answers the server gives before any handler runs, added to every operation that can get them
 * (openapi/README.md): any request can carry a query string the server refuses (a NUL, a loosely
 * written integer: 400), even where the operation declares no query parameter; a method that may
 * carry a body can get a malformed (400), too large (413) or non-JSON (415) one, even where the
 * operation declares none; a path parameter can be undecodable (400) or too long (414); any
 * operation can meet a server that is shutting down or has lost its database (503), and any
 * request can be too large in its line and headers (431, a long query string).
 */
function addCommonResponses(doc: JsonSchema) {
  for (const [path, item] of Object.entries<JsonSchema>(doc.paths)) {
    for (const [method, op] of Object.entries<JsonSchema>(item)) {
      if (!op?.responses) continue;
      const add = (status: string, name: string) => {
        if (!doc.components.responses?.[name]) throw new Error(`components.responses.${name} is missing`);
        op.responses[status] ??= { $ref: `#/components/responses/${name}` };
      };
      add('400', 'BadRequest');
      add('431', 'HeadersTooLarge');
      if (BODY_METHODS.has(method)) {
        add('413', 'PayloadTooLarge');
        add('415', 'UnsupportedMediaType');
      }
      if (path.includes('{')) {
        add('414', 'UriTooLong');
      }
      add('503', 'ServiceUnavailable');
      // Status codes in ascending order, whatever order they were added in.
      op.responses = Object.fromEntries(Object.entries(op.responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
}

/** operationId → claim, for every operation of the full document. */
export function claimsByOperation(doc: JsonSchema): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of Object.values<JsonSchema>(doc.paths)) {
    for (const op of Object.values<JsonSchema>(item)) {
      if (!op.operationId) continue;
      if (!op['x-claim']) throw new Error(`operation ${op.operationId} has no x-claim`);
      out[op.operationId] = op['x-claim'];
    }
  }
  return out;
}
