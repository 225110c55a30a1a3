// Free shares as a column of products (sharesFree = shareCapacity − sharesSold, computed by the
// database): the generic list filters, sorts and counts on it exactly, after sales, cancellations
// and capacity changes; a product read with GET is accepted back unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/app.ts';
import { Season } from '../support/season.ts';

let server: TestServer;
let s: Season;
beforeAll(async () => {
  server = await startTestServer();
  s = new Season(server);
});
afterAll(() => server?.close());

const prefix = `FS${Date.now().toString(36).toUpperCase()}-`;

async function animal(code: string, shareCapacity: number | null) {
  const r = await s.ref();
  const res = await s.api('POST', 'Products', {
    code: `${prefix}${code}`, name: `Hayvan ${code}`, productTypeId: r.productTypeId, vatRateId: r.vatRateId,
    unit: shareCapacity ? 'share' : 'piece', shareCapacity,
  });
  expect(res.status).toBe(200);
  return res.body.data as Record<string, any>;
}

/** Our products with a free share, as the sales screen asks for them, one page at a time. */
async function freeOnes(pageSize = 50, pageNumber = 1) {
  const res = await s.api('POST', 'Products/GetListForPaging', {
    PageNumber: pageNumber,
    PageSize: pageSize,
    FilterParam: [
      { ColumnName: 'code', FilterValue: prefix, MatchMode: 'startsWith', Operator: 'and' },
      { ColumnName: 'sharesFree', FilterValue: 0, MatchMode: 'gt', Operator: 'and' },
    ],
    SortingParams: [{ ColumnName: 'code', SortOrder: 1 }],
  });
  expect(res.status).toBe(200);
  return res.body.data as { data: Record<string, any>[]; totalCount: number };
}

const codes = (rows: Record<string, any>[]) => rows.map((r) => String(r.code).slice(prefix.length));
const cancel = async (orderId: number) => expect((await s.api('POST', `VictimOrders/${orderId}/cancel`, { reason: 'Vazgeçti' })).status).toBe(200);

describe('sharesFree', () => {
  it('follows sales and cancellations, and the list filter matches exactly (paging and counts included)', async () => {
    const a = await animal('A', 7);
    const b = await animal('B', 1);
    const c = await animal('C', 7);
    const d = await animal('D', 7);
    await animal('M', null); // meat: no capacity, never free
    expect(a.sharesFree).toBe(7);
    expect(codes((await freeOnes()).data)).toEqual(['A', 'B', 'C', 'D']);

    await s.order({ productId: a.id, shareCount: 3 });
    await s.order({ productId: b.id });
    const c1 = await s.order({ productId: c.id, shareCount: 5 });
    await s.order({ productId: c.id, shareCount: 2 });
    const d1 = await s.order({ productId: d.id, shareCount: 7 });

    let page = await freeOnes();
    expect(codes(page.data)).toEqual(['A']);
    expect(page.totalCount).toBe(1);
    expect(page.data[0]).toMatchObject({ sharesSold: 3, sharesFree: 4 });

    // Cancelling gives the shares back: the animal is offered again.
    await cancel(c1.id);
    await cancel(d1.id);
    page = await freeOnes();
    expect(codes(page.data)).toEqual(['A', 'C', 'D']);
    expect(page.data.map((r) => r.sharesFree)).toEqual([4, 5, 7]);
    expect(page.totalCount).toBe(3);

    // Pages of one: the count is the same on every page and the pages add up to the whole.
    const pages = await Promise.all([1, 2, 3, 4].map((n) => freeOnes(1, n)));
    expect(pages.map((p) => p.totalCount)).toEqual([3, 3, 3, 3]);
    expect(pages.flatMap((p) => codes(p.data))).toEqual(['A', 'C', 'D']);

    // A draft holds its shares too; filling the last free ones takes the animal off the list.
    await s.order({ productId: a.id, shareCount: 4, status: 'draft' });
    page = await freeOnes();
    expect(codes(page.data)).toEqual(['C', 'D']);
    expect((await s.get('Products', a.id)).sharesFree).toBe(0);
  });

  it('is the same as capacity − sold for every product, sorting on it included', async () => {
    await animal('E', 7);
    const res = await s.api('POST', 'Products/GetListForPaging', {
      PageNumber: 1,
      PageSize: 500,
      FilterParam: [{ ColumnName: 'sharesFree', FilterValue: 0, MatchMode: 'gt', Operator: 'and' }],
      SortingParams: [{ ColumnName: 'sharesFree', SortOrder: -1 }],
    });
    expect(res.status).toBe(200);
    const truth = await s.sql(`SELECT id, coalesce(share_capacity, 0) - shares_sold AS free FROM products WHERE coalesce(share_capacity, 0) - shares_sold > 0 ORDER BY 2 DESC, id`);
    expect(res.body.data.totalCount).toBe(truth.length);
    expect(res.body.data.data.map((r: Record<string, any>) => [r.id, r.sharesFree])).toEqual(truth.map((r) => [r.id, r.free]));
  });

  it('changes with the capacity, and a product read with GET is accepted back unchanged', async () => {
    const a = await animal('F', 7);
    await s.order({ productId: a.id, shareCount: 3 });
    const read = await s.get('Products', a.id);
    expect(read).toMatchObject({ sharesSold: 3, sharesFree: 4 });

    // The row as read (read-only fields, lookups and all) goes back: nothing changes, not even
    // the version (a save that changes nothing writes nothing).
    const same = await s.api('PUT', 'Products', read);
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ sharesSold: 3, sharesFree: 4, rowVersion: read.rowVersion });

    // Read-only values sent are ignored; the capacity moves the free shares.
    const lower = await s.api('PUT', 'Products', { ...same.body.data, shareCapacity: 3, sharesFree: 6, sharesSold: 0 });
    expect(lower.status).toBe(200);
    expect(lower.body.data).toMatchObject({ shareCapacity: 3, sharesSold: 3, sharesFree: 0 });
    expect(codes((await freeOnes()).data)).not.toContain('F');
  });
});
