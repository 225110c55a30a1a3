// GET /Farm (issue 17, point 1): the farm's name and currencies for every screen, before any
// entity's claim (public): the browser shows each amount in its own currency from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/app.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the farm', () => {
  it('answers its name and currencies to anyone, the default marked, as the settings and currency types say', async () => {
    await server.database.pool.query(`UPDATE settings SET value = 'Yılmaz Çiftliği' WHERE key = 'company.name'`);
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/Farm' });
    expect(res.statusCode).toBe(200);
    const farm = res.json().data;
    expect(farm.name).toBe('Yılmaz Çiftliği');
    const { rows } = await server.database.pool.query(`SELECT id, code, symbol, decimals, is_default AS "isDefault" FROM currency_types ORDER BY id`);
    expect(farm.currencies).toEqual(rows);
    expect(farm.currencies.filter((c: { isDefault: boolean }) => c.isDefault).map((c: { code: string }) => c.code)).toEqual(['TRY']);
  });

  it('follows a change of the default currency', async () => {
    const pool = server.database.pool;
    // One default at a time (a partial unique index): the old one first.
    const moveDefault = async (to: string) => {
      await pool.query(`UPDATE currency_types SET is_default = false WHERE is_default`);
      await pool.query(`UPDATE currency_types SET is_default = true WHERE code = $1`, [to]);
    };
    await moveDefault('EUR');
    try {
      const farm = (await server.app.inject({ method: 'GET', url: '/api/v1/Farm' })).json().data;
      expect(farm.currencies.find((c: { isDefault: boolean }) => c.isDefault).code).toBe('EUR');
    } finally {
      await moveDefault('TRY');
    }
  });
});
