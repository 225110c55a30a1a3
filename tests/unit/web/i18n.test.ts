// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import catalogs from '../../../generated/server/messages.json' with { type: 'json' };
import { activateLanguage, compileCatalog, compileSimpleMessage, i18n, loadScreenMessages, t } from '../../../src/lib/i18n.ts';

const { 'tr-TR': trTR, 'en-US': enUS } = catalogs;

afterEach(() => vi.restoreAllMocks());

describe('message compilation', () => {
  it("compiles every bundled Turkish message without Lingui's compiler, exactly as it would", () => {
    for (const [id, message] of Object.entries(trTR)) {
      const simple = compileSimpleMessage(message);
      expect(simple, id).toBeDefined();
      expect(simple, id).toEqual(compileMessage(message));
    }
  });

  it('agrees with Lingui on every English message it accepts, and declines plurals', () => {
    for (const [id, message] of Object.entries(enUS)) {
      const simple = compileSimpleMessage(message);
      if (simple) expect(simple, id).toEqual(compileMessage(message));
    }
    expect(compileSimpleMessage('{count, plural, one {# kayıt} other {# kayıt}}')).toBeUndefined();
    expect(compileSimpleMessage("'{quoted}'")).toBeUndefined();
    expect(compileSimpleMessage("Kurban'ın {name} hissesi")).toEqual(["Kurban'ın ", ['name'], ' hissesi']);
  });

  it("hands plural and select messages to Lingui's compiler", async () => {
    const compiled = await compileCatalog({ plain: 'Kaydet', count: '{n, plural, one {# record} other {# records}}' });
    expect(compiled.plain).toEqual(['Kaydet']);
    expect(compiled.count).toEqual(compileMessage('{n, plural, one {# record} other {# records}}'));
  });

  it('compiles a text once, however often catalogs holding it are loaded', async () => {
    const text = '{n, plural, one {# share} other {# shares}}';
    const first = await compileCatalog({ a: text });
    const again = await compileCatalog({ b: text });
    expect(again.b).toBe(first.a);
  });
});

describe('languages', () => {
  // Runs first: the screens' part is not loaded yet.
  it("starts with the core words only and loads the screens' words when asked, under the server's", async () => {
    await activateLanguage('tr-TR', async () => ({ 'action.save': 'Sakla', 'field.product.name': 'Ürünün adı' }));
    expect(t('auth.login.title')).toBe(trTR['auth.login.title']);
    expect(t('action.save')).toBe('Sakla');
    expect(t('entity.products')).toBe('entity.products'); // not bundled in the core
    await loadScreenMessages();
    expect(t('entity.products')).toBe(trTR['entity.products']);
    expect(t('field.product.name')).toBe('Ürünün adı'); // the server's edit still wins
    expect(t('action.save')).toBe('Sakla');
  });

  it('loads both parts of the next language once the screens were needed', async () => {
    await activateLanguage('en-US');
    expect(t('entity.products')).toBe(enUS['entity.products']);
    expect(t('action.save')).toBe(enUS['action.save']);
  });

  it('puts what the server sends over the bundled catalog, plurals included', async () => {
    await activateLanguage('en-US', async () => ({
      'action.save': 'Store',
      'custom.count': '{n, plural, one {# animal} other {# animals}}',
    }));
    expect(t('action.save')).toBe('Store');
    expect(t('custom.count', { n: 1 })).toBe('1 animal');
    expect(t('custom.count', { n: 3 })).toBe('3 animals');
    expect(t('action.cancel')).toBe(enUS['action.cancel']);
  });

  it("ignores a language's server messages that arrive after another language was chosen", async () => {
    let answer!: (m: Record<string, string>) => void;
    const late = activateLanguage('tr-TR', () => new Promise((resolve) => (answer = resolve)));
    await activateLanguage('en-US');
    answer({ 'action.save': 'Sakla' });
    await late;
    expect(i18n.locale).toBe('en-US');
    expect(t('action.save')).toBe(enUS['action.save']);
  });

  it('shows a missing id as itself, without a console warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    await activateLanguage('tr-TR');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to the bundled catalog, with a Turkish console message, when the server fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await activateLanguage('tr-TR', () => Promise.reject(new Error('offline')));
    expect(i18n.locale).toBe('tr-TR');
    expect(t('action.cancel')).toBe(trTR['action.cancel']);
    expect(error.mock.calls[0][0]).toMatch(/Çeviriler yüklenemedi/);
  });
});
