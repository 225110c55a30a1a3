// Permissions saved in one request each (paths/permissions.yaml): a delta { add, remove } to a
// user's or group's claims, or to memberships of users in groups, applied in one transaction with
// the owner's row locked. Each link table is written by one function here (writeUserClaims,
// writeGroupClaims, writeUserGroups): rules on these writes (an audit trail) belong in them, so
// every caller gets them.
// Keeping the last administrator is the database's rule (migration access_versions: deferred
// constraint triggers on users, the link tables and operation claims, serialised by one lock), so
// it holds on every path; here its refusal becomes a 409 with a message.
//
// Rights are delegated, never created (`checkDelegation`), on every path that changes who holds
// what: the generic CRUD of the link entities, Users, Groups and OperationClaims (hooks below) and
// the bulk operations. A writer grants only claims they hold (`Admin` holds all); changes the
// claims or groups of nobody but others; and edits a user or a group only when they hold every
// claim it holds (so only an `Admin` touches an administrator or a group carrying `Admin`). The
// writer's claims are those of their token, which the router checked and which the access
// versions keep current; what the others hold is read in the write's transaction.
import type pg from 'pg';
import { HttpError, badRequest, fieldError, forbidden, notFound } from '../core/errors.ts';
import { passwordProblem } from '../core/password-policy.ts';
import { inTransaction } from '../db/client.ts';
import { ADMIN_CLAIM, hasClaim } from '../../../common/claims.ts';
import type { EntityHooks } from '../crud/handlers.ts';
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

/** Who makes a change: the signed-in user and the claims their token carries. */
interface Writer {
  userId: number;
  claims: readonly string[];
}

/** The writer of a request, or none for the server's own writes (seeds, the first administrator). */
function writerOf(scope: { userId?: number; claims?: readonly string[] }): Writer | undefined {
  if (scope.userId === undefined) return undefined;
  // A user's write that does not say what they hold would pass every check below: refused.
  if (!scope.claims) throw new Error('a signed-in write must carry the claims the router checked');
  return { userId: scope.userId, claims: scope.claims };
}

/** The claim of `names` the writer lacks that a refusal names: `Admin` first, else the first by name. */
function missingOf(writer: Writer, names: Iterable<string>): string | undefined {
  const missing = [...new Set(names)].filter((name) => !hasClaim(writer.claims, name)).sort();
  return missing.includes(ADMIN_CLAIM) ? ADMIN_CLAIM : missing[0];
}

const notHeld = (claim: string) =>
  new HttpError(403, 'error.permissions.notHeld', `Bu işlem ${claim} yetkisini veriyor ya da değiştiriyor; yalnızca kendi sahip olduğunuz yetkileri verebilirsiniz.`, { params: { claim } });
const ownPermissions = () =>
  new HttpError(403, 'error.permissions.own', 'Kendi yetkilerinizi ve gruplarınızı değiştiremezsiniz; bunu başka bir yetkili kullanıcı yapmalı.');
const userAbove = (claim: string) =>
  new HttpError(403, 'error.permissions.userAbove', `Bu kullanıcıda sizin sahip olmadığınız ${claim} yetkisi var; onu yalnızca bu yetkilerin hepsine sahip biri değiştirebilir.`, { params: { claim } });
const groupAbove = (claim: string) =>
  new HttpError(403, 'error.permissions.groupAbove', `Bu grup sizin sahip olmadığınız ${claim} yetkisini taşıyor; onu yalnızca bu yetkilerin hepsine sahip biri değiştirebilir.`, { params: { claim } });

/** Claim names held by any of the users: their own claims ∪ the claims of their groups, by name. */
export async function claimsOfUsers(db: pg.Pool | pg.PoolClient, userIds: number[]): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT oc.name FROM operation_claims oc WHERE oc.id IN (
       SELECT uc.operation_claim_id FROM user_claims uc WHERE uc.user_id = ANY($1::int[])
       UNION
       SELECT gc.operation_claim_id FROM group_claims gc JOIN user_groups ug ON ug.group_id = gc.group_id WHERE ug.user_id = ANY($1::int[]))
     ORDER BY oc.name`,
    [userIds],
  );
  return rows.map((r) => r.name as string);
}

/** Claim names carried by any of the groups. */
async function claimsOfGroups(client: pg.PoolClient, groupIds: number[]): Promise<string[]> {
  const { rows } = await client.query(
    'SELECT oc.name FROM operation_claims oc JOIN group_claims gc ON gc.operation_claim_id = oc.id WHERE gc.group_id = ANY($1::int[])',
    [groupIds],
  );
  return rows.map((r) => r.name as string);
}

async function claimNames(client: pg.PoolClient, claimIds: number[]): Promise<string[]> {
  const { rows } = await client.query('SELECT name FROM operation_claims WHERE id = ANY($1::int[])', [claimIds]);
  return rows.map((r) => r.name as string);
}

/** What one write touches, by kind. Ids that do not exist are the write's own concern (404, 400). */
interface Touched {
  /** Users whose own claims or groups change: never the writer, and none holding more than they. */
  permissionsOf?: number[];
  /** Users edited otherwise (profile, status, password, deletion, sessions): none holding more than the writer. */
  users?: number[];
  /** Groups whose claims, members, name or existence change: none carrying more than the writer holds. */
  groups?: number[];
  /** Claims given, renamed or deleted (by id, or by name for a claim not stored yet): each held by the writer. */
  claims?: number[];
  claimNames?: string[];
}

/**
 * Refuses (403, naming the claim) a write that would give anyone more than its writer holds. Run
 * inside the write's transaction, before it writes; a server's own write (no writer) passes.
 */
export async function checkDelegation(client: pg.PoolClient, scope: { userId?: number; claims?: readonly string[] }, touched: Touched): Promise<void> {
  const writer = writerOf(scope);
  if (!writer) return;
  const permissionsOf = touched.permissionsOf ?? [];
  if (permissionsOf.includes(writer.userId)) throw ownPermissions();
  if (hasClaim(writer.claims, ADMIN_CLAIM)) return; // holds every claim there is
  // Editing oneself (a name, a password) is not editing someone above: one's own claims may be
  // newer than the token's, which must not refuse it.
  const users = [...permissionsOf, ...(touched.users ?? [])].filter((id) => id !== writer.userId);
  const aboveUser = users.length ? missingOf(writer, await claimsOfUsers(client, users)) : undefined;
  if (aboveUser) throw userAbove(aboveUser);
  const aboveGroup = touched.groups?.length ? missingOf(writer, await claimsOfGroups(client, touched.groups)) : undefined;
  if (aboveGroup) throw groupAbove(aboveGroup);
  const granted = [...(touched.claimNames ?? []), ...(touched.claims?.length ? await claimNames(client, touched.claims) : [])];
  const lacking = missingOf(writer, granted);
  if (lacking) throw notHeld(lacking);
}

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
async function change(
  deps: DomainDeps,
  input: OperationInput,
  entity: 'UserClaims' | 'GroupClaims' | 'UserGroups',
  touches: (id: number, delta: LinkDelta) => Touched,
  write: (client: pg.PoolClient, id: number, delta: LinkDelta) => Promise<LinkChange>,
) {
  const delta = input.body as LinkDelta; // both lists required by the contract
  const claims = input.claims ?? [];
  if (delta.add.length && !hasClaim(claims, `${entity}.Create`)) throw forbidden(`${entity}.Create`);
  if (delta.remove.length && !hasClaim(claims, `${entity}.Delete`)) throw forbidden(`${entity}.Delete`);
  const id = input.params.id as number;
  const scope = { userId: input.userId, claims: input.claims, operation: input.operation };
  return inTransaction(deps.pool, async (client) => {
    // An empty change only reads: whoever may read the set may see it.
    if (delta.add.length || delta.remove.length) await checkDelegation(client, scope, touches(id, delta));
    return write(client, id, delta);
  }, scope);
}

/** What a link row (current or about to be written) touches: its user's permissions or its group, and its claim. */
const linkTouches = (row: Record<string, unknown>): Touched => ({
  ...(row.userId !== undefined ? { permissionsOf: [row.userId as number] } : {}),
  ...(row.groupId !== undefined ? { groups: [row.groupId as number] } : {}),
  ...(row.operationClaimId !== undefined ? { claims: [row.operationClaimId as number] } : {}),
});

/**
 * The generic CRUD of a link entity: creating grants what the new link names; an update takes
 * away the current link and grants the new one; a delete takes away the current one (its claim
 * is not granted, but its user or group must be the writer's to change).
 */
const linkHooks: EntityHooks = {
  async beforeWrite(ctx) {
    const next = { ...ctx.current, ...ctx.values };
    const { claims: _taken, ...before } = ctx.current ? linkTouches(ctx.current) : {};
    const after = linkTouches(next);
    await checkDelegation(ctx.client, ctx, {
      permissionsOf: [...(before.permissionsOf ?? []), ...(after.permissionsOf ?? [])],
      groups: [...(before.groups ?? []), ...(after.groups ?? [])],
      claims: after.claims,
    });
  },
  async beforeDelete({ client, current, userId, claims }) {
    const { claims: _taken, ...touched } = linkTouches(current);
    await checkDelegation(client, { userId, claims }, touched);
  },
};

export const permissions: WorkflowModule = {
  constraintErrors: { ck_last_admin: lastAdmin },
  hooks: {
    User: {
      // Creating a user gives nothing; editing one needs every claim they hold.
      async beforeWrite(ctx) {
        if (ctx.id !== undefined) await checkDelegation(ctx.client, ctx, { users: [ctx.id] });
        const weak = typeof ctx.values.password === 'string' ? passwordProblem('password', ctx.values.password) : undefined;
        if (weak) throw badRequest([weak]);
      },
      async beforeDelete({ client, id, userId, claims }) {
        await checkDelegation(client, { userId, claims }, { users: [id] });
        // Deleting an administrator is refused anyway (their claims and groups reference them); the
        // last one hears why.
        const { rows } = await client.query('SELECT array_agg(id) AS ids FROM kurban_admin_user_ids() AS a(id)');
        const ids = (rows[0].ids as number[] | null) ?? [];
        if (ids.length === 1 && ids[0] === id) throw lastAdmin();
      },
    },
    Group: {
      async beforeWrite(ctx) {
        if (ctx.id !== undefined) await checkDelegation(ctx.client, ctx, { groups: [ctx.id] });
      },
      async beforeDelete({ client, id, userId, claims }) {
        await checkDelegation(client, { userId, claims }, { groups: [id] });
      },
    },
    // Tokens carry claim names: creating, renaming or deleting a claim is giving or taking it.
    OperationClaim: {
      async beforeWrite(ctx) {
        const names = [ctx.current?.name, ctx.values.name].filter((n): n is string => typeof n === 'string');
        await checkDelegation(ctx.client, ctx, { claimNames: names });
      },
      async beforeDelete({ client, current, userId, claims }) {
        await checkDelegation(client, { userId, claims }, { claimNames: [current.name as string] });
      },
    },
    UserClaim: linkHooks,
    GroupClaim: linkHooks,
    UserGroup: linkHooks,
  },
  operations: (deps) => ({
    changeUserClaims: (input) => change(deps, input, 'UserClaims', (userId, delta) => ({ permissionsOf: [userId], claims: delta.add }), writeUserClaims),
    changeGroupClaims: (input) => change(deps, input, 'GroupClaims', (groupId, delta) => ({ groups: [groupId], claims: delta.add }), writeGroupClaims),
    changeUserGroups: (input) => change(deps, input, 'UserGroups', (userId, delta) => ({ permissionsOf: [userId], groups: [...delta.add, ...delta.remove] }),
      (client, userId, delta) => writeUserGroups(client, { userId }, delta)),
    changeGroupUsers: (input) => change(deps, input, 'UserGroups', (groupId, delta) => ({ groups: [groupId], permissionsOf: [...delta.add, ...delta.remove] }),
      (client, groupId, delta) => writeUserGroups(client, { groupId }, delta)),
  }),
};
