// `npm run backup`: one consistent dump (pg_dump, custom format) of the database into
// DATA_DIR/backups, named by its time. The database is DATABASE_URL's, or the embedded one in
// DATA_DIR: the running server's cluster when it runs, otherwise started for the dump and stopped.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupDatabase, findPgTools, runningEmbeddedUrl, serverMajorOf } from '../server/src/db/backup.ts';
import { startEmbeddedPostgres } from '../server/src/db/embedded.ts';

const env = process.env;
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = resolve(env.DATA_DIR ?? join(root, 'data'));

const embedded = env.DATABASE_URL || runningEmbeddedUrl(dataDir) ? undefined : await startEmbeddedPostgres({ dataDir, log: () => {} });
const url = env.DATABASE_URL ?? runningEmbeddedUrl(dataDir) ?? embedded!.url;
try {
  const tools = await findPgTools(await serverMajorOf(url), env.PG_BIN_DIR);
  const { file, bytes } = await backupDatabase({ url, dir: join(dataDir, 'backups'), tools });
  console.log(`Backup written: ${file} (${(bytes / 1024).toFixed(0)} KiB)`);
  console.log(`Restore it with: npm run restore -- ${file}`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
