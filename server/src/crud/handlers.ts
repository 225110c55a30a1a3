// The generic CRUD of every entity: read one or all, create, update with optimistic concurrency,
// delete. Database refusals become the contract's answers: a unique clash or a delete of a
// referenced row is a 409 naming the field or the referencing entity; a dangling reference a 400.
import type pg from 'pg';
import { HttpError, badRequest, fieldError, notFound, type FieldError } from '../core/errors.ts';
import { inTransaction, prepared, type WriteScope } from '../db/client.ts';
import { keyed } from '../db/idempotency.ts';
import { type EntityMeta, type FieldMeta, entityByName, ident } from './entities.ts';
import { lookupsSelect } from './lookups.ts';
import { encryptSecret, hashPassword } from './secrets.ts';
import { toKurus } from '../../../common/money.ts';

/** Entity rules that are not plain CRUD run inside the write's database transaction. */
export interface WriteContext {
  client: pg.PoolClient;
  entity: EntityMeta;
  /** Contract names → values about to be written: only what the request named; hooks may change them. */
  values: Record<string, unknown>;
  id?: number; // on update
  /** On update: the row as it is, locked (`FOR UPDATE`) until the transaction ends. */
  current?: Record<string, unknown>;
  userId?: number;
  /** The signed-in user's claims (none for a write of the server's own: seeds). */
  claims?: readonly string[];
}
export interface EntityHooks {
  /**
   * On update and delete, before the row itself is locked: locks the rows the write will lock
   * after it and that other writes lock before it (a share line's order), so that both take them
   * in one order and never wait for each other crosswise.
   */
  lockFirst?(ctx: { client: pg.PoolClient; entity: EntityMeta; id: number }): Promise<void>;
  beforeWrite?(ctx: WriteContext): Promise<void>;
  afterWrite?(ctx: WriteContext & { row: Record<string, unknown> }): Promise<void>;
  /** `current`: the row about to be deleted, locked. */
  beforeDelete?(ctx: { client: pg.PoolClient; entity: EntityMeta; id: number; current: Record<string, unknown>; userId?: number; claims?: readonly string[] }): Promise<void>;
}

/** A database constraint (by name) whose refusal means a business rule: the answer to give. */
export type ConstraintErrors = Record<string, (err: { message?: string; detail?: string }) => HttpError>;

export interface CrudDeps {
  pool: pg.Pool;
  encryptionKey: Buffer;
  hooks: Record<string, EntityHooks>;
  constraintErrors?: ConstraintErrors;
}

const LIST_LIMIT = 10_000;

function orderOf(e: EntityMeta): string {
  const terms = e.sort.map((s) => {
    const f = e.fields.find((x) => x.name === s.replace(/^-/, ''))!;
    return `t.${ident(f.column)} ${s.startsWith('-') ? 'DESC' : 'ASC'}`;
  });
  return `ORDER BY ${[...terms, 't."id" ASC'].join(', ')}`;
}

export async function listAll(d: CrudDeps, e: EntityMeta) {
  const { rows } = await d.pool.query(`SELECT ${lookupsSelect(e)} FROM ${ident(e.table)} t ${orderOf(e)} LIMIT ${LIST_LIMIT}`);
  return rows;
}

/**
 * One row as the API answers it. `lock` keeps it until the transaction ends: `change` for an
 * update (FOR NO KEY UPDATE: rows that reference it can still be written meanwhile, so two
 * crossing updates of rows that point at each other do not deadlock), `delete` for a delete.
 */
export async function readRow(db: pg.Pool | pg.PoolClient, e: EntityMeta, id: number, lock?: 'change' | 'delete') {
  const clause = lock === 'change' ? ' FOR NO KEY UPDATE OF t' : lock === 'delete' ? ' FOR UPDATE OF t' : '';
  const { rows } = await db.query(prepared(`SELECT ${lookupsSelect(e)} FROM ${ident(e.table)} t WHERE t."id" = $1${clause}`, [id]));
  return rows[0] as Record<string, unknown> | undefined;
}

/** The stale-edit answer: someone else's save came first; `current` is the row as it is now. */
export const staleRow = (current: Record<string, unknown>) =>
  new HttpError(409, 'error.conflict.stale', 'Bu kayıt siz düzenlerken başka biri tarafından değiştirildi.', { current });

export async function getOne(d: CrudDeps, e: EntityMeta, id: number) {
  const row = await readRow(d.pool, e, id);
  if (!row) throw notFound();
  return row;
}

/** Rules the contract's JSON Schema cannot state: bounds of money strings. */
function checkValue(f: FieldMeta, v: unknown, errors: FieldError[]) {
  if (typeof v !== 'string' || f.kind !== 'money') return;
  if (f.minimum !== undefined && toKurus(v) < toKurus(f.minimum)) errors.push(fieldError(f.name, 'minimum', { min: f.minimum }));
  if (f.exclusiveMinimum !== undefined && toKurus(v) <= toKurus(f.exclusiveMinimum)) errors.push(fieldError(f.name, 'exclusiveMinimum', { min: f.exclusiveMinimum }));
  if (f.maximum !== undefined && toKurus(v) > toKurus(f.maximum)) errors.push(fieldError(f.name, 'maximum', { max: f.maximum }));
}

/** The body (payload names, already validated and trimmed) as contract names → values. */
function writableValues(e: EntityMeta, body: Record<string, unknown>, mode: 'create' | 'update') {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const f of e.fields) {
    if (f.readOnly || f.name === 'rowVersion') continue;
    if (!(f.payloadName in body)) continue;
    const v = body[f.payloadName];
    if (f.secret && (v === undefined || v === null || v === '')) continue; // a secret left out keeps its value
    if (f.format === 'email' && typeof v === 'string') values[f.name] = v.toLowerCase();
    else values[f.name] = v;
    checkValue(f, v, errors);
  }
  if (mode === 'create') {
    for (const f of e.fields) if (f.required && values[f.name] === undefined) errors.push(fieldError(f.name, 'required'));
  }
  if (errors.length) throw badRequest(errors);
  return values;
}

async function columnValues(d: CrudDeps, e: EntityMeta, values: Record<string, unknown>) {
  const out: { column: string; value: unknown }[] = [];
  for (const [name, value] of Object.entries(values)) {
    const f = e.fields.find((x) => x.name === name);
    if (!f) throw new Error(`${e.name}: hook wrote unknown field ${name}`);
    let v = value;
    if (f.secret === 'hash' && typeof v === 'string') v = await hashPassword(v);
    if (f.secret === 'encrypt' && typeof v === 'string') v = encryptSecret(d.encryptionKey, v);
    if (f.kind === 'json' && v !== null && v !== undefined) v = JSON.stringify(v);
    out.push({ column: f.column, value: v });
  }
  return out;
}

/**
 * Maps the database's refusals to the contract's answers; anything else is rethrown. `e` is the
 * entity written; a workflow operation that writes several passes none and the entity is found
 * by the table the database names.
 */
export function translateDbError(e: EntityMeta | undefined, err: unknown, rules: ConstraintErrors = {}): never {
  if (err instanceof HttpError) throw err;
  const pgErr = err as { code?: string; constraint?: string; table?: string; column?: string; message?: string; detail?: string };
  // A business rule the database holds (a check, an exclusion, a partial unique index, a trigger).
  if (pgErr.constraint && rules[pgErr.constraint]) throw rules[pgErr.constraint](pgErr);
  const all = [...entityByName.values()];
  const table = e ?? all.find((x) => x.table === pgErr.table);
  if (pgErr.code === '23505') {
    const owner = all.find((x) => pgErr.constraint! in x.uniqueConstraints) ?? table;
    const fields = owner?.uniqueConstraints[pgErr.constraint!] ?? [];
    throw new HttpError(409, 'error.conflict.unique', 'Bu değer zaten kullanılıyor.', {
      fields: fields.map((f) => fieldError(f, 'unique')),
      params: { fields },
    });
  }
  // 23503: a reference to a missing row, or (as 23001 for ON DELETE RESTRICT) a delete of a referenced one.
  if (pgErr.code === '23503' || pgErr.code === '23001') {
    const own = table?.foreignKeys[pgErr.constraint!];
    if (pgErr.code === '23503' && own && pgErr.table === table?.table) throw badRequest([fieldError(own.field, 'lookupNotFound')]);
    const ref = table?.referencedBy.find((r) => r.constraint === pgErr.constraint);
    throw new HttpError(409, 'error.conflict.referenced', 'Bu kayıt başka kayıtlarda kullanıldığı için silinemez.', {
      params: { referencedBy: ref ? [ref.label] : [], entity: ref?.entity },
    });
  }
  // A rule of the database the contract did not catch: name the field where the database does.
  const byColumn = (column?: string) => table?.fields.find((f) => f.column === column)?.name;
  if (pgErr.code === '23502') {
    const field = byColumn(pgErr.column);
    if (field) throw badRequest([fieldError(field, 'required')]);
  }
  if (pgErr.code === '23514') {
    const field = byColumn(pgErr.constraint?.replace(`ck_${table?.table}__`, ''));
    if (field) throw badRequest([fieldError(field, 'invalid')]);
  }
  // Class 22 is bad data (a NUL byte in text, a number out of range): the client's input.
  if (pgErr.code === '23514' || pgErr.code === '23502' || pgErr.code?.startsWith('22')) {
    throw new HttpError(400, 'error.validation', 'Girilen değerler geçersiz.');
  }
  throw err;
}

/**
 * A create on the caller's transaction, with the entity's hooks and rules as on its own route:
 * for a workflow that writes several rows in one transaction (a sale: customer, order, payment).
 * `body` is in payload names, as the route receives it (validated by the contract).
 */
export async function createIn(client: pg.PoolClient, d: CrudDeps, e: EntityMeta, body: Record<string, unknown>, scope: WriteScope = {}) {
  const { userId, claims } = scope;
  const values = writableValues(e, body, 'create');
  const hooks = d.hooks[e.name] ?? {};
  const ctx: WriteContext = { client, entity: e, values, userId, claims };
  await hooks.beforeWrite?.(ctx);
  const cols = await columnValues(d, e, ctx.values);
  const sql = cols.length
    ? `INSERT INTO ${ident(e.table)} (${cols.map((c) => ident(c.column)).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`
    : `INSERT INTO ${ident(e.table)} DEFAULT VALUES RETURNING id`;
  const { rows } = await client.query(prepared(sql, cols.map((c) => c.value)));
  const row = (await readRow(client, e, rows[0].id))!;
  await hooks.afterWrite?.({ ...ctx, row });
  return hooks.afterWrite ? (await readRow(client, e, rows[0].id))! : row;
}

/**
 * A row written in its own transaction by `write` (createIn, updateIn). `scope`: the signed-in
 * user and the operation, for what the database records (audit trail, postings). With an
 * `idempotencyKey` (an idempotent entity's create or update), a retry with the key answers the row
 * the first write answered (db/idempotency.ts): no second row, and no 409 for the version an
 * update's own first save moved on.
 */
async function keyedWrite(d: CrudDeps, e: EntityMeta, body: Record<string, unknown>, scope: WriteScope, idempotencyKey: string | undefined,
  write: (client: pg.PoolClient) => Promise<Record<string, unknown>>) {
  try {
    return await inTransaction(d.pool, async (client) => {
      const request = { key: idempotencyKey, userId: scope.userId, operation: scope.operation ?? e.name, body };
      return (await keyed(client, request, async () => ({ status: 200, data: await write(client) }))).data as Record<string, unknown>;
    }, scope);
  } catch (err) {
    translateDbError(e, err, d.constraintErrors);
  }
}

export const create = (d: CrudDeps, e: EntityMeta, body: Record<string, unknown>, scope: WriteScope = {}, idempotencyKey?: string) =>
  keyedWrite(d, e, body, scope, idempotencyKey, (client) => createIn(client, d, e, body, scope));

/** Whether a stored value and a value sent for it are the same, by the field's kind. */
function sameValue(f: FieldMeta, stored: unknown, sent: unknown): boolean {
  if (stored === null || stored === undefined || sent === null || sent === undefined) return (stored ?? null) === (sent ?? null);
  switch (f.kind) {
    case 'money':
      return toKurus(String(stored)) === toKurus(String(sent));
    case 'decimal':
    case 'number':
      return Number(stored) === Number(sent);
    case 'datetime':
      return new Date(stored as string).getTime() === new Date(sent as string).getTime();
    case 'json':
      return JSON.stringify(stored) === JSON.stringify(sent);
    default:
      return stored === sent;
  }
}

/** A save that names only what the row already holds (a secret is never known to be the same). */
function changesNothing(e: EntityMeta, values: Record<string, unknown>, current: Record<string, unknown>): boolean {
  return Object.entries(values).every(([name, v]) => {
    const f = e.fields.find((x) => x.name === name)!;
    return !f.secret && sameValue(f, current[name], v);
  });
}

export const update = (d: CrudDeps, e: EntityMeta, body: Record<string, unknown>, scope: WriteScope = {}, idempotencyKey?: string) =>
  keyedWrite(d, e, body, scope, idempotencyKey, (client) => updateIn(client, d, e, body, scope));

/** The update itself, in the caller's transaction. */
async function updateIn(client: pg.PoolClient, d: CrudDeps, e: EntityMeta, body: Record<string, unknown>, scope: WriteScope) {
  const { userId, claims } = scope;
  const id = body[e.idPayloadName] as number;
  const rowVersion = body.rowVersion as number;
  const values = writableValues(e, body, 'update');
  const hooks = d.hooks[e.name] ?? {};
  // The row is locked first (after what must be locked before it): the hooks judge the change
  // against the row as it stays.
  await hooks.lockFirst?.({ client, entity: e, id });
  const current = await readRow(client, e, id, 'change');
  if (!current) throw notFound();
  if (current.rowVersion !== rowVersion) throw staleRow(current);
  // A row read and saved back unchanged is answered as it is, on every entity: nothing is
  // written, so no rule about changes (a final order's lines) is asked and no version moves.
  if (changesNothing(e, values, current)) return current;
  const ctx: WriteContext = { client, entity: e, values, id, current, userId, claims };
  await hooks.beforeWrite?.(ctx);
  const cols = await columnValues(d, e, ctx.values);
  const sets = [...cols.map((c, i) => `${ident(c.column)} = $${i + 2}`), '"row_version" = "row_version" + 1', '"updated_at" = now()'];
  await client.query(`UPDATE ${ident(e.table)} SET ${sets.join(', ')} WHERE "id" = $1`, [id, ...cols.map((c) => c.value)]);
  const row = (await readRow(client, e, id))!;
  await hooks.afterWrite?.({ ...ctx, row });
  return hooks.afterWrite ? (await readRow(client, e, id))! : row;
}

export async function remove(d: CrudDeps, e: EntityMeta, id: number, scope: WriteScope = {}) {
  const { userId, claims } = scope;
  const hooks = d.hooks[e.name] ?? {};
  try {
    return await inTransaction(d.pool, async (client) => {
      await hooks.lockFirst?.({ client, entity: e, id });
      const current = await readRow(client, e, id, 'delete');
      if (!current) throw notFound();
      await hooks.beforeDelete?.({ client, entity: e, id, current, userId, claims });
      await client.query(`DELETE FROM ${ident(e.table)} WHERE "id" = $1`, [id]);
      return { id };
    }, scope);
  } catch (err) {
    translateDbError(e, err, d.constraintErrors);
  }
}
