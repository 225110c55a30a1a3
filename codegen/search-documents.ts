// The search documents: an entity whose global search follows references (x-entity.search names a
// lookup field or `Entity.field`, the rows that name it) keeps on each row everything that search
// reads (its own fields, and through its references the fields their own search reads), folded,
// in two stored columns with a trigram index each. The list then finds its matches with one index
// scan of its own table, where following the references meant one index scan per referenced
// table and a probe per matching id: a common first name over 20,000 orders matched 1,248 orders
// through 760 shareholders and 200 customers (4–5 ms; issue 17, point 3).
//
// The documents are kept by triggers generated here from the same metadata (the SQL below is
// `generated/server/search-documents.sql`, applied after the rules on every start):
// - the row's own BEFORE trigger computes its document from its fields and what they reference;
// - a row another document reads (a customer, an animal's ear tag, a shareholder) refreshes, when
//   a field that document reads changes or it goes, the documents that read it, found back along
//   the path; a new one (a share line) adds its parts to them, as a document is a set.
import type { EntityModel, FieldModel } from './model.ts';
import { searchCopies } from './server.ts';

/** References followed at most: a payment by its order's shareholders is two deep. */
const SEARCH_DEPTH = 2;
export const SEARCH_TEXT_COLUMN = 'search_text';
export const SEARCH_PHONES_COLUMN = 'search_phones';

/** What a document reads of one row: its fields, and the rows it reaches from there. */
interface SearchNode {
  entity: EntityModel;
  texts: FieldModel[];
  phones: FieldModel[];
  /** A referenced row: `field` of this row holds its id. */
  lookups: { field: FieldModel; node: SearchNode }[];
  /** Rows of another entity whose `field` holds this row's id. */
  children: { field: FieldModel; node: SearchNode }[];
}

type ByName = Map<string, EntityModel>;

const followsReferences = (e: EntityModel) =>
  e.search.some((n) => n.includes('.') || e.fields.find((f) => f.name === n)?.lookup);

/** The entities that keep a search document. */
export const documentedEntities = (entities: EntityModel[]) => entities.filter(followsReferences);

/** The phones a document holds: whether the entity's document has a phones column. */
export const documentHasPhones = (e: EntityModel, byName: ByName) => hasPhones(searchTree(e, byName));
const hasPhones = (n: SearchNode): boolean =>
  n.phones.length > 0 || n.lookups.some((l) => hasPhones(l.node)) || n.children.some((c) => hasPhones(c.node));

/**
 * What the search of `e` reads: its search entries, a reference followed to the other entity's own
 * search, up to SEARCH_DEPTH deep, never back along the reference just followed (an order's
 * shareholders are not read again for their order's number).
 */
function searchTree(e: EntityModel, byName: ByName, depth = 0, back?: string): SearchNode {
  const node: SearchNode = { entity: e, texts: [], phones: [], lookups: [], children: [] };
  for (const entry of e.search) {
    if (entry === back) continue;
    if (entry.includes('.')) {
      const [childName, fieldName] = entry.split('.');
      const child = byName.get(childName)!;
      if (depth < SEARCH_DEPTH) node.children.push({ field: child.fields.find((f) => f.name === fieldName)!, node: searchTree(child, byName, depth + 1, fieldName) });
      continue;
    }
    const f = e.fields.find((x) => x.name === entry)!;
    if (f.lookup) {
      if (depth < SEARCH_DEPTH) node.lookups.push({ field: f, node: searchTree(byName.get(f.lookup)!, byName, depth + 1, `${e.name}.${f.name}`) });
    } else if (f.format === 'phone') node.phones.push(f);
    else node.texts.push(f);
  }
  return node;
}

const q = (name: string) => `"${name}"`;

/** The parts one kind of a node's fields gives, as a text[] expression over the row `alias` (null: none). */
function parts(n: SearchNode, alias: string, depth: number, kind: 'texts' | 'phones'): string | null {
  const fn = kind === 'texts' ? 'kurban_fold' : 'kurban_phone_key';
  // A row read through a reference gives its stored search copies (codegen/server.ts
  // `searchCopies`: the same folding, made when it was written); the document's own row is folded
  // here, as a BEFORE trigger sees it before its copies are made.
  const copy = (f: FieldModel) => searchCopies(n.entity).find((c) => c.field === f)!.column;
  const value = (f: FieldModel) => (depth > 0 ? `${alias}.${q(copy(f))}` : `${fn}(${alias}.${q(f.column)})`);
  const out: string[] = [];
  if (n[kind].length) out.push(`ARRAY[${n[kind].map(value).join(', ')}]`);
  const inner = `s${depth + 1}`;
  for (const l of n.lookups) {
    const sub = parts(l.node, inner, depth + 1, kind);
    if (sub) out.push(`ARRAY(SELECT x FROM ${q(l.node.entity.table)} ${inner}, unnest(${sub}) x WHERE ${inner}."id" = ${alias}.${q(l.field.column)})`);
  }
  for (const c of n.children) {
    const sub = parts(c.node, inner, depth + 1, kind);
    if (sub) out.push(`ARRAY(SELECT x FROM ${q(c.node.entity.table)} ${inner}, unnest(${sub}) x WHERE ${inner}.${q(c.field.column)} = ${alias}."id")`);
  }
  return out.length ? out.join(' || ') : null;
}

/** The columns of a node's row its document reads: its fields and the references it follows. */
const nodeColumns = (n: SearchNode) => [...n.texts, ...n.phones, ...n.lookups.map((l) => l.field)].map((f) => f.column);

/** A step from a row down to the next row of a path (see `paths`). */
type Step = { kind: 'lookup' | 'child'; field: FieldModel };
/** Every node under the root, with the steps that lead to it and the node each step reaches. */
function paths(n: SearchNode, steps: Step[] = [], nodes: SearchNode[] = []): { node: SearchNode; steps: Step[]; nodes: SearchNode[] }[] {
  const down = (step: Step, next: SearchNode) => {
    const at = { node: next, steps: [...steps, step], nodes: [...nodes, next] };
    return [at, ...paths(next, at.steps, at.nodes)];
  };
  return [
    ...n.lookups.flatMap((l) => down({ kind: 'lookup', field: l.field }, l.node)),
    ...n.children.flatMap((c) => down({ kind: 'child', field: c.field }, c.node)),
  ];
}

/**
 * The ids of the documents a row (`row`: OLD or NEW of the path's last table) is read by, back
 * along the path: a referenced row by the rows that hold its id, a child row by the id it holds.
 * The row itself is taken from the trigger (it may be gone); the rows above it as they are now.
 */
function documentsReading(root: EntityModel, steps: Step[], row: string, nodes: SearchNode[]): string {
  let ids = '';
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i];
    const parentTable = i === 0 ? root.table : nodes[i - 1].entity.table;
    const here = nodes[i].entity.table;
    if (s.kind === 'lookup') {
      ids = ids === ''
        ? `SELECT p."id" FROM ${q(parentTable)} p WHERE p.${q(s.field.column)} = ${row}."id"`
        : `SELECT p."id" FROM ${q(parentTable)} p WHERE p.${q(s.field.column)} IN (${ids})`;
    } else {
      ids = ids === ''
        ? `SELECT ${row}.${q(s.field.column)}`
        : `SELECT c.${q(s.field.column)} FROM ${q(here)} c WHERE c."id" IN (${ids})`;
    }
  }
  return ids;
}

const sqlList = (xs: string[]) => [...new Set(xs)].map(q).join(', ');

/** The SQL that keeps the search documents, applied after the rules on every start (idempotent). */
export function searchDocumentsSql(entities: EntityModel[]): string {
  const byName: ByName = new Map(entities.map((e) => [e.name, e]));
  const out = [
    '-- Generated by `npm run gen` from openapi/ (codegen/search-documents.ts). Do not edit: change the',
    '-- contract and regenerate. Applied after server/src/db/rules/ on every start.',
    '',
  ];
  // Per table, what the documents of others read of it: (root, steps, nodes along the steps).
  const readers = new Map<string, { root: EntityModel; steps: Step[]; nodes: SearchNode[]; node: SearchNode }[]>();
  for (const e of documentedEntities(entities)) {
    const tree = searchTree(e, byName);
    const phones = hasPhones(tree);
    const fn = `kurban_search_document_${e.table}`;
    const texts = parts(tree, 'r', 0, 'texts') ?? 'NULL::text[]';
    const phoneParts = parts(tree, 'r', 0, 'phones') ?? 'NULL::text[]';
    const columns = [SEARCH_TEXT_COLUMN, ...(phones ? [SEARCH_PHONES_COLUMN] : [])];
    // The rows `ids`, each through its primary key, locked in id order (two refreshes lock alike)
    // and read as they are once locked; a row's document is written only when it changes. Most
    // calls name no row (a new share line has no payments yet): they return before any query. A
    // lookup by one key is planned once per session, where `id = ANY(ids)` was planned per call.
    const eachRow = (where: string, values: string[], compute?: string) => [
      '  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;',
      '  FOREACH row_id IN ARRAY ARRAY(SELECT DISTINCT x FROM unnest(ids) x WHERE x IS NOT NULL ORDER BY x) LOOP',
      `    SELECT * INTO r FROM ${q(e.table)} t WHERE t."id" = row_id${where} FOR UPDATE;`,
      '    CONTINUE WHEN NOT FOUND;',
      ...(compute ? [compute] : []),
      `    IF (${columns.map((c) => `r.${c}`).join(', ')}) IS DISTINCT FROM (${values.join(', ')}) THEN`,
      `      UPDATE ${q(e.table)} SET ${columns.map((c, i) => `${c} = ${values[i]}`).join(', ')} WHERE "id" = row_id;`,
      '    END IF;',
      '  END LOOP;',
    ];
    out.push(
      `-- ${e.plural}: what its search reads, folded (texts) and as phone keys (phones).`,
      // PL/pgSQL, as every function below: it plans its statements once per session, where a SQL
      // function that is not inlined planned them on every call (a sale calls several).
      `CREATE OR REPLACE FUNCTION ${fn}(r ${q(e.table)}, OUT texts text, OUT phones text) LANGUAGE plpgsql STABLE AS $$`,
      'BEGIN',
      `  texts := kurban_search_join(${texts});`,
      ...(phones ? [`  phones := kurban_search_join(${phoneParts});`] : []),
      'END $$;',
      '',
      `CREATE OR REPLACE FUNCTION ${fn}_own() RETURNS trigger LANGUAGE plpgsql AS $$`,
      'BEGIN',
      phones
        ? `  SELECT d.texts, d.phones INTO NEW.${SEARCH_TEXT_COLUMN}, NEW.${SEARCH_PHONES_COLUMN} FROM ${fn}(NEW) d;`
        : `  SELECT d.texts INTO NEW.${SEARCH_TEXT_COLUMN} FROM ${fn}(NEW) d;`,
      '  RETURN NEW;',
      'END $$;',
      '',
      // A row read by these documents was added: each gains exactly the parts the row gives (a
      // document is a set), without reading again what it already holds. A share line in the
      // customer's own name, as a sale first makes them, changes nothing.
      `CREATE OR REPLACE FUNCTION kurban_search_add_${e.table}(ids integer[], texts text[], phones text[]) RETURNS void LANGUAGE plpgsql AS $$`,
      'DECLARE',
      '  row_id integer;',
      `  r ${q(e.table)};`,
      '  texts_now text;',
      '  phones_now text;',
      'BEGIN',
      ...eachRow(` AND t.${SEARCH_TEXT_COLUMN} IS NOT NULL`, ['texts_now', ...(phones ? ['phones_now'] : [])], [
        `    texts_now := kurban_search_join(string_to_array(r.${SEARCH_TEXT_COLUMN}, E'\\n') || texts);`,
        ...(phones ? [`    phones_now := kurban_search_join(string_to_array(r.${SEARCH_PHONES_COLUMN}, E'\\n') || phones);`] : []),
      ].join('\n')),
      'END $$;',
      '',
      `CREATE OR REPLACE FUNCTION kurban_search_refresh_${e.table}(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$`,
      'DECLARE',
      '  row_id integer;',
      `  r ${q(e.table)};`,
      '  d record;',
      'BEGIN',
      ...eachRow('', ['d.texts', ...(phones ? ['d.phones'] : [])], `    SELECT * INTO d FROM ${fn}(r);`),
      'END $$;',
      '',
      // Named to come last among the row's BEFORE triggers (alphabetical): they may set what it
      // reads (an order's number, a payment's receipt number).
      `CREATE OR REPLACE TRIGGER ${q(`${e.table}_z_search_document`)} BEFORE INSERT OR UPDATE OF ${sqlList(nodeColumns(tree))} ON ${q(e.table)}`,
      `  FOR EACH ROW EXECUTE FUNCTION ${fn}_own();`,
      '',
      // Rows made before the document was kept: each made from the row itself, only where it has
      // none (no join of the table with itself, whose cost would rest on the planner's order).
      `UPDATE ${q(e.table)} r SET (${columns.join(', ')}) = (SELECT ${columns.map((c) => `d.${c === SEARCH_TEXT_COLUMN ? 'texts' : 'phones'}`).join(', ')} FROM ${fn}(r) d) WHERE r.${SEARCH_TEXT_COLUMN} IS NULL;`,
      '',
    );
    for (const p of paths(tree)) {
      const table = p.node.entity.table;
      if (!readers.has(table)) readers.set(table, []);
      readers.get(table)!.push({ root: e, ...p });
    }
  }
  for (const [table, list] of [...readers].sort(([a], [b]) => a.localeCompare(b))) {
    // What a change of this table's row may change in a document: the fields read, the references
    // followed from it, and the reference a child row holds to the row above it.
    const columns = list.flatMap((r) => {
      const last = r.steps[r.steps.length - 1];
      return [...nodeColumns(r.node), ...(last.kind === 'child' ? [last.field.column] : [])];
    });
    const links = list.flatMap((r) => {
      const last = r.steps[r.steps.length - 1];
      return last.kind === 'child' ? [last.field.column] : [];
    });
    const childRow = links.length > 0; // rows come and go under their parent: inserts and deletes count
    const distinct = (cols: string[]) => `(${[...new Set(cols)].map((c) => `OLD.${q(c)}`).join(', ')}) IS DISTINCT FROM (${[...new Set(cols)].map((c) => `NEW.${q(c)}`).join(', ')})`;
    const roots = [...new Set(list.map((r) => r.root))];
    const refresh = (row: string, indent: string) => roots.map((root) => {
      const queries = list.filter((r) => r.root === root).map((r) => documentsReading(root, r.steps, row, r.nodes));
      return `${indent}PERFORM kurban_search_refresh_${root.table}(ARRAY(${queries.join(' UNION ')}));`;
    });
    // A new row is read only where it is a child (nothing refers to a new row yet).
    const added = list.filter((r) => r.steps[r.steps.length - 1].kind === 'child').map((r) => {
      const depth = r.steps.length;
      return `    PERFORM kurban_search_add_${r.root.table}(ARRAY(${documentsReading(r.root, r.steps, 'NEW', r.nodes)}), ${parts(r.node, 'NEW', depth, 'texts') ?? 'NULL'}, ${parts(r.node, 'NEW', depth, 'phones') ?? 'NULL'});`;
    });
    out.push(
      `-- ${table}: the documents that read its rows (${roots.map((r) => r.plural).join(', ')}) follow their changes.`,
      `CREATE OR REPLACE FUNCTION kurban_search_readers_${table}() RETURNS trigger LANGUAGE plpgsql AS $$`,
      'BEGIN',
      ...(childRow ? [`  IF TG_OP = 'INSERT' THEN`, ...added, '    RETURN NULL;', '  END IF;'] : []),
      `  IF TG_OP = 'UPDATE' THEN`,
      `    IF NOT ${distinct(columns)} THEN RETURN NULL; END IF;`,
      ...(childRow
        ? [
            // A row moved to another parent: the documents that read it where it was.
            `    IF ${distinct(links)} THEN`,
            ...refresh('OLD', '      '),
            '    END IF;',
          ]
        : []),
      '  END IF;',
      `  IF TG_OP = 'DELETE' THEN`,
      ...(childRow ? refresh('OLD', '    ') : []),
      '    RETURN NULL;',
      '  END IF;',
      ...refresh('NEW', '  '),
      '  RETURN NULL;',
      'END $$;',
      '',
      `CREATE OR REPLACE TRIGGER ${q(`${table}_search_readers`)} AFTER ${childRow ? 'INSERT OR ' : ''}UPDATE OF ${sqlList(columns)}${childRow ? ' OR DELETE' : ''} ON ${q(table)}`,
      `  FOR EACH ROW EXECUTE FUNCTION kurban_search_readers_${table}();`,
      '',
    );
  }
  return out.join('\n');
}
