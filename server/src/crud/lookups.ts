// What a row shows for each reference to another entity: the referenced row's display field,
// answered beside the ids as `lookups: { field: text }` so a list needs no second request.
import { type EntityMeta, entityByName, ident, selectList } from './entities.ts';

const references = (e: EntityMeta) => e.fields.filter((f) => f.lookup && !f.writeOnly);
export const hasLookups = (e: EntityMeta) => references(e).length > 0;

export function lookupsSelect(e: EntityMeta, alias = 't'): string {
  const refs = references(e);
  if (!refs.length) return selectList(e, alias);
  const pairs = refs.map((f) => {
    const target = entityByName.get(f.lookup!)!;
    const display = target.fields.find((x) => x.name === target.display)!;
    return `'${f.name}', (SELECT x.${ident(display.column)}::text FROM ${ident(target.table)} x WHERE x.id = ${alias}.${ident(f.column)})`;
  });
  return `${selectList(e, alias)}, jsonb_build_object(${pairs.join(', ')}) AS "lookups"`;
}
