-- An order takes its number in its own insert (rules/numbers.sql: kurban_order_number), not in a
-- statement of its own before it (issue 16, point 5): the season's counter row is held from the
-- insert to the commit only, and every way of writing an order is numbered the same way.
CREATE FUNCTION kurban_order_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.order_no IS NULL THEN
    NEW.order_no := kurban_next_number('order');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER victim_orders_number BEFORE INSERT ON victim_orders
  FOR EACH ROW EXECUTE FUNCTION kurban_order_number();
