// The generic paged list: filters with the 16 match modes joined by and/or, a global search,
// multi-column sort with a stable id tiebreak, grouping with per-group counts, and an exact
// total (on a large table, exact up to five pages past the page's start, then marked capped).
// Every column name is looked up in the entity's metadata (a whitelist); values are parameters.
import type pg from 'pg';
import { DAY_PATTERN, TIME_ZONE, inYears, isDay, istanbulDay } from '../../../common/calendar.ts';
import { MATCH_MODES_BY_KIND, type MatchMode } from '../../../common/fields.ts';
import { badRequest, fieldError, type FieldError } from '../core/errors.ts';
import { type EntityMeta, type FieldMeta, entityByName, ident, readableFields, selectList } from './entities.ts';
import { hasLookups, lookupDisplays, lookupsSelect } from './lookups.ts';

type Scalar = string | number | boolean | null;

export interface PagedListRequest {
  PageNumber?: number;
  PageSize?: number;
  FilterParam?: { ColumnName: string; FilterValue?: Scalar | Scalar[]; MatchMode?: MatchMode; Operator?: 'and' | 'or' }[];
  SortingParams?: { ColumnName: string; SortOrder?: 1 | -1 }[];
  GroupingColumns?: string[];
  GlobalFilter?: string;
}

export interface Page {
  data: Record<string, unknown>[];
  totalCount: number;
  /** More rows match than `totalCount`: the count stopped there. */
  totalCountCapped: boolean;
  pageNumber: number;
  pageSize: number;
  groups?: { key: Record<string, unknown>; count: number }[];
}

const CAST: Record<FieldMeta['kind'], string> = {
  text: 'text', uuid: 'uuid', integer: 'integer', number: 'double precision', money: 'numeric', decimal: 'numeric',
  boolean: 'boolean', date: 'date', datetime: 'timestamptz', json: 'jsonb',
};
const NUMERIC = /^-?\d{1,16}(\.\d{1,6})?$/;

/** Collects parameters and hands out their $n placeholders. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function findField(e: EntityMeta, name: unknown): FieldMeta | undefined {
  if (typeof name !== 'string') return undefined;
  const lower = name.toLowerCase();
  return readableFields(e).find((f) => f.name.toLowerCase() === lower || f.payloadName.toLowerCase() === lower);
}

/** A filter value in the column's type, or undefined when it does not fit. */
function coerce(f: FieldMeta, value: Scalar, dayWanted: boolean): Scalar | undefined {
  if (value === null) return null;
  if (dayWanted || f.kind === 'date') {
    if (typeof value !== 'string') return undefined;
    if (DAY_PATTERN.test(value)) return isDay(value) ? value : undefined;
    const d = new Date(value);
    if (!inYears(d)) return undefined;
    // A timestamp from a date picker means the day it falls on in Istanbul.
    return dayWanted || f.kind === 'date' ? istanbulDay(d) : d.toISOString();
  }
  switch (f.kind) {
    case 'integer': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isSafeInteger(n) && Math.abs(n) <= 2147483647 ? n : undefined;
    }
    case 'number': case 'money': case 'decimal': {
      const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      return NUMERIC.test(s) && Number.isFinite(Number(s)) ? s : undefined;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'datetime': {
      if (typeof value !== 'string') return undefined;
      if (DAY_PATTERN.test(value)) return isDay(value) ? value : undefined;
      const d = new Date(value);
      return inYears(d) ? d.toISOString() : undefined;
    }
    case 'uuid':
      return typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined;
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  }
}

// ---- the global search ---------------------------------------------------------------------------

/** The search's parameters: the text as a LIKE pattern, and its digits when it reads as a phone number. */
interface SearchTerm { text: string; digits?: () => string }

/**
 * The digits a phone search compares (phones are compared by their last ten digits, whatever the
 * format: rules/search.sql): a search of only digits, spaces, `+`, `-`, `.` and brackets, without
 * the country code or trunk zero typed before the number (`+90 553 779`, `0553 779` → `553779`).
 */
export function phoneSearchDigits(search: string): string | undefined {
  if (!/^[+\d\s().-]+$/.test(search)) return undefined;
  let digits = search.replace(/\D/g, '');
  if (digits.length >= 12 && digits.startsWith('90')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits.length >= 3 ? digits : undefined;
}

/**
 * A text field as the search compares it (Turkish letters and case folded: rules/search.sql): its
 * stored search copy where it has one (a plain LIKE a row, through the copy's trigram index),
 * else folded here. A phone's copy holds its digits, not its text.
 */
const foldedText = (f: FieldMeta, alias: string) =>
  (f.searchColumn && f.format !== 'phone' ? `${alias}.${ident(f.searchColumn)}` : `kurban_fold(${alias}.${ident(f.column)})`);

/**
 * What the global search matches on the row `t` of `e` (contract: x-entity.search): its text fields
 * folded and its phones by their digits, each through its search copy's trigram index. An entity
 * whose search follows references (a lookup field, or `Entity.field`: the rows that name it) reads
 * its search document instead, which holds what its own fields and those references give (one
 * trigram index scan each for texts and phones, where following the references read every
 * referenced table: codegen/search-documents.ts). An entity without search entries (a link table)
 * is searched in what its references show.
 */
function searchMatches(e: EntityMeta, term: SearchTerm): string[] {
  const text = `kurban_fold(${term.text})`;
  if (e.searchDocument) {
    const { texts, phones } = e.searchDocument;
    return [`t.${ident(texts)} LIKE ${text}`, ...(phones && term.digits ? [`t.${ident(phones)} LIKE ${term.digits()}`] : [])];
  }
  if (!e.search.length) return lookupDisplays(e, 't').map((sql) => `kurban_fold(${sql}) LIKE ${text}`);
  return e.search.map((name) => {
    const f = e.fields.find((x) => x.name === name)!;
    if (f.format === 'phone') return term.digits ? `t.${ident(f.searchColumn!)} LIKE ${term.digits()}` : null;
    return `${foldedText(f, 't')} LIKE ${text}`;
  }).filter((sql): sql is string => sql !== null);
}

/** One filter as a SQL condition, or null when it carries no value (a cleared filter). */
function condition(f: FieldMeta, mode: MatchMode, raw: Scalar | Scalar[] | undefined, p: Params, errors: FieldError[], alias = 't'): string | null {
  if (raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) return null;
  const col = `${alias}.${ident(f.column)}`;
  const bad = () => { errors.push(fieldError(f.name, 'filterValue', { matchMode: mode })); return null; };
  const dayMode = mode.startsWith('date');
  const one = (v: Scalar | Scalar[]) => (Array.isArray(v) ? undefined : coerce(f, v, dayMode));
  const cast = (v: Scalar) => `${p.add(v)}::${CAST[f.kind]}`;

  if (mode === 'in') {
    if (!Array.isArray(raw)) return bad();
    const values = raw.map((v) => coerce(f, v, false));
    if (values.some((v) => v === undefined || v === null)) return bad();
    // Lower-cased by PostgreSQL on both sides, so `in` folds case exactly as `equals` does.
    if (f.kind === 'text') return `lower(${col}) IN (SELECT lower(x) FROM unnest(${p.add(values.map(String))}::text[]) x)`;
    return `${col} = ANY(${p.add(values)}::${CAST[f.kind]}[])`;
  }
  if (mode === 'between') {
    if (!Array.isArray(raw) || raw.length !== 2) return bad();
    const [lo, hi] = raw.map((v) => (v === null || v === '' ? null : coerce(f, v, false)));
    if (lo === undefined || hi === undefined) return bad();
    if (lo === null && hi === null) return null;
    const parts: string[] = [];
    if (f.kind === 'datetime') {
      // Whole calendar days in Istanbul when days are given, instants otherwise.
      if (lo !== null) parts.push(`${col} >= ${isDay(lo) ? dayStart(p.add(lo)) : cast(lo)}`);
      if (hi !== null) parts.push(isDay(hi) ? `${col} < ${dayStart(`(${p.add(hi)}::date + 1)`)}` : `${col} <= ${cast(hi)}`);
    } else {
      if (lo !== null) parts.push(`${col} >= ${cast(lo)}`);
      if (hi !== null) parts.push(`${col} <= ${cast(hi)}`);
    }
    return parts.join(' AND ');
  }
  const v = one(raw);
  if (v === undefined) return bad();
  if (v === null) {
    if (mode === 'equals') return `${col} IS NULL`;
    if (mode === 'notEquals') return `${col} IS NOT NULL`;
    return null; // a cleared filter
  }
  if (f.kind === 'text') {
    const text = escapeLike(String(v));
    const folded = foldedText(f, alias);
    switch (mode) {
      // Folded as the global search is (Turkish letters and case: rules/search.sql), through the
      // field's search index where it has one.
      case 'contains': return `${folded} LIKE kurban_fold(${p.add(`%${text}%`)})`;
      case 'notContains': return `coalesce(${folded}, '') NOT LIKE kurban_fold(${p.add(`%${text}%`)})`;
      case 'startsWith': return `${folded} LIKE kurban_fold(${p.add(`${text}%`)})`;
      case 'endsWith': return `${folded} LIKE kurban_fold(${p.add(`%${text}`)})`;
      case 'equals': return `${col} ILIKE ${p.add(text)}`;
      case 'notEquals': return `coalesce(${col}, '') NOT ILIKE ${p.add(text)}`;
    }
  }
  if (dayMode) {
    if (f.kind === 'date') {
      const day = `${p.add(v)}::date`;
      return { dateIs: `${col} = ${day}`, dateIsNot: `${col} IS DISTINCT FROM ${day}`, dateBefore: `${col} < ${day}`, dateAfter: `${col} > ${day}` }[mode as 'dateIs'];
    }
    const start = p.add(v);
    // Range conditions on the instant, so an index on the column serves them.
    const from = dayStart(start);
    const to = dayStart(`(${start}::date + 1)`);
    switch (mode) {
      case 'dateIs': return `(${col} >= ${from} AND ${col} < ${to})`;
      case 'dateIsNot': return `(${col} IS NULL OR ${col} < ${from} OR ${col} >= ${to})`;
      case 'dateBefore': return `${col} < ${from}`;
      case 'dateAfter': return `${col} >= ${to}`;
    }
  }
  if (f.kind === 'datetime' && isDay(v)) {
    // A bare day against an instant means that whole day in Istanbul.
    const day = p.add(v);
    const from = dayStart(day);
    const to = dayStart(`(${day}::date + 1)`);
    return { equals: `(${col} >= ${from} AND ${col} < ${to})`, notEquals: `(${col} IS NULL OR ${col} < ${from} OR ${col} >= ${to})`, lt: `${col} < ${from}`, lte: `${col} < ${to}`, gt: `${col} >= ${to}`, gte: `${col} >= ${from}` }[mode as 'lt'];
  }
  const ops: Partial<Record<MatchMode, string>> = { equals: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' };
  if (mode === 'notEquals') return `${col} IS DISTINCT FROM ${cast(v)}`;
  return `${col} ${ops[mode]} ${cast(v)}`;
}

/** The instant a calendar day (a date parameter or expression) begins in Istanbul. */
const dayStart = (dayExpr: string) => `((${dayExpr})::date::timestamp AT TIME ZONE '${TIME_ZONE}')`;

export interface ListQuery {
  where: string;
  order: string;
  params: Params;
  groupFields: FieldMeta[];
  /** A global search is part of `where`. */
  searched: boolean;
}

export function buildListQuery(e: EntityMeta, req: PagedListRequest): ListQuery {
  const errors: FieldError[] = [];
  const p = new Params();
  let where = '';
  for (const filter of req.FilterParam ?? []) {
    // `lookup.field` filters on a field of the referenced row (one reference deep: a slot by its
    // type's code, `appointmentTypeId.code`), through the referenced table's id. Only the fields a
    // reference already shows (its display field) and its `code`: another field would let a user
    // without the referenced entity's claim probe its rows (orders by their customer's TCKN).
    const [name, inner, deeper] = String(filter.ColumnName).split('.');
    const ref = inner === undefined ? undefined : findField(e, name);
    const target = ref?.lookup && deeper === undefined ? entityByName.get(ref.lookup) : undefined;
    const shown = target && findField(target, inner);
    const f = inner === undefined ? findField(e, name) : shown && (shown.name === target!.display || shown.name === 'code') ? shown : undefined;
    if (!f) { errors.push(fieldError(String(filter.ColumnName), 'unknownColumn')); continue; }
    const mode = filter.MatchMode ?? (f.kind === 'text' ? 'contains' : 'equals');
    if (!MATCH_MODES_BY_KIND[f.kind].includes(mode)) { errors.push(fieldError(String(filter.ColumnName), 'matchMode', { matchMode: mode })); continue; }
    let sql = condition(f, mode, filter.FilterValue, p, errors, target ? 'r' : 't');
    if (sql && target) sql = `t.${ident(ref!.column)} IN (SELECT r."id" FROM ${ident(target.table)} r WHERE ${sql})`;
    if (!sql) continue;
    // Filters join left to right: ((a AND b) OR c).
    where = where ? `(${where}) ${filter.Operator === 'or' ? 'OR' : 'AND'} (${sql})` : `(${sql})`;
  }
  // A search is one line: a line break would match across two parts of a search document.
  const search = req.GlobalFilter?.replace(/[\u0000-\u001f]+/g, ' ').trim();
  if (search) {
    const digits = phoneSearchDigits(search);
    let digitsParam: string | undefined;
    // The digits' parameter only when a phone is searched: an unused parameter has no type.
    const term: SearchTerm = { text: p.add(`%${escapeLike(search)}%`), digits: digits === undefined ? undefined : () => (digitsParam ??= p.add(`%${digits}%`)) };
    const matches = searchMatches(e, term);
    const any = matches.length ? matches.join(' OR ') : 'false';
    where = where ? `(${where}) AND (${any})` : `(${any})`;
  }

  const groupFields: FieldMeta[] = [];
  for (const name of req.GroupingColumns ?? []) {
    const f = findField(e, name);
    if (!f) errors.push(fieldError(String(name), 'unknownColumn'));
    else if (!groupFields.includes(f)) groupFields.push(f);
  }
  const sorts: { f: FieldMeta; desc: boolean }[] = [];
  const requested = req.SortingParams?.length
    ? req.SortingParams.map((s) => ({ name: s.ColumnName, desc: s.SortOrder === -1 }))
    : e.sort.map((s) => ({ name: s.replace(/^-/, ''), desc: s.startsWith('-') }));
  for (const s of requested) {
    const f = findField(e, s.name);
    if (!f) errors.push(fieldError(String(s.name), 'unknownColumn'));
    else if (f.kind === 'json') errors.push(fieldError(f.name, 'invalid'));
    else sorts.push({ f, desc: s.desc });
  }
  if (errors.length) throw badRequest(errors);

  const terms: string[] = [];
  const seen = new Set<string>();
  const push = (f: FieldMeta, desc: boolean) => {
    if (seen.has(f.name)) return;
    seen.add(f.name);
    terms.push(`t.${ident(f.column)} ${desc ? 'DESC' : 'ASC'}`);
  };
  for (const g of groupFields) push(g, sorts.find((s) => s.f === g)?.desc ?? false);
  for (const s of sorts) push(s.f, s.desc);
  push(e.fields.find((f) => f.name === 'id')!, false); // stable order between equal rows
  return { where: where ? `WHERE ${where}` : '', order: `ORDER BY ${terms.join(', ')}`, params: p, groupFields, searched: Boolean(search) };
}

/**
 * How far past the page's start a large table's total is counted exactly: five pages. An exact
 * count of a broad filter reads every match (11,000 of 1,000,000 transactions: 40–100 ms,
 * bench/transactions.ts case c) while the page needs only its rows, and a bounded count costs
 * about as much as reading this many matches in the page's order: a surname over half a year of a
 * million-row ledger (case a) reads about 40 rows a match, so counting 1,000 ahead cost 10–13 ms
 * of database time and five pages of 20 cost about 1 ms (issue 17, point 3). Beyond, the pager
 * says "100+" and pages on while pages come full; a clerk narrows a search long before page five.
 * Counted from the page's start, the total always covers the page shown, and deeper pages count
 * further. The contract's `totalCountCapped` states these numbers.
 */
export const COUNT_AHEAD_PAGES = 5;
export const countAhead = (pageSize: number) => COUNT_AHEAD_PAGES * pageSize;
/** A table estimated to hold fewer rows than this is counted exactly: cheap whatever the filter. */
export const EXACT_COUNT_ROWS = 20_000;

/** PostgreSQL's estimate of a table's rows (kept by ANALYZE), read at most once a minute per table. */
// Kept per server instance, and safe so: the estimate only chooses between an exact and a capped
// count. Instances may disagree for up to a minute about a table crossing EXACT_COUNT_ROWS; both
// answers are right (`totalCountCapped` says which one was given).
const estimates = new WeakMap<pg.Pool, Map<string, { rows: number; at: number }>>();
async function estimatedRows(pool: pg.Pool, table: string): Promise<number> {
  let byTable = estimates.get(pool);
  if (!byTable) estimates.set(pool, (byTable = new Map()));
  const known = byTable.get(table);
  if (known && Date.now() - known.at < 60_000) return known.rows;
  const { rows } = await pool.query('SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass($1)', [ident(table)]);
  const estimate = { rows: Number(rows[0]?.n ?? 0), at: Date.now() }; // -1: never analyzed, taken as small
  byTable.set(table, estimate);
  return estimate.rows;
}

/** A table counted ahead rather than exactly (its estimate reaches EXACT_COUNT_ROWS): one statement for a page and its count. */
export const isLargeTable = async (pool: pg.Pool, table: string) => (await estimatedRows(pool, table)) >= EXACT_COUNT_ROWS;

/**
 * The statements a list request runs (bench/list-time.ts measures these very ones). On a small
 * table: its page (`rows`), with its lookups for the page's rows only, then its exact count when
 * the page is full. On a large table one statement does both (`rowsCounted`): the matches in the
 * list's order up to `countAhead` past the page's start, once, then the page taken from them and
 * their number, so the search is planned and run once, not once for the page and again for the
 * count. `cappedCount` tells a page past the end its exact total.
 */
export function listStatements(e: EntityMeta, req: PagedListRequest) {
  const pageSize = req.PageSize ?? 20;
  const pageNumber = req.PageNumber ?? 1;
  const q = buildListQuery(e, req);
  const from = `FROM ${ident(e.table)} t ${q.where}`;
  const offset = (pageNumber - 1) * pageSize;
  const window = `${q.order} LIMIT ${pageSize} OFFSET ${offset}`;
  const cap = offset + countAhead(pageSize);
  const columns = hasLookups(e) ? lookupsSelect(e) : selectList(e);
  // The page and the number of matches (up to `limit`) in one statement: the matches in the list's
  // order, once, then the page and their number from them.
  const counted = (limit: string) => `WITH m AS MATERIALIZED (SELECT t.* ${from} ${q.order} ${limit})
      SELECT ${columns}, (SELECT count(*) FROM m)::int AS "${MATCHES}" FROM (SELECT * FROM m t ${window}) t ${q.order}`;
  return {
    q, from, pageSize, pageNumber, offset, cap,
    rows: `SELECT ${columns} FROM (SELECT t.* ${from} ${window}) t ${q.order}`,
    rowsCounted: counted(`LIMIT ${cap + 1}`),
    rowsAllCounted: counted(''),
    exactCount: `SELECT count(*) AS n ${from}`,
    cappedCount: `SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT ${cap + 1}) c`,
  };
}

/**
 * Whether a page and its count are one statement (`rowsCounted`, `rowsAllCounted`): on a large
 * table, counted five pages ahead; on a small one searched, counted in full, as a search costs more
 * than reading its matches again (payments by a surname: the search ran twice, for the page and
 * for the count). A small table's plain page reads only its rows, in the list's order.
 */
export const countedInOneStatement = (large: boolean, q: ListQuery) => large || q.searched;

/** The column of `rowsCounted` that carries the number of matches it read (taken off each row). */
const MATCHES = '__matches';

export async function listPage(pool: pg.Pool, e: EntityMeta, req: PagedListRequest): Promise<Page> {
  const { q, from, pageSize, pageNumber, offset, cap, ...sql } = listStatements(e, req);
  const params = q.params.values;
  const large = await isLargeTable(pool, e.table);
  let data: Record<string, unknown>[];
  let totalCount: number;
  let totalCountCapped = false;
  if (countedInOneStatement(large, q)) {
    const { rows } = await pool.query(large ? sql.rowsCounted : sql.rowsAllCounted, params);
    data = rows.map(({ [MATCHES]: _, ...row }) => row);
    // No row: a page past the end (or no match), whose total a count tells exactly.
    const n: number = rows.length ? rows[0][MATCHES] : offset === 0 ? 0 : (await pool.query(large ? sql.cappedCount : sql.exactCount, params)).rows[0].n;
    totalCountCapped = large && n > cap;
    totalCount = large ? Math.min(n, cap) : n;
  } else {
    data = (await pool.query(sql.rows, params)).rows;
    if (data.length > 0 && data.length < pageSize) {
      // A short page that is not past the end tells the total itself: no count query needed.
      totalCount = offset + data.length;
    } else if (data.length === 0 && offset === 0) {
      totalCount = 0;
    } else {
      totalCount = (await pool.query(sql.exactCount, params)).rows[0].n;
    }
  }
  const groupCols = q.groupFields.map((f) => `t.${ident(f.column)}`);
  const groups = groupCols.length
    ? await pool.query(`SELECT ${q.groupFields.map((f) => `t.${ident(f.column)} AS ${ident(f.name)}`).join(', ')}, count(*) AS n ${from} GROUP BY ${groupCols.join(', ')} ORDER BY ${groupCols.join(', ')} LIMIT 1000`, params)
    : undefined;
  return {
    data,
    totalCount,
    totalCountCapped,
    pageNumber,
    pageSize,
    ...(groups ? { groups: groups.rows.map(({ n, ...key }) => ({ key, count: n })) } : {}),
  };
}
