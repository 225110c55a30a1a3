// `npm run restore -- FILE [--yes]`: restores a backup made by `npm run backup` into an empty
// database (DATABASE_URL's, or the embedded one in DATA_DIR), after a confirmation (`--yes` gives
// it beforehand, for scripts). A database with tables is refused: nothing is overwritten.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { describeArchive, findPgTools, relationsIn, restoreDatabase, runningEmbeddedUrl, serverMajorOf } from '../server/src/db/backup.ts';
import { startEmbeddedPostgres } from '../server/src/db/embedded.ts';

const env = process.env;
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = resolve(env.DATA_DIR ?? join(root, 'data'));
const args = process.argv.slice(2);
const yes = args.includes('--yes');
const fileArg = args.find((a) => !a.startsWith('--'));

if (!fileArg || !existsSync(fileArg)) {
  console.error(fileArg ? `No such file: ${fileArg}` : 'Usage: npm run restore -- FILE [--yes]   (FILE: a backup in DATA_DIR/backups)');
  process.exit(1);
}
const file = resolve(fileArg);

const embedded = env.DATABASE_URL || runningEmbeddedUrl(dataDir) ? undefined : await startEmbeddedPostgres({ dataDir, log: () => {} });
const url = env.DATABASE_URL ?? runningEmbeddedUrl(dataDir) ?? embedded!.url;
const where = env.DATABASE_URL ? `the database of DATABASE_URL (${new URL(url).host}${new URL(url).pathname})` : `the embedded database in ${dataDir}`;
try {
  const tools = await findPgTools(await serverMajorOf(url), env.PG_BIN_DIR, file);
  await describeArchive(file, tools);
  const found = await relationsIn(url);
  if (found > 0) {
    throw new Error(
      `${where} is not empty (${found} tables, sequences or views): a backup is restored into an empty database only. ` +
        (env.DATABASE_URL
          ? 'Create a new database and point DATABASE_URL at it.'
          : `Stop the server and move ${join(dataDir, 'pg')} aside (keep it until the restore is checked); the restore then starts a new, empty cluster.`),
    );
  }
  if (!yes) {
    if (!process.stdin.isTTY) throw new Error('no terminal to confirm on; add --yes to restore without asking');
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await rl.question(`Restore ${file} into ${where}? Type "yes" to go on: `);
    rl.close();
    if (answer.trim().toLowerCase() !== 'yes') throw new Error('not confirmed; nothing was changed');
  }
  await restoreDatabase({ url, file, tools });
  console.log(`Restored ${file} into ${where}.`);
  console.log('Secret settings are encrypted with ENCRYPTION_KEY (DATA_DIR/secrets.json): the server needs the same key to read them.');
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
