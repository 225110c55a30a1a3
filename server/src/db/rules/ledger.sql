-- The ledger: account balances and orders' paid amounts are kept from the entries of
-- `transactions`, never typed; another default currency or a hand type's new direction
-- recomputes the balances it changes.

-- Applies the changed rows of `transactions` to balances and paid amounts. Statement-level, with
-- transition tables: a bulk insert of a million entries updates each account once, not once per
-- entry. Parent rows are updated in id order, so that concurrent writers lock them in one order.
-- The changes are summed by static statements, one per operation (each trigger sees only its own
-- operation's transition tables): PostgreSQL plans them once per session, where an EXECUTE of one
-- text for all three was planned on every write (a third of a ledger entry's cost).
CREATE OR REPLACE FUNCTION kurban_ledger_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  accounts_changed integer[];
  balance_deltas numeric[];
  orders_changed integer[];
  paid_deltas numeric[];
BEGIN
  -- Balances in the default currency: + direction × amount per entry added, − per entry removed.
  -- A collection is a credit (−1): an order's paid amount grows by −direction × amount.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id ORDER BY id), array_agg(delta ORDER BY id) INTO accounts_changed, balance_deltas FROM (
      SELECT c.account_id AS id, sum(tt.direction * c.amount) AS delta FROM new_rows c JOIN transaction_types tt ON tt.id = c.transaction_type_id
      WHERE c.currency_type_id = kurban_default_currency() GROUP BY c.account_id) x;
    SELECT array_agg(id ORDER BY id), array_agg(delta ORDER BY id) INTO orders_changed, paid_deltas FROM (
      SELECT c.victim_order_id AS id, sum(-tt.direction * c.amount) AS delta FROM new_rows c JOIN transaction_types tt ON tt.id = c.transaction_type_id
      WHERE c.victim_payment_id IS NOT NULL AND c.victim_order_id IS NOT NULL GROUP BY c.victim_order_id) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id ORDER BY id), array_agg(delta ORDER BY id) INTO accounts_changed, balance_deltas FROM (
      SELECT c.account_id AS id, sum(-tt.direction * c.amount) AS delta FROM old_rows c JOIN transaction_types tt ON tt.id = c.transaction_type_id
      WHERE c.currency_type_id = kurban_default_currency() GROUP BY c.account_id) x;
    SELECT array_agg(id ORDER BY id), array_agg(delta ORDER BY id) INTO orders_changed, paid_deltas FROM (
      SELECT c.victim_order_id AS id, sum(tt.direction * c.amount) AS delta FROM old_rows c JOIN transaction_types tt ON tt.id = c.transaction_type_id
      WHERE c.victim_payment_id IS NOT NULL AND c.victim_order_id IS NOT NULL GROUP BY c.victim_order_id) x;
  ELSE
    SELECT array_agg(id ORDER BY id), array_agg(delta ORDER BY id) INTO accounts_changed, balance_deltas FROM (
      SELECT c.account_id AS id, sum(c.sign * tt.direction * c.amount) AS delta
      FROM (SELECT account_id, transaction_type_id, amount, currency_type_id, 1 AS sign FROM new_rows
            UNION ALL SELECT account_id, transaction_type_id, amount, currency_type_id, -1 FROM old_rows) c
      JOIN transaction_types tt ON tt.id = c.transaction_type_id
      WHERE c.currency_type_id = kurban_default_currency() GROUP BY c.account_id) x;
    SELECT array_agg(id ORDER BY id), array_agg(delta ORDER BY id) INTO orders_changed, paid_deltas FROM (
      SELECT c.victim_order_id AS id, sum(-c.sign * tt.direction * c.amount) AS delta
      FROM (SELECT victim_order_id, victim_payment_id, transaction_type_id, amount, 1 AS sign FROM new_rows
            UNION ALL SELECT victim_order_id, victim_payment_id, transaction_type_id, amount, -1 FROM old_rows) c
      JOIN transaction_types tt ON tt.id = c.transaction_type_id
      WHERE c.victim_payment_id IS NOT NULL AND c.victim_order_id IS NOT NULL GROUP BY c.victim_order_id) x;
  END IF;
  FOR i IN 1 .. coalesce(cardinality(accounts_changed), 0) LOOP
    IF balance_deltas[i] <> 0 THEN UPDATE accounts SET balance = balance + balance_deltas[i] WHERE id = accounts_changed[i]; END IF;
  END LOOP;
  FOR i IN 1 .. coalesce(cardinality(orders_changed), 0) LOOP
    IF paid_deltas[i] <> 0 THEN UPDATE victim_orders SET paid_amount = paid_amount + paid_deltas[i] WHERE id = orders_changed[i]; END IF;
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
