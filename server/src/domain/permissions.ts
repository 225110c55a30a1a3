// Permissions saved in one request each (paths/permissions.yaml): a delta { add, remove } to a
// user's or group's claims, or to memberships of users in groups, applied in one transaction with
// the owner's row locked. Each link table is written by one function here (writeUserClaims,
// writeGroupClaims, writeUserGroups): rules on these writes (an audit trail) belong in them, so
// every caller gets them.
// Keeping the last administrator is the database's rule (migration access_versions: deferred
// constraint triggers on users, the link tables and operation claims, serialised by one lock), so
// it holds on every path; here its refusal becomes a 409 with a message.
import type pg from 'pg';
import { HttpError, fieldError, forbidden, notFound } from '../core/errors.ts';
import { inTransaction } from '../db/client.ts';
import { hasClaim } from '../plugins/auth.ts';
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';

export interface LinkDelta {
  add: number[];
  remove: number[];
}
export interface LinkChange {
  /** The other side's ids linked to the owner after the change. */
  ids: number[];
  added: number[];
  removed: number[];
}

/** One side of a link table: the owner whose row is locked, and the other side its ids name. */
interface LinkSide {
  table: 'user_claims' | 'group_claims' | 'user_groups';
  ownerTable: 'users' | 'groups';
  ownerColumn: string;
  otherTable: 'operation_claims' | 'users' | 'groups';
  otherColumn: string;
  /** The columns of the table's unique key, as written in ON CONFLICT. */
  key: string;
}

const USER_CLAIMS: LinkSide = { table: 'user_claims', ownerTable: 'users', ownerColumn: 'user_id', otherTable: 'operation_claims', otherColumn: 'operation_claim_id', key: 'user_id, operation_claim_id' };
const GROUP_CLAIMS: LinkSide = { table: 'group_claims', ownerTable: 'groups', ownerColumn: 'group_id', otherTable: 'operation_claims', otherColumn: 'operation_claim_id', key: 'group_id, operation_claim_id' };
const USER_GROUPS_BY_USER: LinkSide = { table: 'user_groups', ownerTable: 'users', ownerColumn: 'user_id', otherTable: 'groups', otherColumn: 'group_id', key: 'user_id, group_id' };
const USER_GROUPS_BY_GROUP: LinkSide = { table: 'user_groups', ownerTable: 'groups', ownerColumn: 'group_id', otherTable: 'users', otherColumn: 'user_id', key: 'user_id, group_id' };

const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);

/**
 * Applies a delta on the caller's transaction. The owner's row is locked first (FOR NO KEY
 * UPDATE: concurrent changes of one owner queue up, while links to it from the other side can
 * still be written, so changes from both sides of user_groups cannot deadlock).
 */
async function applyDelta(client: pg.PoolClient, side: LinkSide, ownerId: number, delta: LinkDelta): Promise<LinkChange> {
  const removing = new Set(delta.remove);
  const both = ascending(delta.add.filter((id) => removing.has(id)));
  if (both.length) {
    throw new HttpError(400, 'error.permissions.addAndRemove', `Aynı kayıt hem eklenip hem çıkarılamaz (${both.join(', ')}).`, {
      params: { ids: both },
      fields: [fieldError('remove', 'invalid', { ids: both })],
    });
  }
  const owner = await client.query(`SELECT id FROM ${side.ownerTable} WHERE id = $1 FOR NO KEY UPDATE`, [ownerId]);
  if (!owner.rows.length) throw notFound();
  if (delta.add.length) {
    // Locked too (FOR KEY SHARE), so none is deleted before its link is written.
    const found = await client.query(`SELECT id FROM ${side.otherTable} WHERE id = ANY($1::int[]) FOR KEY SHARE`, [delta.add]);
    const known = new Set(found.rows.map((r) => r.id as number));
    const unknown = ascending(delta.add.filter((id) => !known.has(id)));
    if (unknown.length) {
      throw new HttpError(400, 'error.permissions.unknownIds', `Eklenecek kayıtlardan bazıları bulunamadı (${unknown.join(', ')}); hiçbir değişiklik yapılmadı.`, {
        params: { ids: unknown },
        fields: [fieldError('add', 'lookupNotFound', { ids: unknown })],
      });
    }
  }
  const removed = delta.remove.length
    ? await client.query(`DELETE FROM ${side.table} WHERE ${side.ownerColumn} = $1 AND ${side.otherColumn} = ANY($2::int[]) RETURNING ${side.otherColumn} AS id`, [ownerId, delta.remove])
    : { rows: [] };
  // ON CONFLICT: a link that is there already (a retry, or a write from the other side) stays as it is.
  const added = delta.add.length
    ? await client.query(
      `INSERT INTO ${side.table} (${side.ownerColumn}, ${side.otherColumn}) SELECT $1, unnest($2::int[])
       ON CONFLICT (${side.key}) DO NOTHING
       RETURNING ${side.otherColumn} AS id`,
      [ownerId, delta.add],
    )
    : { rows: [] };
  const now = await client.query(`SELECT ${side.otherColumn} AS id FROM ${side.table} WHERE ${side.ownerColumn} = $1 ORDER BY 1`, [ownerId]);
  return {
    ids: now.rows.map((r) => r.id as number),
    added: ascending(added.rows.map((r) => r.id as number)),
    removed: ascending(removed.rows.map((r) => r.id as number)),
  };
}

/** The one write of user_claims (a user's own claims). */
export const writeUserClaims = (client: pg.PoolClient, userId: number, delta: LinkDelta) => applyDelta(client, USER_CLAIMS, userId, delta);

/** The one write of group_claims (the claims every member of a group holds). */
export const writeGroupClaims = (client: pg.PoolClient, groupId: number, delta: LinkDelta) => applyDelta(client, GROUP_CLAIMS, groupId, delta);

/** The one write of user_groups, from either side: a user's groups, or a group's users. */
export const writeUserGroups = (client: pg.PoolClient, owner: { userId: number } | { groupId: number }, delta: LinkDelta) =>
  'userId' in owner ? applyDelta(client, USER_GROUPS_BY_USER, owner.userId, delta) : applyDelta(client, USER_GROUPS_BY_GROUP, owner.groupId, delta);

/** No active user able to sign in would hold `Admin` any more. */
export const lastAdmin = () =>
  new HttpError(409, 'error.conflict.lastAdmin', 'Bu değişiklik yapılamaz: Admin yetkisine sahip etkin başka bir kullanıcı kalmıyor. Önce başka bir kullanıcıya Admin yetkisi verin.');

/**
 * One operation: `x-claim` names only the entity's Read (one claim per operation), so Create for
 * a non-empty `add` and Delete for a non-empty `remove` are checked here, against the same token
 * claims the router checked, before anything is read or written.
 */
async function change(deps: DomainDeps, input: OperationInput, entity: 'UserClaims' | 'GroupClaims' | 'UserGroups', write: (client: pg.PoolClient, id: number, delta: LinkDelta) => Promise<LinkChange>) {
  const delta = input.body as LinkDelta; // both lists required by the contract
  const claims = input.claims ?? [];
  if (delta.add.length && !hasClaim(claims, `${entity}.Create`)) throw forbidden(`${entity}.Create`);
  if (delta.remove.length && !hasClaim(claims, `${entity}.Delete`)) throw forbidden(`${entity}.Delete`);
  return inTransaction(deps.pool, (client) => write(client, input.params.id as number, delta), { userId: input.userId, operation: input.operation });
}

export const permissions: WorkflowModule = {
  constraintErrors: { ck_last_admin: lastAdmin },
  hooks: {
    User: {
      // Deleting an administrator is refused anyway (their claims and groups reference them); the
      // last one hears why.
      async beforeDelete({ client, id }) {
        const { rows } = await client.query('SELECT array_agg(id) AS ids FROM kurban_admin_user_ids() AS a(id)');
        const ids = (rows[0].ids as number[] | null) ?? [];
        if (ids.length === 1 && ids[0] === id) throw lastAdmin();
      },
    },
  },
  operations: (deps) => ({
    changeUserClaims: (input) => change(deps, input, 'UserClaims', writeUserClaims),
    changeGroupClaims: (input) => change(deps, input, 'GroupClaims', writeGroupClaims),
    changeUserGroups: (input) => change(deps, input, 'UserGroups', (client, userId, delta) => writeUserGroups(client, { userId }, delta)),
    changeGroupUsers: (input) => change(deps, input, 'UserGroups', (client, groupId, delta) => writeUserGroups(client, { groupId }, delta)),
  }),
};
