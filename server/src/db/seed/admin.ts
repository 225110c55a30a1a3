// The first administrator: a fresh installation must have someone who can sign in and assign
// permissions. Runs on every start and does nothing once an administrator exists.
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { hashPassword } from '../../crud/secrets.ts';
import { passwordProblem } from '../../core/password-policy.ts';
import { type Db, inSeedTransaction } from './sql.ts';

export interface FirstAdminOptions {
  email?: string;
  password?: string;
}

export interface FirstAdmin {
  email: string;
  /** Set only when this call made the password up: print it once. */
  createdPassword?: string;
}

const DEFAULT_EMAIL = 'admin@example.com';
// No look-alikes (0/O, 1/l/I), so a password read off a terminal is typed right the first time.
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function generatePassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

export async function ensureFirstAdmin(pool: pg.Pool, opts: FirstAdminOptions = {}): Promise<FirstAdmin> {
  const email = (opts.email?.trim() || DEFAULT_EMAIL).toLowerCase();
  return inSeedTransaction(pool, async (db) => {
    const existing = await existingAdminEmail(db, email);
    if (existing) return { email: existing };

    const groupId = await administratorsGroup(db);
    const found = await db.query(`SELECT id FROM users WHERE email = $1`, [email]);
    let userId: number;
    let createdPassword: string | undefined;
    if (found.rows.length) {
      // The user exists but is no administrator: promote it, never touch its password.
      userId = found.rows[0].id;
    } else {
      const weak = opts.password ? passwordProblem('ADMIN_PASSWORD', opts.password) : undefined;
      // The same rule as on every other path that sets a password; a made-up one always passes it.
      if (weak) throw new Error(`The first administrator's password is refused: ${weak.message}`);
      const password = opts.password || generatePassword();
      if (!opts.password) createdPassword = password;
      const { rows } = await db.query(
        `INSERT INTO users (first_name, last_name, email, status, password_hash) VALUES ('Sistem', 'Yöneticisi', $1, 'active', $2) RETURNING id`,
        [email, await hashPassword(password)],
      );
      userId = rows[0].id;
    }
    await db.query(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2) ON CONFLICT (user_id, group_id) DO NOTHING`, [userId, groupId]);
    return createdPassword ? { email, createdPassword } : { email };
  });
}

/**
 * The email of a user who already administers: a member of `Administrators`, or anyone holding
 * `Admin` directly or through another group (a renamed administrators group still counts).
 * The requested email wins when it is one of them.
 */
async function existingAdminEmail(db: Db, preferred: string): Promise<string | undefined> {
  const { rows } = await db.query(
    `SELECT u.email FROM users u
     WHERE EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id AND g.name = 'Administrators')
        OR EXISTS (SELECT 1 FROM user_claims uc JOIN operation_claims oc ON oc.id = uc.operation_claim_id WHERE uc.user_id = u.id AND oc.name = 'Admin')
        OR EXISTS (SELECT 1 FROM user_groups ug JOIN group_claims gc ON gc.group_id = ug.group_id
                   JOIN operation_claims oc ON oc.id = gc.operation_claim_id WHERE ug.user_id = u.id AND oc.name = 'Admin')
     ORDER BY (u.email = $1) DESC, u.id LIMIT 1`,
    [preferred],
  );
  return rows[0]?.email;
}

/** `Administrators`, else a group holding Admin, else a new `Administrators` holding Admin. */
async function administratorsGroup(db: Db): Promise<number> {
  const { rows } = await db.query(
    `SELECT g.id FROM groups g
     WHERE g.name = 'Administrators'
        OR EXISTS (SELECT 1 FROM group_claims gc JOIN operation_claims oc ON oc.id = gc.operation_claim_id WHERE gc.group_id = g.id AND oc.name = 'Admin')
     ORDER BY (g.name = 'Administrators') DESC, g.id LIMIT 1`,
  );
  if (rows.length) return rows[0].id;
  const group = await db.query(`INSERT INTO groups (name, description) VALUES ('Administrators', 'Yöneticiler: her işlem için yetkili (Admin).') RETURNING id`);
  await db.query(`INSERT INTO operation_claims (name, description) VALUES ('Admin', 'Administrator: passes every permission check') ON CONFLICT (name) DO NOTHING`);
  await db.query(`INSERT INTO group_claims (group_id, operation_claim_id) SELECT $1, id FROM operation_claims WHERE name = 'Admin'`, [group.rows[0].id]);
  return group.rows[0].id;
}
