-- Orders and their shares: an animal's sold shares follow the orders that are not cancelled,
-- share lines follow their order (the lowest free numbers of the animal, one per share, freed on
-- cancel), and the sale is posted to the customer's ledger while the order is confirmed or
-- completed.

-- A new or moved line takes its order's animal and state; an order has at most one line per share.
CREATE OR REPLACE FUNCTION kurban_order_detail_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- The lowest share number of an animal that no active line holds and no line of the order itself
-- (an order's lines are numbered apart even while inactive), or null when none is free.
CREATE OR REPLACE FUNCTION kurban_free_share_no(animal integer, order_id integer) RETURNS integer LANGUAGE sql AS $$
  SELECT min(n) FROM products p, generate_series(1, coalesce(p.share_capacity, 0)) n
  WHERE p.id = animal AND NOT EXISTS (
    SELECT 1 FROM victim_order_details d
    WHERE d.share_no = n AND ((d.product_id = animal AND d.order_active) OR d.victim_order_id = order_id))
$$;

-- Adds lines up to the order's shares, at the lowest free numbers. A line is in the name the
-- writer gave for it when the order is written with its shareholders (kurban_record_sale, through
-- the transaction's setting `kurban.sale_holders`: one `{name, phone, intention}` per share, in
-- share order), else in the customer's: the sale writes each line once, already named.
CREATE OR REPLACE FUNCTION kurban_fill_order_lines(o victim_orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  have integer;
  free integer;
  holders jsonb := nullif(current_setting('kurban.sale_holders', true), '')::jsonb;
  holder jsonb;
BEGIN
  SELECT count(*) INTO have FROM victim_order_details WHERE victim_order_id = o.id;
  FOR i IN have + 1 .. o.share_count LOOP
    free := kurban_free_share_no(o.product_id, o.id);
    EXIT WHEN free IS NULL; -- the animal's capacity check refuses the order itself
    holder := holders -> (i - 1);
    IF holder IS NULL THEN
      INSERT INTO victim_order_details (victim_order_id, share_no, shareholder_name, shareholder_phone, intention, product_id)
      SELECT o.id, free, a.title, a.phone_number, 'kurban', o.product_id FROM accounts a WHERE a.id = o.account_id;
    ELSE
      INSERT INTO victim_order_details (victim_order_id, share_no, shareholder_name, shareholder_phone, intention, product_id)
      VALUES (o.id, free, holder ->> 'name', holder ->> 'phone', holder ->> 'intention', o.product_id);
    END IF;
  END LOOP;
END $$;

-- Sold shares follow the orders that are not cancelled; lines follow the order.
CREATE OR REPLACE FUNCTION kurban_order_shares() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- The sale of an order on its customer's ledger: posted when it is confirmed (or created
-- confirmed), kept equal to its total while confirmed or completed, reversed when it is
-- cancelled after it was posted.
CREATE OR REPLACE FUNCTION kurban_order_sale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sale_id integer;
  sale_amount numeric(18, 2);
  live boolean := NEW.status IN ('confirmed', 'completed');
  was_live boolean := TG_OP = 'UPDATE' AND OLD.status IN ('confirmed', 'completed');
  what text;
BEGIN
  -- Nothing posted depends on what else an update changes (its paid amount, its search document).
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.total_amount, OLD.account_id, OLD.currency_type_id, OLD.product_id, OLD.share_count, OLD.order_no)
     IS NOT DISTINCT FROM (NEW.status, NEW.total_amount, NEW.account_id, NEW.currency_type_id, NEW.product_id, NEW.share_count, NEW.order_no) THEN
    RETURN NULL;
  END IF;
  PERFORM kurban_order_events(TG_OP, OLD, NEW); -- its text messages (message-events.sql)
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
