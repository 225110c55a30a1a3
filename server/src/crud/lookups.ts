// What a row shows for each reference to another entity: the referenced row's display field,
// answered beside the ids as `lookups: { field: text }` so a list needs no second request.
import { type EntityMeta, type FieldMeta, entityByName, ident, readableFields, selectList } from './entities.ts';

const references = (e: EntityMeta) => e.fields.filter((f) => f.lookup && !f.writeOnly);
export const hasLookups = (e: EntityMeta) => references(e).length > 0;

/** The referenced row's display field as text, for the row `alias`. */
function display(f: FieldMeta, alias: string): string {
  const target = entityByName.get(f.lookup!)!;
  const column = target.fields.find((x) => x.name === target.display)!.column;
  return `(SELECT x.${ident(column)}::text FROM ${ident(target.table)} x WHERE x.id = ${alias}.${ident(f.column)})`;
}

/** Every reference's display text as an SQL expression: what the global search of a link table looks in. */
export const lookupDisplays = (e: EntityMeta, alias = 't'): string[] => references(e).map((f) => display(f, alias));

export function lookupsSelect(e: EntityMeta, alias = 't'): string {
  const refs = references(e);
  if (!refs.length) return selectList(e, alias);
  const pairs = refs.map((f) => `'${f.name}', ${display(f, alias)}`);
  return `${selectList(e, alias)}, jsonb_build_object(${pairs.join(', ')}) AS "lookups"`;
}

/** A column as the API answers it in JSON: money and decimals as exact strings, times in UTC with milliseconds. */
function jsonValue(f: FieldMeta, alias: string): string {
  const column = `${alias}.${ident(f.column)}`;
  switch (f.kind) {
    case 'money':
    case 'decimal':
    case 'number': // numeric columns: the driver reads them as strings
    case 'uuid':
      return `${column}::text`;
    case 'datetime':
      return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    default:
      return column;
  }
}

/**
 * The row `alias` as one jsonb value, the same JSON as `lookupsSelect` answers through the driver
 * (tests/api/json-rows.test.ts): for an answer built in SQL, such as one stored in the same
 * statement (db/idempotency.ts).
 */
export function lookupsJson(e: EntityMeta, alias = 't'): string {
  const pairs = readableFields(e).map((f) => `'${f.name}', ${jsonValue(f, alias)}`);
  const refs = references(e);
  if (refs.length) pairs.push(`'lookups', jsonb_build_object(${refs.map((f) => `'${f.name}', ${display(f, alias)}`).join(', ')})`);
  // jsonb_build_object takes at most 100 arguments.
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 40) chunks.push(`jsonb_build_object(${pairs.slice(i, i + 40).join(', ')})`);
  return chunks.join(' || ');
}
