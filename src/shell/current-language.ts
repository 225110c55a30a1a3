// The language shown now and switching it, without the server's language list (the sign-in page
// needs these, not the list query).
import { useLingui } from '@lingui/react';
import { activateLanguage, savedLanguage } from '@/lib/i18n.ts';
import { fetchServerMessages, type Language } from './api.ts';

/** Bundled languages; their names are endonyms, the same in every language. */
export const BUNDLED_LANGUAGES: Language[] = [
  { code: 'tr-TR', name: 'Türkçe', flag: 'TR' },
  { code: 'en-US', name: 'English', flag: 'US' },
];

/** The language shown now. */
export function useCurrentLanguage(): string {
  const { i18n } = useLingui();
  return i18n.locale || savedLanguage();
}

/** Switches the language: stored under `lang` and `langCode`, bundled messages at once, then the
 *  server's. */
export const changeLanguage = (code: string) => activateLanguage(code, fetchServerMessages);
