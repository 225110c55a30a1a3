// What a row shows for each reference to another entity: the referenced row's display field,
// answered beside the ids as `lookups: { field: text }` so a list needs no second request; and,
// for a referenced entity whose display field is translated (`x-entity.translate`), the referenced
// row's key as `lookupKeys: { field: key }`, by which the screens show it in the user's language.
import { type EntityMeta, type FieldMeta, entityByName, ident, readableFields, selectList } from './entities.ts';

const references = (e: EntityMeta) => e.fields.filter((f) => f.lookup && !f.writeOnly);
export const hasLookups = (e: EntityMeta) => references(e).length > 0;

/** The referenced row's display field as text, for the row `alias`. */
function display(f: FieldMeta, alias: string): string {
  const target = entityByName.get(f.lookup!)!;
  return referenced(f, target.display, alias);
}

/** A field of the referenced row as text (one primary-key probe). */
function referenced(f: FieldMeta, field: string, alias: string): string {
  const target = entityByName.get(f.lookup!)!;
  const column = target.fields.find((x) => x.name === field)!.column;
  return `(SELECT x.${ident(column)}::text FROM ${ident(target.table)} x WHERE x.id = ${alias}.${ident(f.column)})`;
}

/** References whose referenced row shows a translated display field: their key is answered too. */
const translatedReferences = (e: EntityMeta) =>
  references(e).filter((f) => {
    const target = entityByName.get(f.lookup!)!;
    return target.translate?.fields.includes(target.display) ?? false;
  });

/** The `lookupKeys` object as SQL, or undefined when no reference is translated. */
function keysObject(e: EntityMeta, alias: string): string | undefined {
  const refs = translatedReferences(e);
  if (!refs.length) return undefined;
  return `jsonb_build_object(${refs.map((f) => `'${f.name}', ${referenced(f, entityByName.get(f.lookup!)!.translate!.key, alias)}`).join(', ')})`;
}

/** Every reference's display text as an SQL expression: what the global search of a link table looks in. */
export const lookupDisplays = (e: EntityMeta, alias = 't'): string[] => references(e).map((f) => display(f, alias));

export function lookupsSelect(e: EntityMeta, alias = 't'): string {
  const refs = references(e);
  if (!refs.length) return selectList(e, alias);
  const pairs = refs.map((f) => `'${f.name}', ${display(f, alias)}`);
  const keys = keysObject(e, alias);
  return `${selectList(e, alias)}, jsonb_build_object(${pairs.join(', ')}) AS "lookups"${keys ? `, ${keys} AS "lookupKeys"` : ''}`;
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
  const keys = keysObject(e, alias);
  if (keys) pairs.push(`'lookupKeys', ${keys}`);
  // jsonb_build_object takes at most 100 arguments.
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 40) chunks.push(`jsonb_build_object(${pairs.slice(i, i + 40).join(', ')})`);
  return chunks.join(' || ');
}
