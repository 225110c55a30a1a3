-- One account per identity number (TCKN or VKN): a person or a company entered twice splits their
-- statement and the calls matched to them (issue 16: a sale with a TCKN already used is refused).
-- Accounts that already share one are named here and the upgrade stops until staff merge them.
DO $$
DECLARE dups text;
BEGIN
  SELECT string_agg(format('%s (%s)', identity_number, codes), '; ') INTO dups FROM (
    SELECT identity_number, string_agg(code, ', ' ORDER BY code) AS codes FROM accounts
    WHERE identity_number IS NOT NULL GROUP BY identity_number HAVING count(*) > 1) d;
  IF dups IS NOT NULL THEN
    RAISE EXCEPTION 'Several accounts share an identity number; merge them (or clear the number on all but one), then start again: %', dups;
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "uq_accounts__identity_number" ON "accounts" USING btree ("identity_number");