// Reads the contract source (openapi/) and turns every `x-entity` schema into an entity model:
// the one description of an entity that the contract expansion, the server metadata, the
// Drizzle schema and the admin metadata are all written from.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { FieldKind } from '../common/fields.ts';

export type JsonSchema = Record<string, any>;

export const INT4_MAX = 2147483647;

export type Operation = 'list' | 'page' | 'get' | 'create' | 'update' | 'delete';
export const ALL_OPERATIONS: Operation[] = ['list', 'page', 'get', 'create', 'update', 'delete'];

export interface FieldModel {
  name: string;
  column: string; // database column
  kind: FieldKind;
  nullable: boolean;
  required: boolean; // required on create
  readOnly: boolean;
  writeOnly: boolean;
  secret?: 'hash' | 'encrypt';
  computed: boolean;
  /** SQL of a stored generated column over the row's own columns (`x-generated`). */
  generated?: string;
  /** Optional on create: the server assigns it when left out (`x-assigned`); always in a row. */
  assigned: boolean;
  lookup?: string; // entity name
  /** Which referenced rows a lookup offers: filters of the list's page request (`x-lookup-filter`). */
  lookupFilter?: { ColumnName: string; MatchMode: string; FilterValue: unknown }[];
  /** The referenced row's fields a lookup shows, joined (`x-lookup-label`); default its display. */
  lookupLabel?: string[];
  unique: boolean;
  enum?: (string | number)[];
  format?: string;
  payloadName: string;
  label: string;
  default?: unknown;
  schema: JsonSchema; // the property's schema as written (x- keys included)
}

export interface EntityModel {
  name: string; // schema name, singular: Product
  plural: string; // path segment: Products
  camel: string; // product
  label: string;
  menu: string;
  claims: string;
  table: string;
  display: string;
  /** `x-entity.translate`: text fields shown through a translation found by the row's `key` property. */
  translate?: { key: string; fields: string[] };
  search: string[];
  columns: string[];
  sort: string[];
  unique: string[][];
  indexes: { columns: string[]; using: 'btree' | 'trgm' }[];
  operations: Operation[];
  idPayloadName: string;
  /** `x-entity.idempotent`: its create and update take an `Idempotency-Key` (a retry never writes twice). */
  idempotent: boolean;
  description?: string;
  fields: FieldModel[]; // standard fields included (id, createdAt, updatedAt, rowVersion)
  schema: JsonSchema; // the schema as written
}

export interface ContractSource {
  root: JsonSchema;
  schemas: Record<string, JsonSchema>; // from schemas/*.yaml, in file then written order
  entities: EntityModel[];
}

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function kindOf(name: string, s: JsonSchema): FieldKind {
  const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
  const t = types.find((x) => x !== 'null');
  if (t === 'integer') return 'integer';
  if (t === 'number') return 'number';
  if (t === 'boolean') return 'boolean';
  if (t === 'object' || t === 'array') return 'json';
  if (t === 'string') {
    if (s.format === 'date') return 'date';
    if (s.format === 'date-time') return 'datetime';
    if (s.format === 'money') return 'money';
    if (s.format === 'decimal') return 'decimal';
    if (s.format === 'uuid') return 'uuid';
    return 'text';
  }
  throw new Error(`property ${name}: cannot map type ${JSON.stringify(s.type)}`);
}

function standardFields(camel: string): FieldModel[] {
  const base = { nullable: false, required: false, writeOnly: false, computed: false, assigned: false, unique: false };
  return [
    { ...base, name: 'id', column: 'id', kind: 'integer', readOnly: true, payloadName: 'id', label: `field.${camel}.id`, schema: { type: 'integer', readOnly: true } },
    { ...base, name: 'createdAt', column: 'created_at', kind: 'datetime', readOnly: true, payloadName: 'createdAt', label: 'field.common.createdAt', format: 'date-time', schema: { type: 'string', format: 'date-time', readOnly: true } },
    { ...base, name: 'updatedAt', column: 'updated_at', kind: 'datetime', readOnly: true, payloadName: 'updatedAt', label: 'field.common.updatedAt', format: 'date-time', schema: { type: 'string', format: 'date-time', readOnly: true } },
    { ...base, name: 'rowVersion', column: 'row_version', kind: 'integer', readOnly: false, payloadName: 'rowVersion', label: 'field.common.rowVersion', schema: { type: 'integer', minimum: 1, maximum: INT4_MAX } },
  ];
}

function entityModel(name: string, schema: JsonSchema): EntityModel {
  const x = schema['x-entity'];
  for (const key of ['plural', 'label', 'menu', 'table']) {
    if (!x[key]) throw new Error(`${name}: x-entity.${key} is required`);
  }
  const camel = lowerFirst(name);
  const required = new Set<string>(schema.required ?? []);
  const fields: FieldModel[] = standardFields(camel);
  for (const [prop, s] of Object.entries<JsonSchema>(schema.properties ?? {})) {
    if (['id', 'createdAt', 'updatedAt', 'rowVersion'].includes(prop)) throw new Error(`${name}.${prop} is added by codegen`);
    const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
    const secret = s['x-secret'];
    if (secret && !s.writeOnly) throw new Error(`${name}.${prop}: x-secret needs writeOnly`);
    // Integers are PostgreSQL `integer`: the contract says so, so an out-of-range value is a 400.
    if (kindOf(`${name}.${prop}`, s) === 'integer') s.maximum ??= INT4_MAX;
    const generated = s['x-generated'];
    if (generated !== undefined && (typeof generated !== 'string' || !s.readOnly || !s['x-computed'] || /[`$]/.test(generated))) {
      throw new Error(`${name}.${prop}: x-generated is an SQL expression (no backtick or $) on a readOnly, x-computed property`);
    }
    if (s['x-assigned'] && (required.has(prop) || s.readOnly || types.includes('null'))) throw new Error(`${name}.${prop}: x-assigned is for a writable, not nullable property left out of required`);
    fields.push({
      name: prop,
      column: secret === 'hash' ? `${snake(prop)}_hash` : secret === 'encrypt' ? `${snake(prop)}_enc` : snake(prop),
      kind: kindOf(`${name}.${prop}`, s),
      nullable: types.includes('null'),
      required: required.has(prop),
      readOnly: !!s.readOnly,
      writeOnly: !!s.writeOnly,
      secret,
      computed: !!s['x-computed'],
      generated,
      assigned: !!s['x-assigned'],
      lookup: s['x-lookup'],
      ...(s['x-lookup-filter'] ? { lookupFilter: s['x-lookup-filter'] } : {}),
      ...(s['x-lookup-label'] ? { lookupLabel: s['x-lookup-label'] } : {}),
      unique: !!s['x-unique'],
      enum: s.enum,
      format: s.format,
      payloadName: s['x-payload-name'] ?? prop,
      label: s['x-label'] ?? `field.${camel}.${prop}`,
      default: s.default,
      schema: s,
    });
  }
  const names = new Set(fields.map((f) => f.name));
  const check = (what: string, list: string[]) => {
    for (const f of list) if (!names.has(f.replace(/^-/, ''))) throw new Error(`${name}: ${what} names unknown property ${f}`);
  };
  const display = x.display ?? 'name';
  const visible = fields.filter((f) => !f.writeOnly && !['createdAt', 'updatedAt', 'rowVersion'].includes(f.name)).map((f) => f.name);
  const model: EntityModel = {
    name,
    plural: x.plural,
    camel,
    label: x.label,
    menu: x.menu,
    claims: x.claims ?? x.plural,
    table: x.table,
    display,
    ...(x.translate ? { translate: { key: x.translate.key, fields: x.translate.fields ?? [] } } : {}),
    search: x.search ?? [display],
    columns: x.columns ?? visible,
    sort: x.sort ?? ['id'],
    unique: x.unique ?? [],
    indexes: (x.indexes ?? []).map((i: JsonSchema) => ({ columns: i.columns, using: i.using ?? 'btree' })),
    operations: x.operations ?? ALL_OPERATIONS,
    idPayloadName: x.idPayloadName ?? 'id',
    idempotent: x.idempotent === true,
    description: schema.description,
    fields,
    schema,
  };
  check('display', [display]);
  if (model.translate) {
    // The key names one row (unique text); what it translates is the row's own text.
    const key = fields.find((f) => f.name === model.translate!.key);
    if (!key || !key.unique || key.kind !== 'text') throw new Error(`${name}: x-entity.translate.key must be a unique text property`);
    check('translate.fields', model.translate.fields);
    if (!model.translate.fields.length || model.translate.fields.some((n) => fields.find((f) => f.name === n)!.kind !== 'text')) throw new Error(`${name}: x-entity.translate.fields are text properties`);
  }
  // Search entries: a text field, a lookup field (the referenced row matches its own search), or
  // `Entity.field` (a row of Entity whose lookup `field` names this one matches its own search;
  // checked once every entity is read).
  check('search', model.search.filter((f) => !f.includes('.')));
  check('columns', model.columns);
  check('sort', model.sort);
  model.unique.forEach((u) => check('unique', u));
  model.indexes.forEach((i) => check('indexes', i.columns));
  for (const i of model.indexes) {
    if (i.using === 'trgm' && i.columns.some((n) => fields.find((f) => f.name === n)!.kind !== 'text')) throw new Error(`${name}: a trgm index holds text columns only`);
  }
  for (const f of model.search.filter((x) => !x.includes('.'))) {
    const field = fields.find((x) => x.name === f)!;
    if (field.kind !== 'text' && !field.lookup) throw new Error(`${name}: search field ${f} is neither text nor a lookup`);
  }
  for (const f of fields) if (f.secret && (model.columns.includes(f.name) || model.search.includes(f.name))) throw new Error(`${name}.${f.name}: a secret cannot be listed or searched`);
  for (const op of model.operations) if (!ALL_OPERATIONS.includes(op)) throw new Error(`${name}: unknown operation ${op}`);
  return model;
}

/** The referenced entity's display field when it is translated: the row then carries the referenced row's key in `lookupKeys`. */
export function translatedLookup(f: FieldModel, byName: Map<string, EntityModel>): string | undefined {
  const target = f.lookup ? byName.get(f.lookup) : undefined;
  return target?.translate?.fields.includes(target.display) ? target.display : undefined;
}

export function loadContract(dir: string): ContractSource {
  const root = parse(readFileSync(join(dir, 'openapi.yaml'), 'utf8'));
  // paths/*.yaml: operations of one area each, merged into the root's paths.
  for (const file of readdirSync(join(dir, 'paths')).filter((f) => f.endsWith('.yaml')).sort()) {
    const map = parse(readFileSync(join(dir, 'paths', file), 'utf8')) ?? {};
    for (const [path, item] of Object.entries<JsonSchema>(map)) {
      if (root.paths[path]) throw new Error(`path ${path} is defined twice (${file})`);
      root.paths[path] = item;
    }
  }
  const schemas: Record<string, JsonSchema> = {};
  const files = readdirSync(join(dir, 'schemas')).filter((f) => f.endsWith('.yaml')).sort();
  for (const file of files) {
    const map = parse(readFileSync(join(dir, 'schemas', file), 'utf8')) ?? {};
    for (const [name, schema] of Object.entries<JsonSchema>(map)) {
      if (schemas[name] || root.components?.schemas?.[name]) throw new Error(`schema ${name} is defined twice (${file})`);
      schemas[name] = schema;
    }
  }
  const entities = Object.entries(schemas).filter(([, s]) => s['x-entity']).map(([n, s]) => entityModel(n, s));
  const byName = new Map(entities.map((e) => [e.name, e]));
  const plurals = new Set<string>();
  for (const e of entities) {
    if (plurals.has(e.plural)) throw new Error(`plural ${e.plural} is used twice`);
    plurals.add(e.plural);
    for (const f of e.fields) if (f.lookup && !byName.has(f.lookup)) throw new Error(`${e.name}.${f.name}: x-lookup ${f.lookup} is not an entity`);
  }
  // A lookup's filter and label name fields of the referenced entity (a filter: or of a row it references).
  const has = (entity: EntityModel | undefined, name: string) => entity?.fields.find((x) => x.name === name);
  for (const e of entities) {
    for (const f of e.fields.filter((x) => x.lookupFilter || x.lookupLabel)) {
      const target = f.lookup ? byName.get(f.lookup) : undefined;
      if (!target) throw new Error(`${e.name}.${f.name}: x-lookup-filter and x-lookup-label need x-lookup`);
      for (const l of f.lookupLabel ?? []) if (!has(target, l)) throw new Error(`${e.name}.${f.name}: x-lookup-label ${l} is not a field of ${target.name}`);
      for (const c of f.lookupFilter ?? []) {
        const [name, inner] = String(c.ColumnName).split('.');
        const ref = has(target, name);
        if (!ref || (inner !== undefined && !has(ref.lookup ? byName.get(ref.lookup) : undefined, inner))) {
          throw new Error(`${e.name}.${f.name}: x-lookup-filter column ${c.ColumnName} is not a field of ${target.name}`);
        }
      }
    }
  }
  for (const e of entities) {
    for (const s of e.search.filter((x) => x.includes('.'))) {
      const [child, field] = s.split('.');
      const f = byName.get(child)?.fields.find((x) => x.name === field);
      if (f?.lookup !== e.name) throw new Error(`${e.name}: search entry ${s} is not a lookup of ${child} naming ${e.name}`);
    }
  }
  return { root, schemas, entities };
}
