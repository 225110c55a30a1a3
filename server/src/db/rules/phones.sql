-- A phone number as the database reads it, in its two readings side by side (they mirror
-- common/phone.ts, which the browser and the server share): the key a search and a match
-- compare, and the national number a text message is sent to.

-- A phone number by its last ten digits (the Turkish national number), whatever its format:
-- `+90 553 779 44 95`, `0553 779 44 95` and `05537794495` are all `5537794495`
-- (common/phone.ts: phoneKey).
CREATE OR REPLACE FUNCTION kurban_phone_key(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100 AS $$
BEGIN
  RETURN right(regexp_replace(value, '[^0-9]', '', 'g'), 10);
END $$;

-- A Turkish number's ten national digits (`5321112233`), whatever its format (`0532 111 22 33`,
-- `+90 532 111 2233`), or NULL for anything else: common/phone.ts `nationalDigits`.
CREATE OR REPLACE FUNCTION kurban_national_phone(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  digits text := regexp_replace(coalesce(value, ''), '[^0-9]', '', 'g');
BEGIN
  IF length(digits) = 10 AND left(digits, 1) <> '0' THEN RETURN digits; END IF;
  IF length(digits) = 11 AND left(digits, 1) = '0' THEN RETURN substr(digits, 2); END IF;
  IF length(digits) = 12 AND left(digits, 2) = '90' THEN RETURN substr(digits, 3); END IF;
  RETURN NULL;
END $$;
