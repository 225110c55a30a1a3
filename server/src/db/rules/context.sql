-- What every rule reads: the signed-in user of a write (the transaction setting `kurban.user_id`,
-- set by the server, for who-did-it columns), the default currency (balances are kept in it) and
-- the season (receipt and order numbers).

CREATE OR REPLACE FUNCTION kurban_current_user() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('kurban.user_id', true), '')::integer
$$;

CREATE OR REPLACE FUNCTION kurban_default_currency() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT id FROM currency_types WHERE is_default ORDER BY id LIMIT 1
$$;

CREATE OR REPLACE FUNCTION kurban_season_year() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT CASE WHEN value ~ '^[0-9]{4}$' THEN value::integer END FROM settings WHERE key = 'season.year' AND NOT is_secret),
    extract(year FROM now() AT TIME ZONE 'Europe/Istanbul')::integer)
$$;
