// The farm survives a crash: `kill -9` of the server leaves its embedded PostgreSQL running as an
// orphan; the next start on the same data directory stops that orphan cleanly, says so, starts,
// and every row committed before the crash is there.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../server/src/db/embedded.ts';

const main = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
const ADMIN = { email: 'crash@test.local', password: 'crash-password-1' };
let dataDir: string;
let base: string;
let port: number;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kurban-crash-'));
  port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // Whatever the outcome, no PostgreSQL of this data directory outlives the test.
  killClusterProcesses();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every process working in this test's cluster directory (a postmaster and its backends). */
function clusterProcesses(): number[] {
  let cluster: string;
  try {
    cluster = realpathSync(join(dataDir, 'pg'));
  } catch {
    return [];
  }
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === cluster;
    } catch {
      return false;
    }
  });
}
function killClusterProcesses(): void {
  for (const pid of clusterProcesses()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}

/** Whether the process runs: a zombie has ended (an orphan's new parent may not reap it at once; in a container, pid 1 often never does). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

interface Running {
  child: ChildProcess;
  output: () => string;
}

/** Starts `node server/src/main.ts` on the data directory and waits until /ready answers 200. */
async function start(): Promise<Running> {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}):\n${out}`))));
  const ready = (async () => {
    for (const until = Date.now() + 90_000; Date.now() < until && child.exitCode === null; await new Promise((r) => setTimeout(r, 200))) {
      const res = await fetch(`${base}/api/v1/ready`).catch(() => undefined);
      if (res?.status === 200) return;
    }
    throw new Error(`not ready in 90 s:\n${out}`);
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => undefined);
  return { child, output: () => out };
}

async function api(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1/${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}
async function signIn(): Promise<string> {
  const login = await api('POST', 'Auth/login', undefined, ADMIN);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.data.token;
}
async function categories(token: string): Promise<string[]> {
  const list = await api('POST', 'Categories/GetListForPaging', token, { PageNumber: 1, PageSize: 100 });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  expect(list.body.data.totalCount).toBe(list.body.data.data.length);
  return (list.body.data.data as { name: string }[]).map((c) => c.name).sort();
}

describe('a crash of the server', () => {
  it('is followed by a normal start that stops the orphaned PostgreSQL and keeps every committed row', async () => {
    const first = await start();
    let token = await signIn();
    const before = await categories(token);
    const made = ['Çöküş öncesi 1', 'Çöküş öncesi 2', 'Çöküş öncesi 3', 'Çöküş öncesi 4', 'Çöküş öncesi 5'];
    for (const name of made) {
      const created = await api('POST', 'Categories', token, { name });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    const committed = [...before, ...made].sort();
    expect(await categories(token)).toEqual(committed);

    const postmaster = Number((await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const killed = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await killed;
    // What the crash leaves: the server is gone, its PostgreSQL is not.
    expect(alive(postmaster)).toBe(true);

    const second = await start();
    expect(second.output()).toContain(`Stopped PostgreSQL (pid ${postmaster}, port `);
    expect(alive(postmaster)).toBe(false);
    token = await signIn();
    expect(await categories(token)).toEqual(committed);

    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGINT');
    expect(await stopped).toBe(0);
    expect(clusterProcesses()).toEqual([]);
  }, 180_000);
});
