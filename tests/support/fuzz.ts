// A contract-driven fuzzer: every operation of generated/openapi.json is called through the real
// app (fastify.inject) with values made from its schemas and with mutations of them (wrong types,
// missing fields, nulls, huge and Unicode strings, NUL bytes, out-of-range numbers, bad ids, odd
// paging, bad bodies and tokens). An answer is a finding when it is a 5xx, when its status is not
// declared by the operation, or when its body does not validate against the declared schema.
// Seeded: the same seed sends the same requests (against the same database state), so a finding
// can be replayed. Used by tests/api/fuzz.test.ts (bounded) and bench/fuzz.ts (long runs).
import { gunzipSync, inflateSync } from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { CONTRACT_FORMATS } from '../../server/src/core/formats.ts';
import { ADMIN } from './app.ts';
import { ExhaustedError, RowFactory, entityInfos, updateBodyFromRow, validTckn } from './fixtures.ts';

type Schema = Record<string, any>;
const doc = contract as Schema;
const API = '/api/v1';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

// ---------------------------------------------------------------------------------------------
// Randomness
// ---------------------------------------------------------------------------------------------

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    // mulberry32
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ---------------------------------------------------------------------------------------------
// The contract
// ---------------------------------------------------------------------------------------------

const pointer = (ref: string): unknown => ref.replace(/^#\//, '').split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~')).reduce<any>((node, key) => node?.[key], doc);
/** A node with its $ref (followed transitively) resolved. */
export function resolve<T = Schema>(node: any): T {
  let n = node;
  for (let i = 0; n && typeof n === 'object' && typeof n.$ref === 'string' && i < 20; i++) n = pointer(n.$ref);
  return n as T;
}

export interface Param { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema }
export interface Operation {
  method: string;
  path: string;
  operationId: string;
  claim: string;
  params: Param[];
  /** JSON body schema and the accepted content types, when the operation takes a body. */
  body?: { schema: Schema; required: boolean; contentTypes: string[] };
  responses: Record<string, { content?: Record<string, Schema> }>;
  /** The entity (by its plural) whose rows the path's `{id}` names, and the CRUD kind. */
  entity?: { name: string; plural: string; kind?: string };
  stream: boolean;
  /** JSON pointer of the operation in the contract (for compiling its response schemas). */
  pointer: string;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function operations(): Operation[] {
  const out: Operation[] = [];
  const byPlural = new Map(entityInfos.map((e) => [e.plural, e]));
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolve<Param>(p));
      let body: Operation['body'];
      if (op.requestBody) {
        const rb = resolve(op.requestBody);
        const json = rb.content?.['application/json'];
        body = { schema: json?.schema ?? {}, required: !!rb.required, contentTypes: Object.keys(rb.content ?? {}) };
      }
      const responses: Operation['responses'] = {};
      for (const [status, r] of Object.entries<Schema>(op.responses)) responses[status] = resolve(r);
      const plural = path.split('/')[1];
      const info = byPlural.get(plural);
      const kind = info ? crudKind(method, path, plural) : undefined;
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        claim: op['x-claim'] ?? 'authenticated',
        params,
        body,
        responses,
        entity: info ? { name: info.name, plural, kind } : undefined,
        stream: Object.values(responses).some((r) => r.content?.['text/event-stream']),
        pointer: `#/paths/${escape(path)}/${method}`,
      });
    }
  }
  return out;
}

function crudKind(method: string, path: string, plural: string): string | undefined {
  if (path === `/${plural}`) return { get: 'list', post: 'create', put: 'update' }[method];
  if (path === `/${plural}/GetListForPaging`) return 'page';
  if (path === `/${plural}/{id}`) return { get: 'get', delete: 'delete' }[method];
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The oracle: answers checked against the contract
// ---------------------------------------------------------------------------------------------

function makeAjv() {
  const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true, validateSchema: false });
  addFormats.default(ajv);
  for (const [name, format] of Object.entries(CONTRACT_FORMATS)) ajv.addFormat(name, format as never);
  ajv.addSchema({ ...doc, $id: 'contract' } as never);
  return ajv;
}

let ajvInstance: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();
function validatorOf(ptr: string): ValidateFunction {
  let v = validators.get(ptr);
  if (!v) {
    ajvInstance ??= makeAjv();
    v = ajvInstance.compile({ $ref: `contract${ptr}` });
    validators.set(ptr, v);
  }
  return v;
}

/** The JSON pointer of a response's schema for a content type (following a $ref'd response). */
function responseSchemaPointer(op: Operation, status: string, contentType: string): string {
  const raw = pointer(`${op.pointer}/responses/${status}`) as Schema;
  const base = raw.$ref ? raw.$ref : `${op.pointer}/responses/${status}`;
  return `${base}/content/${escape(contentType)}/schema`;
}

export interface Answer { status: number; headers: Record<string, unknown>; body: string }

/** Why an answer breaks the contract, or null. */
export function checkAnswer(op: Operation, answer: Answer): string | null {
  if (answer.status >= 500) return `server error ${answer.status}${errorCodeOf(answer.body)}`;
  const key = String(answer.status);
  const declaredKey = op.responses[key] ? key : op.responses[`${key[0]}XX`] ? `${key[0]}XX` : op.responses.default ? 'default' : undefined;
  if (!declaredKey) return `status ${answer.status} is not declared${errorCodeOf(answer.body)}`;
  const content = op.responses[declaredKey].content;
  if (!content) return answer.body.length ? `status ${answer.status} declares no body but one came` : null;
  const type = String(answer.headers['content-type'] ?? '').split(';')[0].trim();
  if (!content[type]) return `content type "${type}" is not declared for ${answer.status} (declared: ${Object.keys(content).join(', ')})`;
  if (type === 'text/event-stream') return checkEvents(op, declaredKey, content[type], answer.body);
  if (type !== 'application/json') return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `body is not JSON: ${trim(answer.body, 120)}`;
  }
  const validate = validatorOf(responseSchemaPointer(op, declaredKey, type));
  if (validate(body)) return null;
  const errors = (validate.errors ?? []).slice(0, 4).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
  return `body does not match the ${declaredKey} schema: ${errors.join('; ')}`;
}

/** The first events of a stream, each `data:` checked against its event's schema (`x-events`). */
function checkEvents(op: Operation, status: string, media: Schema, text: string): string | null {
  const events = media['x-events'] as Record<string, unknown> | undefined;
  if (!events) return null;
  for (const block of text.split('\n\n').slice(0, -1)) {
    const name = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
    const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n');
    if (!data) continue;
    if (!events[name]) return `event "${name}" is not declared`;
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return `event "${name}" carries no JSON: ${trim(data, 120)}`;
    }
    const raw = pointer(`${op.pointer}/responses/${status}`) as Schema;
    const base = raw.$ref ? raw.$ref : `${op.pointer}/responses/${status}`;
    const validate = validatorOf(`${base}/content/text~1event-stream/x-events/${escape(name)}`);
    if (!validate(value)) return `event "${name}" does not match its schema: ${(validate.errors ?? []).slice(0, 4).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`;
  }
  return null;
}

function errorCodeOf(body: string): string {
  try {
    const code = JSON.parse(body)?.error?.code;
    return code ? ` (${code})` : '';
  } catch {
    return '';
  }
}

const trim = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

// ---------------------------------------------------------------------------------------------
// Values from schemas
// ---------------------------------------------------------------------------------------------

const ALPHABET = ['a', 'Z', '0', ' ', 'ç', 'Ğ', 'ı', 'İ', 'ş', 'ö', 'ü', '-', '_', '.', '@', '😀', '𝔘', 'ש', 'ع', '\u0301', '\u200f', '\u202e', '\u200b', '"', "'", '\\', '%', '<', '>', '\n', '\t', '中'];
export const UNICODE_SAMPLES = [
  '😀🐄🐑', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'שלום עולם', 'مرحبا', '\u202eevil\u202c', 'e\u0301\u0301\u0301', 'Z̤̺̦͚͖ͧ̈́ͬ̂a̠͚̲̙̔͑̚l̢̘̀g̱̩̅͗ó', '\ud800', '\udfff x',
  '\u200b\u200b', '\ufeffBOM', 'İıŞşĞğÇçÖöÜü', '中文字符', '\u0001\u001f\u007f', "'; DROP TABLE users; --", '%00%', '{{7*7}}', '<script>alert(1)</script>', '\\u0000',
];

function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  if (s.properties || s.additionalProperties) return ['object'];
  if (s.items) return ['array'];
  return ['string', 'number', 'boolean'];
}

export interface ValueContext {
  rng: Rng;
  /** An existing row id of the entity (by schema name), for `x-lookup` properties. */
  idOf(entity: string): number;
}

function stringFor(s: Schema, ctx: ValueContext): string {
  const { rng } = ctx;
  const byFormat = formatValue(s.format, rng);
  if (byFormat !== undefined && (!s.pattern || new RegExp(s.pattern).test(byFormat))) return byFormat;
  if (s.pattern) {
    for (const candidate of patternSamples(s.pattern)) if (new RegExp(s.pattern).test(candidate)) return candidate;
  }
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
  const length = rng.int(Math.max(min, 1), Math.max(min, Math.min(max, min + 12)));
  let text = 'x';
  while ([...text].length < length) text += rng.pick(ALPHABET);
  // Trimmed by the server: the ends stay visible characters.
  text = [...text].slice(0, length).join('');
  return text.replace(/^\s+|\s+$/g, 'y');
}

function patternSamples(pattern: string): string[] {
  return ['tr-TR', 'en', 'ABC', 'abc', '+90 532 000 00 00', '#aabbcc', '12345', 'a1', '2026', '1.5'].filter((v) => {
    try {
      return new RegExp(pattern).test(v);
    } catch {
      return false;
    }
  });
}

function formatValue(format: string | undefined, rng: Rng): string | undefined {
  switch (format) {
    case 'date': return `2026-0${rng.int(1, 9)}-${String(rng.int(10, 28))}`;
    case 'date-time': return `2026-05-${rng.int(10, 28)}T0${rng.int(0, 9)}:30:00.000Z`;
    case 'email': return `fuzz-${rng.int(0, 1e9).toString(36)}@example.com`;
    case 'uuid': return crypto.randomUUID();
    case 'money': return `${rng.int(0, 99999)}.${String(rng.int(0, 99)).padStart(2, '0')}`;
    case 'decimal': return `${rng.int(0, 9999)}.${rng.int(0, 999)}`;
    case 'color': return `#${rng.int(0, 0xffffff).toString(16).padStart(6, '0')}`;
    case 'phone': return `+90 5${String(rng.int(0, 999999999)).padStart(9, '0')}`;
    case 'identity-number': return validTckn();
  }
  return undefined;
}

/** A value valid for the schema (as far as the schema can say: business rules aside). */
export function validValue(schemaNode: Schema, ctx: ValueContext, depth = 0): unknown {
  const s = resolve(schemaNode);
  const { rng } = ctx;
  if (!s || typeof s !== 'object') return null;
  if ('const' in s) return s.const;
  if (s.enum) return rng.pick(s.enum.filter((v: unknown) => v !== null).length ? s.enum.filter((v: unknown) => v !== null) : s.enum);
  const branches = s.oneOf ?? s.anyOf;
  if (branches) return validValue(rng.pick(branches), ctx, depth + 1);
  if (s.allOf) return validValue({ ...Object.assign({}, ...s.allOf.map(resolve)) }, ctx, depth + 1);
  const types = typesOf(s);
  const nonNull = types.filter((t) => t !== 'null');
  if (!nonNull.length || (types.includes('null') && rng.chance(0.1))) return null;
  const type = rng.pick(nonNull);
  if (s['x-lookup'] && (type === 'integer' || type === 'number')) return ctx.idOf(s['x-lookup']);
  switch (type) {
    case 'boolean': return rng.chance(0.5);
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 1000);
      return rng.chance(0.7) ? rng.int(min, Math.min(max, min + 20)) : rng.int(min, max);
    }
    case 'number': {
      if (s.format === 'percent') return rng.int(0, 10000) / 100;
      const min = s.minimum ?? 0;
      const max = s.maximum ?? min + 1000;
      return Math.round((min + rng.next() * (max - min)) * 100) / 100;
    }
    case 'string': return stringFor(s, ctx);
    case 'array': {
      if (depth > 6) return [];
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? min + 3, min + 3);
      const items = Array.from({ length: rng.int(min, max) }, () => validValue(s.items ?? {}, ctx, depth + 1));
      return s.uniqueItems ? [...new Map(items.map((v) => [JSON.stringify(v), v])).values()] : items;
    }
    default: {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      const required = new Set<string>(s.required ?? []);
      for (const [prop, ps] of Object.entries<Schema>(s.properties ?? {})) {
        const p = resolve(ps);
        if (p.readOnly && !required.has(prop)) continue;
        if (required.has(prop) || rng.chance(0.6)) out[prop] = validValue(p, ctx, depth + 1);
      }
      if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
        for (let i = rng.int(0, 3); i > 0; i--) out[`k${i}`] = validValue(s.additionalProperties, ctx, depth + 1);
      }
      return out;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

export const MUTATIONS = [
  'valid', 'missingRequired', 'wrongType', 'null', 'hugeString', 'unicode', 'nul', 'outOfRange', 'extraFields',
  'badBody', 'badId', 'badQuery', 'oddPaging', 'blank', 'edge', 'headers', 'noAuth', 'badToken', 'noClaims',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

const HUGE = (rng: Rng) => rng.pick(['x'.repeat(10_000), 'ğ'.repeat(60_000), '😀'.repeat(30_000), 'a'.repeat(300_000), ' '.repeat(5000)]);
const BLANKS = [' ', '   ', '\t', '\n\r ', '\u00a0', '\u3000', '\u2003 \u2009', '\ufeff', ''];
const WRONG_TYPES: unknown[] = [0, 1, -1, 1.5, true, false, '', 'text', '1', [], [1, 'a'], {}, { a: 1 }, { $ne: null }];
const OUT_OF_RANGE: unknown[] = [-1, 0, -2147483649, 2147483648, 9007199254740993, 1e308, -1e308, 1.5, -0.0001, 1e-320, 99999999999999999999];
export const BAD_IDS = ['0', '-1', '2147483648', '99999999999999999999', 'abc', '1.5', '+1', '%201', '1%20', '1e3', '0x10', '%00', '1%00', '%E2%80%AE1', '%EF%BC%91', '%F0%9F%98%80', 'null', 'undefined', '[]', 'x'.repeat(101), '9'.repeat(100), '-0', '00000000001', '%'];

/** A value at the edge of what the schema allows (or just past what the database may hold). */
export function edgeValue(s: Schema, rng: Rng): unknown {
  if (s.enum) return rng.pick(s.enum);
  const types = typesOf(s).filter((t) => t !== 'null');
  const type = rng.pick(types.length ? types : ['string']);
  if (type === 'integer' || type === 'number') {
    const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (type === 'integer' ? 1 : 0.01) : -2147483648);
    const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (type === 'integer' ? 1 : 0.01) : 2147483647);
    return rng.pick([min, max, type === 'number' ? 1e15 + 0.5 : max, type === 'number' ? 0.000001 : min]);
  }
  if (type === 'boolean') return rng.chance(0.5);
  if (type === 'array') {
    const item = resolve(s.items ?? {});
    const n = Math.min(s.maxItems ?? 50, 200);
    return s.uniqueItems && typesOf(item).includes('integer') ? Array.from({ length: n }, (_, i) => (item.maximum ?? 2147483647) - i) : Array.from({ length: n }, () => edgeValue(item, rng));
  }
  if (type === 'object') return {};
  switch (s.format) {
    case 'date': return rng.pick(['0000-01-01', '0001-01-01', '9999-12-31', '1900-02-28', '2024-02-29', '1970-01-01']);
    case 'date-time': return rng.pick(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '2026-05-27T09:30:00+14:00', '2026-05-27T09:30:00.123456789Z', '1970-01-01T00:00:00-12:00']);
    case 'money': return rng.pick(['9999999999999999.99', '-9999999999999999.99', '0', '0.01', '-0.01', '0000000000000001.00']);
    case 'decimal': return rng.pick(['999999999.999', '-999999999.999', '0.001', '000000000.000']);
    case 'email': return `${'a'.repeat(64)}@${'b'.repeat(Math.max(1, Math.min(180, (s.maxLength ?? 254) - 70)))}.com`;
    case 'identity-number': return rng.pick(['10000000146', '1234567890', '99999999990']);
  }
  if (s.pattern) return undefined;
  const max = Math.min(s.maxLength ?? 1000, 5000);
  return rng.pick(['ğ', '😀', 'x', 'İ']).repeat(max).slice(0, max);
}

/** Every location (path of keys) in a JSON value, the root included. */
function locations(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => locations(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) locations(v, [...path, k], out);
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (!path.length) return value;
  const copy: any = structuredClone(root);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

function getAt(root: unknown, path: (string | number)[]): unknown {
  return path.reduce<any>((n, k) => n?.[k], root);
}

/** Paths (in a valid value) of the properties the schema marks required. */
function requiredPaths(schemaNode: Schema, value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  const s = resolve(schemaNode);
  if (!s || !value || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    if (s.items) value.forEach((v, i) => requiredPaths(s.items, v, [...path, i], out));
    return out;
  }
  for (const r of s.required ?? []) if (r in (value as object)) out.push([...path, r]);
  for (const [k, ps] of Object.entries<Schema>(s.properties ?? {})) if (k in (value as object)) requiredPaths(ps, (value as any)[k], [...path, k], out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

export interface Finding {
  operation: string;
  mutation: Mutation;
  method: string;
  url: string;
  body: string;
  status: number;
  reason: string;
  /** How many requests gave the same finding (same operation, status, reason). */
  count: number;
}

export interface FuzzReport {
  seed: number;
  operations: number;
  covered: number;
  uncovered: string[];
  requests: number;
  byMutation: Record<string, number>;
  byStatus: Record<string, number>;
  findings: Finding[];
  relogins: number;
  /** Operation × mutation pairs sent / there are. */
  grid: [done: number, total: number];
  timing: Record<string, number>;
  ms: number;
}

export interface FuzzOptions {
  app: FastifyInstance;
  adminToken: string;
  seed: number;
  /** Total time budget of the run, setup included. */
  budgetMs: number;
  /** Only operations whose id matches (a replay of one operation). */
  only?: RegExp;
  /**
   * Fuzzers sending at once in the random phase (each its own seed: seed + i, and its own
   * administrator session). Above 1, a run is no longer replayed request for request.
   */
  workers?: number;
  log?: (line: string) => void;
}

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  mutation: Mutation;
}

interface Tally {
  findings: Map<string, Finding>;
  covered: Set<string>;
  byMutation: Record<string, number>;
  byStatus: Record<string, number>;
  requests: number;
  relogins: number;
  timing: Record<string, number>;
}

/** The app's address on a free port: it starts listening once, whichever fuzzer asks first. */
const listens = new WeakMap<FastifyInstance, Promise<string>>();
function listening(app: FastifyInstance): Promise<string> {
  let url = listens.get(app);
  if (!url) {
    url = app.listen({ host: '127.0.0.1', port: 0 }).then(() => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
    listens.set(app, url);
  }
  return url;
}

type Auth = 'admin' | 'none' | 'garbage' | 'noClaims';

class Fuzzer {
  readonly rng: Rng;
  readonly app: FastifyInstance;
  adminToken: string;
  readonly adminId: number;
  private noClaimsToken = '';
  private factory: RowFactory;
  private readonly ids = new Map<string, number[]>();
  /** What every fuzzer of a run counts together. */
  readonly tally: Tally;
  gridDone = 0;
  gridSize = 0;
  private lastWrite = '';
  private idsAge = 0;

  private readonly opts: FuzzOptions;
  constructor(opts: FuzzOptions, tally?: Tally) {
    this.opts = opts;
    this.tally = tally ?? { findings: new Map(), covered: new Set(), byMutation: {}, byStatus: {}, requests: 0, relogins: 0, timing: {} };
    this.rng = new Rng(opts.seed);
    this.app = opts.app;
    this.adminToken = opts.adminToken;
    this.adminId = Number(JSON.parse(Buffer.from(opts.adminToken.split('.')[1], 'base64url').toString()).sub);
    this.factory = new RowFactory(opts.app, opts.adminToken);
  }

  /** The webhook secret this run sets (so that webhook calls can pass), and the row holding it. */
  readonly webhookSecret = 'fuzz-webhook-secret';
  private webhookSettingId = 0;

  async setup() {
    this.noClaimsToken = await this.freshUserToken();
    await this.refreshIds();
    const auth = { authorization: `Bearer ${this.adminToken}` };
    const settings = await this.app.inject({ method: 'GET', url: `${API}/Settings`, headers: auth });
    const row = (settings.json().data as Record<string, unknown>[]).find((r) => r.key === 'netgsm.webhookSecret');
    if (row) {
      this.webhookSettingId = row.id as number;
      // (spared from here on: see findSpared)
      const put = await this.app.inject({ method: 'PUT', url: `${API}/Settings`, headers: auth, payload: { ...updateBodyFromRow('Setting', row), secretValue: this.webhookSecret } });
      if (put.statusCode !== 200) throw new Error(`setting the webhook secret failed: ${put.statusCode} ${put.body}`);
    }
    await this.findSpared();
  }

  /** A new user without claims, signed in: for operations that end the caller's sessions. */
  async freshUserToken(): Promise<string> {
    const email = `fuzz-${this.rng.int(0, 2 ** 31).toString(36)}-${Date.now().toString(36)}@example.com`;
    const res = await this.app.inject({ method: 'POST', url: `${API}/Auth/register`, payload: { email, password: 'fuzz-password-1', firstName: 'Fuzz', lastName: 'User' } });
    if (res.statusCode !== 200) throw new Error(`registering a fuzz user failed: ${res.statusCode} ${res.body}`);
    return res.json().data.token;
  }

  async refreshIds() {
    for (const e of entityInfos) {
      if (!e.operations.includes('list')) continue;
      const res = await this.app.inject({ method: 'GET', url: `${API}/${e.plural}`, headers: { authorization: `Bearer ${this.adminToken}` } });
      if (res.statusCode === 200) this.ids.set(e.name, (res.json().data as { id: number }[]).map((r) => r.id));
    }
    this.idsAge = this.tally.requests;
  }

  idOf = (entity: string): number => {
    const list = this.ids.get(entity) ?? [];
    const candidates = entity === 'User' ? list.filter((id) => id !== this.adminId) : list;
    return candidates.length ? this.rng.pick(candidates) : this.rng.int(1, 50);
  };

  private ctx(): ValueContext {
    return { rng: this.rng, idOf: this.idOf };
  }

  // ----- building requests -----

  private pathFor(op: Operation, badId?: string): string {
    return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      if (badId !== undefined) return badId;
      const p = op.params.find((x) => x.in === 'path' && x.name === name);
      if (name === 'id' && op.entity) return String(this.idOf(op.entity.name));
      return encodeURIComponent(String(validValue(p?.schema ?? { type: 'string' }, this.ctx())));
    });
  }

  private query(op: Operation): Record<string, string> {
    const out: Record<string, string> = {};
    for (const p of op.params.filter((x) => x.in === 'query')) {
      if (p.name === 'access_token') continue;
      if (p.name === 'secret') {
        if (this.rng.chance(0.8)) out.secret = this.webhookSecret;
        continue;
      }
      if (p.required || this.rng.chance(0.5)) out[p.name] = String(validValue(p.schema, this.ctx()));
    }
    return out;
  }

  /** A valid body: from the row factory for entity creates and updates, else from the schema. */
  private async validBody(op: Operation): Promise<unknown> {
    if (!op.body) return undefined;
    const e = op.entity;
    try {
      if (e?.kind === 'create') return await this.factory.body(e.name);
      if (e?.kind === 'update') {
        const ids = (this.ids.get(e.name) ?? []).filter((id) => e.name !== 'User' || id !== this.adminId);
        const id = ids.length ? this.rng.pick(ids) : (await this.factory.create(e.name)).id;
        const row = await this.app.inject({ method: 'GET', url: `${API}/${e.plural}/${id}`, headers: { authorization: `Bearer ${this.adminToken}` } });
        if (row.statusCode === 200) return updateBodyFromRow(e.name, row.json().data);
      }
    } catch (err) {
      // No valid row can be made now (a unique value exhausted, a rule the fuzz broke): the
      // schema's values instead. A server error on the way is a finding all the same.
      const status = /failed: (\d{3})/.exec(String(err))?.[1];
      if (status && Number(status) >= 500) this.record(op, { method: 'POST', url: `(a row of ${e?.name})`, headers: {}, mutation: 'valid' }, Number(status), String(err));
      else if (!(err instanceof ExhaustedError)) await this.ensureSignedIn(`making a row of ${e?.name}: ${String(err).slice(0, 200)}`);
    }
    if (e?.kind === 'page') return this.pagedRequest(e.name, false);
    return validValue(op.body.schema, this.ctx());
  }

  private columnsOf(entity: string): string[] {
    return Object.keys(resolve(doc.components.schemas[entity]).properties ?? {});
  }

  /** A paged list request; `odd`: with odd paging, unknown columns and mistyped filter values. */
  private pagedRequest(entity: string, odd: boolean): Record<string, unknown> {
    const { rng } = this;
    const columns = this.columnsOf(entity);
    const column = () => (odd && rng.chance(0.25) ? rng.pick(['nope', 'password', 'passwordHash', 'password_hash', 'id; DROP TABLE x', 'ID', 'created_at', '__proto__', 'constructor', 'a'.repeat(64), ' name', 'data.id']) : rng.pick(columns));
    const modes = ['startsWith', 'contains', 'notContains', 'endsWith', 'equals', 'notEquals', 'in', 'lt', 'lte', 'gt', 'gte', 'between', 'dateIs', 'dateIsNot', 'dateBefore', 'dateAfter'];
    const scalar = () => rng.pick<unknown>(['', 'a', '1', '-1', '2026-05-27', '2026-13-45', 'not-a-date', '0000-01-01', '0000-12-31T23:00:00Z', '-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '1e999', 'NaN', 'true', '%', '_', '\\', '0.5', '12345678901234567890', ' ', rng.pick(UNICODE_SAMPLES), 0, -1, 1.5, 2147483648, 1e308, -1e308, true, false, null]);
    const value = () => (rng.chance(0.3) ? Array.from({ length: rng.int(0, 4) }, scalar) : scalar());
    const body: Record<string, unknown> = {};
    if (!odd) {
      body.PageNumber = rng.int(1, 3);
      body.PageSize = rng.pick([10, 20, 50]);
      if (rng.chance(0.5)) body.SortingParams = [{ ColumnName: rng.pick(columns), SortOrder: rng.pick([1, -1]) }];
      if (rng.chance(0.3)) body.GlobalFilter = rng.pick(['a', 'Test', 'ş', '1']);
      if (rng.chance(0.3)) body.FilterParam = [{ ColumnName: 'id', FilterValue: rng.int(1, 20), MatchMode: rng.pick(['equals', 'gte', 'lt']) }];
      return body;
    }
    const odds: [string, () => unknown][] = [
      ['PageNumber', () => rng.pick<unknown>([0, -1, 1.5, 1e12, 10_000_000, 10_000_001, '2', null, 2 ** 31, -0])],
      ['PageSize', () => rng.pick<unknown>([0, -1, 0.5, 500, 501, 1e9, '20', null, 2 ** 53])],
      ['FilterParam', () => Array.from({ length: rng.int(1, 4) }, () => ({ ColumnName: column(), FilterValue: value(), MatchMode: rng.chance(0.9) ? rng.pick(modes) : rng.pick(['regex', '', 'EQUALS', null]), Operator: rng.pick(['and', 'or', 'xor', undefined]) }))],
      ['SortingParams', () => Array.from({ length: rng.int(1, 3) }, () => ({ ColumnName: column(), SortOrder: rng.pick<unknown>([1, -1, 0, 2, '1', null]) }))],
      ['GroupingColumns', () => Array.from({ length: rng.int(1, 3) }, column)],
      ['GlobalFilter', () => rng.pick<unknown>(['', ' ', '%', '_', '\\', "'", 'a'.repeat(200), 'a'.repeat(201), rng.pick(UNICODE_SAMPLES), 1, null, ['a']])],
    ];
    for (const [key, make] of odds) if (rng.chance(0.5)) body[key] = make();
    if (!Object.keys(body).length) body.FilterParam = odds[2][1]();
    return body;
  }

  private authHeader(auth: Auth): Record<string, string> {
    switch (auth) {
      case 'admin': return { authorization: `Bearer ${this.adminToken}` };
      case 'noClaims': return { authorization: `Bearer ${this.noClaimsToken}` };
      case 'garbage': return { authorization: this.rng.pick(['Bearer x.y.z', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwiY2xhaW1zIjpbIkFkbWluIl19.', `Bearer ${this.adminToken}x`, 'Bearer \u00e7', `Bearer ${'a'.repeat(5000)}`]) };
      default: return {};
    }
  }

  /** Which mutations apply to an operation. */
  applicable(op: Operation): Mutation[] {
    const out: Mutation[] = ['valid'];
    const hasBody = !!op.body;
    const hasPathId = op.params.some((p) => p.in === 'path');
    const hasQuery = op.params.some((p) => p.in === 'query');
    if (hasBody) out.push('missingRequired', 'wrongType', 'null', 'hugeString', 'unicode', 'nul', 'outOfRange', 'extraFields', 'badBody', 'blank');
    if (hasBody || hasQuery) out.push('edge');
    out.push('headers');
    if (!hasBody && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method)) out.push('badBody');
    if (hasPathId) out.push('badId');
    out.push('badQuery');
    if (op.entity?.kind === 'page') out.push('oddPaging');
    if (!hasBody && (hasQuery || hasPathId)) out.push('unicode', 'nul', 'hugeString');
    if (op.claim !== 'public') out.push('noAuth', 'badToken', 'noClaims');
    return [...new Set(out)];
  }

  /** Builds one request of an operation under one mutation. */
  async build(op: Operation, mutation: Mutation): Promise<Request | null> {
    const { rng } = this;
    let auth: Auth = op.claim === 'public' ? rng.pick<Auth>(['none', 'admin']) : 'admin';
    if (mutation === 'noAuth') auth = 'none';
    if (mutation === 'badToken') auth = 'garbage';
    if (mutation === 'noClaims') auth = 'noClaims';
    let path = this.pathFor(op);
    const query: Record<string, string> = this.query(op);
    let rawQuery = '';
    let body = await this.validBody(op);
    let payload: string | undefined;
    let contentType = op.body ? 'application/json' : undefined;
    const queryParams = op.params.filter((p) => p.in === 'query');
    const extraHeaders: Record<string, string> = {};
    const pathParams = op.params.filter((p) => p.in === 'path');

    const mutateBody = (make: (schema: Schema | undefined, current: unknown) => unknown, filter: (v: unknown) => boolean = () => true) => {
      const locs = locations(body).filter((l) => filter(getAt(body, l)));
      if (!locs.length) return false;
      const loc = rng.pick(locs);
      body = setAt(body, loc, make(undefined, getAt(body, loc)));
      return true;
    };

    switch (mutation) {
      case 'valid': break;
      case 'missingRequired': {
        const req = requiredPaths(op.body!.schema, body);
        if (req.length) body = setAt(body, rng.pick(req), undefined, true);
        else body = rng.chance(0.5) ? {} : undefined;
        break;
      }
      case 'wrongType': mutateBody((_s, current) => {
        const options = WRONG_TYPES.filter((v) => typeof v !== typeof current || Array.isArray(v) !== Array.isArray(current));
        return rng.pick(options);
      }); break;
      case 'null': mutateBody(() => null); break;
      case 'hugeString':
        if (op.body) {
          if (!mutateBody(() => HUGE(rng), (v) => typeof v === 'string' || v === null)) body = HUGE(rng);
        }
        else if (queryParams.length) query[rng.pick(queryParams).name] = 'q'.repeat(rng.pick([201, 4097, 20_000]));
        else if (pathParams.length) path = this.pathFor(op, 'p'.repeat(rng.pick([36, 99, 100, 101, 2000])));
        break;
      case 'unicode':
        if (op.body) {
          if (!mutateBody(() => rng.pick(UNICODE_SAMPLES), (v) => typeof v === 'string')) mutateBody(() => rng.pick(UNICODE_SAMPLES));
        }
        else if (queryParams.length) query[rng.pick(queryParams).name] = rng.pick(UNICODE_SAMPLES);
        else path = this.pathFor(op, encodeURIComponent(rng.pick(UNICODE_SAMPLES.filter((u) => u.isWellFormed()))));
        break;
      case 'nul':
        if (op.body) {
          if (!mutateBody((_s, v) => (typeof v === 'string' ? `${v}\u0000` : '\u0000'), (v) => typeof v === 'string')) body = { ...(body as object), ['k\u0000']: 1 };
        }
        else if (queryParams.length) query[rng.pick(queryParams).name] = rng.pick(['\u0000', '2026-05-27\u0000', '1\u0000']);
        else path = this.pathFor(op, rng.pick(['%00', '1%00', 'tr%00']));
        break;
      case 'outOfRange':
        if (!mutateBody(() => rng.pick(OUT_OF_RANGE), (v) => typeof v === 'number')) mutateBody(() => rng.pick(OUT_OF_RANGE));
        break;
      case 'extraFields':
        if (body && typeof body === 'object' && !Array.isArray(body)) {
          const extra = rng.pick<[string, unknown]>([['unknownField', 'x'], ['__proto__', { isAdmin: true }], ['constructor', { prototype: 1 }], ['id', 1], ['rowVersion', 99], ['createdAt', 'x'], ['passwordHash', 'x'], ['claims', ['Admin']]]);
          payload = JSON.stringify(body).replace(/^\{/, `{${JSON.stringify(extra[0])}:${JSON.stringify(extra[1])}${Object.keys(body).length ? ',' : ''}`);
        }
        break;
      case 'badBody': {
        const variant = rng.int(0, 7);
        if (variant === 0) { payload = '{"a":'; contentType = 'application/json'; }
        else if (variant === 1) { payload = 'plain text'; contentType = 'text/plain'; }
        else if (variant === 2) { payload = ''; contentType = 'application/json'; }
        else if (variant === 3) { payload = JSON.stringify(rng.pick<unknown>([[], [body], 'x', 1, null, true])); contentType = 'application/json'; }
        else if (variant === 4) { payload = 'a=1&b=2'; contentType = 'application/x-www-form-urlencoded'; }
        else if (variant === 5) { payload = '<x/>'; contentType = 'application/xml'; }
        else if (variant === 6) { payload = `{"a":"${'x'.repeat(600 * 1024)}"}`; contentType = 'application/json'; }
        else { payload = `${'['.repeat(5000)}${']'.repeat(5000)}`; contentType = 'application/json'; }
        break;
      }
      case 'badId': path = this.pathFor(op, rng.pick(BAD_IDS)); break;
      case 'badQuery': {
        const p = queryParams.length && rng.chance(0.7) ? rng.pick(queryParams) : undefined;
        const name = p?.name ?? rng.pick(['unknown', 'PageSize', '__proto__', 'a[b]', 'x%00']);
        const bad = rng.pick(['abc', '1e3', '+1', ' 1', '0x10', '-1', '0', '99999999999999999999', '1.5', '', '2026-02-30', '2026-13-01', '9999-99-99', '%', '%E2%80%AE', 'true', 'null']);
        rawQuery = rng.chance(0.3) ? `${encodeURIComponent(name)}=${encodeURIComponent(bad)}&${encodeURIComponent(name)}=${encodeURIComponent(bad)}` : `${name}=${bad === '%' ? '%' : encodeURIComponent(bad)}`;
        break;
      }
      case 'oddPaging': body = this.pagedRequest(op.entity!.name, true); break;
      case 'edge': {
        // A value the schema allows, at its bounds: the database must hold it too.
        const props = Object.entries<Schema>(resolve(op.body?.schema ?? {}).properties ?? {}).filter(([, p]) => !resolve(p).readOnly);
        if (op.body && body && typeof body === 'object' && !Array.isArray(body) && props.length && (!queryParams.length || rng.chance(0.7))) {
          // …or any value the schema allows (a reference to a row that may not exist, say).
          const [name, ps] = rng.pick(props);
          const value = rng.chance(0.6) ? edgeValue(resolve(ps), rng) : validValue(ps, { rng, idOf: () => rng.pick([1, 2, 3, 2147483647]) });
          body = { ...(body as object), [name]: value };
        } else if (queryParams.length) {
          const p = rng.pick(queryParams);
          query[p.name] = String(edgeValue(resolve(p.schema), rng));
        }
        break;
      }
      case 'blank':
        // Text that is nothing but white space (trimmed away by the server).
        if (!mutateBody(() => rng.pick(BLANKS), (v) => typeof v === 'string')) mutateBody(() => rng.pick(BLANKS));
        break;
      case 'headers': {
        const variant = rng.int(0, 5);
        if (variant === 0 && op.body) contentType = rng.pick(['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=latin1', 'application/json;;', 'application/vnd.api+json', 'text/json', 'application/json-patch+json', 'multipart/form-data; boundary=x']);
        else if (variant === 1) extraHeaders['x-request-id'] = rng.pick(['', 'a'.repeat(200), 'bad id\u0007', '../../etc', '😀']);
        else if (variant === 2) extraHeaders['accept-encoding'] = rng.pick(['gzip', 'deflate', 'br', 'identity;q=0', '*']);
        else if (variant === 3) extraHeaders.accept = rng.pick(['text/html', 'application/xml', 'text/event-stream', '*/*;q=0']);
        else if (variant === 4) extraHeaders['accept-language'] = rng.pick(['en-US', 'xx', '*', 'tr-TR;q=abc']);
        else extraHeaders['content-length'] = '0';
        break;
      }
      case 'noAuth': case 'badToken': case 'noClaims': break;
    }

    // Operations that end the caller's own sessions never run on the administrator's token.
    let ownToken: string | undefined;
    if (auth === 'admin' && /logout-everywhere$/.test(op.path) && op.path.startsWith('/Auth')) ownToken = await this.freshUserToken();
    // The administrator's own rows and the webhook's secret are left alone.
    ({ path, body } = this.spare(op, path, body));

    const qs = [new URLSearchParams(query).toString(), rawQuery].filter(Boolean).join('&');
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    const headers: Record<string, string> = { ...(ownToken ? { authorization: `Bearer ${ownToken}` } : this.authHeader(auth)), ...extraHeaders };
    if (payload !== undefined && contentType) headers['content-type'] = contentType;
    return { method: op.method, url: `${API}${path}${qs ? `?${qs}` : ''}`, headers, payload, mutation };
  }

  /**
   * Rows a run leaves alone, by entity: the administrator's user, claim links, groups and their
   * claim links, the `Admin` claim itself, and the webhook's secret. Changing them would end the run's
   * meaning (every later request a 403), not find anything.
   */
  private readonly spared = new Map<string, Set<number>>();
  private async findSpared() {
    const auth = { authorization: `Bearer ${this.adminToken}` };
    const rows = async (plural: string) => {
      const res = await this.app.inject({ method: 'GET', url: `${API}/${plural}`, headers: auth });
      return res.statusCode === 200 ? (res.json().data as Record<string, unknown>[]) : [];
    };
    const add = (entity: string, ids: unknown[]) => {
      const set = this.spared.get(entity) ?? new Set<number>();
      for (const id of ids) set.add(id as number);
      this.spared.set(entity, set);
    };
    add('User', [this.adminId]);
    add('UserClaim', (await rows('UserClaims')).filter((r) => r.userId === this.adminId).map((r) => r.id));
    const memberships = (await rows('UserGroups')).filter((r) => r.userId === this.adminId);
    add('UserGroup', memberships.map((r) => r.id));
    // The administrator holds Admin through a group (the seed's Administrators): the group and its claim links too.
    const groups = new Set(memberships.map((r) => r.groupId));
    add('Group', [...groups]);
    add('GroupClaim', (await rows('GroupClaims')).filter((r) => groups.has(r.groupId)).map((r) => r.id));
    add('OperationClaim', (await rows('OperationClaims')).filter((r) => r.name === 'Admin').map((r) => r.id));
    if (this.webhookSettingId) add('Setting', [this.webhookSettingId]);
  }

  private spare(op: Operation, path: string, body: unknown): { path: string; body: unknown } {
    const spared = op.entity && op.method !== 'GET' ? this.spared.get(op.entity.name) : undefined;
    if (!spared) return { path, body };
    const segs = path.split('/');
    if (segs[2] && /^[0-9]+$/.test(segs[2]) && spared.has(Number(segs[2]))) {
      segs[2] = String(Number(segs[2]) + 1_000_000);
      path = segs.join('/');
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const b = { ...(body as Record<string, unknown>) };
      if (typeof b.id === 'number' && spared.has(b.id)) b.id += 1_000_000;
      // A group's members: the administrator is never removed.
      if (op.path === '/Groups/{id}/users' && Array.isArray(b.remove)) b.remove = b.remove.filter((id) => id !== this.adminId);
      body = b;
    }
    return { path, body };
  }

  // ----- sending and checking -----

  async send(op: Operation, req: Request) {
    this.tally.requests++;
    this.tally.byMutation[req.mutation] = (this.tally.byMutation[req.mutation] ?? 0) + 1;
    let answer: Answer;
    try {
      answer = op.stream ? await this.injectStream(req) : await this.inject(req);
    } catch (err) {
      this.record(op, req, 0, `the request failed: ${(err as Error).message}`);
      return;
    }
    this.tally.byStatus[answer.status] = (this.tally.byStatus[answer.status] ?? 0) + 1;
    this.tally.covered.add(op.operationId);
    const reason = checkAnswer(op, answer);
    if (reason) this.record(op, req, answer.status, reason);
    // A session of the administrator that ended anyway (a claim or group changed through a link
    // table): signed in again, so that the following requests mean something.
    if (answer.status === 401 && req.headers.authorization === `Bearer ${this.adminToken}` && op.claim !== 'public' && /sessionChanged/.test(answer.body)) await this.relogin(`${req.method} ${trim(req.url, 100)} ${trim(req.payload ?? '', 100)}`);
    else if (req.method !== 'GET' && answer.status === 200) this.lastWrite = `${req.method} ${trim(req.url, 100)} ${trim(req.payload ?? '', 200)}`;
    if (this.tally.requests - this.idsAge > 400) await this.refreshIds();
  }

  private async inject(req: Request): Promise<Answer> {
    const res = await this.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) });
    const encoding = res.headers['content-encoding'];
    const body = encoding === 'gzip' ? gunzipSync(res.rawPayload).toString() : encoding === 'deflate' ? inflateSync(res.rawPayload).toString() : res.body;
    return { status: res.statusCode, headers: res.headers, body };
  }

  private baseUrl?: string;
  /**
   * An event stream: the head and the first events, then the connection is dropped. Over a real
   * socket (the app listens on a free port once): an injected stream never closes on the server.
   */
  private async injectStream(req: Request): Promise<Answer> {
    this.baseUrl ??= await listening(this.app);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 3000);
    try {
      // fetch sends only Latin-1 header values (inject takes any): others go percent-encoded.
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, /^[\x20-\x7e\xa0-\xff]*$/.test(v) ? v : encodeURIComponent(v)]));
      const res = await fetch(`${this.baseUrl}${req.url}`, { method: req.method, headers, signal: abort.signal });
      const answerHeaders = Object.fromEntries(res.headers.entries());
      let text = '';
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      try {
        // Enough for the snapshot: a block with data, or the end of a plain answer.
        while (!/(^|\n)data:[^\n]*\n\n/.test(text)) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
      } catch {
        // Aborted after 3 s: what came is checked.
      }
      return { status: res.status, headers: answerHeaders, body: text };
    } finally {
      clearTimeout(timer);
      abort.abort();
    }
  }

  /** Signs the administrator in again when their session has ended (a claim or group removed). */
  private async ensureSignedIn(why: string) {
    const probe = await this.app.inject({ method: 'GET', url: `${API}/Users/${this.adminId}`, headers: { authorization: `Bearer ${this.adminToken}` } });
    if (probe.statusCode === 401) await this.relogin(why);
  }

  private async relogin(why: string) {
    const res = await this.app.inject({ method: 'POST', url: `${API}/Auth/login`, payload: ADMIN });
    if (res.statusCode !== 200) throw new Error(`the administrator cannot sign in again: ${res.statusCode} ${res.body}`);
    this.adminToken = res.json().data.token;
    this.factory = new RowFactory(this.app, this.adminToken);
    this.tally.relogins++;
    this.opts.log?.(`signed in again: ${why}; last write: ${this.lastWrite}`);
  }

  private record(op: Operation, req: Request, status: number, reason: string) {
    const key = `${op.operationId} ${status} ${reason.replace(/\d+ chars/g, '')}`;
    const known = this.tally.findings.get(key);
    if (known) {
      known.count++;
      return;
    }
    this.tally.findings.set(key, { operation: op.operationId, mutation: req.mutation, method: req.method, url: trim(req.url, 200), body: trim(req.payload ?? '', 300), status, reason, count: 1 });
    this.opts.log?.(`finding: ${op.operationId} [${req.mutation}] ${req.method} ${trim(req.url, 200)} → ${status}: ${reason}`);
  }

  async one(op: Operation, mutation: Mutation) {
    const t0 = performance.now();
    const req = await this.build(op, mutation);
    const t1 = performance.now();
    if (req) await this.send(op, req);
    const t2 = performance.now();
    this.tally.timing[`build ${mutation}`] = (this.tally.timing[`build ${mutation}`] ?? 0) + t1 - t0;
    this.tally.timing[`send ${mutation}`] = (this.tally.timing[`send ${mutation}`] ?? 0) + t2 - t1;
    this.tally.timing[`op ${op.operationId}`] = (this.tally.timing[`op ${op.operationId}`] ?? 0) + t2 - t0;
  }

  report(ops: Operation[], started: number): FuzzReport {
    return {
      seed: this.opts.seed,
      operations: ops.length,
      covered: this.tally.covered.size,
      uncovered: ops.filter((o) => !this.tally.covered.has(o.operationId)).map((o) => o.operationId),
      requests: this.tally.requests,
      byMutation: this.tally.byMutation,
      byStatus: this.tally.byStatus,
      findings: [...this.tally.findings.values()],
      relogins: this.tally.relogins,
      grid: [this.gridDone, this.gridSize],
      timing: this.tally.timing,
      ms: Date.now() - started,
    };
  }
}

/**
 * Walks every operation: first each with its valid sample (deletes last: the rows they remove
 * are the ones the others use), then each mutation class once, then every operation with every
 * mutation class that applies (in an order drawn from the seed), then random operations and
 * mutations until the budget ends.
 */
export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const deadline = started + opts.budgetMs;
  const ops = operations().filter((o) => !opts.only || opts.only.test(o.operationId));
  const f = new Fuzzer(opts);
  await f.setup();
  const valid = [...ops].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  for (const op of valid) await f.one(op, 'valid');
  for (const mutation of MUTATIONS) {
    const candidates = ops.filter((o) => f.applicable(o).includes(mutation));
    if (candidates.length) await f.one(f.rng.pick(candidates), mutation);
  }
  const grid = ops.flatMap((op) => f.applicable(op).filter((m) => m !== 'valid').map((m) => [op, m] as const));
  for (let i = grid.length - 1; i > 0; i--) {
    const j = f.rng.int(0, i);
    [grid[i], grid[j]] = [grid[j], grid[i]];
  }
  let done = 0;
  for (const [op, mutation] of grid) {
    if (Date.now() > deadline) break;
    await f.one(op, mutation);
    done++;
  }
  f.gridDone = done;
  f.gridSize = grid.length;
  opts.log?.(`every operation with every mutation class: ${done}/${grid.length} in ${Date.now() - started} ms`);
  const fuzzers = [f];
  for (let i = 1; i < (opts.workers ?? 1) && Date.now() < deadline; i++) {
    const login = await opts.app.inject({ method: 'POST', url: `${API}/Auth/login`, payload: ADMIN });
    const other = new Fuzzer({ ...opts, seed: opts.seed + i, adminToken: login.json().data.token }, f.tally);
    await other.setup();
    fuzzers.push(other);
  }
  await Promise.all(fuzzers.map(async (w) => {
    while (Date.now() < deadline) {
      const op = w.rng.pick(ops);
      await w.one(op, w.rng.pick(w.applicable(op)));
    }
  }));
  return f.report(ops, started);
}

/** A report as text: figures, then every finding. */
export function formatReport(r: FuzzReport): string {
  const lines = [
    `seed ${r.seed}: ${r.requests} requests in ${(r.ms / 1000).toFixed(1)} s, ${r.covered}/${r.operations} operations answered, ${r.grid[0]}/${r.grid[1]} operation × mutation pairs, ${r.findings.length} findings${r.relogins ? `, ${r.relogins} re-logins` : ''}`,
    `by mutation: ${Object.entries(r.byMutation).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `by status: ${Object.entries(r.byStatus).map(([k, v]) => `${k} ${v}`).join(', ')}`,
  ];
  if (r.uncovered.length) lines.push(`not answered: ${r.uncovered.join(', ')}`);
  for (const f of r.findings) lines.push(`- ${f.operation} [${f.mutation}] ${f.method} ${f.url}${f.body ? ` body ${f.body}` : ''} → ${f.status}: ${f.reason}${f.count > 1 ? ` (×${f.count})` : ''}`);
  return lines.join('\n');
}
