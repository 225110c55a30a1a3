// Translations by language: `{ key: value }` with the fallback language filling the gaps.
import type pg from 'pg';

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
