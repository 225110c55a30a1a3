// Applies the SQL migrations written by drizzle-kit (server/src/db/migrations), in order, once.
// Several instances may start together on one database: a session advisory lock lets one apply
// what is pending while the others wait, then find nothing left to do (drizzle's migrator takes
// no lock of its own, so two would each try the same migration and all but one fail to start).
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 'kurban-migrations';

export async function runMigrations(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
