-- Counts of attempts (table rate_limits, db/rate-limits.ts): the one statement that counts, used
-- by the server's limits (sign-in, refresh, webhooks) and by the tracking page's lookup alike.

-- One attempt under `key`, in a window of `seconds` that starts with the first attempt: a window
-- that has ended starts again. Answers the count, and the seconds left of the window (at most
-- the window: a statement that began before the one that opened it sees an earlier now()).
-- `start_over` (a success, such as a right phone for an order number) sets the count back to 0
-- instead, unless this attempt is past `max`: what is locked stays locked until its window ends.
-- An upsert, so that concurrent attempts get consecutive counts and exactly `max` fit in a budget.
CREATE OR REPLACE FUNCTION kurban_rate_hit(key text, seconds double precision, start_over boolean DEFAULT false, max integer DEFAULT NULL)
RETURNS TABLE (hits integer, retry_after integer) LANGUAGE sql VOLATILE AS $$
  INSERT INTO rate_limits AS r (key, hits, expires_at)
  VALUES (key, CASE WHEN start_over THEN 0 ELSE 1 END, now() + make_interval(secs => seconds))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.expires_at <= now() THEN excluded.hits
                WHEN start_over AND r.hits + 1 <= max THEN 0
                ELSE r.hits + 1 END,
    expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END
  RETURNING r.hits, least(ceil(seconds), greatest(1, ceil(extract(epoch FROM r.expires_at - now()))))::integer
$$;
