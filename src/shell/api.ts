// What the shell asks the server outside a query: the server's messages of a language, loaded at
// start and on a language switch (before and without the data layer, so not a query). The
// shell's reads are the generated hooks (languages.ts, Footer.tsx, TranslationEditor.tsx).
import { getTranslationsByLanguage } from '../../generated/api/translates/translates.ts';
import { dataOf } from '@/lib/envelope.ts';

/** A language the picker offers: the bundled ones have no id until the server's list names them. */
export interface Language {
  id?: number;
  name: string;
  code: string;
  /** ISO 3166-1 alpha-2 country code of the flag, e.g. `TR`. */
  flag: string;
  isActive?: boolean;
  displayOrder?: number;
}

/** The server's messages of one language (public), for `activateLanguage(code, fetchServerMessages)`. */
export const fetchServerMessages = async (code: string): Promise<Record<string, string>> =>
  dataOf(await getTranslationsByLanguage(code, { silent: true }));
