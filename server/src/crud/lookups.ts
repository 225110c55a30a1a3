// What a row shows for each reference to another entity: the referenced row's display field,
// answered beside the ids as `lookups: { field: text }` so a list needs no second request.
import { type EntityMeta, type FieldMeta, entityByName, ident, selectList } from './entities.ts';

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
