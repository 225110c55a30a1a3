// Translations by language: `{ key: value }` with the fallback language filling the gaps; and
// the rule on every saved value: it is a message the browser's compiler can show.
import type pg from 'pg';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { badRequest, fieldError } from '../core/errors.ts';
import type { WorkflowModule } from './operations.ts';

/** The fallback of every language is `tr` (the specification's fallback): a Turkish language, else the default one. */
async function fallbackLanguageId(db: pg.Pool): Promise<number | undefined> {
  const { rows } = await db.query(
    `SELECT id FROM languages ORDER BY (lower(code) = 'tr') DESC, (lower(code) LIKE 'tr-%') DESC, is_default DESC, id LIMIT 1`,
  );
  return rows[0]?.id;
}

/** The language a code names: exact (case-insensitive), else the first of its primary subtag (`tr` → `tr-TR`). */
async function languageIdOf(db: pg.Pool, code: string): Promise<number | undefined> {
  const { rows } = await db.query(
    `SELECT id FROM languages WHERE lower(code) = lower($1) OR lower(split_part(code, '-', 1)) = lower($1)
     ORDER BY (lower(code) = lower($1)) DESC, is_active DESC, display_order, id LIMIT 1`,
    [code],
  );
  return rows[0]?.id;
}

export async function messagesOf(db: pg.Pool, code: string): Promise<Record<string, string>> {
  const [own, fallback] = await Promise.all([languageIdOf(db, code), fallbackLanguageId(db)]);
  const ids = [fallback, own].filter((x): x is number => x !== undefined);
  if (!ids.length) return {};
  // Fallback rows first, then the language's own rows overwrite them.
  const { rows } = await db.query(
    `SELECT code, value FROM translates WHERE language_id = ANY($1::int[]) ORDER BY (language_id = $2) ASC, code`,
    [ids, own ?? -1],
  );
  const messages: Record<string, string> = {};
  for (const r of rows) messages[r.code] = r.value;
  return messages;
}

export async function translateDtos(db: pg.Pool) {
  const { rows } = await db.query(
    `SELECT t.id, t.language_id AS "languageId", l.code AS "languageCode", l.name AS "languageName", t.code, t.name, t.value
     FROM translates t JOIN languages l ON l.id = t.language_id ORDER BY l.display_order, l.id, t.code`,
  );
  return rows;
}

/**
 * Why `text` is not a message (ICU MessageFormat, as Lingui compiles it), or undefined when it is.
 * The compiler takes a brace it cannot place as plain text, which shows the placeholders around
 * it wrongly, so every `{` and `}` outside a quoted part ('{' writes a brace) must pair up.
 */
export function messageSyntaxError(text: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      if (text[i + 1] === "'") i++; // '' is an apostrophe
      else if (/[{}#|]/.test(text[i + 1] ?? '')) {
        const end = text.indexOf("'", i + 1);
        i = end === -1 ? text.length : end; // a quoted part runs to the next apostrophe
      }
    } else if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return `unexpected } at col ${i + 1}`;
  }
  if (depth > 0) return `unclosed { (${depth} left open)`;
  try {
    compileMessageOrThrow(text);
    return undefined;
  } catch (err) {
    return (err as Error).message.split('\n')[0].trim();
  }
}

export const translations: WorkflowModule = {
  hooks: {
    Translate: {
      async beforeWrite({ values }) {
        if (typeof values.value !== 'string') return;
        const reason = messageSyntaxError(values.value);
        if (reason) throw badRequest([fieldError('value', 'messageSyntax', { reason })]);
      },
    },
  },
};
