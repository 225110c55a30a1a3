-- Bookings: a slot's booked count follows its bookings, and its status its fill.

-- open ↔ full follow the fill; closed and cancelled are staff's and stay.
CREATE OR REPLACE FUNCTION kurban_appointment_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('open', 'full') THEN
    NEW.status := CASE WHEN NEW.booked_count >= NEW.capacity THEN 'full' ELSE 'open' END;
  END IF;
  RETURN NEW;
END $$;

-- Every booking but a cancelled one takes a place.
CREATE OR REPLACE FUNCTION kurban_booking_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer;
  now_in integer;
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM kurban_booking_events(TG_OP, OLD, NEW); END IF; -- its text messages (message-events.sql)
  was := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'cancelled' THEN OLD.appointment_id END;
  now_in := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'cancelled' THEN NEW.appointment_id END;
  IF was IS NOT DISTINCT FROM now_in THEN RETURN NULL; END IF;
  -- In id order, so that moves between two slots cannot deadlock.
  PERFORM 1 FROM appointments WHERE id IN (was, now_in) ORDER BY id FOR UPDATE;
  IF was IS NOT NULL THEN UPDATE appointments SET booked_count = booked_count - 1 WHERE id = was; END IF;
  IF now_in IS NOT NULL THEN UPDATE appointments SET booked_count = booked_count + 1 WHERE id = now_in; END IF;
  RETURN NULL;
END $$;
