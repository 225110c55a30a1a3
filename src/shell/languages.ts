// The languages the picker offers: tr-TR and en-US (bundled, they work offline), plus the
// server's active languages when the user may read them (`Languages.Read`).
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { activateLanguage, savedLanguage } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { fetchLanguages, fetchServerMessages, type Language } from './api.ts';
import { countryOfLanguage } from './flags.tsx';

/** Bundled languages; their names are endonyms, the same in every language. */
export const BUNDLED_LANGUAGES: Language[] = [
  { code: 'tr-TR', name: 'Türkçe', flag: 'TR' },
  { code: 'en-US', name: 'English', flag: 'US' },
];

export const LANGUAGES_QUERY_KEY = ['shell', 'languages'] as const;

export function useLanguages(): Language[] {
  const { user, hasClaim } = useSession();
  const canRead = !!user && hasClaim('Languages.Read');
  const { data } = useQuery({ queryKey: [...LANGUAGES_QUERY_KEY, user?.userInfo?.userInfo?.guid], queryFn: fetchLanguages, enabled: canRead, staleTime: 5 * 60_000, meta: { silent: true } });
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

/** The language shown now. */
export function useCurrentLanguage(): string {
  const { i18n } = useLingui();
  return i18n.locale || savedLanguage();
}

/** Switches the language: stored under `lang` and `langCode`, bundled messages at once, then the
 *  server's. */
export const changeLanguage = (code: string) => activateLanguage(code, fetchServerMessages);
