import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../server/src/db/embedded.ts';
import security from '../../server/src/plugins/security.ts';
import staticApp from '../../server/src/plugins/static.ts';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kurban-embedded-test-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('initialises, runs SQL with pg_trgm, and keeps its data across a restart', async () => {
    const log: string[] = [];
    let started = performance.now();
    const first = await startEmbeddedPostgres({ dataDir, log: (line) => log.push(line) });
    const firstMs = performance.now() - started;
    try {
      expect(first.url).toMatch(/^postgres:\/\/postgres:[0-9a-f]{48}@127\.0\.0\.1:\d+\/kurban$/);
      expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      await query(first.url, 'create extension if not exists pg_trgm');
      expect(await query(first.url, "select similarity('kurban', 'kurbann') > 0.5 as close")).toEqual([{ close: true }]);
      expect(await query(first.url, 'show shared_buffers')).toEqual([{ shared_buffers: '256MB' }]);
      expect(await query(first.url, 'show jit')).toEqual([{ jit: 'off' }]);
      await query(first.url, "create table survivor (name text); insert into survivor values ('still here')");
    } finally {
      await first.stop();
    }

    started = performance.now();
    const second = await startEmbeddedPostgres({ dataDir, log: (line) => log.push(line) });
    const restartMs = performance.now() - started;
    try {
      expect(second.url.replace(/:\d+\//, ':PORT/')).toBe(first.url.replace(/:\d+\//, ':PORT/'));
      expect(await query(second.url, 'select name from survivor')).toEqual([{ name: 'still here' }]);
    } finally {
      await second.stop();
    }
    console.log(`embedded PostgreSQL start: first init ${Math.round(firstMs)} ms, restart ${Math.round(restartMs)} ms`);
  }, 60_000);

  // (A postmaster orphaned by a killed server is stopped at the next start: tests/api/crash-restart.test.ts.)

  it('starts over a stale postmaster.pid whose pid another program got since', async () => {
    // PostgreSQL takes a live pid of its own OS user in the file for a running postmaster and
    // refuses to start. As root, the cluster runs as the `postgres` user: so does the program.
    const user = process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) } : {};
    const other = spawn('sleep', ['60'], { stdio: 'ignore', ...user });
    try {
      await writeFile(join(dataDir, 'pg', 'postmaster.pid'), `${other.pid}\n${join(dataDir, 'pg')}\n1700000000\n5432\n\n127.0.0.1\n  1234 5678\nready   \n`);
      const cluster = await startEmbeddedPostgres({ dataDir, log: () => {} });
      try {
        expect(await query(cluster.url, 'select name from survivor')).toEqual([{ name: 'still here' }]);
      } finally {
        await cluster.stop();
      }
      expect(other.exitCode).toBeNull(); // the program that got the pid is left alone
    } finally {
      other.kill('SIGKILL');
    }
  }, 60_000);

  it('refuses to start a cluster a running process uses, and leaves that one running', async () => {
    const running = await startEmbeddedPostgres({ dataDir, log: () => {} });
    try {
      await expect(startEmbeddedPostgres({ dataDir, log: () => {} })).rejects.toThrow(new RegExp(`already runs on .*for process ${process.pid}: one server per data directory`));
      expect(await query(running.url, 'select name from survivor')).toEqual([{ name: 'still here' }]);
    } finally {
      await running.stop();
    }
  }, 60_000);
});

describe('static app serving', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'kurban-dist-test-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(dist, 'sw.js'), 'self.skipWaiting()');
    await writeFile(join(dist, 'manifest.webmanifest'), '{}');
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  async function build(root: string): Promise<FastifyInstance> {
    const app = Fastify();
    await app.register(staticApp, { root });
    app.get('/api/v1/ping', async () => ({ pong: true }));
    // Set after the plugin on purpose: API misses must still reach it.
    app.setNotFoundHandler((request, reply) => {
      void reply.code(404).send({ error: 'NotFound', path: request.url });
    });
    await app.ready();
    return app;
  }

  it('falls back to index.html for browser routes and to the JSON 404 for the API', async () => {
    const app = await build(dist);
    const page = await app.inject('/Products');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('id="root"');
    expect((await app.inject({ method: 'HEAD', url: '/Products/12' })).statusCode).toBe(200);
    expect((await app.inject('/')).body).toContain('id="root"');

    const miss = await app.inject('/api/v1/nope');
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ error: 'NotFound', path: '/api/v1/nope' });
    expect((await app.inject('/api/v1/ping')).json()).toEqual({ pong: true });
    expect((await app.inject('/assets/gone-999.js')).statusCode).toBe(404);
    await app.close();
  });

  it('caches hashed assets forever and revalidates the rest', async () => {
    const app = await build(dist);
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/index.html', '/sw.js', '/manifest.webmanifest']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    await app.close();
  });

  it('serves a placeholder page when the browser app is not built', async () => {
    const app = await build(join(dist, 'missing'));
    const home = await app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('/api/v1');
    expect(home.body).toContain('API çalışıyor');
    expect((await app.inject('/Products')).statusCode).toBe(404);
    await app.close();
  });
});

describe('security headers', () => {
  it('sends the CSP and keeps CORS closed unless origins are given', async () => {
    const closed = Fastify();
    await closed.register(security, { corsOrigins: [] });
    closed.get('/x', async () => ({}));
    const response = await closed.inject({ url: '/x', headers: { origin: 'https://evil.example' } });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    await closed.close();

    const open = Fastify();
    await open.register(security, { corsOrigins: ['https://app.example'] });
    open.get('/x', async () => ({}));
    const allowed = await open.inject({ url: '/x', headers: { origin: 'https://app.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    await open.close();
  });
});
