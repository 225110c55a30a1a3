-- Payments: becoming paid stamps the time and the receipt number, and the ledger follows the
-- payment (a collection while paid, its reversal once not).

-- Becoming paid stamps the time and the next receipt number of the season (numbers.sql).
CREATE OR REPLACE FUNCTION kurban_payment_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  code text;
BEGIN
  SELECT ps.code INTO code FROM payment_statuses ps WHERE ps.id = NEW.payment_status_id;
  IF code = 'paid' AND (TG_OP = 'INSERT' OR OLD.payment_status_id IS DISTINCT FROM NEW.payment_status_id) THEN
    NEW.paid_at := coalesce(NEW.paid_at, now());
    IF NEW.receipt_no IS NULL THEN
      NEW.receipt_no := kurban_next_number('receipt');
    END IF;
  END IF;
  RETURN NEW;
END $$;

-- The ledger follows the payment: paid posts a collection (credit); leaving paid (refunded or
-- cancelled) posts its reversal. Each payment's ledger nets to its amount while paid, else to 0.
CREATE OR REPLACE FUNCTION kurban_payment_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- Posted: the order's balance is the new one. Its text messages (message-events.sql).
  PERFORM kurban_payment_events(NEW, paid_before, paid_now);
  RETURN NULL;
END $$;
