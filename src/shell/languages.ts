// The languages the picker offers: tr-TR and en-US (bundled, they work offline), plus the
// server's active languages when the user may read them (`Languages.Read`).
import { useGetLanguages } from '../../generated/api/languages/languages.ts';
import { dataOf } from '@/lib/envelope.ts';
import { useSession } from '@/lib/session.ts';
import type { Language } from './api.ts';
import { BUNDLED_LANGUAGES } from './current-language.ts';
import { countryOfLanguage } from './flags.tsx';

export function useLanguages(): Language[] {
  const { user, hasClaim } = useSession();
  const canRead = !!user && hasClaim('Languages.Read');
  const { data } = useGetLanguages({ query: { select: dataOf, enabled: canRead, staleTime: 5 * 60_000 }, request: { silent: true } });
  const list = [...BUNDLED_LANGUAGES];
  const server = (data ?? []).filter((l) => l.isActive !== false).sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0));
  for (const l of server) {
    const at = list.findIndex((b) => b.code.toLowerCase() === l.code.toLowerCase());
    const entry = { ...l, flag: l.flag || countryOfLanguage(l.code) };
    if (at >= 0) list[at] = { ...list[at], id: l.id, flag: entry.flag };
    else list.push(entry);
  }
  return list;
}
