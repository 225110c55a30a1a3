-- The Kurban season's rules that the database can hold by itself, so that they hold on every
-- write path (the generic CRUD, the workflow operations, a seed, a hand-run SQL statement) and
-- under concurrency:
--   * derived figures are kept from their sources, never typed: account balances from the
--     ledger, an order's paid amount from its collections, an animal's sold shares from its
--     orders, a slot's booked count from its bookings; each as an incremental update of the
--     parent row (row-locked, so concurrent writers serialise), under a CHECK that the figure
--     stays within its bound (shares ≤ capacity, bookings ≤ capacity, paid ≤ total);
--   * the ledger entries of orders and payments are posted from their status changes;
--   * share lines follow their order (numbers per animal, one per share, freed on cancel);
--   * uniqueness that spans tables is kept through columns copied from the parent.
-- The application checks the same rules first, in the same transaction, to answer with a clear
-- message; these are the guarantees behind it. The signed-in user of a write is read from the
-- transaction setting `kurban.user_id` (set by the server) for who-did-it columns.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint

CREATE FUNCTION kurban_current_user() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('kurban.user_id', true), '')::integer
$$;
--> statement-breakpoint
CREATE FUNCTION kurban_default_currency() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT id FROM currency_types WHERE is_default ORDER BY id LIMIT 1
$$;
--> statement-breakpoint
CREATE FUNCTION kurban_season_year() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT CASE WHEN value ~ '^[0-9]{4}$' THEN value::integer END FROM settings WHERE key = 'season.year' AND NOT is_secret),
    extract(year FROM now() AT TIME ZONE 'Europe/Istanbul')::integer)
$$;
--> statement-breakpoint

-- ---- the ledger: transaction types and balances ------------------------------------------------

-- A system type's direction is fixed by its code.
ALTER TABLE transaction_types ADD CONSTRAINT ck_transaction_types__system_direction CHECK (
  system_code IS NULL OR direction = CASE system_code
    WHEN 'sale' THEN 1 WHEN 'saleReversal' THEN -1 WHEN 'collection' THEN -1
    WHEN 'collectionReversal' THEN 1 WHEN 'expense' THEN 1 END);
--> statement-breakpoint
-- The hand-made "Gider" type of earlier versions becomes the system's expense type.
UPDATE transaction_types SET system_code = 'expense'
WHERE id = (SELECT min(id) FROM transaction_types WHERE system_code IS NULL AND direction = 1 AND name = 'Gider')
  AND NOT EXISTS (SELECT 1 FROM transaction_types WHERE system_code = 'expense');
--> statement-breakpoint
-- Collections carry their order too (the order's paid amount is read from them).
UPDATE transactions t SET victim_order_id = p.victim_order_id
FROM victim_payments p WHERE p.id = t.victim_payment_id AND t.victim_order_id IS NULL;
--> statement-breakpoint

-- Rows written by earlier versions, whose CRUD held none of these rules. What only lacks its
-- bookkeeping gets it now (below); what breaks a rule needs a person's decision (which order to
-- cancel, which booking to move), so the upgrade stops and lists it, changing nothing.
DO $$
DECLARE
  problems text;
BEGIN
  SELECT string_agg(line, E'\n') INTO problems FROM (
    SELECT format('- animal %s: %s shares sold on orders that are not cancelled, capacity %s', p.code, sum(o.share_count), coalesce(p.share_capacity::text, 'none')) AS line
    FROM victim_orders o JOIN products p ON p.id = o.product_id WHERE o.status <> 'cancelled'
    GROUP BY p.id HAVING sum(o.share_count) > coalesce(p.share_capacity, 0)
    UNION ALL
    SELECT format('- slot %s: %s bookings that are not cancelled, capacity %s', a.id, count(*), a.capacity)
    FROM victim_appointments b JOIN appointments a ON a.id = b.appointment_id WHERE b.status <> 'cancelled'
    GROUP BY a.id HAVING count(*) > a.capacity
    UNION ALL
    SELECT format('- slot %s: ends before it starts', a.id) FROM appointments a WHERE a.ends_at <= a.starts_at
    UNION ALL
    SELECT format('- order %s: discount above shares × price', o.order_no) FROM victim_orders o WHERE o.share_count * o.unit_price < o.discount_amount
    UNION ALL
    SELECT format('- order %s: %s paid, total %s', o.order_no, sum(p.amount), o.share_count * o.unit_price - o.discount_amount)
    FROM victim_payments p JOIN payment_statuses ps ON ps.id = p.payment_status_id JOIN victim_orders o ON o.id = p.victim_order_id
    WHERE ps.code = 'paid' GROUP BY o.id HAVING sum(p.amount) > o.share_count * o.unit_price - o.discount_amount
    UNION ALL
    SELECT format('- order %s: %s share lines for %s shares', o.order_no, count(*), o.share_count)
    FROM victim_order_details d JOIN victim_orders o ON o.id = d.victim_order_id GROUP BY o.id HAVING count(*) > o.share_count
    UNION ALL
    SELECT format('- animal %s: share number %s on %s orders that are not cancelled', p.code, d.share_no, count(*))
    FROM victim_order_details d JOIN victim_orders o ON o.id = d.victim_order_id JOIN products p ON p.id = o.product_id
    WHERE o.status <> 'cancelled' GROUP BY p.id, d.share_no HAVING count(*) > 1
    UNION ALL
    SELECT format('- product %s: overlapping prices %s and %s', a.product_id, a.id, b.id)
    FROM product_prices a JOIN product_prices b ON b.product_id = a.product_id AND b.price_type_id = a.price_type_id
      AND b.currency_type_id = a.currency_type_id AND b.id > a.id
      AND daterange(a.valid_from, a.valid_to, '[]') && daterange(b.valid_from, b.valid_to, '[]')
  ) problems;
  IF problems IS NOT NULL THEN
    RAISE EXCEPTION E'The data breaks rules this version keeps; correct it with the previous version, then start again:\n%', problems;
  END IF;
END $$;
--> statement-breakpoint
-- A payment marked paid by hand that never reached the ledger: its collection (and, when it was
-- refunded since, the reversal), as the server posts them now.
INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date, document_no, description, victim_payment_id, victim_order_id)
SELECT p.account_id, tt.id, p.amount, p.currency_type_id, (coalesce(p.paid_at, p.created_at) AT TIME ZONE 'Europe/Istanbul')::date, p.receipt_no,
       'Kurban tahsilatı ' || o.order_no, p.id, p.victim_order_id
FROM victim_payments p JOIN payment_statuses ps ON ps.id = p.payment_status_id JOIN victim_orders o ON o.id = p.victim_order_id
JOIN transaction_types tt ON tt.system_code = 'collection'
WHERE (ps.code = 'paid' OR (ps.code = 'refunded' AND p.paid_at IS NOT NULL))
  AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.victim_payment_id = p.id);
--> statement-breakpoint
INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date, document_no, description, victim_payment_id, victim_order_id)
SELECT p.account_id, tt.id, p.amount, p.currency_type_id, (p.updated_at AT TIME ZONE 'Europe/Istanbul')::date, p.receipt_no,
       'Tahsilat iadesi ' || o.order_no, p.id, p.victim_order_id
FROM victim_payments p JOIN payment_statuses ps ON ps.id = p.payment_status_id JOIN victim_orders o ON o.id = p.victim_order_id
JOIN transaction_types tt ON tt.system_code = 'collectionReversal'
WHERE ps.code = 'refunded'
  AND (SELECT count(*) FROM transactions t WHERE t.victim_payment_id = p.id) = 1;
--> statement-breakpoint
-- A confirmed or completed order without its sale on the ledger: the sale, dated with the order.
INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date, document_no, description, victim_order_id)
SELECT o.account_id, tt.id, o.share_count * o.unit_price - o.discount_amount, o.currency_type_id, o.order_date, o.order_no,
       'Kurban satışı ' || o.order_no, o.id
FROM victim_orders o JOIN transaction_types tt ON tt.system_code = 'sale'
WHERE o.status IN ('confirmed', 'completed') AND o.share_count * o.unit_price - o.discount_amount > 0
  AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.victim_order_id = o.id AND t.victim_payment_id IS NULL);
--> statement-breakpoint

-- Applies the changed rows of `transactions` to balances and paid amounts. Statement-level, with
-- transition tables: a bulk insert of a million entries updates each account once, not once per
-- entry. Parent rows are updated in id order, so that concurrent writers lock them in one order.
CREATE FUNCTION kurban_ledger_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER transactions_ledger_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kurban_ledger_trigger();
--> statement-breakpoint
CREATE TRIGGER transactions_ledger_update AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kurban_ledger_trigger();
--> statement-breakpoint
CREATE TRIGGER transactions_ledger_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kurban_ledger_trigger();
--> statement-breakpoint

-- Balances recomputed from the ledger, for the accounts given (all when null). The ledger is
-- locked against writers meanwhile, so that no entry is counted twice or missed.
CREATE FUNCTION kurban_recompute_balances(account_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE transactions IN SHARE MODE;
  UPDATE accounts a SET balance = coalesce((
    SELECT sum(tt.direction * t.amount) FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
    WHERE t.account_id = a.id AND t.currency_type_id = kurban_default_currency()), 0)
  WHERE account_ids IS NULL OR a.id = ANY(account_ids);
END $$;
--> statement-breakpoint
-- A hand type's direction changed: the balances of the accounts that use it follow.
CREATE FUNCTION kurban_transaction_type_direction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_recompute_balances(ARRAY(SELECT DISTINCT account_id FROM transactions WHERE transaction_type_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transaction_types_direction AFTER UPDATE OF direction ON transaction_types
  FOR EACH ROW WHEN (OLD.direction IS DISTINCT FROM NEW.direction) EXECUTE FUNCTION kurban_transaction_type_direction();
--> statement-breakpoint
-- Balances are in the default currency: another default recomputes them all.
CREATE FUNCTION kurban_default_currency_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_recompute_balances(NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER currency_types_default AFTER INSERT OR UPDATE OF is_default OR DELETE ON currency_types
  FOR EACH STATEMENT EXECUTE FUNCTION kurban_default_currency_changed();
--> statement-breakpoint

-- ---- orders: totals, sold shares, share lines and the posted sale ------------------------------

-- The total is the order's own arithmetic, and the balance what is left of it once paid.
ALTER TABLE victim_orders DROP COLUMN total_amount;
--> statement-breakpoint
ALTER TABLE victim_orders DROP COLUMN balance;
--> statement-breakpoint
ALTER TABLE victim_orders ADD COLUMN total_amount numeric(18, 2) GENERATED ALWAYS AS (share_count * unit_price - discount_amount) STORED;
--> statement-breakpoint
ALTER TABLE victim_orders ADD COLUMN balance numeric(18, 2) GENERATED ALWAYS AS (share_count * unit_price - discount_amount - paid_amount) STORED;
--> statement-breakpoint
ALTER TABLE victim_orders ADD CONSTRAINT ck_victim_orders__total_not_negative CHECK (share_count * unit_price - discount_amount >= 0);
--> statement-breakpoint
ALTER TABLE victim_orders ADD CONSTRAINT ck_victim_orders__paid_within_total CHECK (paid_amount >= 0 AND paid_amount <= share_count * unit_price - discount_amount);
--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT ck_products__shares_within_capacity CHECK (shares_sold >= 0 AND shares_sold <= coalesce(share_capacity, 0));
--> statement-breakpoint

-- Share lines remember whether their order still holds its shares; a share number is unique per
-- animal among those lines.
ALTER TABLE victim_order_details ADD COLUMN order_active boolean NOT NULL DEFAULT true;
--> statement-breakpoint
UPDATE victim_order_details d SET order_active = (o.status <> 'cancelled') FROM victim_orders o WHERE o.id = d.victim_order_id;
--> statement-breakpoint
CREATE UNIQUE INDEX uq_victim_order_details__product_share ON victim_order_details (product_id, share_no) WHERE order_active;
--> statement-breakpoint
ALTER TABLE victim_order_details ADD CONSTRAINT ck_victim_order_details__share_no CHECK (share_no >= 1);
--> statement-breakpoint

-- A new or moved line takes its order's animal and state; an order has at most one line per share.
CREATE FUNCTION kurban_order_detail_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
  lines integer;
BEGIN
  -- The order's row lock serialises concurrent line inserts of one order.
  SELECT id, product_id, status, share_count INTO o FROM victim_orders WHERE id = NEW.victim_order_id FOR UPDATE;
  IF NOT FOUND THEN RETURN NEW; END IF; -- the foreign key answers
  NEW.product_id := o.product_id;
  NEW.order_active := o.status <> 'cancelled';
  IF TG_OP = 'INSERT' OR OLD.victim_order_id <> NEW.victim_order_id THEN
    SELECT count(*) INTO lines FROM victim_order_details WHERE victim_order_id = NEW.victim_order_id AND id IS DISTINCT FROM NEW.id;
    IF lines >= o.share_count THEN
      RAISE EXCEPTION 'order % has % shares and as many lines', o.id, o.share_count
        USING ERRCODE = 'check_violation', CONSTRAINT = 'ck_victim_order_details__lines_within_shares';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER victim_order_details_sync BEFORE INSERT OR UPDATE OF victim_order_id ON victim_order_details
  FOR EACH ROW EXECUTE FUNCTION kurban_order_detail_sync();
--> statement-breakpoint

-- The lowest share number of an animal that no active line holds and no line of the order itself
-- (an order's lines are numbered apart even while inactive), or null when none is free.
CREATE FUNCTION kurban_free_share_no(animal integer, order_id integer) RETURNS integer LANGUAGE sql AS $$
  SELECT min(n) FROM products p, generate_series(1, coalesce(p.share_capacity, 0)) n
  WHERE p.id = animal AND NOT EXISTS (
    SELECT 1 FROM victim_order_details d
    WHERE d.share_no = n AND ((d.product_id = animal AND d.order_active) OR d.victim_order_id = order_id))
$$;
--> statement-breakpoint
-- Adds lines (the customer as the shareholder, the lowest free numbers) up to the order's shares.
CREATE FUNCTION kurban_fill_order_lines(o victim_orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  have integer;
  free integer;
BEGIN
  SELECT count(*) INTO have FROM victim_order_details WHERE victim_order_id = o.id;
  FOR i IN have + 1 .. o.share_count LOOP
    free := kurban_free_share_no(o.product_id, o.id);
    EXIT WHEN free IS NULL; -- the animal's capacity check refuses the order itself
    INSERT INTO victim_order_details (victim_order_id, share_no, shareholder_name, shareholder_phone, intention, product_id)
    SELECT o.id, free, a.title, a.phone_number, 'kurban', o.product_id FROM accounts a WHERE a.id = o.account_id;
  END LOOP;
END $$;
--> statement-breakpoint

-- Sold shares follow the orders that are not cancelled; lines follow the order.
CREATE FUNCTION kurban_order_shares() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line record;
  free integer;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.product_id = NEW.product_id AND OLD.share_count = NEW.share_count
     AND (OLD.status = 'cancelled') = (NEW.status = 'cancelled') THEN
    RETURN NULL;
  END IF;
  -- Both animals in id order: two orders moving between the same animals cannot deadlock.
  PERFORM 1 FROM products WHERE id IN (OLD.product_id, NEW.product_id) ORDER BY id FOR UPDATE;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'cancelled' THEN
    UPDATE products SET shares_sold = shares_sold - OLD.share_count WHERE id = OLD.product_id;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;
  IF NEW.status <> 'cancelled' THEN
    UPDATE products SET shares_sold = shares_sold + NEW.share_count WHERE id = NEW.product_id;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM kurban_fill_order_lines(NEW);
    RETURN NULL;
  END IF;
  IF NEW.status = 'cancelled' THEN
    UPDATE victim_order_details SET order_active = false WHERE victim_order_id = NEW.id AND order_active;
    RETURN NULL;
  END IF;
  IF NEW.product_id <> OLD.product_id THEN
    -- Another animal: the lines take its lowest free numbers, in their own order.
    -- Out of the way first (numbers are unique per order as well): above any capacity.
    UPDATE victim_order_details SET order_active = false, share_no = share_no + 100 WHERE victim_order_id = NEW.id;
    FOR line IN SELECT id FROM victim_order_details WHERE victim_order_id = NEW.id ORDER BY share_no, id LOOP
      free := kurban_free_share_no(NEW.product_id, NEW.id);
      IF free IS NULL THEN
        DELETE FROM victim_order_details WHERE id = line.id;
      ELSE
        UPDATE victim_order_details SET product_id = NEW.product_id, share_no = free, order_active = true WHERE id = line.id;
      END IF;
    END LOOP;
  END IF;
  IF NEW.share_count < OLD.share_count THEN
    -- Fewer shares: the lines with the highest numbers go.
    DELETE FROM victim_order_details WHERE id IN (
      SELECT id FROM victim_order_details WHERE victim_order_id = NEW.id ORDER BY share_no, id
      OFFSET NEW.share_count);
  END IF;
  PERFORM kurban_fill_order_lines(NEW);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER victim_orders_shares AFTER INSERT OR UPDATE OF product_id, share_count, status OR DELETE ON victim_orders
  FOR EACH ROW EXECUTE FUNCTION kurban_order_shares();
--> statement-breakpoint

-- The sale of an order on its customer's ledger: posted when it is confirmed (or created
-- confirmed), kept equal to its total while confirmed or completed, reversed when it is
-- cancelled after it was posted.
CREATE FUNCTION kurban_order_sale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sale_id integer;
  sale_amount numeric(18, 2);
  live boolean := NEW.status IN ('confirmed', 'completed');
  was_live boolean := TG_OP = 'UPDATE' AND OLD.status IN ('confirmed', 'completed');
  what text;
BEGIN
  IF NOT live AND NOT was_live THEN RETURN NULL; END IF;
  what := NEW.order_no || ', ' || (SELECT p.code || ' ' || p.name FROM products p WHERE p.id = NEW.product_id) || ', ' || NEW.share_count || ' hisse';
  SELECT t.id, t.amount INTO sale_id, sale_amount FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
  WHERE t.victim_order_id = NEW.id AND t.victim_payment_id IS NULL AND tt.system_code = 'sale' ORDER BY t.id DESC LIMIT 1;
  IF live AND sale_id IS NULL THEN
    -- The ledger takes amounts above 0: an order given away in full posts no sale.
    IF NEW.total_amount > 0 THEN
      INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date, document_no, description, victim_order_id, created_by_user_id)
      SELECT NEW.account_id, tt.id, NEW.total_amount, NEW.currency_type_id, (now() AT TIME ZONE 'Europe/Istanbul')::date, NEW.order_no,
             'Kurban satışı ' || what, NEW.id, kurban_current_user()
      FROM transaction_types tt WHERE tt.system_code = 'sale';
      IF NOT FOUND THEN
        RAISE EXCEPTION 'the transaction type with system code sale is missing' USING ERRCODE = 'check_violation', CONSTRAINT = 'ck_transaction_types__system_type_missing';
      END IF;
    END IF;
  ELSIF live THEN
    -- Shares, price, discount or animal changed: the posted sale follows the total.
    IF NEW.total_amount = 0 THEN
      DELETE FROM transactions WHERE id = sale_id;
    ELSIF sale_amount <> NEW.total_amount OR OLD.account_id <> NEW.account_id OR OLD.currency_type_id <> NEW.currency_type_id OR OLD.product_id <> NEW.product_id OR OLD.share_count <> NEW.share_count THEN
      UPDATE transactions SET amount = NEW.total_amount, account_id = NEW.account_id, currency_type_id = NEW.currency_type_id,
             description = 'Kurban satışı ' || what, updated_at = now(), row_version = row_version + 1
      WHERE id = sale_id;
    END IF;
  ELSIF NEW.status = 'cancelled' AND sale_id IS NOT NULL THEN
    INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date, document_no, description, victim_order_id, created_by_user_id)
    SELECT NEW.account_id, tt.id, sale_amount, NEW.currency_type_id, (now() AT TIME ZONE 'Europe/Istanbul')::date, NEW.order_no,
           'Kurban satışı iptali ' || what, NEW.id, kurban_current_user()
    FROM transaction_types tt WHERE tt.system_code = 'saleReversal';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the transaction type with system code saleReversal is missing' USING ERRCODE = 'check_violation', CONSTRAINT = 'ck_transaction_types__system_type_missing';
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER victim_orders_sale AFTER INSERT OR UPDATE ON victim_orders
  FOR EACH ROW EXECUTE FUNCTION kurban_order_sale();
--> statement-breakpoint

-- ---- payments: the collection on the ledger ------------------------------------------------------

-- Becoming paid stamps the time and the next receipt number of the season.
CREATE FUNCTION kurban_payment_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  code text;
  prefix text;
BEGIN
  SELECT ps.code INTO code FROM payment_statuses ps WHERE ps.id = NEW.payment_status_id;
  IF code = 'paid' AND (TG_OP = 'INSERT' OR OLD.payment_status_id IS DISTINCT FROM NEW.payment_status_id) THEN
    NEW.paid_at := coalesce(NEW.paid_at, now());
    IF NEW.receipt_no IS NULL THEN
      PERFORM pg_advisory_xact_lock(hashtext('victim_payments.receipt_no'));
      prefix := 'T' || kurban_season_year() || '-';
      SELECT prefix || lpad((coalesce(max(substring(receipt_no FROM length(prefix) + 1)::integer), 0) + 1)::text, 5, '0') INTO NEW.receipt_no
      FROM victim_payments WHERE receipt_no LIKE prefix || '%' AND substring(receipt_no FROM length(prefix) + 1) ~ '^[0-9]+$';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER victim_payments_stamp BEFORE INSERT OR UPDATE OF payment_status_id ON victim_payments
  FOR EACH ROW EXECUTE FUNCTION kurban_payment_stamp();
--> statement-breakpoint
-- The ledger follows the payment: paid posts a collection (credit); leaving paid (refunded or
-- cancelled) posts its reversal. Each payment's ledger nets to its amount while paid, else to 0.
CREATE FUNCTION kurban_payment_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid_now boolean;
  paid_before boolean := false;
  order_no text;
  kind text;
BEGIN
  SELECT ps.code = 'paid' INTO paid_now FROM payment_statuses ps WHERE ps.id = NEW.payment_status_id;
  IF TG_OP = 'UPDATE' THEN
    SELECT ps.code = 'paid' INTO paid_before FROM payment_statuses ps WHERE ps.id = OLD.payment_status_id;
    -- What reached the ledger does not change under it: refund instead.
    IF paid_before AND paid_now AND (OLD.amount, OLD.victim_order_id, OLD.account_id, OLD.currency_type_id)
        IS DISTINCT FROM (NEW.amount, NEW.victim_order_id, NEW.account_id, NEW.currency_type_id) THEN
      RAISE EXCEPTION 'payment % is paid: its amount, order, account and currency are posted' , NEW.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'ck_victim_payments__paid_locked';
    END IF;
  END IF;
  IF paid_now = paid_before THEN RETURN NULL; END IF;
  kind := CASE WHEN paid_now THEN 'collection' ELSE 'collectionReversal' END;
  SELECT o.order_no INTO order_no FROM victim_orders o WHERE o.id = NEW.victim_order_id;
  INSERT INTO transactions (account_id, transaction_type_id, amount, currency_type_id, transaction_date, document_no, description, victim_payment_id, victim_order_id, created_by_user_id)
  SELECT NEW.account_id, tt.id, NEW.amount, NEW.currency_type_id,
         (CASE WHEN paid_now THEN NEW.paid_at ELSE now() END AT TIME ZONE 'Europe/Istanbul')::date, NEW.receipt_no,
         CASE WHEN paid_now THEN 'Kurban tahsilatı ' ELSE 'Tahsilat iadesi ' END || order_no || coalesce(' (' || NEW.description || ')', ''),
         NEW.id, NEW.victim_order_id, kurban_current_user()
  FROM transaction_types tt WHERE tt.system_code = kind;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the transaction type with system code % is missing', kind USING ERRCODE = 'check_violation', CONSTRAINT = 'ck_transaction_types__system_type_missing';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER victim_payments_ledger AFTER INSERT OR UPDATE ON victim_payments
  FOR EACH ROW EXECUTE FUNCTION kurban_payment_ledger();
--> statement-breakpoint

-- ---- bookings: the slot's fill ------------------------------------------------------------------

ALTER TABLE appointments ADD CONSTRAINT ck_appointments__ends_after_start CHECK (ends_at > starts_at);
--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT ck_appointments__booked_within_capacity CHECK (booked_count >= 0 AND booked_count <= capacity);
--> statement-breakpoint
-- open ↔ full follow the fill; closed and cancelled are staff's and stay.
CREATE FUNCTION kurban_appointment_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('open', 'full') THEN
    NEW.status := CASE WHEN NEW.booked_count >= NEW.capacity THEN 'full' ELSE 'open' END;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_status BEFORE INSERT OR UPDATE ON appointments
  FOR EACH ROW EXECUTE FUNCTION kurban_appointment_status();
--> statement-breakpoint
-- Every booking but a cancelled one takes a place.
CREATE FUNCTION kurban_booking_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer;
  now_in integer;
BEGIN
  was := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'cancelled' THEN OLD.appointment_id END;
  now_in := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'cancelled' THEN NEW.appointment_id END;
  IF was IS NOT DISTINCT FROM now_in THEN RETURN NULL; END IF;
  -- In id order, so that moves between two slots cannot deadlock.
  PERFORM 1 FROM appointments WHERE id IN (was, now_in) ORDER BY id FOR UPDATE;
  IF was IS NOT NULL THEN UPDATE appointments SET booked_count = booked_count - 1 WHERE id = was; END IF;
  IF now_in IS NOT NULL THEN UPDATE appointments SET booked_count = booked_count + 1 WHERE id = now_in; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER victim_appointments_count AFTER INSERT OR UPDATE OF appointment_id, status OR DELETE ON victim_appointments
  FOR EACH ROW EXECUTE FUNCTION kurban_booking_count();
--> statement-breakpoint

-- ---- the slaughter queue, its history and the Monitor feed --------------------------------------

CREATE FUNCTION kurban_queue_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT (a.starts_at AT TIME ZONE 'Europe/Istanbul')::date INTO NEW.slaughter_day FROM appointments a WHERE a.id = NEW.appointment_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER victim_products_appointments_day BEFORE INSERT OR UPDATE OF appointment_id ON victim_products_appointments
  FOR EACH ROW EXECUTE FUNCTION kurban_queue_day();
--> statement-breakpoint
CREATE FUNCTION kurban_slot_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE victim_products_appointments SET slaughter_day = (NEW.starts_at AT TIME ZONE 'Europe/Istanbul')::date
  WHERE appointment_id = NEW.id AND slaughter_day <> (NEW.starts_at AT TIME ZONE 'Europe/Istanbul')::date;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_moved AFTER UPDATE OF starts_at ON appointments
  FOR EACH ROW EXECUTE FUNCTION kurban_slot_moved();
--> statement-breakpoint
-- Every change of an animal's step is history: who (the request's user), when, from, to.
CREATE FUNCTION kurban_step_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.current_step_id IS NOT DISTINCT FROM NEW.current_step_id THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' AND NEW.current_step_id IS NULL THEN RETURN NULL; END IF;
  INSERT INTO victim_step_histories (victim_products_appointment_id, product_id, from_step_id, to_step_id, changed_by_user_id, changed_at)
  VALUES (NEW.id, NEW.product_id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.current_step_id END, NEW.current_step_id, kurban_current_user(), now());
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER victim_products_appointments_history AFTER INSERT OR UPDATE OF current_step_id ON victim_products_appointments
  FOR EACH ROW EXECUTE FUNCTION kurban_step_history();
--> statement-breakpoint
-- The Monitor feed: a change of a queue row (or of the shareholders of its animal) is announced
-- on the channel `kurban_monitor` as {"id": queue row, "days": [its day before, its day now]};
-- NOTIFY is delivered at commit, to every server instance listening on this database.
CREATE FUNCTION kurban_monitor_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'victim_products_appointments' THEN
    PERFORM pg_notify('kurban_monitor', json_build_object(
      'id', coalesce(NEW.id, OLD.id),
      'days', array_remove(ARRAY[CASE WHEN TG_OP <> 'INSERT' THEN OLD.slaughter_day END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.slaughter_day END], NULL))::text);
  ELSE
    PERFORM pg_notify('kurban_monitor', json_build_object('id', q.id, 'days', ARRAY[q.slaughter_day])::text)
    FROM victim_products_appointments q
    WHERE q.product_id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.product_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.product_id END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER victim_products_appointments_monitor AFTER INSERT OR UPDATE OR DELETE ON victim_products_appointments
  FOR EACH ROW EXECUTE FUNCTION kurban_monitor_notify();
--> statement-breakpoint
CREATE TRIGGER victim_order_details_monitor AFTER INSERT OR UPDATE OF shareholder_name, product_id, order_active OR DELETE ON victim_order_details
  FOR EACH ROW EXECUTE FUNCTION kurban_monitor_notify();
--> statement-breakpoint

-- ---- prices -------------------------------------------------------------------------------------

ALTER TABLE product_prices ADD CONSTRAINT ck_product_prices__valid_to CHECK (valid_to IS NULL OR valid_to >= valid_from);
--> statement-breakpoint
ALTER TABLE product_prices ADD CONSTRAINT ex_product_prices__no_overlap EXCLUDE USING gist (
  product_id WITH =, price_type_id WITH =, currency_type_id WITH =, daterange(valid_from, valid_to, '[]') WITH &&);
--> statement-breakpoint

-- ---- one default per kind -----------------------------------------------------------------------

-- Exactly one default language and currency, one default (active) virtual POS and one default
-- address per account: the server keeps it (domain/catalogue.ts); these indexes are the guarantee
-- behind it. Existing rows first: of several defaults the lowest id keeps the flag; a kind without
-- one gives it to its lowest id.
UPDATE languages a SET is_default = false WHERE is_default AND EXISTS (SELECT 1 FROM languages b WHERE b.is_default AND b.id < a.id);
--> statement-breakpoint
UPDATE languages SET is_default = true WHERE id = (SELECT min(id) FROM languages) AND NOT EXISTS (SELECT 1 FROM languages WHERE is_default);
--> statement-breakpoint
CREATE UNIQUE INDEX uq_languages__default ON languages ((true)) WHERE is_default;
--> statement-breakpoint
UPDATE currency_types a SET is_default = false WHERE is_default AND EXISTS (SELECT 1 FROM currency_types b WHERE b.is_default AND b.id < a.id);
--> statement-breakpoint
UPDATE currency_types SET is_default = true WHERE id = (SELECT min(id) FROM currency_types) AND NOT EXISTS (SELECT 1 FROM currency_types WHERE is_default);
--> statement-breakpoint
CREATE UNIQUE INDEX uq_currency_types__default ON currency_types ((true)) WHERE is_default;
--> statement-breakpoint
UPDATE virtual_pos_devices a SET is_default = false
WHERE is_default AND (NOT is_active OR EXISTS (SELECT 1 FROM virtual_pos_devices b WHERE b.is_default AND b.is_active AND b.id < a.id));
--> statement-breakpoint
UPDATE virtual_pos_devices SET is_default = true
WHERE id = (SELECT min(id) FROM virtual_pos_devices WHERE is_active) AND NOT EXISTS (SELECT 1 FROM virtual_pos_devices WHERE is_default);
--> statement-breakpoint
ALTER TABLE virtual_pos_devices ADD CONSTRAINT ck_virtual_pos_devices__default_active CHECK (is_active OR NOT is_default);
--> statement-breakpoint
CREATE UNIQUE INDEX uq_virtual_pos_devices__default ON virtual_pos_devices ((true)) WHERE is_default;
--> statement-breakpoint
UPDATE account_addresses a SET is_default = false
WHERE is_default AND EXISTS (SELECT 1 FROM account_addresses b WHERE b.account_id = a.account_id AND b.is_default AND b.id < a.id);
--> statement-breakpoint
UPDATE account_addresses SET is_default = true
WHERE id IN (SELECT min(id) FROM account_addresses GROUP BY account_id HAVING NOT bool_or(is_default));
--> statement-breakpoint
CREATE UNIQUE INDEX uq_account_addresses__default ON account_addresses (account_id) WHERE is_default;
--> statement-breakpoint

-- ---- existing rows: every derived figure recomputed once from its sources ------------------------

-- Orders of earlier versions without (all) their share lines get them, as a new order would.
SELECT kurban_fill_order_lines(o) FROM victim_orders o
WHERE o.status <> 'cancelled' AND (SELECT count(*) FROM victim_order_details d WHERE d.victim_order_id = o.id) < o.share_count;
--> statement-breakpoint

UPDATE products p SET shares_sold = coalesce((SELECT sum(o.share_count) FROM victim_orders o WHERE o.product_id = p.id AND o.status <> 'cancelled'), 0);
--> statement-breakpoint
UPDATE victim_orders o SET paid_amount = coalesce((
  SELECT sum(-tt.direction * t.amount) FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
  WHERE t.victim_order_id = o.id AND t.victim_payment_id IS NOT NULL), 0);
--> statement-breakpoint
UPDATE appointments a SET booked_count = (SELECT count(*) FROM victim_appointments b WHERE b.appointment_id = a.id AND b.status <> 'cancelled');
--> statement-breakpoint
SELECT kurban_recompute_balances(NULL);
