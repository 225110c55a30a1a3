-- Numbers of a season's series (issue 16, point 5): orders `K2026-00001`, receipts `T2026-00001`.
-- The next number is one UPDATE of the series' counter row (table number_series) in the writing
-- transaction: the row stays locked until that transaction ends, so numbers are gapless and never
-- shared, a write that rolls back gives its number back, and the cost does not grow with the rows
-- already numbered. Writes of one series wait for each other only from the moment they take
-- their number; other writes (another animal's sale up to its numbering) do not wait at all.
-- A series with no row yet (a new season, or numbers written before the counter or by an import)
-- starts after the highest number its table holds: read once, under a lock of that series.

-- `n` with leading zeros up to `width` digits; a longer number whole (lpad would cut it).
CREATE OR REPLACE FUNCTION kurban_zero_padded(n bigint, width integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT repeat('0', greatest(width - length(n::text), 0)) || n::text
$$;

-- The next value of the counter row `name`. A series without a row yet starts after `highest`:
-- a query of the highest number its table already holds ($1: the series' prefix), run once, under
-- a lock of that series.
CREATE OR REPLACE FUNCTION kurban_series_next(name text, highest text, prefix text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  UPDATE number_series SET value = value + 1 WHERE series = name RETURNING value INTO n;
  IF n IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('number_series'), hashtext(name));
    EXECUTE highest INTO n USING prefix;
    INSERT INTO number_series AS s (series, value) VALUES (name, coalesce(n, 0) + 1)
    ON CONFLICT (series) DO UPDATE SET value = s.value + 1
    RETURNING value INTO n;
  END IF;
  RETURN n;
END $$;

CREATE OR REPLACE FUNCTION kurban_next_number(kind text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  letter text := CASE kind WHEN 'order' THEN 'K' WHEN 'receipt' THEN 'T' END;
  year integer := kurban_season_year();
  prefix text;
BEGIN
  IF letter IS NULL THEN RAISE EXCEPTION 'unknown number series: %', kind; END IF;
  prefix := letter || year || '-';
  RETURN prefix || kurban_zero_padded(kurban_series_next(kind || ':' || year, CASE kind
    WHEN 'order' THEN $q$SELECT max(substring(order_no FROM length($1) + 1)::integer) FROM victim_orders
                         WHERE order_no LIKE $1 || '%' AND substring(order_no FROM length($1) + 1) ~ '^[0-9]+$'$q$
    ELSE $q$SELECT max(substring(receipt_no FROM length($1) + 1)::integer) FROM victim_payments
            WHERE receipt_no LIKE $1 || '%' AND substring(receipt_no FROM length($1) + 1) ~ '^[0-9]+$'$q$
  END, prefix), 5);
END $$;

-- An order without a number takes the next one of its season when it is inserted: in the insert
-- itself, as late as its writer can (an import that brings its numbers keeps them).
CREATE OR REPLACE FUNCTION kurban_order_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.order_no IS NULL THEN
    NEW.order_no := kurban_next_number('order');
  END IF;
  RETURN NEW;
END $$;

-- The next code of an account type's series (contract: Account.code): the letters of the type's
-- newest letters-and-digits code (`C` when it has none), then the next number of that series, at
-- least six digits. A counter row per series (`account:C`, …) as for the numbers above: one
-- UPDATE, whatever the number of accounts; a series without a row starts after the highest code it
-- has, read once. Codes typed by hand move their series forward (kurban_account_code_typed).
CREATE OR REPLACE FUNCTION kurban_next_account_code(type_id integer) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  prefix text := coalesce((SELECT substring(code FROM '^[A-Z]+') FROM accounts
                           WHERE account_type_id = type_id AND code ~ '^[A-Z]+[0-9]+$' ORDER BY id DESC LIMIT 1), 'C');
BEGIN
  RETURN prefix || kurban_zero_padded(kurban_series_next('account:' || prefix,
    $q$SELECT max(substring(code FROM length($1) + 1)::integer) FROM accounts WHERE code ~ ('^' || $1 || '[0-9]{1,9}$')$q$, prefix), 6);
END $$;

-- A code typed by hand above its series' counter moves the counter to it: the next code the
-- server gives follows it, as staff expect of a series (codes of other shapes, or of more than
-- nine digits, belong to no series).
CREATE OR REPLACE FUNCTION kurban_account_code_typed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prefix text := substring(NEW.code FROM '^([A-Z]+)[0-9]{1,9}$');
  typed integer;
BEGIN
  IF prefix IS NULL THEN RETURN NULL; END IF;
  typed := substring(NEW.code FROM length(prefix) + 1)::integer;
  UPDATE number_series SET value = typed WHERE series = 'account:' || prefix AND value < typed;
  RETURN NULL;
END $$;
