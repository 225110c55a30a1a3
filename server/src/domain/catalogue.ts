// Catalogue and reference rules: single defaults, trees without cycles, account codes, one account per identity number, price periods, attribute values.
import type pg from 'pg';
import { HttpError, badRequest, fieldError } from '../core/errors.ts';
import type { EntityHooks, WriteContext } from '../crud/handlers.ts';
import type { WorkflowModule } from './operations.ts';
import { SERVER_CODES } from '../../../common/reference-codes.ts';

/** The value a field will have once the write is done: what the request names, else what is stored. */
const will = (ctx: Pick<WriteContext, 'values' | 'current'>, field: string) =>
  field in ctx.values ? ctx.values[field] : ctx.current?.[field];

const defaultRequired = () =>
  new HttpError(409, 'error.default.required', 'Varsayılan kayıt kaldırılamaz; önce başka bir kaydı varsayılan yapın.');

// ---- one default per kind ------------------------------------------------------------------------

interface DefaultRule {
  table: string;
  /** The rows among which one is the default (an account's addresses); the whole table when absent. */
  scope?: { field: string; column: string };
  /** The default must be an active row (virtual POS). */
  active?: { field: string; column: string };
}

/**
 * `isDefault` names exactly one row of its kind (of its scope) whenever the kind has rows: the
 * first row becomes the default by itself, setting the flag on one clears it on the others, and
 * the default is never unset, moved away, deactivated or deleted while other rows could take its
 * place: another row is made the default first (409 error.default.required).
 *
 * Concurrency: changes of who is the default serialise on an advisory lock per scope, taken after
 * the written row's own lock. The lock holder only ever waits for the current default's row lock,
 * and writes of the current default never take the advisory lock, so the two cannot deadlock.
 * A create pins the current default (FOR SHARE) so a concurrent delete of it sees the new row.
 * The partial unique indexes of migration 0003 are the guarantee behind this.
 */
function singleDefault(rule: DefaultRule): EntityHooks {
  const { table, scope, active } = rule;
  const scopeSql = (n: number) => (scope ? `${scope.column} = $${n}` : 'true');
  const lockScope = (client: pg.PoolClient, key: unknown) =>
    client.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [`default:${table}`, Number(key ?? 0)]);
  /** Other rows of the scope that could take the flag (for the POS: active ones). */
  const othersExist = async (client: pg.PoolClient, key: unknown, id: number) =>
    (await client.query(
      `SELECT EXISTS (SELECT 1 FROM ${table} WHERE ${scopeSql(2)} AND id <> $1${active ? ` AND ${active.column}` : ''}) AS any`,
      scope ? [id, key] : [id],
    )).rows[0].any as boolean;

  return {
    async beforeWrite(ctx) {
      const { client, values, current, id } = ctx;
      const key = scope ? will(ctx, scope.field) : null;
      const isActive = active ? will(ctx, active.field) !== false : true;
      const wasDefault = current?.isDefault === true;
      const moved = scope !== undefined && current !== undefined && current[scope.field] !== key;

      if (wasDefault) {
        // The row keeps its lock until commit: deciding on it here is stable.
        if (values.isDefault === false) throw defaultRequired();
        if (!isActive) {
          // The last active POS may be switched off: then no POS is the default.
          if (await othersExist(client, key, id!)) throw defaultRequired();
          values.isDefault = false;
          return;
        }
        if (!moved) return;
        // The default moves to another scope: only when it leaves nothing behind.
        if (await othersExist(client, current![scope!.field], id!)) throw defaultRequired();
      } else if (values.isDefault === true && !isActive) {
        throw badRequest([fieldError('isDefault', 'inactiveDefault')]);
      }
      if (will(ctx, 'isDefault') === true) {
        await lockScope(client, key);
        await client.query(
          `UPDATE ${table} SET is_default = false, row_version = row_version + 1, updated_at = now()
           WHERE is_default AND ${scopeSql(2)} AND id IS DISTINCT FROM $1`,
          scope ? [id ?? null, key] : [id ?? null],
        );
        return;
      }
      // A new row, a row joining another scope or a POS being activated takes the flag when none has it.
      const joins = id === undefined || moved || (active !== undefined && current?.[active.field] === false);
      if (!joins || !isActive) return;
      await lockScope(client, key);
      const { rows } = await client.query(`SELECT id FROM ${table} WHERE is_default AND ${scopeSql(1)} FOR SHARE`, scope ? [key] : []);
      if (rows.length === 0) values.isDefault = true;
    },
    async beforeDelete({ client, id, current }) {
      if (current.isDefault === true && (await othersExist(client, scope ? current[scope.field] : null, id))) throw defaultRequired();
    },
  };
}

// ---- trees without cycles ------------------------------------------------------------------------

/**
 * `field` points to the parent row: it can be neither the row itself nor one of its descendants.
 * The new parent's chain up to its root is walked row by row, each row share-locked until commit,
 * so no move on that chain can pass this one unseen (a move of a chain row waits for this write,
 * then sees it). Two moves that together would close a loop wait for each other's rows: the
 * database breaks that deadlock in one of the walks, which is answered as the cycle it is.
 */
function noCycle(table: string, field: string, column: string): EntityHooks {
  return {
    async beforeWrite({ client, values, id, current }) {
      const parent = values[field];
      // A new row has no descendants; an unchanged parent closes no new loop.
      if (id === undefined || parent === undefined || parent === null || parent === current?.[field]) return;
      const cycle = () => badRequest([fieldError(field, 'cycle')]);
      const seen = new Set<unknown>();
      for (let at: unknown = parent; at !== null && at !== undefined && !seen.has(at); ) {
        if (at === id) throw cycle();
        seen.add(at);
        try {
          const { rows } = await client.query(`SELECT ${column} AS up FROM ${table} WHERE id = $1 FOR SHARE`, [at]);
          at = rows[0]?.up; // a missing parent ends the walk: the foreign key answers
        } catch (err) {
          if ((err as { code?: string }).code === '40P01') throw cycle();
          throw err;
        }
      }
    },
  };
}

// ---- account codes -------------------------------------------------------------------------------

/** The next code of an account type's series (openapi: Account.code; rules/numbers.sql: a counter row per series). */
async function nextAccountCode(client: pg.PoolClient, accountTypeId: unknown): Promise<string> {
  const { rows } = await client.query(`SELECT kurban_next_account_code($1) AS code`, [accountTypeId]);
  return rows[0].code as string;
}

// ---- one account per identity number ------------------------------------------------------------

/** The 409 of an identity number another account has: on the field, naming that account (its code and title). */
export const identityNumberTaken = (account: { id: number; code: string; title: string }) =>
  new HttpError(409, 'error.conflict.unique', `Bu TCKN/VKN zaten ${account.code} kodlu ${account.title} hesabında kayıtlı.`, {
    fields: [fieldError('identityNumber', 'identityNumberTaken', { code: account.code, title: account.title })],
    params: { fields: ['identityNumber'], id: account.id, code: account.code, title: account.title },
  });

/**
 * The account that already has the identity number being written, answered by name (the unique
 * index uq_accounts__identity_number stays the backstop, answering the generic 409). Writes of
 * one number wait for each other here, so the second sees the first's account once it commits.
 */
async function identityNumberFree(ctx: WriteContext) {
  const number = ctx.values.identityNumber;
  if (typeof number !== 'string' || number === ctx.current?.identityNumber) return;
  await ctx.client.query(`SELECT pg_advisory_xact_lock(hashtext('accounts.identity_number'), hashtext($1))`, [number]);
  const { rows } = await ctx.client.query(
    `SELECT id, code, title FROM accounts WHERE identity_number = $1 AND id IS DISTINCT FROM $2::int LIMIT 1`,
    [number, ctx.id ?? null],
  );
  if (rows[0]) throw identityNumberTaken(rows[0] as { id: number; code: string; title: string });
}

const accountTree = noCycle('accounts', 'mainAccountId', 'main_account_id');
const accountHooks: EntityHooks = {
  async beforeWrite(ctx) {
    await identityNumberFree(ctx);
    if (ctx.id === undefined && ctx.values.code === undefined) ctx.values.code = await nextAccountCode(ctx.client, ctx.values.accountTypeId);
    await accountTree.beforeWrite!(ctx);
  },
};

// ---- price periods -------------------------------------------------------------------------------

const dateOrder = () => badRequest([fieldError('validTo', 'dateOrder')]);
const priceOverlap = () =>
  new HttpError(409, 'error.price.overlap', 'Bu ürünün aynı fiyat tipi ve para biriminde çakışan bir fiyat dönemi var.', {
    fields: [fieldError('validFrom', 'invalid'), fieldError('validTo', 'invalid')],
  });

const productPriceHooks: EntityHooks = {
  async beforeWrite(ctx) {
    const from = will(ctx, 'validFrom') as string;
    const to = will(ctx, 'validTo') as string | null | undefined;
    // ISO dates compare as text. Overlaps are the exclusion constraint's (it also holds under concurrency).
    if (to && from && to < from) throw dateOrder();
  },
};

// ---- attributes ----------------------------------------------------------------------------------

/** The attribute and its data type, share-locked: its type cannot change under the value being written. */
async function attributeOf(client: pg.PoolClient, attributeId: unknown) {
  const { rows } = await client.query(
    `SELECT a.id, t.data_type AS "dataType" FROM attributes a JOIN attribute_types t ON t.id = a.attribute_type_id
     WHERE a.id = $1 FOR SHARE OF a, t`,
    [attributeId],
  );
  return rows[0] as { id: number; dataType: string } | undefined;
}

const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;
function isIsoDate(v: string) {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
const fitsType: Record<string, (v: string) => boolean> = {
  text: () => true,
  number: (v) => DECIMAL.test(v),
  boolean: (v) => v === 'true' || v === 'false',
  date: isIsoDate,
};

const productAttributeValueHooks: EntityHooks = {
  async beforeWrite(ctx) {
    const attribute = await attributeOf(ctx.client, will(ctx, 'attributeId'));
    if (!attribute) return; // the foreign key answers
    const value = will(ctx, 'value') as string | null | undefined;
    const optionId = will(ctx, 'attributeOptionId') as number | null | undefined;
    if (attribute.dataType === 'select') {
      if (value !== null && value !== undefined) throw badRequest([fieldError('value', 'attributeValueType')]);
      if (optionId === null || optionId === undefined) throw badRequest([fieldError('attributeOptionId', 'required')]);
      const { rows } = await ctx.client.query('SELECT attribute_id FROM attribute_options WHERE id = $1 FOR SHARE', [optionId]);
      if (rows[0] && rows[0].attribute_id !== attribute.id) throw badRequest([fieldError('attributeOptionId', 'optionOfOtherAttribute')]);
      return;
    }
    if (optionId !== null && optionId !== undefined) throw badRequest([fieldError('attributeOptionId', 'optionOnlyForSelect')]);
    if (value === null || value === undefined) throw badRequest([fieldError('value', 'required')]);
    if (!(fitsType[attribute.dataType] ?? fitsType.text)(value)) throw badRequest([fieldError('value', 'attributeValueType', { dataType: attribute.dataType })]);
  },
};

const notSelect = () => new HttpError(409, 'error.attributeOption.notSelect', 'Yalnızca seçim tipindeki özelliklere seçenek eklenebilir.');
const typeInUse = () => new HttpError(409, 'error.attributeType.inUse', 'Özellik değerleri olan tipin veri tipi değiştirilemez.');

const attributeOptionHooks: EntityHooks = {
  async beforeWrite(ctx) {
    if (ctx.current && !('attributeId' in ctx.values)) return;
    const attribute = await attributeOf(ctx.client, will(ctx, 'attributeId'));
    if (attribute && attribute.dataType !== 'select') throw notSelect();
  },
};

// Values lock their attribute and its type (FOR SHARE), and these updates hold that row's lock:
// a value and a type change cannot pass each other's check.
const attributeTypeHooks: EntityHooks = {
  async beforeWrite({ client, values, current, id }) {
    if (!current || values.dataType === undefined || values.dataType === current.dataType) return;
    const { rows } = await client.query(
      'SELECT EXISTS (SELECT 1 FROM product_attribute_values v JOIN attributes a ON a.id = v.attribute_id WHERE a.attribute_type_id = $1) AS used',
      [id],
    );
    if (rows[0].used) throw typeInUse();
  },
};

const attributeHooks: EntityHooks = {
  async beforeWrite({ client, values, current, id }) {
    if (!current || values.attributeTypeId === undefined || values.attributeTypeId === current.attributeTypeId) return;
    const { rows } = await client.query('SELECT EXISTS (SELECT 1 FROM product_attribute_values WHERE attribute_id = $1) AS used', [id]);
    if (rows[0].used) throw typeInUse();
  },
};

const uniqueDefault = (fields: string[] = []) => () =>
  new HttpError(409, 'error.conflict.unique', 'Bu değer zaten kullanılıyor.', { fields: ['isDefault', ...fields].map((f) => fieldError(f, 'unique')), params: { fields: ['isDefault', ...fields] } });

// ---- codes the server relies on -------------------------------------------------------------------

const serverCode = (code: string) =>
  new HttpError(409, 'error.reference.serverCode', `Bu kaydın kodu (${code}) sistem tarafından kullanılıyor; kod değiştirilemez ve kayıt silinemez. Adını değiştirebilirsiniz.`, { params: { code } });

/** A row carrying a code of `codes` keeps it and stays (its name and the rest may change). */
function keepsServerCode(codes: readonly string[]): EntityHooks {
  const held = (row: Record<string, unknown> | undefined) => (typeof row?.code === 'string' && codes.includes(row.code) ? row.code : undefined);
  return {
    async beforeWrite({ values, current }) {
      const code = held(current);
      if (code && 'code' in values && values.code !== code) throw serverCode(code);
    },
    async beforeDelete({ current }) {
      const code = held(current);
      if (code) throw serverCode(code);
    },
  };
}

export const catalogue: WorkflowModule = {
  hooks: {
    Language: singleDefault({ table: 'languages' }),
    CurrencyType: singleDefault({ table: 'currency_types' }),
    VirtualPOS: singleDefault({ table: 'virtual_pos_devices', active: { field: 'isActive', column: 'is_active' } }),
    AccountAddress: singleDefault({ table: 'account_addresses', scope: { field: 'accountId', column: 'account_id' } }),
    Category: noCycle('categories', 'parentId', 'parent_id'),
    Account: accountHooks,
    ProductPrice: productPriceHooks,
    ProductAttributeValue: productAttributeValueHooks,
    AttributeOption: attributeOptionHooks,
    AttributeType: attributeTypeHooks,
    Attribute: attributeHooks,
    PriceType: keepsServerCode(SERVER_CODES.price_types),
    AccountType: keepsServerCode(SERVER_CODES.account_types),
  },
  constraintErrors: {
    ex_product_prices__no_overlap: priceOverlap,
    ck_product_prices__valid_to: dateOrder,
    uq_languages__default: uniqueDefault(),
    uq_currency_types__default: uniqueDefault(),
    uq_virtual_pos_devices__default: uniqueDefault(),
    uq_account_addresses__default: uniqueDefault(['accountId']),
    ck_virtual_pos_devices__default_active: () => badRequest([fieldError('isDefault', 'inactiveDefault')]),
  },
};
