// @vitest-environment jsdom
// The search palette's rules (src/shell/search.ts, SearchLauncher.tsx): the screens a text finds
// in the user's menu and language (Turkish letters and case aside, every word somewhere in the
// link or its group, the link's own label first), the small page each entity is asked for, and
// the shortcut (Ctrl+K / Cmd+K, not Ctrl+Shift+K: the translation dialog's).
import { describe, expect, it } from 'vitest';
import catalogs from '../../../generated/server/messages.json' with { type: 'json' };
import { hasClaim } from '../../../common/claims.ts';
import { MENU, visibleMenu } from '../../../src/shell/menu.ts';
import { matchScreens, RESULTS_PER_GROUP, searchRequest } from '../../../src/shell/search.ts';
import { isSearchShortcut, searchShortcutLabel } from '../../../src/shell/SearchLauncher.tsx';

const tr = (id: string) => (catalogs['tr-TR'] as Record<string, string>)[id] ?? id;
const en = (id: string) => (catalogs['en-US'] as Record<string, string>)[id] ?? id;
const menuOf = (claims: string[]) => visibleMenu((c) => hasClaim(claims, c));
const routes = (query: string, claims = ['Admin'], translate = tr) => matchScreens(menuOf(claims), query, translate).map((h) => h.to);

describe('the screens the palette finds', () => {
  it('lists the whole menu the user may see for an empty text, each route once', () => {
    const all = MENU.flatMap((g) => g.items.map((i) => i.to));
    expect(routes('')).toEqual([...new Set(all)]);
    expect(routes('  ', ['VictimOrders.Read', 'Monitor.Read'])).toEqual(['/VictimOrders', '/Monitor']);
  });

  it('matches Turkish letters and case loosely, in the user language', () => {
    expect(routes('urun fiyat')).toContain('/ProductPrices');
    expect(routes('ÜRÜN FİYAT')).toContain('/ProductPrices');
    expect(routes('product prices', ['Admin'], en)).toContain('/ProductPrices');
    expect(routes('ürün fiyat', ['Admin'], en)).not.toContain('/ProductPrices');
  });

  it("needs every word in the link's label or its group's, and puts the link's own matches first", () => {
    const hits = matchScreens(menuOf(['Admin']), 'kurban', tr);
    expect(hits.length).toBeGreaterThan(1);
    // "Kurban Siparişleri"-like labels hold the word; the links of the group "Kurban Tanımları" follow.
    const own = hits.findIndex((h) => !h.label.toLocaleLowerCase('tr').includes('kurban'));
    expect(hits.slice(own).every((h) => !h.label.toLocaleLowerCase('tr').includes('kurban'))).toBe(true);
    expect(hits[0]).toMatchObject({ group: expect.any(String), label: expect.any(String) });
    expect(routes('siparis zzz')).toEqual([]);
  });

  it('shows only the screens of the claims held', () => {
    expect(routes('urun', ['VictimOrders.Read'])).toEqual([]);
    expect(routes('siparis', ['VictimOrders.Read'])).toEqual(['/VictimOrders']);
    expect(routes('kullanici', ['Products.Read'])).toEqual([]);
    expect(routes('kullanici', ['Users.Read'])).toEqual(['/Users']);
  });
});

describe('the records the palette asks for', () => {
  it('asks each entity for one small page of its global search', () => {
    expect(searchRequest('sahin', [{ ColumnName: 'title', SortOrder: 1 }])).toEqual({
      PageNumber: 1,
      PageSize: RESULTS_PER_GROUP,
      GlobalFilter: 'sahin',
      FilterParam: [],
      SortingParams: [{ ColumnName: 'title', SortOrder: 1 }],
    });
    expect(RESULTS_PER_GROUP).toBeLessThanOrEqual(10);
  });
});

describe('the shortcut', () => {
  const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ...init });
  it('is Ctrl+K or Cmd+K, on any layout', () => {
    expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'K' }))).toBe(true);
    // A layout whose K key types another letter: the key's place decides.
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'л' }))).toBe(true);
  });

  it('leaves Ctrl+Shift+K to the translation dialog, and plain or Alt+K to the page', () => {
    expect(isSearchShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key({}))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'j', code: 'KeyJ' }))).toBe(false);
  });

  it('is named as the keyboard names it', () => {
    expect(searchShortcutLabel('MacIntel')).toBe('⌘K');
    expect(searchShortcutLabel('iPhone')).toBe('⌘K');
    expect(searchShortcutLabel('Win32')).toBe('Ctrl K');
    expect(searchShortcutLabel('Linux x86_64')).toBe('Ctrl K');
  });
});
