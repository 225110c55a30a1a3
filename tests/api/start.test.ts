// `npm start` as staff run it: the real entry point with its embedded PostgreSQL in a data
// directory. It prints where to sign in, serves the API and a page on one port, sells without
// printing warnings, stops cleanly on Ctrl+C (SIGINT), and a second start keeps the data.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../server/src/db/embedded.ts';

const main = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
let dataDir: string;
let port: number;

/** Servers started and not yet stopped: a failed assertion must not leave one running. */
const running = new Set<Running>();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kurban-start-'));
  port = await findFreePort();
});
afterAll(async () => {
  for (const r of running) await stop(r);
  await rm(dataDir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  output: () => string;
}

/** Starts the server and waits for its "Ctrl+C" line (it prints that once it listens). */
function start(env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 90 s:\n${out}`)), 90_000);
    child.stdout!.on('data', () => {
      if (out.includes('Ctrl+C')) {
        clearTimeout(timer);
        const started = { child, output: () => out };
        running.add(started);
        resolve(started);
      }
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
}

/** Ctrl+C, as staff stop it; killed when it has not stopped within 30 s. */
function stop(r: Running): Promise<number | null> {
  running.delete(r);
  return new Promise((resolve) => {
    const timer = setTimeout(() => r.child.kill('SIGKILL'), 30_000);
    r.child.removeAllListeners('exit');
    r.child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    r.child.kill('SIGINT');
  });
}

describe('npm start', () => {
  it('starts with an embedded database, prints how to sign in, and keeps data across restarts', async () => {
    const first = await start();
    expect(first.output()).toContain(`http://127.0.0.1:${port}/`);
    const printed = first.output().match(/Sign in as (\S+) with password (\S+)/);
    expect(printed, first.output()).not.toBeNull();
    const [, email, password] = printed!;
    expect(email).toBe('admin@example.com');

    const base = `http://127.0.0.1:${port}`;
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const login = await fetch(`${base}/api/v1/Auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const orders = await fetch(`${base}/api/v1/VictimOrders/GetListForPaging`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });
    const demo = ((await orders.json()) as { data: { totalCount: number } }).data.totalCount;
    expect(demo).toBeGreaterThan(0); // the demo season is there

    // A sale with a deposit: its answer's payment is a oneOf (a payment or null), which the
    // answers' serializer tells apart with its own ajv. It knows the contract's formats: the
    // server prints no warning of a format it does not know.
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${base}/api/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { data: any } };
    };
    const animals = (await post('Products/GetListForPaging', { PageSize: 500 })).body.data.data as { id: number; shareCapacity: number | null; sharesSold: number }[];
    const free = animals.find((a) => a.shareCapacity !== null && a.sharesSold < a.shareCapacity)!;
    const methods = (await post('PaymentMethods/GetListForPaging', { PageSize: 50 })).body.data.data as { id: number; code: string }[];
    const sale = await post('Sales', {
      customer: { title: 'Başlangıç Denemesi', phoneNumber: '0532 999 88 77', confirmedNew: true }, productId: free.id, shareCount: 1,
      deposit: { amount: '100.00', paymentMethodId: methods.find((m) => m.code === 'cash')!.id },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.data.payment.amount).toBe('100.00');
    expect(first.output()).not.toContain('unknown format');

    expect(await stop(first)).toBe(0);

    const second = await start();
    expect(second.output()).not.toContain('with password'); // the administrator exists already
    const again = await fetch(`${base}/api/v1/Auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(again.status).toBe(200);
    const { token: token2 } = ((await again.json()) as { data: { token: string } }).data;
    const orders2 = await fetch(`${base}/api/v1/VictimOrders/GetListForPaging`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token2}` }, body: '{}' });
    expect(((await orders2.json()) as { data: { totalCount: number } }).data.totalCount).toBe(demo + 1); // kept with the sale, not seeded twice
    expect(await stop(second)).toBe(0);
  });
});
