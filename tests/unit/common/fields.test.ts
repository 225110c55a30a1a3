// Field kinds and match modes (common/fields.ts): the list engine's, the contract's and the
// generated metadata's are one list.
import { describe, expect, it } from 'vitest';
import contract from '../../../generated/openapi.json' with { type: 'json' };
import entities from '../../../generated/server/entities.json' with { type: 'json' };
import { FIELD_KINDS, MATCH_MODES, MATCH_MODES_BY_KIND } from '../../../common/fields.ts';

describe('match modes', () => {
  it('are the 16 modes of the contract', () => {
    expect([...MATCH_MODES]).toEqual(contract.components.schemas.FilterParam.properties.MatchMode.enum);
  });

  it('are named for every field kind, out of the 16', () => {
    expect(Object.keys(MATCH_MODES_BY_KIND).sort()).toEqual([...FIELD_KINDS].sort());
    for (const modes of Object.values(MATCH_MODES_BY_KIND)) for (const mode of modes) expect(MATCH_MODES).toContain(mode);
  });
});

describe('field kinds', () => {
  it('hold the kind of every field of every entity', () => {
    const kinds = new Set(entities.flatMap((e) => e.fields.map((f) => f.kind)));
    for (const kind of kinds) expect(FIELD_KINDS).toContain(kind);
  });
});
