-- The writes of a sale the server has decided (domain/sales.ts): the order, its shareholders'
-- names and the deposit, as one statement. The order's number is taken by its insert
-- (numbers.sql) and the deposit's receipt number by the payment's, so the season's counter rows
-- are held from here to the commit only. Every rule of these tables runs on these writes as on
-- any other (share lines, sold shares, the posted sale and deposit, the audit trail).
-- `o` and `p`: the columns of the order and of the deposit (null: none); the shareholders by share
-- order (fewer than the shares: the rest stay the customer's, as the share lines were made).
CREATE OR REPLACE FUNCTION kurban_record_sale(o jsonb, names text[], phones text[], intentions text[], p jsonb)
RETURNS TABLE (order_id integer, payment_id integer) LANGUAGE plpgsql AS $$
DECLARE
  r victim_orders;
  d victim_payments;
  new_order integer;
  new_payment integer;
BEGIN
  r := jsonb_populate_record(NULL::victim_orders, o);
  INSERT INTO victim_orders (account_id, product_id, share_count, unit_price, currency_type_id, discount_amount, status,
                             proxy_received, delivery_method, order_date, notes, confirmed_at)
  VALUES (r.account_id, r.product_id, r.share_count, r.unit_price, r.currency_type_id, r.discount_amount, r.status,
          r.proxy_received, r.delivery_method, r.order_date, r.notes, r.confirmed_at)
  RETURNING id INTO new_order;
  IF cardinality(names) > 0 THEN
    UPDATE victim_order_details l SET shareholder_name = h.name, shareholder_phone = h.phone, intention = h.intention
    FROM (SELECT id, row_number() OVER (ORDER BY share_no) AS n FROM victim_order_details WHERE victim_order_id = new_order) s
    JOIN unnest(names, phones, intentions) WITH ORDINALITY AS h(name, phone, intention, n) ON h.n = s.n
    WHERE l.id = s.id;
  END IF;
  IF p IS NOT NULL THEN
    d := jsonb_populate_record(NULL::victim_payments, p);
    INSERT INTO victim_payments (victim_order_id, account_id, amount, currency_type_id, payment_method_id, virtual_pos_id, payment_status_id)
    VALUES (new_order, d.account_id, d.amount, d.currency_type_id, d.payment_method_id, d.virtual_pos_id, d.payment_status_id)
    RETURNING id INTO new_payment;
  END IF;
  RETURN QUERY SELECT new_order, new_payment;
END $$;
