// Test database: a fresh database on TEST_DATABASE_URL's server when set (CI, a shared server),
// otherwise a throwaway embedded cluster in a temp directory.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/src/db/embedded.ts';

export interface TestDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createDatabaseOn(serverUrl) : startThrowawayCluster();
}

async function createDatabaseOn(serverUrl: string): Promise<TestDatabase> {
  const name = `kurban_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // WITH (FORCE) ends connections a test forgot to close instead of failing the drop.
  return { url: url.toString(), stop: () => admin(`drop database if exists "${name}" with (force)`) };
}

async function startThrowawayCluster(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kurban-pg-'));
  const lines: string[] = [];
  try {
    const cluster = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
    return {
      url: cluster.url,
      stop: async () => {
        await cluster.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    // PostgreSQL's log is only interesting when it failed.
    console.error(lines.join('\n'));
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
