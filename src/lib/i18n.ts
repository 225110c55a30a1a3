// The interface's words: Lingui with explicit ids (the Translates codes). The bundled catalog
// (generated from openapi/messages) works offline at once; the server's messages for the language
// are then compiled at run time and loaded over it, so what staff edited wins. The bundled
// catalog comes in two parts: the core (sign-in pages, general errors, appearance) at start, the
// screens' words with the first page that needs them (`loadScreenMessages`).
import { setupI18n } from '@lingui/core';
import type { CompiledMessage, CompiledMessageToken } from '@lingui/message-utils/compileMessage';
// The Turkish core comes with the start-up code: every page needs it (Turkish is the fallback
// under any language), and a chunk of its own would be one more round trip before the first paint.
import trCore from '../../generated/locales/tr-TR.core.json';

export const DEFAULT_LANGUAGE = 'tr-TR';
export const FALLBACK_LANGUAGE = 'tr';
type Catalog = Record<string, string>;
type CompiledCatalog = Record<string, CompiledMessage>;
type Part = 'core' | 'screens';
// Each part of each language is its own chunk (but the Turkish core, above): a page loads only the
// language it shows.
const BUNDLED: Record<string, Record<Part, () => Promise<Catalog>>> = {
  'tr-TR': {
    core: () => Promise.resolve(trCore),
    screens: () => import('../../generated/locales/tr-TR.screens.json').then((m) => m.default),
  },
  'en-US': {
    core: () => import('../../generated/locales/en-US.core.json').then((m) => m.default),
    screens: () => import('../../generated/locales/en-US.screens.json').then((m) => m.default),
  },
};

/** An id without a message shows as itself (Lingui's default, without its console warning). */
export const i18n = setupI18n({ missing: (_locale, id) => id });

// Text with `{name}` placeholders only; a lone apostrophe is text in ICU MessageFormat.
const SIMPLE_MESSAGE = /^(?:[^{}'#]|'(?![{}#|'])|\{[A-Za-z_]\w*\})*$/;

/** Compiles a message made of text and `{name}` placeholders (every bundled Turkish one) as
 *  Lingui's compiler would; undefined for anything else (plural, select, quoting). */
export function compileSimpleMessage(message: string): CompiledMessage | undefined {
  if (!SIMPLE_MESSAGE.test(message)) return undefined;
  return message.split(/\{([A-Za-z_]\w*)\}/).flatMap<CompiledMessageToken>((part, i) => (i % 2 ? [[part]] : part ? [part] : []));
}

/** Compiled messages by their text: a text is compiled once, however often catalogs are loaded
 *  (the bundled parts and the server's messages are loaded again over each other). */
const compiledByText = new Map<string, CompiledMessage>();

/** Compiles a catalog when loaded (not at every lookup). Lingui's full ICU compiler is loaded only
 *  when a message needs it, so the sign-in page does not carry it. */
export async function compileCatalog(catalog: Catalog): Promise<CompiledCatalog> {
  const compiled: CompiledCatalog = {};
  const complex: string[] = [];
  for (const [id, message] of Object.entries(catalog)) {
    const known = compiledByText.get(message) ?? compileSimpleMessage(message);
    if (!known) {
      complex.push(id);
      continue;
    }
    compiled[id] = known;
    compiledByText.set(message, known);
  }
  if (complex.length > 0) {
    const { compileMessage } = await import('@lingui/message-utils/compileMessage');
    for (const id of complex) {
      compiled[id] = compileMessage(catalog[id]);
      compiledByText.set(catalog[id], compiled[id]);
    }
  }
  return compiled;
}

/** The saved language (local keys `lang` and `langCode`), else Turkish. */
export function savedLanguage(): string {
  return localStorage.getItem('langCode') ?? localStorage.getItem('lang') ?? DEFAULT_LANGUAGE;
}

/** Ids the page has shown, for the translation dialog (Ctrl+Shift+K). */
export const usedIds = new Set<string>();

const wantedParts = new Set<Part>(['core']);
/** The server's messages for the language shown, once loaded. */
let server: { code: string; messages: Catalog } | null = null;

/** The bundled parts wanted so far: Turkish (the fallback) under the language's own. */
async function bundledFor(code: string): Promise<Catalog> {
  const primary = code.split('-')[0];
  const own = BUNDLED[code] ?? Object.entries(BUNDLED).find(([c]) => c.split('-')[0] === primary)?.[1];
  const parts = [...wantedParts];
  const [fallback, messages] = await Promise.all([
    Promise.all(parts.map((p) => BUNDLED[DEFAULT_LANGUAGE][p]())),
    Promise.all(parts.map((p) => (own ? own[p]() : Promise.resolve({})))),
  ]);
  return Object.assign({}, ...fallback, ...messages);
}

let showing = Promise.resolve();
/** Loads the bundled parts wanted and the server's messages over them, and shows the language.
 *  One at a time, each with the state of its turn, so the last one shows the latest state. */
function show(code: string): Promise<void> {
  const run = showing.then(async () => {
    const bundled = await bundledFor(code);
    const fromServer = server?.code === code ? server.messages : {};
    i18n.load(code, await compileCatalog({ ...bundled, ...fromServer }));
    i18n.activate(code);
  });
  showing = run.catch(() => undefined);
  return run;
}

/** Switches the language: bundled messages at once, then the server's over them. */
export async function activateLanguage(code: string, fetchMessages?: (code: string) => Promise<Catalog>): Promise<void> {
  localStorage.setItem('lang', code);
  localStorage.setItem('langCode', code);
  document.documentElement.lang = code;
  if (server?.code !== code) server = null;
  await show(code);
  if (!fetchMessages) return;
  try {
    const messages = await fetchMessages(code);
    if (savedLanguage() !== code) return; // another language was chosen meanwhile
    server = { code, messages };
    await show(code);
  } catch (err) {
    // The specification: a failed load is reported in Turkish on the console; the app goes on
    // with the bundled catalog.
    console.error('Çeviriler yüklenemedi, uygulama paketle gelen çevirilerle çalışıyor.', err);
  }
}

/** Loads the bundled words of the screens (entities, fields, the dashboard…) for pages beyond the
 *  sign-in pages; resolves at once when they are already there. */
export function loadScreenMessages(): Promise<void> {
  if (wantedParts.has('screens')) return showing;
  wantedParts.add('screens');
  return show(i18n.locale || savedLanguage());
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

