-- Which text messages the season's events write (issue 18, point 3): each event's rule calls one
-- function here, in the event's own transaction, and each function calls kurban_enqueue_message
-- (rules/messages.sql: the phone, the opt-out, the template in the account's language, the
-- tracking link, the quiet hours). A rolled back event leaves no message.
--
-- Where they are called from, the triggers every write path goes through:
--   a sale confirmed            kurban_order_sale (orders.sql), insert or update of victim_orders;
--   a payment paid or refunded  kurban_payment_ledger (payments.sql), once its ledger entry is
--                               posted (the order's balance is the one after it);
--   a booking made, moved or    kurban_booking_count (bookings.sql) on victim_appointments, and
--   cancelled                   kurban_slot_moved (queue.sql) when staff move a whole slot;
--   the queue                   kurban_monitor_notify (queue.sql) on victim_products_appointments:
--                               a step marked notify_customer, and "your turn is near";
--   a missed call               the Netgsm webhook (domain/calls.ts), its only write path;
--   the evening before          kurban_booking_reminders(day), run by the job queue each evening.
--
-- Urgent (sent at once, whatever the hour): the turn near, a step, a missed call. The others wait
-- for the end of the quiet hours.

-- Writes that are no event for anyone set the transaction's `kurban.messages` to `off`: no
-- message is written for them. (The demo season's load sets `history` instead: rules/messages.sql.)
CREATE OR REPLACE FUNCTION kurban_messages_off() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('kurban.messages', true), '') = 'off'
$$;

-- The language a message to the account is written in (as kurban_enqueue_message picks it): the
-- account's, else the default language. Amounts and times are formatted for it.
CREATE OR REPLACE FUNCTION kurban_sms_language(account integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT l.code FROM accounts a JOIN languages l ON l.id = a.language_id WHERE a.id = account),
    (SELECT l.code FROM languages l ORDER BY l.is_default DESC, (l.code = 'tr-TR') DESC, l.id LIMIT 1),
    'tr-TR')
$$;

-- Money as the message's language writes it, with the currency's symbol: `₺12.500,00` in
-- Turkish, `₺12,500.00` in English (and every other language).
CREATE OR REPLACE FUNCTION kurban_sms_money(amount numeric, currency integer, lang text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT c.symbol FROM currency_types c WHERE c.id = currency), '')
      || CASE WHEN lang LIKE 'tr%' THEN translate(x.s, ',.', '.,') ELSE x.s END
  FROM (SELECT to_char(coalesce(amount, 0), 'FM999,999,999,999,990.00') AS s) x
$$;

-- A slot's start in Istanbul time as the message's language writes it: `28 Mayıs 09:00`,
-- `May 28, 09:00`.
CREATE OR REPLACE FUNCTION kurban_sms_time(at timestamptz, lang text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN lang LIKE 'tr%'
    THEN extract(day FROM l)::int || ' ' || (ARRAY['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'])[extract(month FROM l)::int]
         || ' ' || to_char(l, 'HH24:MI')
    ELSE (ARRAY['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'])[extract(month FROM l)::int]
         || ' ' || extract(day FROM l)::int || ', ' || to_char(l, 'HH24:MI')
    END
  FROM (SELECT at AT TIME ZONE 'Europe/Istanbul' AS l) x
$$;

-- The farm's name (`{company}`), as the setting `company.name` holds it.
CREATE OR REPLACE FUNCTION kurban_sms_company() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(btrim((SELECT value FROM settings WHERE key = 'company.name' AND NOT is_secret)), ''), 'Çiftlik')
$$;

-- A slaughter step's name in the message's language: its translation
-- (`ref.victimAppointmentStep.name.<code>`, edited on screen), else the stored name.
CREATE OR REPLACE FUNCTION kurban_sms_step_name(step integer, lang text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT t.value FROM translates t JOIN languages l ON l.id = t.language_id
     WHERE l.code = lang AND t.code = 'ref.victimAppointmentStep.name.' || s.code),
    s.name)
  FROM victim_appointment_steps s WHERE s.id = step
$$;

-- The people told about an animal: each phone of its shareholders (a share line's phone, else its
-- order's customer's), once per number, with the order and the customer the message is about.
CREATE OR REPLACE FUNCTION kurban_animal_recipients(animal integer)
RETURNS TABLE (phone text, account_id integer, order_id integer, number text) LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ON (x.number) x.phone, x.account_id, x.order_id, x.number
  FROM (
    SELECT coalesce(nullif(btrim(d.shareholder_phone), ''), a.phone_number) AS phone, o.account_id, o.id AS order_id,
           kurban_national_phone(coalesce(nullif(btrim(d.shareholder_phone), ''), a.phone_number)) AS number, d.share_no, d.id
    FROM victim_order_details d JOIN victim_orders o ON o.id = d.victim_order_id JOIN accounts a ON a.id = o.account_id
    WHERE d.product_id = animal AND d.order_active AND o.status IN ('confirmed', 'completed')
  ) x
  WHERE x.number IS NOT NULL
  ORDER BY x.number, x.share_no, x.id
$$;

-- ---------------------------------------------------------------------------------------------
-- A sale confirmed: the customer gets the order number and the link, once per order.
CREATE OR REPLACE FUNCTION kurban_order_events(op text, old_row victim_orders, new_row victim_orders) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF new_row.status <> 'confirmed' OR (op = 'UPDATE' AND old_row.status = 'confirmed') OR kurban_messages_off() THEN RETURN; END IF;
  PERFORM kurban_enqueue_message('saleConfirmed', a.phone_number, a.id, new_row.id,
    jsonb_build_object('orderNo', new_row.order_no, 'animal', p.name, 'company', kurban_sms_company()),
    'saleConfirmed:' || new_row.id, false)
  FROM accounts a, products p WHERE a.id = new_row.account_id AND p.id = new_row.product_id;
END $$;

-- A payment that became paid (the amount and the order's balance after it), or a paid one
-- refunded; once each per payment. A paid payment cancelled (a correction) writes none.
CREATE OR REPLACE FUNCTION kurban_payment_events(payment victim_payments, paid_before boolean, paid_now boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  lang text;
BEGIN
  IF paid_now AND NOT paid_before THEN
    kind := 'paymentTaken';
  ELSIF paid_before AND NOT paid_now AND EXISTS (SELECT 1 FROM payment_statuses s WHERE s.id = payment.payment_status_id AND s.code = 'refunded') THEN
    kind := 'paymentRefunded';
  ELSE
    RETURN;
  END IF;
  IF kurban_messages_off() THEN RETURN; END IF;
  lang := kurban_sms_language(payment.account_id);
  PERFORM kurban_enqueue_message(kind, a.phone_number, a.id, o.id,
    jsonb_build_object('orderNo', o.order_no, 'amount', kurban_sms_money(payment.amount, payment.currency_type_id, lang),
                       'balance', kurban_sms_money(o.balance, o.currency_type_id, lang), 'company', kurban_sms_company()),
    kind || ':' || payment.id, false)
  FROM victim_orders o JOIN accounts a ON a.id = payment.account_id WHERE o.id = payment.victim_order_id;
END $$;

-- One booking message to the booking's customer: the slot's start in Istanbul time.
CREATE OR REPLACE FUNCTION kurban_booking_message(kind text, booking victim_appointments, slot integer, dedupe text DEFAULT NULL) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  lang text := kurban_sms_language(booking.account_id);
BEGIN
  RETURN (SELECT kurban_enqueue_message(kind, a.phone_number, a.id, o.id,
            jsonb_build_object('orderNo', o.order_no, 'slot', kurban_sms_time(s.starts_at, lang), 'company', kurban_sms_company()),
            dedupe, false)
          FROM accounts a, victim_orders o, appointments s
          WHERE a.id = booking.account_id AND o.id = booking.victim_order_id AND s.id = slot);
END $$;

-- A booking made (new, or a cancelled one booked again), moved to another slot, or cancelled.
CREATE OR REPLACE FUNCTION kurban_booking_events(op text, old_row victim_appointments, new_row victim_appointments) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF kurban_messages_off() THEN RETURN; END IF;
  IF op = 'INSERT' AND new_row.status = 'booked' THEN
    PERFORM kurban_booking_message('bookingMade', new_row, new_row.appointment_id);
  ELSIF op = 'UPDATE' AND new_row.status = 'booked' AND old_row.status = 'cancelled' THEN
    PERFORM kurban_booking_message('bookingMade', new_row, new_row.appointment_id);
  ELSIF op = 'UPDATE' AND new_row.status = 'booked' AND old_row.status = 'booked' AND old_row.appointment_id <> new_row.appointment_id THEN
    PERFORM kurban_booking_message('bookingMoved', new_row, new_row.appointment_id);
  ELSIF op = 'UPDATE' AND new_row.status = 'cancelled' AND old_row.status = 'booked' THEN
    PERFORM kurban_booking_message('bookingCancelled', new_row, old_row.appointment_id);
  END IF;
END $$;

-- A slot moved to another time: each of its bookings is moved with it.
CREATE OR REPLACE FUNCTION kurban_slot_events(old_row appointments, new_row appointments) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF old_row.starts_at = new_row.starts_at OR kurban_messages_off() THEN RETURN; END IF;
  PERFORM kurban_booking_message('bookingMoved', b, new_row.id) FROM victim_appointments b WHERE b.appointment_id = new_row.id AND b.status = 'booked';
END $$;

-- The evening before: a reminder for every booking of `day` (Istanbul) that is still booked, once
-- per booking and slot (a booking moved to another day is reminded again). Answers how many were
-- written. Run each evening by the job queue (kurban.bookingReminders); safe to run again.
CREATE OR REPLACE FUNCTION kurban_booking_reminders(day date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  written integer := 0;
  b record;
BEGIN
  IF kurban_messages_off() THEN RETURN 0; END IF;
  FOR b IN
    SELECT v AS booking, v.id, v.appointment_id
    FROM appointments s JOIN victim_appointments v ON v.appointment_id = s.id
    WHERE s.starts_at >= (day::timestamp AT TIME ZONE 'Europe/Istanbul') AND s.starts_at < ((day + 1)::timestamp AT TIME ZONE 'Europe/Istanbul')
      AND s.status <> 'cancelled' AND v.status = 'booked'
    ORDER BY s.starts_at, v.id
  LOOP
    IF kurban_booking_message('bookingReminder', b.booking, b.appointment_id, 'reminder:' || b.id || ':' || b.appointment_id) IS NOT NULL THEN
      written := written + 1;
    END IF;
  END LOOP;
  RETURN written;
END $$;

-- ---------------------------------------------------------------------------------------------
-- The step the queue's "turn" is measured to: the one coded `slaughtered`, else the final one
-- (as the tracking page measures it, rules/tracking.sql).
CREATE OR REPLACE FUNCTION kurban_slaughter_step() RETURNS TABLE (id integer, step_order integer) LANGUAGE sql STABLE AS $$
  SELECT s.id, s.step_order FROM victim_appointment_steps s
  ORDER BY (s.code = 'slaughtered') DESC NULLS LAST, s.is_final DESC, s.step_order DESC LIMIT 1
$$;

-- A change of a queue row: the step it reached (when marked notify_customer), and the turns of
-- its day (before and after a move between days).
CREATE OR REPLACE FUNCTION kurban_queue_events(row_id integer, old_step integer, new_step integer, old_day date, new_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF kurban_messages_off() THEN RETURN; END IF;
  IF new_step IS NOT NULL AND new_step IS DISTINCT FROM old_step THEN PERFORM kurban_step_reached(row_id, new_step); END IF;
  IF new_day IS NOT NULL THEN PERFORM kurban_turn_near(new_day); END IF;
  IF old_day IS DISTINCT FROM new_day AND old_day IS NOT NULL THEN PERFORM kurban_turn_near(old_day); END IF;
END $$;

-- An animal reached a step marked notify_customer: each of its shareholders' phones, once per
-- step (urgent).
CREATE OR REPLACE FUNCTION kurban_step_reached(row_id integer, step integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  animal record;
  lang text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM victim_appointment_steps s WHERE s.id = step AND s.notify_customer) THEN RETURN; END IF;
  SELECT p.id, p.name INTO animal FROM victim_products_appointments q JOIN products p ON p.id = q.product_id WHERE q.id = row_id;
  FOR r IN SELECT * FROM kurban_animal_recipients(animal.id) LOOP
    CONTINUE WHEN EXISTS (SELECT 1 FROM messages m WHERE m.dedupe_key = 'step:' || row_id || ':' || step || ':' || r.number);
    lang := kurban_sms_language(r.account_id);
    PERFORM kurban_enqueue_message('stepReached', r.phone, r.account_id, r.order_id,
      jsonb_build_object('animal', animal.name, 'step', kurban_sms_step_name(step, lang), 'orderNo', (SELECT order_no FROM victim_orders WHERE id = r.order_id),
                         'company', kurban_sms_company()),
      'step:' || row_id || ':' || step || ':' || r.number, true);
  END LOOP;
END $$;

-- "Your turn is near": in today's queue (Istanbul), the animals that have not reached the
-- slaughter step and have fewer than `sms.turnNear` (default 3) such animals before them by
-- slaughter number (the next one to be cut has none) — each of their shareholders' phones gets the
-- estimated time and the link, once per animal and phone (urgent). The estimate is the tracking
-- page's (kurban_tracking_view: today's measured pace of the queue), rounded up to 5 minutes.
-- Another day's queue writes nothing.
CREATE OR REPLACE FUNCTION kurban_turn_near(day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  places integer;
  cut record;
  q record;
  r record;
  eta timestamptz;
  view_order integer;
BEGIN
  IF day IS DISTINCT FROM (now() AT TIME ZONE 'Europe/Istanbul')::date THEN RETURN; END IF;
  SELECT CASE WHEN value ~ '^\s*[0-9]{1,3}\s*$' THEN btrim(value)::integer END INTO places FROM settings WHERE key = 'sms.turnNear' AND NOT is_secret;
  places := coalesce(places, 3);
  IF places <= 0 THEN RETURN; END IF;
  SELECT * INTO cut FROM kurban_slaughter_step();
  IF NOT FOUND THEN RETURN; END IF;
  FOR q IN
    SELECT x.id, x.product_id, p.name AS animal
    FROM victim_products_appointments x JOIN products p ON p.id = x.product_id
    LEFT JOIN victim_appointment_steps s ON s.id = x.current_step_id
    WHERE x.slaughter_day = day AND coalesce(s.step_order < cut.step_order, true)
    ORDER BY x.slaughter_no, x.id
    LIMIT places
  LOOP
    eta := NULL;
    FOR r IN SELECT * FROM kurban_animal_recipients(q.product_id) LOOP
      CONTINUE WHEN EXISTS (SELECT 1 FROM messages m WHERE m.dedupe_key = 'turnNear:' || q.id || ':' || r.number);
      IF eta IS NULL THEN
        view_order := r.order_id;
        eta := (kurban_tracking_view(view_order) -> 'queue' ->> 'estimatedAt')::timestamptz;
        eta := to_timestamp(ceil(extract(epoch FROM coalesce(eta, now())) / 300) * 300);
      END IF;
      PERFORM kurban_enqueue_message('turnNear', r.phone, r.account_id, r.order_id,
        jsonb_build_object('animal', q.animal, 'eta', to_char(eta AT TIME ZONE 'Europe/Istanbul', 'HH24:MI'),
                           'orderNo', (SELECT order_no FROM victim_orders WHERE id = r.order_id), 'company', kurban_sms_company()),
        'turnNear:' || q.id || ':' || r.number, true);
    END LOOP;
  END LOOP;
END $$;

-- ---------------------------------------------------------------------------------------------
-- A missed inbound call (unanswered or busy) from a Turkish number that has an open (confirmed)
-- order, as the customer or a shareholder: the tracking link of its latest such order, at most
-- once per number and hour of the call (urgent). Called by the webhook that stores the call.
CREATE OR REPLACE FUNCTION kurban_missed_call_events(call_id integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  c record;
  number text;
  o record;
BEGIN
  IF kurban_messages_off() THEN RETURN NULL; END IF;
  SELECT l.caller_number, coalesce(l.started_at, l.received_at) AS at INTO c
  FROM netgsm_call_webhook_logs l WHERE l.id = call_id AND l.direction = 'inbound' AND l.status IN ('missed', 'busy');
  IF NOT FOUND THEN RETURN NULL; END IF;
  number := kurban_national_phone(c.caller_number);
  IF number IS NULL THEN RETURN NULL; END IF;
  SELECT x.id, x.account_id, x.order_no INTO o FROM (
    SELECT v.id, v.account_id, v.order_no FROM accounts a JOIN victim_orders v ON v.account_id = a.id
    WHERE a.phone_number_search = number AND v.status = 'confirmed'
    UNION
    SELECT v.id, v.account_id, v.order_no FROM victim_order_details d JOIN victim_orders v ON v.id = d.victim_order_id
    WHERE d.shareholder_phone_search = number AND d.order_active AND v.status = 'confirmed'
  ) x ORDER BY x.id DESC LIMIT 1;
  IF NOT FOUND THEN RETURN NULL; END IF;
  RETURN kurban_enqueue_message('missedCall', number, o.account_id, o.id,
    jsonb_build_object('orderNo', o.order_no, 'company', kurban_sms_company()),
    'missedCall:' || number || ':' || to_char(c.at AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM-DD"T"HH24'), true);
END $$;
