-- Access that ends when it should, and a farm nobody can lock out: access versions bumped and
-- announced on `kurban_access` by every change that should end a user's access, sessions ended
-- by a revoked refresh token, and at least one active administrator who can sign in, checked at
-- commit.

-- One notice holds at most 8000 bytes: a longer list becomes "forget everything".
CREATE OR REPLACE FUNCTION kurban_access_notice(payload text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('kurban_access', CASE WHEN length(payload) > 7000 THEN '*' ELSE payload END)
  WHERE payload IS NOT NULL AND payload <> ''
$$;

-- Bumps the users' versions (in id order, so concurrent bumps cannot deadlock) and announces them.
CREATE OR REPLACE FUNCTION kurban_end_access(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF coalesce(cardinality(user_ids), 0) = 0 THEN RETURN; END IF;
  WITH bumped AS (
    INSERT INTO access_versions (user_id, version)
    SELECT u.id, 1 FROM users u WHERE u.id = ANY (user_ids) ORDER BY u.id
    ON CONFLICT (user_id) DO UPDATE SET version = access_versions.version + 1
    RETURNING user_id, version)
  SELECT string_agg(user_id || ':' || version, ',' ORDER BY user_id) INTO payload FROM bumped;
  PERFORM kurban_access_notice(payload);
END $$;

-- Ends every session of the users: refresh tokens revoked, access tokens refused.
CREATE OR REPLACE FUNCTION kurban_end_sessions(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ANY (user_ids) AND revoked_at IS NULL;
  PERFORM kurban_end_access(user_ids);
END $$;

-- A user set passive or locked, or given a new password (the trigger's WHEN): all sessions end.
CREATE OR REPLACE FUNCTION kurban_users_end_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_sessions(ARRAY[NEW.id]);
  RETURN NULL;
END $$;

-- Deleted users: announced as gone (their access versions go with them).
CREATE OR REPLACE FUNCTION kurban_users_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_access_notice((SELECT string_agg(id || ':gone', ',') FROM old_rows));
  RETURN NULL;
END $$;

-- A user's own claims and memberships: the users of removed rows (and of re-pointed ones).
CREATE OR REPLACE FUNCTION kurban_user_links_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION kurban_user_claims_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(
    SELECT o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (n.user_id, n.operation_claim_id) IS DISTINCT FROM (o.user_id, o.operation_claim_id)));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION kurban_user_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(
    SELECT o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (n.user_id, n.group_id) IS DISTINCT FROM (o.user_id, o.group_id)));
  RETURN NULL;
END $$;

-- A group's claims: every member of the groups whose claim was removed or re-pointed.
CREATE OR REPLACE FUNCTION kurban_group_claims_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(
    SELECT DISTINCT ug.user_id FROM user_groups ug WHERE ug.group_id IN (SELECT group_id FROM old_rows)));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION kurban_group_claims_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(
    SELECT DISTINCT ug.user_id FROM user_groups ug WHERE ug.group_id IN (
      SELECT o.group_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.group_id, n.operation_claim_id) IS DISTINCT FROM (o.group_id, o.operation_claim_id))));
  RETURN NULL;
END $$;

-- A renamed claim is one its holders no longer have (tokens carry claim names). Deleting a claim,
-- or a group, that is still assigned is refused by the foreign keys, so it ends nobody's access.
CREATE OR REPLACE FUNCTION kurban_operation_claims_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(
    SELECT uc.user_id FROM user_claims uc WHERE uc.operation_claim_id = NEW.id
    UNION
    SELECT ug.user_id FROM group_claims gc JOIN user_groups ug ON ug.group_id = gc.group_id WHERE gc.operation_claim_id = NEW.id));
  RETURN NULL;
END $$;

-- A revoked refresh token ends its session: announced on `kurban_access` as `session:<family id>`.
CREATE OR REPLACE FUNCTION kurban_refresh_tokens_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_access_notice('session:' || NEW.family_id);
  RETURN NULL;
END $$;

-- The users who can administer the farm: active, able to sign in (a password), holding Admin
-- directly or through a group.
CREATE OR REPLACE FUNCTION kurban_admin_user_ids() RETURNS SETOF integer LANGUAGE sql STABLE AS $$
  SELECT u.id FROM users u
  WHERE u.status = 'active' AND u.password_hash IS NOT NULL AND u.id IN (
    SELECT uc.user_id FROM user_claims uc JOIN operation_claims oc ON oc.id = uc.operation_claim_id WHERE oc.name = 'Admin'
    UNION ALL
    SELECT ug.user_id FROM user_groups ug JOIN group_claims gc ON gc.group_id = ug.group_id
      JOIN operation_claims oc ON oc.id = gc.operation_claim_id WHERE oc.name = 'Admin')
$$;

-- Called by the deferred triggers below, at commit. The advisory lock (one fixed key for the whole
-- database) orders the checks of concurrent transactions; it is taken before the check's query,
-- which therefore sees every transaction that was checked (and committed) before this one.
CREATE OR REPLACE FUNCTION kurban_assert_admin_remains() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Every check of a transaction runs at commit on the same state: once is enough.
  IF current_setting('kurban.admin_checked', true) = 'on' THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(7378224301);
  IF NOT EXISTS (SELECT 1 FROM kurban_admin_user_ids()) THEN
    RAISE EXCEPTION 'no active user with a password would hold Admin'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ck_last_admin';
  END IF;
  PERFORM set_config('kurban.admin_checked', 'on', true);
END $$;

-- A change that may take the last administrator away (the trigger's WHEN says which).
CREATE OR REPLACE FUNCTION kurban_last_admin_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_assert_admin_remains();
  RETURN NULL;
END $$;

-- Only rows whose claim is Admin matter.
CREATE OR REPLACE FUNCTION kurban_last_admin_claim_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM operation_claims WHERE id = OLD.operation_claim_id AND name = 'Admin') THEN
    PERFORM kurban_assert_admin_remains();
  END IF;
  RETURN NULL;
END $$;

-- Only memberships of a group holding Admin matter (if the group lost Admin in the same
-- transaction, that removal is checked by itself).
CREATE OR REPLACE FUNCTION kurban_last_admin_user_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM group_claims gc JOIN operation_claims oc ON oc.id = gc.operation_claim_id
             WHERE gc.group_id = OLD.group_id AND oc.name = 'Admin') THEN
    PERFORM kurban_assert_admin_remains();
  END IF;
  RETURN NULL;
END $$;
