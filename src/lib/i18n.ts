// The interface's words: Lingui with explicit ids (the Translates codes). The bundled catalog
// (generated from openapi/messages) works offline at once; the server's messages for the language
// are then compiled at run time and loaded over it, so what staff edited wins.
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

export const DEFAULT_LANGUAGE = 'tr-TR';
export const FALLBACK_LANGUAGE = 'tr';
type Catalog = Record<string, string>;
// Each language's bundled catalog is its own chunk: a page loads only the language it shows.
const BUNDLED: Record<string, () => Promise<Catalog>> = {
  'tr-TR': () => import('../../generated/locales/tr-TR.json').then((m) => m.default),
  'en-US': () => import('../../generated/locales/en-US.json').then((m) => m.default),
};

i18n.setMessagesCompiler(compileMessage);

/** The saved language (local keys `lang` and `langCode`), else Turkish. */
export function savedLanguage(): string {
  return localStorage.getItem('langCode') ?? localStorage.getItem('lang') ?? DEFAULT_LANGUAGE;
}

/** Ids the page has shown, for the translation dialog (Ctrl+Shift+K). */
export const usedIds = new Set<string>();

async function bundledFor(code: string): Promise<Catalog> {
  const primary = code.split('-')[0];
  const own = BUNDLED[code] ?? Object.entries(BUNDLED).find(([c]) => c.split('-')[0] === primary)?.[1];
  const [fallback, messages] = await Promise.all([BUNDLED[DEFAULT_LANGUAGE](), own ? own() : Promise.resolve({})]);
  return { ...fallback, ...messages };
}

/** Switches the language: bundled messages at once, then the server's over them. */
export async function activateLanguage(code: string, fetchMessages?: (code: string) => Promise<Catalog>): Promise<void> {
  localStorage.setItem('lang', code);
  localStorage.setItem('langCode', code);
  document.documentElement.lang = code;
  const bundled = await bundledFor(code);
  i18n.load(code, bundled);
  i18n.activate(code);
  if (!fetchMessages) return;
  try {
    const server = await fetchMessages(code);
    i18n.load(code, { ...bundled, ...server });
    i18n.activate(code);
  } catch (err) {
    // The specification: a failed load is reported in Turkish on the console; the app goes on
    // with the bundled catalog.
    console.error('Çeviriler yüklenemedi, uygulama paketle gelen çevirilerle çalışıyor.', err);
  }
}

/** Translates an id, recording it as used on this page. */
export function t(id: string, values?: Record<string, unknown>): string {
  usedIds.add(id);
  return i18n._(id, values);
}

/** Whether the active catalog holds the id: a code the server sent may have no translation here. */
export function hasTranslation(id: string): boolean {
  return Object.hasOwn(i18n.messages, id);
}

export { i18n };
