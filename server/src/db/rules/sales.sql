-- The writes of a sale the server has decided (domain/sales.ts): the order with its share lines
-- in the shareholders' names, and the deposit, as one statement. The order's number is taken by
-- its insert (numbers.sql) and the deposit's receipt number by the payment's, so the season's
-- counter rows are held from here to the commit only. Every rule of these tables runs on these
-- writes as on any other (share lines, sold shares, the posted sale and deposit, the audit trail).
-- `o` and `p`: the columns of the order and of the deposit (null: none); the shareholders by share
-- order (fewer than the shares: the rest are the customer's).
CREATE OR REPLACE FUNCTION kurban_record_sale(o jsonb, names text[], phones text[], intentions text[], p jsonb)
RETURNS TABLE (order_id integer, payment_id integer) LANGUAGE plpgsql AS $$
DECLARE
  r victim_orders;
  d victim_payments;
  new_order integer;
  new_payment integer;
BEGIN
  r := jsonb_populate_record(NULL::victim_orders, o);
  -- The order's own insert makes its share lines (orders.sql): named as given, each written once.
  PERFORM set_config('kurban.sale_holders', coalesce((
    SELECT jsonb_agg(jsonb_build_object('name', h.name, 'phone', h.phone, 'intention', h.intention) ORDER BY h.n)
    FROM unnest(names, phones, intentions) WITH ORDINALITY AS h(name, phone, intention, n))::text, ''), true);
  INSERT INTO victim_orders (account_id, product_id, share_count, unit_price, currency_type_id, discount_amount, status,
                             proxy_received, delivery_method, order_date, notes, confirmed_at)
  VALUES (r.account_id, r.product_id, r.share_count, r.unit_price, r.currency_type_id, r.discount_amount, r.status,
          r.proxy_received, r.delivery_method, r.order_date, r.notes, r.confirmed_at)
  RETURNING id INTO new_order;
  PERFORM set_config('kurban.sale_holders', '', true);
  IF p IS NOT NULL THEN
    d := jsonb_populate_record(NULL::victim_payments, p);
    INSERT INTO victim_payments (victim_order_id, account_id, amount, currency_type_id, payment_method_id, virtual_pos_id, payment_status_id)
    VALUES (new_order, d.account_id, d.amount, d.currency_type_id, d.payment_method_id, d.virtual_pos_id, d.payment_status_id)
    RETURNING id INTO new_payment;
  END IF;
  RETURN QUERY SELECT new_order, new_payment;
END $$;
