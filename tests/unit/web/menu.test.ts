// The side menu's data (src/shell/menu.ts): the season's group first, with the daily screens and
// the claims their routes ask for, then the specification's eleven groups unchanged; each link
// shown only with its claim; one current link (the most specific) per page.
import { describe, expect, it } from 'vitest';
import catalogs from '../../../generated/server/messages.json' with { type: 'json' };
import { activeLinkOf, groupOfPath, MENU, visibleMenu } from '../../../src/shell/menu.ts';
import { hasClaim } from '../../../common/claims.ts';

const SEASON = [
  ['/Dashboard', 'Dashboard.Read'],
  ['/VictimOrders', 'VictimOrders.Read'],
  ['/Sales/new', 'VictimOrders.Create'],
  ['/Monitor', 'Monitor.Read'],
  ['/Appointments/day', 'Appointments.Read'],
  ['/ProductPrices', 'ProductPrices.Read'],
];
const SPEC_GROUPS = ['victim', 'appointment', 'account', 'product', 'transactions', 'authorization', 'language', 'attribute', 'payment', 'settings', 'logs'];

describe('the side menu', () => {
  it('starts with the season group and its links, each with the claim of its route', () => {
    expect(MENU.map((g) => g.key)).toEqual(['season', ...SPEC_GROUPS]);
    expect(MENU[0].label).toBe('menu.season');
    expect(MENU[0].items.map((i) => [i.to, i.claim])).toEqual(SEASON);
  });

  it('keeps the specification groups as they were', () => {
    const product = MENU.find((g) => g.key === 'product')!;
    expect(product.items.map((i) => i.to)).toEqual(['/Products', '/Categories', '/VatRates', '/ProductTypes', '/CurrencyTypes', '/PriceTypes']);
    expect(product.items.map((i) => i.claim)).toEqual(['Products.Read', 'Categories.Read', 'VatRates.Read', 'ProductTypes.Read', 'CurrencyTypes.Read', 'PriceTypes.Read']);
  });

  it('labels every link and heading with a key both languages translate', () => {
    for (const catalog of Object.values(catalogs) as Record<string, string>[]) {
      for (const g of MENU) {
        expect(catalog, g.label).toHaveProperty([g.label]);
        for (const i of g.items) expect(catalog, i.label).toHaveProperty([i.label]);
      }
    }
  });

  it('shows a link only to a user holding its claim; Admin sees all', () => {
    const of = (claims: string[]) => visibleMenu((c) => hasClaim(claims, c)).map((g) => [g.key, g.items.map((i) => i.to)]);
    expect(of(['Admin'])[0]).toEqual(['season', SEASON.map(([to]) => to)]);
    expect(of(['Monitor.Read', 'VictimOrders.Read'])).toEqual([['season', ['/VictimOrders', '/Monitor']]]);
    expect(of(['Appointments.Read'])).toEqual([['season', ['/Appointments/day']], ['appointment', ['/Appointments']]]);
    expect(of(['Products.Read'])).toEqual([['product', ['/Products']]]);
  });

  it('makes the most specific link the current one', () => {
    expect(activeLinkOf(MENU, '/Appointments/day')).toEqual({ group: 'season', to: '/Appointments/day' });
    expect(activeLinkOf(MENU, '/Appointments')).toEqual({ group: 'appointment', to: '/Appointments' });
    expect(activeLinkOf(MENU, '/VictimOrders/17')).toEqual({ group: 'season', to: '/VictimOrders' });
    expect(groupOfPath(MENU, '/Translates')).toBe('language');
    expect(activeLinkOf(MENU, '/auth/login')).toBeUndefined();
  });
});
