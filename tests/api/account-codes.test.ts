// Account codes: a create that leaves the code out gets the next code of the account type's series
// from the server (as the sales screen's inline customer does), also under concurrent creates; a
// typed code is kept, and an update that does not name the code keeps it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/app.ts';
import { Season } from '../support/season.ts';

let server: TestServer;
let s: Season;
let types: Record<string, number>;
beforeAll(async () => {
  server = await startTestServer();
  s = new Season(server);
  types = Object.fromEntries((await s.sql(`SELECT name, id FROM account_types`)).map((r) => [r.name, r.id]));
});
afterAll(() => server?.close());

async function account(type: string, title: string, code?: string) {
  const res = await s.api('POST', 'Accounts', { ...(code !== undefined ? { code } : {}), title, accountTypeId: types[type] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, any>;
}

describe('account codes', () => {
  it('a customer without a code gets the next number of its series', async () => {
    expect((await account('Müşteri', 'İlk Müşteri')).code).toBe('C000001');
    await account('Müşteri', 'Eski Müşteri', 'C000041');
    expect((await account('Müşteri', 'Ayşe Kaya')).code).toBe('C000042');
    // A typed code stays as typed; codes of other shapes do not move the series.
    expect((await account('Müşteri', 'Özel Kod', 'VIP-7')).code).toBe('VIP-7');
    expect((await account('Müşteri', 'Mehmet Demir')).code).toBe('C000043');
  });

  it('each type keeps the series its accounts use; a type with none starts in C', async () => {
    await account('Tedarikçi', 'Yem A.Ş.', 'T000007');
    expect((await account('Tedarikçi', 'Nakliye Ltd.')).code).toBe('T000008');
    const staff = await account('Personel', 'Ali Kasap');
    expect(staff.code).toMatch(/^C[0-9]{6}$/);
    expect((await account('Müşteri', 'Sonraki Müşteri')).code).toBe(`C${String(Number(staff.code.slice(1)) + 1).padStart(6, '0')}`);
  });

  it('30 concurrent creates without a code get 30 different, consecutive codes', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) =>
      s.api('POST', 'Accounts', { title: `Eşzamanlı ${i}`, accountTypeId: types['Bağışçı'] })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => Number(/^C([0-9]{6})$/.exec(r.body.data.code)![1])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(30);
    expect(numbers[29] - numbers[0]).toBe(29);
  });

  it('codes come from a counter row per series, and grow past six digits whole', async () => {
    await account('Tedarikçi', 'Büyük Seri', 'T999999');
    const [{ value }] = await s.sql(`SELECT value FROM number_series WHERE series = 'account:T'`);
    expect(value).toBe(999999);
    expect((await account('Tedarikçi', 'Yedi Haneli')).code).toBe('T1000000');
    // Order numbers as well: the 100,000th order of a season keeps all its digits.
    await s.sql(`SELECT kurban_next_number('order')`); // the season's series row exists
    await s.sql(`UPDATE number_series SET value = 99999 WHERE series = 'order:' || kurban_season_year()`);
    const [{ next }] = await s.sql(`SELECT kurban_next_number('order') AS next`);
    expect(next).toMatch(/^K[0-9]{4}-100000$/);
  });

  it('a series without a counter row starts after the highest number its table holds, once', async () => {
    // Orders and receipts numbered before the counter (an import, an older version).
    const order = await s.order();
    const payment = await s.payment(order, '10.00');
    const year = String(order.orderNo).slice(1, 5);
    await s.sql(`UPDATE victim_orders SET order_no = $1 WHERE id = $2`, [`K${year}-00470`, order.id]);
    await s.sql(`UPDATE victim_payments SET receipt_no = $1 WHERE id = $2`, [`T${year}-00380`, payment.id]);
    await s.sql(`DELETE FROM number_series WHERE series IN ($1, $2)`, [`order:${year}`, `receipt:${year}`]);
    expect((await s.order()).orderNo).toBe(`K${year}-00471`);
    expect((await s.order()).orderNo).toBe(`K${year}-00472`);
    expect((await s.payment(order, '10.00')).receiptNo).toBe(`T${year}-00381`);
    // Account codes: a type whose accounts use a series no counter row has yet.
    const type = await s.api('POST', 'AccountTypes', { name: 'Kiracı', code: 'tenant' });
    expect(type.status, JSON.stringify(type.body)).toBe(200);
    types['Kiracı'] = type.body.data.id;
    await account('Kiracı', 'Eski Kiracı', 'D000120');
    expect(await s.sql(`SELECT 1 FROM number_series WHERE series = 'account:D'`)).toEqual([]);
    expect((await account('Kiracı', 'Yeni Kiracı')).code).toBe('D000121');
    expect((await account('Kiracı', 'Sonraki Kiracı')).code).toBe('D000122');
  });

  it('an update that does not name the code keeps it; an empty code is refused', async () => {
    const a = await account('Müşteri', 'Fatma Yıldız');
    const res = await s.api('PUT', 'Accounts', { id: a.id, rowVersion: a.rowVersion, title: 'Fatma Yıldız Kaya', accountTypeId: a.accountTypeId });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: a.code, title: 'Fatma Yıldız Kaya' });
    const empty = await s.api('POST', 'Accounts', { code: '  ', title: 'Boş Kod', accountTypeId: types['Müşteri'] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields[0]).toMatchObject({ field: 'code' });
  });
});
