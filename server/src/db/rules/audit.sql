-- The audit trail: every write of an entity table recorded in `audit_logs` by its row trigger
-- (attached by migrations with `kurban_audit_attach`, which stays in 0006: migrations call it),
-- and entries that are never changed or removed.

-- A column's field name: `share_count` → `shareCount`, `password_hash` → `password`.
CREATE OR REPLACE FUNCTION kurban_audit_field(col text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT substr(replace(initcap('x' || replace(regexp_replace(col, '_(hash|enc)$', ''), '_', ' ')), ' ', ''), 2)
$$;

-- A column's value as recorded: secrets masked; numbers with decimals (numeric: money, decimals,
-- percents) as exact decimal strings, as the API answers money. STABLE as to_jsonb is: an
-- IMMUTABLE label would keep it from being inlined into the trigger's query (ten times slower).
CREATE OR REPLACE FUNCTION kurban_audit_value(col text, v jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN col ~ '_(hash|enc)$' THEN CASE WHEN v = 'null'::jsonb THEN v ELSE '"***"'::jsonb END
    WHEN jsonb_typeof(v) = 'number' AND strpos(v::text, '.') > 0 THEN to_jsonb(v #>> '{}')
    ELSE v END
$$;

-- TG_ARGV[0]: the entity's plural; the rest: columns whose changes are nobody's edit of the record.
CREATE OR REPLACE FUNCTION kurban_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  skip text[] := ARRAY['id', 'created_at', 'updated_at', 'row_version'] || TG_ARGV[1:];
  old_row jsonb;
  new_row jsonb;
  was jsonb;
  now_is jsonb;
  who integer := kurban_current_user();
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - skip; END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - skip; END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(kurban_audit_field(o.key), kurban_audit_value(o.key, o.value)),
           jsonb_object_agg(kurban_audit_field(o.key), kurban_audit_value(o.key, n.value))
      INTO was, now_is
      FROM jsonb_each(old_row) o JOIN jsonb_each(new_row) n ON n.key = o.key
     WHERE n.value IS DISTINCT FROM o.value;
    IF was IS NULL THEN RETURN NULL; END IF;
  ELSE
    SELECT coalesce(jsonb_object_agg(kurban_audit_field(key), kurban_audit_value(key, value)), '{}'::jsonb)
      INTO now_is
      FROM jsonb_each(coalesce(new_row, old_row)) WHERE value <> 'null'::jsonb;
    IF TG_OP = 'DELETE' THEN was := now_is; now_is := NULL; END IF;
  END IF;
  INSERT INTO audit_logs (entity, record_id, action, operation, user_id, user_name, "before", "after")
  VALUES (TG_ARGV[0],
          CASE TG_OP WHEN 'DELETE' THEN OLD.id ELSE NEW.id END,
          CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
          nullif(current_setting('kurban.operation', true), ''),
          who,
          (SELECT nullif(concat_ws(' ', first_name, last_name), '') FROM users WHERE id = who),
          was, now_is);
  RETURN NULL;
END $$;

-- Entries are never changed or removed (a retention purge is a DBA's job: disable the trigger).
CREATE OR REPLACE FUNCTION kurban_audit_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs: entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END $$;
