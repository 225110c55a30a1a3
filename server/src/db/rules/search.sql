-- What the global search compares (crud/list.ts), each read through its trigram index (the
-- entity's search indexes, generated from the contract's `x-entity.search`).

-- Text as people type it when they search: lower case, Turkish letters as their plain Latin ones
-- (`Şahin` → `sahin`, `IŞIK` and `ışık` → `isik`), so a clerk without a Turkish keyboard finds
-- them. Each text field the search reads keeps a stored search copy (`<column>_search`, generated
-- by the database on every write: codegen/server.ts `searchCopies`; a phone's copy holds its
-- digits, rules/phones.sql), which the search and the text filters compare through its trigram
-- index; other text filters fold here. IMMUTABLE: the copies are made with it (a change of its
-- body needs them rewritten in a migration: an UPDATE of each row recomputes them). PL/pgSQL, so
-- that it is not inlined: the planner then weighs what folding costs per row (COST) where a field
-- has no copy.
CREATE OR REPLACE FUNCTION kurban_fold(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100 AS $$
BEGIN
  -- lower() first (İ → i, I → i), then the Turkish letters one by one: replace() is four times
  -- faster than a translate() of multibyte letters, and this runs on every row a filter reads.
  RETURN replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(value),
    'ç', 'c'), 'ğ', 'g'), 'ı', 'i'), 'ö', 'o'), 'ş', 's'), 'ü', 'u'), 'â', 'a'), 'î', 'i'), 'û', 'u');
END $$;

-- A search document (generated/server/search-documents.sql: an entity whose search follows
-- references keeps on each row what that search reads) from its parts: each distinct part once,
-- in order, one per line, so that adding a part a document already holds (a share line in the
-- customer's own name) leaves it unchanged, and a search, which never holds a line break
-- (crud/list.ts), cannot match across two parts. Never null, so a row whose document was made is
-- told from one made before documents were kept.
CREATE OR REPLACE FUNCTION kurban_search_join(parts text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(DISTINCT p, E'\n' ORDER BY p), '') FROM unnest(parts) p WHERE p <> ''
$$;
