// An answer built in SQL (`lookupsJson`, for a write that stores its answer in the same statement:
// the sale) is the same JSON as the row the driver reads (`readRow`), for every entity, on the
// demo season's rows: money and decimals as exact strings, times in UTC with milliseconds, dates,
// lookups, nulls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRow } from '../../server/src/crud/handlers.ts';
import { entities, ident } from '../../server/src/crud/entities.ts';
import { lookupsJson } from '../../server/src/crud/lookups.ts';
import { seedDemo } from '../../server/src/db/seed/index.ts';
import { startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.database.pool, { encryptionKey: server.config.encryptionKey });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('rows as JSON built in SQL', () => {
  it('are the rows the driver reads, for every entity with rows', async () => {
    const pool = server.database.pool;
    const compared: string[] = [];
    for (const e of entities) {
      // The first, the last and a middle row: a few shapes of each table.
      const { rows } = await pool.query(`SELECT id FROM ${ident(e.table)} ORDER BY id`);
      const ids = [...new Set([rows[0]?.id, rows[Math.floor(rows.length / 2)]?.id, rows.at(-1)?.id].filter((id) => id !== undefined))];
      for (const id of ids) {
        const driver = JSON.parse(JSON.stringify(await readRow(pool, e, id)));
        const built = (await pool.query(`SELECT ${lookupsJson(e)} AS body FROM ${ident(e.table)} t WHERE t.id = $1`, [id])).rows[0].body;
        expect(built, `${e.name} ${id}`).toEqual(driver);
      }
      if (ids.length) compared.push(e.name);
    }
    // The sale's answer is built this way: its entities must have been compared.
    expect(compared).toEqual(expect.arrayContaining(['VictimOrder', 'VictimOrderDetail', 'VictimPayment', 'Account', 'Product', 'VatRate', 'User']));
    expect(compared.length).toBeGreaterThan(entities.length / 2);
  });
});
