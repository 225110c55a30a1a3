// The database rules as their files hold them (server/src/db/rules), and the functions the
// migrations create: read by the tests that keep each rule in one home.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR, RULES_DIR, RULE_FILES } from '../../server/src/db/migrate.ts';

export interface RuleFunction {
  name: string;
  file: string;
  /** The text between the `$$` quotes: what PostgreSQL keeps as `pg_proc.prosrc`. */
  body: string;
}

const DEFINITION = /CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?\bAS \$\$([\s\S]*?)\$\$;/g;

export const ruleFunctions = (): RuleFunction[] =>
  RULE_FILES.flatMap((file) =>
    [...readFileSync(join(RULES_DIR, file), 'utf8').matchAll(DEFINITION)].map((m) => ({ name: m[1], file, body: m[2] })));

/** A rule file without its comments and function definitions: what else it would run. */
export const ruleFileRest = (file: string): string =>
  readFileSync(join(RULES_DIR, file), 'utf8').replace(/^--.*$/gm, '').replace(DEFINITION, '').trim();

/** Each migration's `CREATE [OR REPLACE] FUNCTION`s, by migration file. */
export function migrationFunctions(): { migration: string; name: string; replace: boolean }[] {
  return readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort().flatMap((migration) =>
    [...readFileSync(join(MIGRATIONS_DIR, migration), 'utf8').matchAll(/CREATE (OR REPLACE )?FUNCTION (\w+)\(/g)]
      .map((m) => ({ migration, name: m[2], replace: !!m[1] })));
}
