// A private cluster of the machine's own PostgreSQL (Debian's package: /usr/lib/postgresql/<major>/
// bin; bookworm gives 15, older than the bundled 18 tools), for the backup round trip on "the
// user's own server": initdb in a temporary directory, started on a free loopback port, with a
// role (no superuser) that owns its database, as on a user's server. As root it runs as the
// `postgres` OS user the package made (initdb refuses root). Nothing of the machine's own clusters
// is touched. The package is a requirement of the tests, as Debian's Chromium is (README).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '../../server/src/db/embedded.ts';

const run = promisify(execFile);
const ROOT = '/usr/lib/postgresql';

export interface SystemPostgres {
  /** The database `kurban_backup`, owned by the role `kurban_backup`. */
  url: string;
  major: number;
  stop(): Promise<void>;
}

export async function startSystemPostgres(): Promise<SystemPostgres> {
  const majors = existsSync(ROOT) ? readdirSync(ROOT).map(Number).filter((m) => existsSync(join(ROOT, String(m), 'bin', 'initdb'))).sort((a, b) => a - b) : [];
  if (!majors.length) throw new Error(`no PostgreSQL installed in ${ROOT}: the tests need Debian's postgresql package (apt-get install -y postgresql)`);
  const major = majors[majors.length - 1];
  const bin = (tool: string) => join(ROOT, String(major), 'bin', tool);
  const asRoot = process.getuid?.() === 0;
  // As root, every tool runs as the package's `postgres` user, in a directory it owns.
  const as = (tool: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', bin(tool), ...args]) : run(bin(tool), args));
  const dir = await mkdtemp(join(tmpdir(), 'kurban-system-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(gid));
  }
  const data = join(dir, 'data');
  const port = await findFreePort();
  const password = randomBytes(16).toString('hex');
  await as('initdb', ['-D', data, '-E', 'UTF8', '--locale=C.UTF-8', '--auth-local=peer', '--auth-host=scram-sha-256']);
  await as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await as('psql', ['-h', dir, '-p', String(port), '-d', 'postgres', '-q', '-v', 'ON_ERROR_STOP=1',
      '-c', `CREATE ROLE kurban_backup LOGIN PASSWORD '${password}'`, '-c', 'CREATE DATABASE kurban_backup OWNER kurban_backup']);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `postgres://kurban_backup:${password}@127.0.0.1:${port}/kurban_backup`, major, stop };
}
