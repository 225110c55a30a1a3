-- The outbox of text messages (the entity Messages): a message is a row written in the same
-- transaction as the event that causes it, with its delivery job (graphile-worker's
-- `add_job`, whose job is visible to the workers only once that transaction commits). A rolled
-- back event leaves neither. The workers (server/src/domain/messages.ts) send it once, retry it
-- with a growing delay and mark it sent, delivered or failed.

-- When a non-urgent message written at `at` may go: `at` itself, or the end of the quiet hours
-- (setting `sms.quietHours`, `HH:MM-HH:MM` in Istanbul time, across midnight when the start is
-- later than the end; empty or unreadable: no quiet hours).
CREATE OR REPLACE FUNCTION kurban_message_send_after(at timestamptz) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  spec text := (SELECT trim(value) FROM settings WHERE key = 'sms.quietHours');
  parts text[];
  quiet_from time;
  quiet_to time;
  local_at timestamp := at AT TIME ZONE 'Europe/Istanbul';
  t time := local_at::time;
  day date := local_at::date;
BEGIN
  parts := regexp_match(coalesce(spec, ''), '^([01]?[0-9]|2[0-3]):([0-5][0-9])\s*-\s*([01]?[0-9]|2[0-3]):([0-5][0-9])$');
  IF parts IS NULL THEN RETURN at; END IF;
  quiet_from := make_time(parts[1]::int, parts[2]::int, 0);
  quiet_to := make_time(parts[3]::int, parts[4]::int, 0);
  IF quiet_from = quiet_to THEN RETURN at; END IF;
  IF quiet_from < quiet_to THEN
    IF t >= quiet_from AND t < quiet_to THEN RETURN (day + quiet_to) AT TIME ZONE 'Europe/Istanbul'; END IF;
  ELSIF t >= quiet_from THEN
    RETURN (day + 1 + quiet_to) AT TIME ZONE 'Europe/Istanbul';
  ELSIF t < quiet_to THEN
    RETURN (day + quiet_to) AT TIME ZONE 'Europe/Istanbul';
  END IF;
  RETURN at;
END $$;

-- The delivery job of a message, not run before `run_at`: one pending job per message (its
-- `job_key`; a job added again replaces a waiting one). 25 tries of the job itself cover a worker
-- that died mid-send; the message's own tries are counted in `messages.attempts`.
CREATE OR REPLACE FUNCTION kurban_message_job(message_id integer, run_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('kurban.sendMessage', json_build_object('id', message_id),
    run_at := run_at, max_attempts := 25, job_key := 'message:' || message_id);
END $$;

-- The one function every event calls, in the event's transaction: a message of `kind` to `phone`
-- about `account_id` and `order_id`, its template `sms.<kind>` in the account's language (the
-- default language's when the account has none or the template is missing in it) with each
-- `{name}` replaced by `params->>name` and `{link}` by the order's tracking link. Answers the
-- message's id, or NULL when nothing is written: a phone that is not a Turkish number, an account
-- that opted out, a `dedupe_key` already used, no template. `urgent = false`: held until the end
-- of the quiet hours.
CREATE OR REPLACE FUNCTION kurban_enqueue_message(kind text, phone text, account_id integer, order_id integer, params jsonb,
    dedupe_key text DEFAULT NULL, urgent boolean DEFAULT true) RETURNS integer LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  national text := kurban_national_phone(phone);
  lang_id integer;
  lang_code text;
  template text;
  body text;
  p record;
  link text := '';
  due timestamptz;
  new_id integer;
  -- `kurban.messages = 'history'` (the demo season's load): the messages its events would have
  -- written, as already delivered, with no job: the screens show them, nothing is ever sent.
  history boolean := current_setting('kurban.messages', true) = 'history';
BEGIN
  IF national IS NULL THEN RETURN NULL; END IF;
  IF account_id IS NOT NULL AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = kurban_enqueue_message.account_id AND a.sms_opt_out) THEN
    RETURN NULL;
  END IF;
  IF dedupe_key IS NOT NULL AND EXISTS (SELECT 1 FROM messages m WHERE m.dedupe_key = kurban_enqueue_message.dedupe_key) THEN
    RETURN NULL;
  END IF;
  -- The account's language, else the default one.
  SELECT l.id, l.code INTO lang_id, lang_code
    FROM accounts a JOIN languages l ON l.id = a.language_id
   WHERE a.id = kurban_enqueue_message.account_id;
  IF lang_id IS NOT NULL THEN
    SELECT t.value INTO template FROM translates t WHERE t.language_id = lang_id AND t.code = 'sms.' || kind;
  END IF;
  IF template IS NULL THEN
    SELECT l.id, l.code, t.value INTO lang_id, lang_code, template
      FROM languages l LEFT JOIN translates t ON t.language_id = l.id AND t.code = 'sms.' || kind
     ORDER BY l.is_default DESC, (l.code = 'tr-TR') DESC, l.id
     LIMIT 1;
  END IF;
  IF template IS NULL OR trim(template) = '' THEN
    RAISE WARNING 'no SMS template sms.%: message not written', kind;
    RETURN NULL;
  END IF;
  body := template;
  FOR p IN SELECT key, value FROM jsonb_each_text(coalesce(params, '{}'::jsonb)) LOOP
    body := replace(body, '{' || p.key || '}', coalesce(p.value, ''));
  END LOOP;
  IF strpos(body, '{link}') > 0 THEN
    -- The order's public tracking page (rules/tracking.sql).
    IF order_id IS NOT NULL THEN link := kurban_tracking_link(order_id); END IF;
    body := replace(body, '{link}', coalesce(link, ''));
  END IF;
  IF history THEN
    -- A past message (the demo season's): delivered to the log, with no job.
    INSERT INTO messages (kind, phone, account_id, victim_order_id, language, text, status, attempts, provider, send_after, sent_at, delivered_at, dedupe_key)
    VALUES (kind, national, account_id, order_id, lang_code, left(body, 1000), 'delivered', 1, 'log', now(), now(), now(), dedupe_key)
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id INTO new_id;
    RETURN new_id;
  END IF;
  due := CASE WHEN urgent THEN now() ELSE kurban_message_send_after(now()) END;
  INSERT INTO messages (kind, phone, account_id, victim_order_id, language, text, status, attempts, send_after, dedupe_key)
  VALUES (kind, national, account_id, order_id, lang_code, left(body, 1000), 'queued', 0, due, dedupe_key)
  ON CONFLICT (dedupe_key) DO NOTHING
  RETURNING id INTO new_id;
  IF new_id IS NOT NULL THEN PERFORM kurban_message_job(new_id, due); END IF;
  RETURN new_id;
END $$;
