// Sign-in, registration, refresh-token rotation, sign-out and "sign out everywhere".
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { HttpError, badRequest, fieldError, hasCode, notFound } from '../core/errors.ts';
import { hashPassword, verifyPassword } from '../crud/secrets.ts';
import { passwordProblem } from '../core/password-policy.ts';
import { inTransaction, type WriteScope } from '../db/client.ts';
import type { RateLimits } from '../db/rate-limits.ts';
import type { AccessTokenPayload } from '../core/access-token.ts';
import type { WorkflowModule } from './operations.ts';
import { checkDelegation, claimsOfUsers } from './permissions.ts';

export interface AuthDeps {
  pool: pg.Pool;
  signAccessToken(payload: AccessTokenPayload): string;
  refreshTokenDays: number;
  /** The attempt counters (failures per address, sign-ins per account, registrations). */
  limits: RateLimits;
  /** Tells this instance at once that a session (a refresh family) ended: its access tokens are
   *  refused from its next request (other instances hear it from the database). */
  sessionEnded(sessionId: string): void;
}

interface UserRow {
  id: number;
  guid: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  passwordHash: string | null;
  /** The access version, read in the same statement as the row: whatever ends access later is newer than the token. */
  accessVersion: number;
}

const USER_COLUMNS = `id, guid, email, first_name AS "firstName", last_name AS "lastName", status, password_hash AS "passwordHash",
  coalesce((SELECT av.version FROM access_versions av WHERE av.user_id = users.id), 0) AS "accessVersion"`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
// Verifying against this keeps a wrong email as slow as a wrong password (no email probing).
const DUMMY_HASH = await hashPassword(randomBytes(16).toString('hex'));

const wrongCredentials = () => new HttpError(401, 'error.auth.invalidCredentials', 'E-posta veya şifre hatalı.');
const invalidRefresh = () => new HttpError(400, 'error.auth.invalidRefreshToken', 'Oturum yenilenemedi, lütfen yeniden giriş yapın.');
const lockedOut = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(429, 'error.auth.tooManyFailures', `Bu e-posta adresiyle çok fazla hatalı giriş denendi; ${minutes} dakika sonra yeniden deneyin.`, { params: { seconds, minutes } });
};

/** Own claims ∪ the claims of the user's groups. */
export const effectiveClaims = (db: pg.Pool | pg.PoolClient, userId: number): Promise<string[]> => claimsOfUsers(db, [userId]);

async function issueRefreshToken(db: pg.Pool | pg.PoolClient, d: AuthDeps, userId: number, familyId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
    [userId, familyId, sha256(token), d.refreshTokenDays],
  );
  return token;
}

async function session(db: pg.Pool | pg.PoolClient, d: AuthDeps, user: UserRow, familyId: string) {
  // Claims are read after the version: a claim removed in between is refused by the newer version.
  const claims = await effectiveClaims(db, user.id);
  const token = d.signAccessToken({ sub: String(user.id), guid: user.guid, email: user.email, claims, ver: user.accessVersion, sid: familyId });
  const refreshToken = await issueRefreshToken(db, d, user.id, familyId);
  return {
    token,
    refreshToken,
    claims,
    userInfo: {
      isGuest: claims.length === 0,
      userInfo: { guid: user.guid, email: user.email, firstName: user.firstName, lastName: user.lastName },
    },
  };
}

/**
 * Failures are counted, successes are not: a wrong password or an unknown e-mail counts against
 * the client's address (past its budget, every failing attempt from it is a 429, while a right
 * password still signs in), and every attempt counts against the e-mail address (past its budget
 * the account is locked, whatever the password, until the window ends; a success starts the
 * count over). Unknown e-mails are counted and locked alike, so nothing tells which exist.
 */
export async function login(d: AuthDeps, body: { email: string; password: string }, address: string) {
  const email = body.email.trim().toLowerCase();
  // Hashed: what people type as an e-mail (a password, at times) is not kept.
  const account = `sign-in:account:${sha256(email)}`;
  // Counted before the password is tried, so that parallel guesses get no more tries than sequential ones.
  await d.limits.count(account, d.limits.budgets.perAccount, lockedOut);
  return d.limits.failures(`sign-in:address:${address}`, d.limits.budgets.perAddress, async () => {
    const { rows } = await d.pool.query(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email]);
    const user = rows[0] as UserRow | undefined;
    const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, body.password).catch(() => false);
    if (!user || !user.passwordHash || !valid) throw wrongCredentials();
    await d.limits.clear(account);
    return signIn(d, user);
  }, hasCode('error.auth.invalidCredentials'));
}

/** The session of a user whose password was right: refused if passive or locked. */
async function signIn(d: AuthDeps, user: UserRow) {
  if (user.status !== 'active') {
    throw new HttpError(401, `error.auth.${user.status === 'locked' ? 'locked' : 'passive'}`,
      user.status === 'locked' ? 'Hesabınız kilitlendi, lütfen yöneticinize başvurun.' : 'Hesabınız pasif durumda, lütfen yöneticinize başvurun.');
  }
  // The user's row is locked from here to the new session's commit, and must still have the
  // password just checked: a concurrent new password, status or sign-out everywhere either sees
  // (and revokes) this session, or this sign-in fails.
  return inTransaction(d.pool, async (client) => {
    const current = await client.query(
      `UPDATE users SET last_login_at = now() WHERE id = $1 AND password_hash = $2 AND status = 'active' RETURNING ${USER_COLUMNS}`,
      [user.id, user.passwordHash],
    );
    if (!current.rows.length) throw wrongCredentials();
    return session(client, d, current.rows[0] as UserRow, randomUUID());
  });
}

export async function register(d: AuthDeps, body: { email: string; password: string; firstName: string; lastName: string; phoneNumber?: string }, address: string) {
  // Every registration counts (each may make an account), apart from the sign-in's failures.
  await d.limits.count(`register:address:${address}`, d.limits.budgets.perAddress);
  const email = body.email.trim().toLowerCase();
  // Names are trimmed as every text the server stores is: one of white space only is empty, and
  // refused as the contract's minLength refuses an empty one (as `POST Users` does).
  const firstName = body.firstName.trim();
  const lastName = body.lastName.trim();
  const blank = Object.entries({ firstName, lastName }).filter(([, v]) => !v).map(([field]) => fieldError(field, 'minLength', { min: 1 }));
  const weak = passwordProblem('password', body.password);
  if (blank.length || weak) throw badRequest([...blank, ...(weak ? [weak] : [])]);
  const passwordHash = await hashPassword(body.password);
  try {
    // The user and their first session together, named in the audit trail as a registration
    // (by nobody yet: the new user is not signed in).
    return await inTransaction(d.pool, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO users (email, first_name, last_name, phone_number, password_hash, status)
         VALUES ($1, $2, $3, $4, $5, 'active') RETURNING ${USER_COLUMNS}`,
        [email, firstName, lastName, body.phoneNumber?.trim() || null, passwordHash],
      );
      return session(client, d, rows[0] as UserRow, randomUUID());
    }, { operation: 'register' });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      throw new HttpError(409, 'error.conflict.unique', 'Bu e-posta adresi zaten kayıtlı.', { fields: [fieldError('email', 'unique')] });
    }
    throw err;
  }
}

/**
 * A new pair for a valid refresh token. Only refusals are counted against the client's address
 * (past its budget they are 429s): a valid token is never refused because of other clients.
 */
export async function refresh(d: AuthDeps, body: { refreshToken: string }, address: string) {
  return d.limits.failures(`refresh:address:${address}`, d.limits.budgets.perAddress, () => rotate(d, body.refreshToken), hasCode('error.auth.invalidRefreshToken'));
}

async function rotate(d: AuthDeps, refreshToken: string) {
  const hash = sha256(refreshToken);
  return inTransaction(d.pool, async (client) => {
    // The user's row first (shared lock): a concurrent change that ends the user's sessions (a new
    // password, passive or locked, sign out everywhere) either waits for this refresh and then
    // revokes the token it issues, or commits first and is seen here.
    await client.query('SELECT 1 FROM users WHERE id = (SELECT user_id FROM refresh_tokens WHERE token_hash = $1) FOR SHARE', [hash]);
    // Spend the token atomically: of two concurrent uses, only one gets a row back. A family with
    // a revoked token has ended: a token issued while it was being revoked is refused here.
    const spent = await client.query(
      `UPDATE refresh_tokens t SET spent_at = now()
       WHERE token_hash = $1 AND spent_at IS NULL AND revoked_at IS NULL AND expires_at > now()
         AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = t.family_id AND r.revoked_at IS NOT NULL)
       RETURNING user_id, family_id`,
      [hash],
    );
    if (!spent.rows.length) {
      // A spent token presented again means it was copied: revoke its whole family.
      const reused = await client.query('SELECT family_id FROM refresh_tokens WHERE token_hash = $1 AND spent_at IS NOT NULL', [hash]);
      if (reused.rows.length) {
        await client.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [reused.rows[0].family_id]);
        return { revoked: true as const, familyId: reused.rows[0].family_id as string };
      }
      throw invalidRefresh();
    }
    const { user_id: userId, family_id: familyId } = spent.rows[0];
    const { rows } = await client.query(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [userId]);
    const user = rows[0] as UserRow | undefined;
    if (!user || user.status !== 'active') throw invalidRefresh();
    const s = await session(client, d, user, familyId);
    return { revoked: false as const, data: { token: s.token, refreshToken: s.refreshToken, claims: s.claims } };
  }).then((result) => {
    // The revocation must be committed before the refusal is answered.
    if (result.revoked) {
      d.sessionEnded(result.familyId);
      throw invalidRefresh();
    }
    return { data: result.data };
  });
}

/** Ends the refresh token's session: its refresh tokens revoked, its access tokens refused at once. */
export async function logout(d: AuthDeps, body: { refreshToken: string }) {
  const { rows } = await d.pool.query(
    `UPDATE refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)
     RETURNING family_id`,
    [sha256(body.refreshToken)],
  );
  if (rows.length) d.sessionEnded(rows[0].family_id as string);
  return null;
}

/**
 * Ends every session of a user on every device: refresh tokens revoked, access tokens refused on
 * their next request (the database bumps the user's access version and tells every instance).
 */
export async function logoutEverywhere(pool: pg.Pool, userId: number, scope: WriteScope = {}) {
  return inTransaction(pool, async (client) => {
    // Locked first, so that a sign-in or refresh under way either ends before (and is revoked) or after.
    const { rowCount } = await client.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
    if (!rowCount) throw notFound();
    // Another user's sessions only when they hold nothing the writer lacks (an administrator's only by another).
    await checkDelegation(client, scope, { users: [userId] });
    await client.query('SELECT kurban_end_sessions(ARRAY[$1]::int[])', [userId]);
    return null;
  }, scope);
}

export const sessions: WorkflowModule = {
  operations: (deps) => ({
    // Any signed-in user, for themselves.
    logoutEverywhere: async (input) => logoutEverywhere(deps.pool, input.userId!, { userId: input.userId, claims: input.claims, operation: input.operation }),
    // An administrator (Users.Update), for another user.
    logoutUserEverywhere: async (input) => logoutEverywhere(deps.pool, input.params.id as number, { userId: input.userId, claims: input.claims, operation: input.operation }),
  }),
};
