-- What the global search compares (crud/list.ts), each read through its trigram index (the
-- entity's search indexes, generated from the contract's `x-entity.search`).

-- Text as people type it when they search: lower case, Turkish letters as their plain Latin ones
-- (`Şahin` → `sahin`, `IŞIK` and `ışık` → `isik`), so a clerk without a Turkish keyboard finds
-- them. IMMUTABLE: indexes are built on it (a change of its body needs a REINDEX in a migration).
-- PL/pgSQL, so that it is not inlined: the planner then weighs what folding costs per row (COST)
-- and reads the trigram index rather than folding every row of a date range.
CREATE OR REPLACE FUNCTION kurban_fold(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100 AS $$
BEGIN
  -- lower() first (İ → i, I → i), then the Turkish letters one by one: replace() is four times
  -- faster than a translate() of multibyte letters, and this runs on every row a filter reads.
  RETURN replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(value),
    'ç', 'c'), 'ğ', 'g'), 'ı', 'i'), 'ö', 'o'), 'ş', 's'), 'ü', 'u'), 'â', 'a'), 'î', 'i'), 'û', 'u');
END $$;

