-- The slaughter queue: a queue row's day follows its slot, every step change is history, and
-- every change of the day's board is announced to the Monitor's streams.

-- A queue row's day is its slot's day in Istanbul (slaughter numbers are unique per day).
CREATE OR REPLACE FUNCTION kurban_queue_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT (a.starts_at AT TIME ZONE 'Europe/Istanbul')::date INTO NEW.slaughter_day FROM appointments a WHERE a.id = NEW.appointment_id;
  RETURN NEW;
END $$;

-- A slot moved to another day takes its queue rows along.
CREATE OR REPLACE FUNCTION kurban_slot_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE victim_products_appointments SET slaughter_day = (NEW.starts_at AT TIME ZONE 'Europe/Istanbul')::date
  WHERE appointment_id = NEW.id AND slaughter_day <> (NEW.starts_at AT TIME ZONE 'Europe/Istanbul')::date;
  PERFORM kurban_slot_events(OLD, NEW); -- its bookings are told (message-events.sql)
  RETURN NULL;
END $$;

-- Every change of an animal's step is history: who (the request's user), when, from, to.
CREATE OR REPLACE FUNCTION kurban_step_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.current_step_id IS NOT DISTINCT FROM NEW.current_step_id THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' AND NEW.current_step_id IS NULL THEN RETURN NULL; END IF;
  INSERT INTO victim_step_histories (victim_products_appointment_id, product_id, from_step_id, to_step_id, changed_by_user_id, changed_at)
  VALUES (NEW.id, NEW.product_id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.current_step_id END, NEW.current_step_id, kurban_current_user(), now());
  RETURN NULL;
END $$;

-- The Monitor feed: a change of a queue row (or of the shareholders of its animal) is announced
-- on the channel `kurban_monitor` as {"id": queue row, "days": [its day before, its day now]};
-- NOTIFY is delivered at commit, to every server instance listening on this database.
CREATE OR REPLACE FUNCTION kurban_monitor_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'victim_products_appointments' THEN
    -- The shareholders are told of a step and of their turn (message-events.sql).
    PERFORM kurban_queue_events(coalesce(NEW.id, OLD.id), CASE WHEN TG_OP = 'UPDATE' THEN OLD.current_step_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.current_step_id END, CASE WHEN TG_OP <> 'INSERT' THEN OLD.slaughter_day END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.slaughter_day END);
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
