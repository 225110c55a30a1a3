// The messages of the database's backstops: every rule the database holds answers a code the
// catalogs translate, with a value for each of the message's placeholders ("at most null" is not a message).
import { describe, expect, it } from 'vitest';
import catalogs from '../../generated/server/messages.json' with { type: 'json' };
import { constraintErrors } from '../../server/src/domain/hooks.ts';

/** The placeholders of an ICU message: `{remaining}`, `{count, plural, …}`. */
const placeholders = (text: string) => [...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]);

describe("the database rules' messages", () => {
  it('are translated in every language and get every placeholder they show', () => {
    expect(Object.keys(constraintErrors).length).toBeGreaterThan(10);
    for (const [constraint, rule] of Object.entries(constraintErrors)) {
      // What PostgreSQL reports for a check: the whole failing row in the detail.
      const error = rule({ message: `violates constraint "${constraint}"`, detail: `Failing row contains (${Array.from({ length: 20 }, (_, i) => i + 1).join(', ')}).` });
      for (const [language, catalog] of Object.entries(catalogs) as [string, Record<string, string>][]) {
        const text = catalog[error.code];
        expect(text, `${constraint} → ${error.code} in ${language}`).toBeTypeOf('string');
        for (const name of placeholders(text)) {
          expect(error.params?.[name], `${constraint} → ${error.code}: {${name}} in ${language}`).not.toBeNull();
          expect(error.params?.[name], `${constraint} → ${error.code}: {${name}} in ${language}`).not.toBeUndefined();
        }
      }
    }
  });
});
