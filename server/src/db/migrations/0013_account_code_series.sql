-- Account codes from a counter row per series (rules/numbers.sql: kurban_next_account_code) instead
-- of the highest code of all accounts under one lock (a scan that grew with the accounts, on the
-- path of every new customer of a sale). A code typed by hand moves its series forward.
CREATE FUNCTION kurban_account_code_typed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prefix text := substring(NEW.code FROM '^([A-Z]+)[0-9]{1,9}$');
  typed integer;
BEGIN
  IF prefix IS NULL THEN RETURN NULL; END IF;
  typed := substring(NEW.code FROM length(prefix) + 1)::integer;
  UPDATE number_series SET value = typed WHERE series = 'account:' || prefix AND value < typed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_code_typed AFTER INSERT OR UPDATE OF code ON accounts
  FOR EACH ROW EXECUTE FUNCTION kurban_account_code_typed();
