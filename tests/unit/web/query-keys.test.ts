// @vitest-environment jsdom
// One query-key scheme (src/lib/query-keys.ts): the generic screen caches its reads under exactly
// the keys the generated hooks use for the same calls, and one call invalidates everything of a
// path (what a write on the order page does to the orders list), nothing of another.
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import * as api from '../../../generated/api/index.ts';
import { loadAdminEntity } from '../../../generated/admin/index.ts';
import { listQuery, pageQuery } from '../../../src/admin/api.ts';
import { invalidatePaths, isUnder, operationKey, pathOfKey } from '../../../src/lib/query-keys.ts';

const entities = await Promise.all(Object.values(loadAdminEntity).map((load) => load()));

/** The generated key function of an operation: `getVictimOrders` → `getGetVictimOrdersQueryKey`. */
function generatedKeyOf(operationId: string): (...args: unknown[]) => QueryKey {
  const name = `get${operationId[0].toUpperCase()}${operationId.slice(1)}QueryKey`;
  const fn = (api as unknown as Record<string, unknown>)[name];
  if (typeof fn !== 'function') throw new Error(`no ${name} in generated/api`);
  return fn as (...args: unknown[]) => QueryKey;
}

const request = { PageNumber: 2, PageSize: 20, FilterParam: [{ ColumnName: 'id', FilterValue: 3, MatchMode: 'equals' as const, Operator: 'and' as const }], SortingParams: [] };

describe('the generic screen uses the generated keys', () => {
  it('for the page and the list of every entity', () => {
    expect(entities.length).toBeGreaterThan(30);
    for (const entity of entities) {
      const { page, list } = entity.operations;
      expect(pageQuery(entity, request).queryKey, entity.plural).toEqual(generatedKeyOf(page!.operationId)(request));
      expect(listQuery(entity).queryKey, entity.plural).toEqual(generatedKeyOf(list!.operationId)());
    }
  });

  it('operationKey: a GET without and with its input, a POST read with its body', () => {
    expect(operationKey({ method: 'GET', path: '/Languages' })).toEqual(api.getGetLanguagesQueryKey());
    expect(operationKey({ method: 'GET', path: '/Monitor/board' }, { date: '2031-05-06' })).toEqual(api.getGetMonitorBoardQueryKey({ date: '2031-05-06' }));
    expect(operationKey({ method: 'POST', path: '/Settings/GetListForPaging' }, request)).toEqual(api.getGetSettingsForPagingQueryKey(request));
  });
});

describe('invalidating a path', () => {
  const orders = entities.find((e) => e.plural === 'VictimOrders')!;
  const keys: Record<string, QueryKey> = {
    listPage: pageQuery(orders, request).queryKey,
    list: api.getGetVictimOrdersQueryKey(),
    order: api.getGetVictimOrderByIdQueryKey(17),
    derived: [...api.getGetVictimOrdersQueryKey(), 'idsOf', 5],
    lines: api.getGetVictimOrderDetailForPagingQueryKey(request),
    statement: api.getGetAccountStatementQueryKey(4, { from: '2031-01-01' }),
    accounts: api.getGetAccountsQueryKey(),
    metadata: ['admin-metadata', 'VictimOrders'],
  };

  function invalidated(paths: string[]): Promise<string[]> {
    const client = new QueryClient();
    for (const key of Object.values(keys)) client.setQueryData(key, 'cached');
    return invalidatePaths(client, ...paths).then(() =>
      Object.entries(keys)
        .filter(([, key]) => client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated)
        .map(([name]) => name),
    );
  }

  it("reaches the generic screen's pages, the list, the rows and the derived entries of the entity, nothing else", async () => {
    expect(await invalidated(['/VictimOrders'])).toEqual(['listPage', 'list', 'order', 'derived']);
  });

  it('reaches the paths under it, and several paths at once', async () => {
    expect(await invalidated(['/Accounts'])).toEqual(['statement', 'accounts']);
    expect(await invalidated(['/VictimOrderDetail', '/Accounts'])).toEqual(['lines', 'statement', 'accounts']);
  });

  it('reads the path of a key, and no path from a key that is not the API’s', () => {
    expect(pathOfKey(keys.listPage)).toBe('/VictimOrders/GetListForPaging');
    expect(pathOfKey(keys.order)).toBe('/VictimOrders/17');
    expect(pathOfKey(keys.metadata)).toBeUndefined();
    expect(isUnder(keys.lines, '/VictimOrders')).toBe(false);
    expect(isUnder(keys.lines, '/VictimOrderDetail')).toBe(true);
  });
});
