-- The ledger: account balances and orders' paid amounts are kept from the entries of
-- `transactions`, never typed; another default currency or a hand type's new direction
-- recomputes the balances it changes.

-- Applies the changed rows of `transactions` to balances and paid amounts. Statement-level, with
-- transition tables: a bulk insert of a million entries updates each account once, not once per
-- entry. Parent rows are updated in id order, so that concurrent writers lock them in one order.
CREATE OR REPLACE FUNCTION kurban_ledger_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows' END;
  r record;
BEGIN
  FOR r IN EXECUTE format(
    'SELECT c.account_id AS id, sum(c.sign * tt.direction * c.amount) AS delta
     FROM (%s) c JOIN transaction_types tt ON tt.id = c.transaction_type_id
     WHERE c.currency_type_id = kurban_default_currency()
     GROUP BY c.account_id ORDER BY c.account_id', changes)
  LOOP
    IF r.delta <> 0 THEN UPDATE accounts SET balance = balance + r.delta WHERE id = r.id; END IF;
  END LOOP;
  -- A collection is a credit (−1): the order's paid amount grows by −direction × amount.
  FOR r IN EXECUTE format(
    'SELECT c.victim_order_id AS id, sum(-c.sign * tt.direction * c.amount) AS delta
     FROM (%s) c JOIN transaction_types tt ON tt.id = c.transaction_type_id
     WHERE c.victim_payment_id IS NOT NULL AND c.victim_order_id IS NOT NULL
     GROUP BY c.victim_order_id ORDER BY c.victim_order_id', changes)
  LOOP
    IF r.delta <> 0 THEN UPDATE victim_orders SET paid_amount = paid_amount + r.delta WHERE id = r.id; END IF;
  END LOOP;
  RETURN NULL;
END $$;

-- Balances recomputed from the ledger, for the accounts given (all when null). The ledger is
-- locked against writers meanwhile, so that no entry is counted twice or missed.
CREATE OR REPLACE FUNCTION kurban_recompute_balances(account_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE transactions IN SHARE MODE;
  UPDATE accounts a SET balance = coalesce((
    SELECT sum(tt.direction * t.amount) FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
    WHERE t.account_id = a.id AND t.currency_type_id = kurban_default_currency()), 0)
  WHERE account_ids IS NULL OR a.id = ANY(account_ids);
END $$;

-- A hand type's direction changed: the balances of the accounts that use it follow.
CREATE OR REPLACE FUNCTION kurban_transaction_type_direction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_recompute_balances(ARRAY(SELECT DISTINCT account_id FROM transactions WHERE transaction_type_id = NEW.id));
  RETURN NULL;
END $$;

-- Balances are in the default currency: another default recomputes them all.
CREATE OR REPLACE FUNCTION kurban_default_currency_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_recompute_balances(NULL);
  RETURN NULL;
END $$;
