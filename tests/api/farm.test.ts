// GET /Farm (issue 17, points 1 and 10): the farm's name, address, phone, tax number and currencies
// for every screen, before any entity's claim (public): the browser shows each amount in its own
// currency from it, and the receipts and the public page the farm's contact details.
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

  it('answers the address, phone and tax number as the settings say, empty when unset', async () => {
    const pool = server.database.pool;
    // Seeded empty: nothing made up on a receipt.
    const seeded = (await server.app.inject({ method: 'GET', url: '/api/v1/Farm' })).json().data;
    expect(seeded).toMatchObject({ address: '', phone: '', taxNumber: '' });
    const set = (key: string, value: string | null) => pool.query(`UPDATE settings SET value = $2 WHERE key = $1`, [key, value]);
    await set('company.address', 'Çayırova Mah. Ahır Sok. No 3, Sapanca / Sakarya');
    await set('company.phone', '0264 555 12 34');
    await set('company.taxNumber', 'Sapanca VD 1234567890');
    try {
      const res = await server.app.inject({ method: 'GET', url: '/api/v1/Farm' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ address: 'Çayırova Mah. Ahır Sok. No 3, Sapanca / Sakarya', phone: '0264 555 12 34', taxNumber: 'Sapanca VD 1234567890' });
      await set('company.phone', null);
      await pool.query(`DELETE FROM settings WHERE key = 'company.taxNumber'`);
      expect((await server.app.inject({ method: 'GET', url: '/api/v1/Farm' })).json().data).toMatchObject({ phone: '', taxNumber: '' });
    } finally {
      await set('company.address', '');
      await set('company.phone', '');
    }
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
