// The browser's offline catalog in two parts (codegen/messages.ts): the core, which the sign-in
// pages load, and the screens' words, which every other page loads first.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import catalogs from '../../generated/server/messages.json' with { type: 'json' };
import { isCoreError, splitCatalog } from '../../codegen/messages.ts';

const server = new URL('../../server/src/', import.meta.url);
/** The error codes a file of the server answers with. */
const codesIn = (path: string) => [...readFileSync(new URL(path, server), 'utf8').matchAll(/['`](error\.[A-Za-z.]+[A-Za-z])['`]/g)].map((m) => m[1]);

describe("the browser catalog's parts", () => {
  it('puts every key in exactly one part', () => {
    for (const catalog of Object.values(catalogs)) {
      const { core, screens } = splitCatalog(catalog);
      expect(Object.keys(core).filter((k) => k in screens)).toEqual([]);
      expect({ ...core, ...screens }).toEqual(catalog);
    }
  });

  it('keeps in the core every error the sign-in pages can meet: signing in and registering, and the plugins\' general ones', () => {
    const codes = [
      ...codesIn('domain/auth.ts'),
      'error.auth.locked', // named with a template there
      'error.auth.passive',
      ...readdirSync(new URL('plugins/', server)).flatMap((f) => codesIn(`plugins/${f}`)),
    ];
    expect(codes).toContain('error.conflict.unique');
    for (const catalog of Object.values(catalogs)) {
      const { core } = splitCatalog(catalog);
      // A code without any translation shows the server's own message: not the split's concern.
      for (const code of codes.filter((c) => c in catalog)) expect(core, code).toHaveProperty([code]);
    }
  });

  it("leaves the workflows' errors to the screens' part", () => {
    const { core, screens } = splitCatalog(catalogs['tr-TR']);
    for (const key of Object.keys(screens).filter((k) => k.startsWith('error.'))) expect(isCoreError(key), key).toBe(false);
    for (const code of ['error.order.final', 'error.payment.exceedsBalance', 'error.appointment.full', 'error.conflict.stale', 'error.default.required']) {
      expect(core, code).not.toHaveProperty([code]);
      expect(screens, code).toHaveProperty([code]);
    }
    expect(core).toHaveProperty(['error.default']);
  });
});
