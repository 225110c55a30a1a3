-- The public tracking page (`/takip/{token}`, server/src/domain/tracking.ts): an order's link and
-- the view it opens. The view holds no name, phone, identity number or e-mail: the shareholders'
-- names leave the database only to be cut to initials by the server (Turkish upper case), and
-- nothing else personal is selected at all.

-- How long a link opens its order: 60 days after the later of its last issue and the end of the
-- order's last booked slot (a booking made later lengthens it when the link is issued again).
CREATE OR REPLACE FUNCTION kurban_tracking_until(order_id integer) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT greatest(now(), max(a.ends_at)) + interval '60 days'
  FROM victim_appointments va JOIN appointments a ON a.id = va.appointment_id
  WHERE va.victim_order_id = order_id AND va.status <> 'cancelled'
$$;

-- A fresh token: 16 URL-safe characters, 96 random bits. gen_random_uuid() is PostgreSQL's own
-- (13+, no extension: pgcrypto's gen_random_bytes is not installed everywhere) and draws from the
-- server's cryptographically strong source; bytes 1–6 and 11–16 of a version-4 UUID are all
-- random (the version and variant bits sit in bytes 7 and 9).
CREATE OR REPLACE FUNCTION kurban_tracking_new_token() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT translate(encode(substring(uuid_send(u) FROM 1 FOR 6) || substring(uuid_send(u) FROM 11 FOR 6), 'base64'), '+/', '-_')
  FROM (SELECT gen_random_uuid() AS u) x
$$;

-- The order's token, made on first use: one link per order (unique victim_order_id). An expired
-- link is replaced by a new token (the old one stays dead); a live one is lengthened when the
-- order's bookings call for more (at most one write a day per order). NULL for an unknown order.
CREATE OR REPLACE FUNCTION kurban_tracking_token(order_id integer) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  until timestamptz;
  link record;
  t text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM victim_orders WHERE id = order_id) THEN RETURN NULL; END IF;
  until := kurban_tracking_until(order_id);
  FOR attempt IN 1..3 LOOP
    SELECT l.token, l.expires_at INTO link FROM tracking_links l WHERE l.victim_order_id = order_id;
    IF NOT FOUND THEN
      INSERT INTO tracking_links (token, victim_order_id, expires_at) VALUES (kurban_tracking_new_token(), order_id, until)
      ON CONFLICT DO NOTHING RETURNING token INTO t;
      IF t IS NOT NULL THEN RETURN t; END IF;
      CONTINUE; -- made meanwhile by another transaction (or a token drawn twice): read it again
    END IF;
    IF link.expires_at <= now() THEN
      UPDATE tracking_links SET token = kurban_tracking_new_token(), expires_at = until, created_at = now()
      WHERE victim_order_id = order_id AND expires_at <= now() RETURNING token INTO t;
      IF t IS NOT NULL THEN RETURN t; END IF;
      CONTINUE;
    END IF;
    IF link.expires_at < until - interval '1 day' THEN
      UPDATE tracking_links SET expires_at = greatest(expires_at, until) WHERE victim_order_id = order_id;
    END IF;
    RETURN link.token;
  END LOOP;
  RAISE EXCEPTION 'tracking link of order % could not be made', order_id;
END $$;

-- The order's public address: the setting `app.publicUrl` (the farm's address as its customers
-- reach it, `http://localhost:3000` until set), `/takip/` and the token. Message rendering calls
-- it for `{link}` (rules/messages.sql); the English page is the same view at `/track/{token}`.
CREATE OR REPLACE FUNCTION kurban_tracking_link(order_id integer) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t text := kurban_tracking_token(order_id);
BEGIN
  IF t IS NULL THEN RETURN NULL; END IF;
  RETURN rtrim(coalesce(nullif(btrim((SELECT value FROM settings WHERE key = 'app.publicUrl' AND NOT is_secret)), ''), 'http://localhost:3000'), '/')
    || '/takip/' || t;
END $$;

-- The view of one order (NULL when there is none), as domain/tracking.ts answers it once the
-- names are cut to initials: status, shares, the animal's name, its queue row of the day (number,
-- step, animals ahead of it and the estimated time, today only), the booked slots, the money in
-- the order's currency, and the shareholders' names (`names`, for the server to cut).
--
-- "Ahead": the day's animals with a lower slaughter number that have not reached the slaughter
-- step (the step coded `slaughtered`, else the final one). The estimate: from today's pace, the
-- time between the first and the last animal that reached that step divided by the animals
-- between (before two have, the slot's length over its capacity): the next animal after the
-- last, then one pace per animal ahead, never before now nor before the animal's slot starts.
CREATE OR REPLACE FUNCTION kurban_tracking_view(order_id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  o record;
  q record;
  cut record;
  ahead integer;
  done boolean;
  pace interval;
  n integer;
  first_at timestamptz;
  last_at timestamptz;
  day_start timestamptz;
  eta timestamptz;
  queue jsonb;
BEGIN
  SELECT v.status, v.share_count, v.product_id, v.total_amount, v.paid_amount, v.balance, p.name AS animal,
         c.code AS currency, c.symbol, c.decimals
  INTO o
  FROM victim_orders v JOIN products p ON p.id = v.product_id JOIN currency_types c ON c.id = v.currency_type_id
  WHERE v.id = order_id;
  IF NOT FOUND THEN RETURN NULL; END IF;

  SELECT x.id, x.slaughter_day, x.slaughter_no, x.appointment_id, a.starts_at, a.ends_at, a.capacity,
         s.code AS step_code, s.name AS step_name, s.step_order, s.is_final
  INTO q
  FROM victim_products_appointments x JOIN appointments a ON a.id = x.appointment_id
  LEFT JOIN victim_appointment_steps s ON s.id = x.current_step_id
  WHERE x.product_id = o.product_id;

  IF FOUND AND o.status <> 'cancelled' THEN
    SELECT s.id, s.step_order INTO cut FROM victim_appointment_steps s
    ORDER BY (s.code = 'slaughtered') DESC NULLS LAST, s.is_final DESC, s.step_order DESC LIMIT 1;
    done := q.step_order IS NOT NULL AND cut.step_order IS NOT NULL AND q.step_order >= cut.step_order;
    IF NOT done AND q.slaughter_day = (now() AT TIME ZONE 'Europe/Istanbul')::date THEN
      SELECT count(*)::int INTO ahead
      FROM victim_products_appointments y LEFT JOIN victim_appointment_steps s ON s.id = y.current_step_id
      WHERE y.slaughter_day = q.slaughter_day AND y.slaughter_no < q.slaughter_no
        AND coalesce(s.step_order < cut.step_order, true);
      -- Only the day's animals at or past the slaughter step have reached it: their histories alone are read.
      SELECT count(*)::int, min(h.changed_at), max(h.changed_at) INTO n, first_at, last_at
      FROM victim_products_appointments y JOIN victim_appointment_steps s ON s.id = y.current_step_id
      JOIN victim_step_histories h ON h.victim_products_appointment_id = y.id
      WHERE y.slaughter_day = q.slaughter_day AND s.step_order >= cut.step_order AND h.to_step_id = cut.id;
      pace := CASE WHEN n >= 2 THEN (last_at - first_at) / (n - 1)
                   ELSE (q.ends_at - q.starts_at) / greatest(q.capacity, 1) END;
      -- The day begins with its first animal's slot.
      SELECT a.starts_at INTO day_start
      FROM victim_products_appointments y JOIN appointments a ON a.id = y.appointment_id
      WHERE y.slaughter_day = q.slaughter_day ORDER BY y.slaughter_no LIMIT 1;
      eta := greatest(now(), coalesce(last_at + pace, day_start)) + ahead * pace;
      eta := date_trunc('minute', greatest(eta, q.starts_at) + interval '30 seconds');
    END IF;
    queue := jsonb_build_object(
      'day', q.slaughter_day,
      'slaughterNo', q.slaughter_no,
      'step', CASE WHEN q.step_code IS NOT NULL OR q.step_name IS NOT NULL
                   THEN jsonb_build_object('code', q.step_code, 'name', q.step_name, 'isFinal', q.is_final) END,
      'slaughtered', done,
      'ahead', ahead,
      'estimatedAt', to_char(eta AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
  END IF;

  RETURN jsonb_build_object(
    'status', o.status,
    'shareCount', o.share_count,
    'animal', o.animal,
    'queue', queue,
    'slots', coalesce((
      SELECT jsonb_agg(jsonb_build_object('type', t.code,
                                          'startsAt', to_char(a.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                                          'endsAt', to_char(a.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
                       ORDER BY a.starts_at, va.id)
      FROM victim_appointments va JOIN appointments a ON a.id = va.appointment_id JOIN appointment_types t ON t.id = a.appointment_type_id
      WHERE va.victim_order_id = order_id AND va.status IN ('booked', 'attended')), '[]'::jsonb),
    'total', o.total_amount::text,
    'paid', o.paid_amount::text,
    'balance', o.balance::text,
    'currency', jsonb_build_object('code', o.currency, 'symbol', o.symbol, 'decimals', o.decimals),
    'names', coalesce((SELECT jsonb_agg(d.shareholder_name ORDER BY d.share_no, d.id)
                       FROM victim_order_details d WHERE d.victim_order_id = order_id), '[]'::jsonb));
END $$;

-- One lookup of the public page (`POST Tracking/lookup`, domain/tracking.ts, which sends several
-- in one statement): the order by its number and a phone of it, the attempt counted, and the view
-- and the link for a right answer only.
-- 1. The order by its number (the unique index: the number as typed, upper- and lower-cased, then
--    compared case-insensitively) and whether `phone` (the last ten digits) is the customer's or a
--    shareholder's.
-- 2. The number's attempt under `order_key`, counted by `kurban_rate_hit` as every limit is
--    (rules/rate-limits.sql): every attempt counts before its answer, so that parallel guesses get
--    no more tries than sequential ones; a right phone within `order_max` starts the count over;
--    past it the number is locked, whatever the phone.
-- 3. A wrong answer (not locked) counted under `address_key`, as sign-in's failures are.
-- 4. The view and the token (made on first use) for a right answer only.
-- A wrong number and a wrong phone do the same work: steps 1 to 3, nothing more.
CREATE OR REPLACE FUNCTION kurban_tracking_lookup(typed text, phone text, order_key text, order_seconds double precision, order_max integer,
                                                  address_key text, address_seconds double precision)
RETURNS TABLE (locked boolean, "retryAfter" integer, matched boolean, "addressHits" integer, "addressRetryAfter" integer, view jsonb, token text)
LANGUAGE sql VOLATILE AS $$
  -- (The arguments are named in full where a table is in scope: a column of the same name would win.)
  WITH m AS (
    SELECT o.id,
           length(kurban_tracking_lookup.phone) = 10 AND (a.phone_number_search = kurban_tracking_lookup.phone
             OR EXISTS (SELECT 1 FROM victim_order_details d WHERE d.victim_order_id = o.id AND d.shareholder_phone_search = kurban_tracking_lookup.phone)) AS matched
    FROM victim_orders o JOIN accounts a ON a.id = o.account_id
    WHERE o.order_no = ANY(ARRAY[kurban_tracking_lookup.typed, upper(kurban_tracking_lookup.typed), lower(kurban_tracking_lookup.typed)]) AND lower(o.order_no) = lower(kurban_tracking_lookup.typed)
    ORDER BY 2 DESC LIMIT 1),
  ok AS (SELECT coalesce((SELECT m.matched FROM m), false) AS matched),
  attempt AS (SELECT h.hits > order_max AS locked, h.retry_after FROM kurban_rate_hit(order_key, order_seconds, (SELECT ok.matched FROM ok), order_max) h),
  -- Only for a wrong answer not locked: a condition of no row of the function, so PostgreSQL
  -- checks it once before running the function (a one-time filter), which then runs or not.
  failure AS (
    SELECT h.hits, h.retry_after FROM kurban_rate_hit(address_key, address_seconds) h
    WHERE (SELECT NOT ok.matched AND NOT attempt.locked FROM attempt, ok))
  SELECT attempt.locked, attempt.retry_after, ok.matched,
         (SELECT failure.hits FROM failure), (SELECT failure.retry_after FROM failure),
         CASE WHEN ok.matched AND NOT attempt.locked THEN kurban_tracking_view(m.id) END,
         CASE WHEN ok.matched AND NOT attempt.locked THEN kurban_tracking_token(m.id) END
  FROM attempt CROSS JOIN ok LEFT JOIN m ON true
$$;
