// One home for each database rule: the trigger functions live in server/src/db/rules, one file per
// domain, re-applied after the migrations on every start (server/src/db/migrate.ts). Migrations
// make what runs once; they may introduce a function (its first CREATE, for the trigger beside
// it), never change one.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES_DIR, RULE_FILES } from '../../server/src/db/migrate.ts';
import { migrationFunctions, ruleFileRest, ruleFunctions } from '../support/db-rules.ts';

/** Functions migrations call while they run (to attach triggers): their bodies are history. */
const MIGRATION_TOOLS = ['kurban_audit_attach'];

describe('the rule files', () => {
  it('are the files of the rules folder, each applied', () => {
    expect(readdirSync(RULES_DIR).sort()).toEqual([...RULE_FILES].sort());
  });

  it('hold function definitions only (no trigger, no data change: those run once, in migrations)', () => {
    for (const file of RULE_FILES) expect(ruleFileRest(file), file).toBe('');
  });

  it('define each function once', () => {
    const names = ruleFunctions().map((f) => f.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});

describe('migrations and rules', () => {
  it('every function a migration made is in a rule file, but the migrations\' own tools', () => {
    const rules = new Set(ruleFunctions().map((f) => f.name));
    const made = new Set(migrationFunctions().map((f) => f.name));
    expect([...made].filter((n) => !rules.has(n) && !MIGRATION_TOOLS.includes(n))).toEqual([]);
    expect(MIGRATION_TOOLS.filter((n) => rules.has(n))).toEqual([]);
  });

  it('a migration never changes a rule: it creates a function once, the rule file changes it', () => {
    const rules = new Set(ruleFunctions().map((f) => f.name));
    const defined = migrationFunctions().filter((f) => rules.has(f.name));
    expect(defined.filter((f) => f.replace), 'CREATE OR REPLACE of a rule in a migration: edit its rule file instead').toEqual([]);
    const names = defined.map((f) => f.name);
    expect(defined.filter((f, i) => names.indexOf(f.name) !== i), 'a rule created by two migrations').toEqual([]);
  });
});
