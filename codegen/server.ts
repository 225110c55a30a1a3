// Writes what the server needs from the contract: the Drizzle schema (the input of drizzle-kit's
// migrations) and the entity metadata the generic CRUD engine runs on.
import type { EntityModel, FieldModel } from './model.ts';
import { operationsOf } from './contract.ts';
import { SEARCH_PHONES_COLUMN, SEARCH_TEXT_COLUMN, documentHasPhones, documentedEntities } from './search-documents.ts';

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const tableVar = (e: EntityModel) => camel(e.table);

/** Constraint names are stable so that database errors map back to fields and entities. */
export const names = {
  unique: (e: EntityModel, cols: string[]) => `uq_${e.table}__${cols.join('__')}`,
  fk: (e: EntityModel, f: FieldModel) => `fk_${e.table}__${f.column}`,
  index: (e: EntityModel, cols: string[], using: string) => `ix_${e.table}__${cols.join('__')}${using === 'trgm' ? '_trgm' : ''}`,
  check: (e: EntityModel, f: FieldModel) => `ck_${e.table}__${f.column}`,
};

/**
 * The fields the global search reads (x-entity.search, not a lookup), each with its stored search
 * copy (`<column>_search`, kept by the database on every write): a text folded (kurban_fold:
 * Turkish letters and case), a phone as its last ten digits (kurban_phone_key). The search and
 * the text filters compare the copy through its trigram index, so a row costs a plain LIKE
 * instead of folding again (about 2 µs a row; a phone's digits about as much): a list's count
 * over a date range, and a search through references, read thousands of rows.
 */
export function searchCopies(e: EntityModel): { field: FieldModel; column: string; property: string; expression: string }[] {
  return e.search
    .filter((n) => !n.includes('.'))
    .map((n) => e.fields.find((x) => x.name === n)!)
    .filter((f) => !f.lookup)
    .map((field) => ({
      field,
      column: `${field.column}_search`,
      property: `${field.name}Search`,
      expression: `${field.format === 'phone' ? 'kurban_phone_key' : 'kurban_fold'}("${field.column}")`,
    }));
}

/**
 * The stored search document of an entity whose search follows references (texts, and phones
 * where what it reads has any), kept by triggers: codegen/search-documents.ts.
 */
export function searchDocument(e: EntityModel, entities: EntityModel[]): { part: 'texts' | 'phones'; column: string; property: string }[] {
  if (!documentedEntities(entities).includes(e)) return [];
  const byName = new Map(entities.map((x) => [x.name, x]));
  return [
    { part: 'texts', column: SEARCH_TEXT_COLUMN, property: 'searchText' },
    ...(documentHasPhones(e, byName) ? [{ part: 'phones' as const, column: SEARCH_PHONES_COLUMN, property: 'searchPhones' }] : []),
  ];
}

function columnOf(e: EntityModel, f: FieldModel): string {
  const col = (fn: string, opts = '') => `${fn}('${f.column}'${opts})`;
  let c: string;
  switch (f.kind) {
    case 'integer': c = col('integer'); break;
    case 'number': c = f.format === 'percent' ? col('numeric', ", { precision: 5, scale: 2, mode: 'number' }") : col('doublePrecision'); break;
    case 'boolean': c = col('boolean'); break;
    case 'money': c = col('numeric', ', { precision: 18, scale: 2 }'); break;
    // The scale follows the contract (`x-scale`, default 3): what the column answers must fit the
    // property's own pattern, so that a row read from the API is accepted back unchanged.
    case 'decimal': c = col('numeric', `, { precision: 12, scale: ${f.schema['x-scale'] ?? 3} }`); break;
    case 'date': c = col('date', ", { mode: 'string' }"); break;
    case 'datetime': c = col('timestamp', ', { withTimezone: true }'); break;
    case 'uuid': c = col('uuid'); break;
    case 'json': c = col('jsonb'); break;
    default: c = col('text');
  }
  if (f.name === 'id') return `${c}.primaryKey().generatedByDefaultAsIdentity()`;
  if (f.name === 'createdAt' || f.name === 'updatedAt') return `${c}.notNull().defaultNow()`;
  if (f.name === 'rowVersion') return `${c}.notNull().default(1)`;
  // The database computes it from the row; nothing ever writes it.
  if (f.generated) return `${c}${f.nullable ? '' : '.notNull()'}.generatedAlwaysAs(sql\`${f.generated}\`)`;
  if (f.secret || f.nullable) {
    return f.default !== undefined && f.default !== null ? `${c}.default(${JSON.stringify(f.default)})` : c;
  }
  c += '.notNull()';
  if (f.default !== undefined) return `${c}.default(${JSON.stringify(f.default)})`;
  if (f.kind === 'uuid' && f.readOnly) return `${c}.defaultRandom()`;
  // A reference kept by the database (a trigger fills it) has no default: 0 is no row's id.
  if (f.readOnly && ['money', 'decimal', 'integer', 'number'].includes(f.kind) && !f.lookup) return `${c}.default(${f.kind === 'money' || f.kind === 'decimal' ? "'0'" : 0})`;
  if (f.readOnly && f.kind === 'datetime') return `${c}.defaultNow()`;
  if (!f.required && !f.readOnly && !f.assigned) throw new Error(`${e.name}.${f.name}: optional, not nullable and without a default; give it a default or make it nullable`);
  return c;
}

/** Tables in an order where every referenced table comes first (self references aside). */
function ordered(entities: EntityModel[]): EntityModel[] {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const out: EntityModel[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (e: EntityModel) => {
    if (state.get(e.name) === 'done') return;
    if (state.get(e.name) === 'visiting') throw new Error(`reference cycle through ${e.name}`);
    state.set(e.name, 'visiting');
    for (const f of e.fields) if (f.lookup && f.lookup !== e.name) visit(byName.get(f.lookup)!);
    state.set(e.name, 'done');
    out.push(e);
  };
  entities.forEach(visit);
  return out;
}

const PG_CORE = ['boolean', 'check', 'date', 'doublePrecision', 'foreignKey', 'index', 'integer', 'jsonb', 'numeric', 'pgTable', 'text', 'timestamp', 'uniqueIndex', 'uuid'];

export function drizzleSchema(entities: EntityModel[]): string {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const lines = [
    '// Generated by `npm run gen` from openapi/. Do not edit: change the contract and regenerate.',
    "import { sql } from 'drizzle-orm';",
    "import { boolean, check, date, doublePrecision, foreignKey, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';",
    '',
  ];
  for (const e of ordered(entities)) {
    lines.push(`export const ${tableVar(e)} = pgTable('${e.table}', {`);
    for (const f of e.fields) lines.push(`  ${f.name}: ${columnOf(e, f)},`);
    for (const c of searchCopies(e)) lines.push(`  ${c.property}: text('${c.column}').generatedAlwaysAs(sql\`${c.expression}\`),`);
    const document = searchDocument(e, entities);
    for (const d of document) lines.push(`  ${d.property}: text('${d.column}'),`);
    const start = lines.push('}, (t) => [');
    for (const f of e.fields) {
      if (f.unique) lines.push(`  uniqueIndex('${names.unique(e, [f.column])}').on(t.${f.name}),`);
      if (f.lookup) {
        const target = f.lookup === e.name ? 't' : tableVar(byName.get(f.lookup)!);
        lines.push(`  foreignKey({ name: '${names.fk(e, f)}', columns: [t.${f.name}], foreignColumns: [${target}.id] }).onDelete('restrict'),`);
        // The first column of a composite unique key already indexes it.
        if (!e.unique.some((u) => u[0] === f.name)) lines.push(`  index('${names.index(e, [f.column], 'btree')}').on(t.${f.name}),`);
      }
      if (f.enum) {
        const values = f.enum.filter((v) => v !== null).map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
        lines.push(`  check('${names.check(e, f)}', sql\`\${t.${f.name}} in (${values})\`),`);
      }
    }
    const column = (n: string) => e.fields.find((f) => f.name === n)!.column;
    for (const u of e.unique) lines.push(`  uniqueIndex('${names.unique(e, u.map(column))}').on(${u.map((n) => `t.${n}`).join(', ')}),`);
    for (const i of e.indexes) {
      const name = names.index(e, i.columns.map(column), i.using);
      if (i.using === 'trgm') lines.push(`  index('${name}').using('gin', ${i.columns.map((n) => `t.${n}.op('gin_trgm_ops')`).join(', ')}),`);
      else lines.push(`  index('${name}').on(${i.columns.map((n) => `t.${n}`).join(', ')}),`);
    }
    // The global search reads each field it searches through its search copy's trigram index (rules/search.sql).
    for (const c of searchCopies(e)) lines.push(`  index('ix_${e.table}__${c.field.column}_search').using('gin', t.${c.property}.op('gin_trgm_ops')),`);
    // An entity whose search follows references reads its search document (codegen/search-documents.ts).
    for (const d of document) lines.push(`  index('ix_${e.table}__${d.column}').using('gin', t.${d.property}.op('gin_trgm_ops')),`);
    if (lines.length === start) lines[start - 1] = '});';
    else lines.push(']);');
    lines.push('');
  }
  // Import only the column builders in use, so the output lints clean.
  const body = lines.slice(4).join('\n');
  const used = PG_CORE.filter((name) => new RegExp(`\\b${name}\\(`).test(body));
  lines[2] = `import { ${used.join(', ')} } from 'drizzle-orm/pg-core';`;
  if (!body.includes('sql`')) lines[1] = '';
  return lines.filter((l, i) => i !== 1 || l).join('\n');
}

/** The metadata the generic CRUD engine and the error mapper read at run time. */
export function serverEntities(entities: EntityModel[]) {
  const byName = new Map(entities.map((e) => [e.name, e]));
  return entities.map((e) => ({
    name: e.name,
    plural: e.plural,
    table: e.table,
    claims: e.claims,
    label: e.label,
    display: e.display,
    ...(e.translate ? { translate: e.translate } : {}),
    search: e.search,
    // Its search document's columns (the list's search reads them, not its references).
    ...(documentedEntities(entities).includes(e) ? { searchDocument: Object.fromEntries(searchDocument(e, entities).map((d) => [d.part, d.column])) } : {}),
    sort: e.sort,
    operations: Object.fromEntries(operationsOf(e).map((o) => [o.id, o.op])),
    idPayloadName: e.idPayloadName,
    fields: e.fields.map((f) => ({
      name: f.name,
      column: f.column,
      // The column the search and text filters compare (rules/search.sql), where the field has one.
      ...Object.fromEntries(searchCopies(e).filter((c) => c.field === f).map((c) => ['searchColumn', c.column])),
      kind: f.kind,
      nullable: f.nullable,
      required: f.required,
      readOnly: f.readOnly,
      writeOnly: f.writeOnly,
      ...(f.secret ? { secret: f.secret } : {}),
      computed: f.computed,
      ...(f.lookup ? { lookup: f.lookup } : {}),
      ...(f.enum ? { enum: f.enum } : {}),
      ...(f.format ? { format: f.format } : {}),
      payloadName: f.payloadName,
      label: f.label,
      ...(f.schema['x-minimum'] !== undefined ? { minimum: String(f.schema['x-minimum']) } : {}),
      ...(f.schema['x-exclusive-minimum'] !== undefined ? { exclusiveMinimum: String(f.schema['x-exclusive-minimum']) } : {}),
      ...(f.schema['x-maximum'] !== undefined ? { maximum: String(f.schema['x-maximum']) } : {}),
    })),
    uniqueConstraints: Object.fromEntries([
      ...e.fields.filter((f) => f.unique).map((f) => [names.unique(e, [f.column]), [f.name]]),
      ...e.unique.map((u) => [names.unique(e, u.map((n) => e.fields.find((f) => f.name === n)!.column)), u]),
    ]),
    // Rows of other entities that point here: a delete is refused while any exists.
    referencedBy: entities.flatMap((other) =>
      other.fields.filter((f) => f.lookup === e.name).map((f) => ({ entity: other.name, label: other.label, field: f.name, constraint: names.fk(other, f) })),
    ),
    foreignKeys: Object.fromEntries(e.fields.filter((f) => f.lookup).map((f) => [names.fk(e, f), { field: f.name, entity: f.lookup, label: byName.get(f.lookup!)!.label }])),
  }));
}
