// The search palette's rules that need no screen (unit-tested): which screens a text finds, and
// the paged request each searched entity gets. The records are found by the server's global
// search (the entity's `x-entity.search`); the screens here, in the user's language.
import type { LucideIcon } from 'lucide-react';
import type { FilterParam, PagedListRequest, SortingParam } from '../../generated/api/model/index.ts';
import { foldText } from '@/admin/use-lookup-options.ts';
import type { MenuGroup } from './menu.ts';

/** Records are searched from this many characters on (one letter would match most rows). */
export const SEARCH_MIN_CHARS = 2;
/** Rows shown per entity: the palette jumps to a record; the entity's screen lists them all. */
export const RESULTS_PER_GROUP = 5;

export interface ScreenHit {
  to: string;
  /** The link's label and its menu group's, translated. */
  label: string;
  group: string;
  icon: LucideIcon;
}

/**
 * The menu's links (already narrowed to the user's claims) whose label or group holds every word
 * of `query`, Turkish letters and case aside; the whole menu for an empty query. Links whose own
 * label matches come first, those starting with the text before the others; a route in two
 * groups is listed once.
 */
export function matchScreens(groups: MenuGroup[], query: string, translate: (id: string) => string): ScreenHit[] {
  const folded = foldText(query.trim());
  const words = folded.split(/\s+/).filter(Boolean);
  const seen = new Set<string>();
  const hits: { hit: ScreenHit; rank: number; order: number }[] = [];
  for (const g of groups) {
    const group = translate(g.label);
    for (const item of g.items) {
      if (seen.has(item.to)) continue;
      const label = translate(item.label);
      const own = foldText(label);
      const both = `${own} ${foldText(group)}`;
      if (!words.every((w) => both.includes(w))) continue;
      seen.add(item.to);
      const rank = !words.length ? 0 : own.startsWith(folded) ? 0 : words.every((w) => own.includes(w)) ? 1 : 2;
      hits.push({ hit: { to: item.to, label, group, icon: item.icon }, rank, order: hits.length });
    }
  }
  return hits.sort((a, b) => a.rank - b.rank || a.order - b.order).map((h) => h.hit);
}

/** One page of an entity's rows matching `text` in its searched fields. */
export const searchRequest = (text: string, sort: SortingParam[], filters: FilterParam[] = []): PagedListRequest => ({
  PageNumber: 1,
  PageSize: RESULTS_PER_GROUP,
  GlobalFilter: text,
  FilterParam: filters,
  SortingParams: sort,
});
