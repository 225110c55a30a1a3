-- Access that ends when it should, and a farm nobody can lock out (issue 9, points 2 and 7b).
--
-- 1. Every user has an access version (access_versions; no row means 0), carried in each access
--    token as `ver`. Every change that should end a user's access at once bumps it, whatever
--    path made the change (the generic CRUD, the permission operations, a seed, hand-run SQL):
--    status leaving active, a new password, a removed claim or group membership, a claim removed
--    from or renamed in a group the user is in, and "sign out everywhere". The new versions are
--    announced on the channel `kurban_access` (payload `userId:version,…`; `userId:gone` for a
--    deleted user; `*` when too long for one notice: forget every version). Each server instance
--    listens, keeps the versions in memory and refuses a token older than its user's version.
--    A new password, a user set passive or locked, and "sign out everywhere" also revoke the
--    user's refresh tokens.
-- 2. At least one active user who can sign in (has a password) holds `Admin`, directly or
--    through a group. Deferred constraint triggers check it at commit, after one advisory lock
--    that every such check takes, so concurrent transactions that each remove a different
--    administrator are checked one after the other and the second sees the first's change.
CREATE TABLE "access_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_versions" ADD CONSTRAINT "fk_access_versions__user_id" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint

-- ---- access versions -----------------------------------------------------------------------------

-- One notice holds at most 8000 bytes: a longer list becomes "forget everything".
CREATE FUNCTION kurban_access_notice(payload text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('kurban_access', CASE WHEN length(payload) > 7000 THEN '*' ELSE payload END)
  WHERE payload IS NOT NULL AND payload <> ''
$$;
--> statement-breakpoint
-- Bumps the users' versions (in id order, so concurrent bumps cannot deadlock) and announces them.
CREATE FUNCTION kurban_end_access(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- Ends every session of the users: refresh tokens revoked, access tokens refused.
CREATE FUNCTION kurban_end_sessions(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ANY (user_ids) AND revoked_at IS NULL;
  PERFORM kurban_end_access(user_ids);
END $$;
--> statement-breakpoint

CREATE FUNCTION kurban_users_end_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_sessions(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Set passive or locked, or a new password (also the same one again: it is a new hash).
CREATE TRIGGER tr_users__end_sessions AFTER UPDATE OF status, password_hash ON users FOR EACH ROW
  WHEN ((NEW.status <> 'active' AND NEW.status IS DISTINCT FROM OLD.status) OR NEW.password_hash IS DISTINCT FROM OLD.password_hash)
  EXECUTE FUNCTION kurban_users_end_sessions();
--> statement-breakpoint
CREATE FUNCTION kurban_users_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_access_notice((SELECT string_agg(id || ':gone', ',') FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tr_users__gone AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION kurban_users_gone();
--> statement-breakpoint

-- A user's own claims and memberships: the users of removed rows (and of re-pointed ones).
CREATE FUNCTION kurban_user_links_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION kurban_user_claims_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(
    SELECT o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (n.user_id, n.operation_claim_id) IS DISTINCT FROM (o.user_id, o.operation_claim_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION kurban_user_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(
    SELECT o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (n.user_id, n.group_id) IS DISTINCT FROM (o.user_id, o.group_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tr_user_claims__removed AFTER DELETE ON user_claims REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION kurban_user_links_removed();
--> statement-breakpoint
CREATE TRIGGER tr_user_claims__changed AFTER UPDATE ON user_claims REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION kurban_user_claims_changed();
--> statement-breakpoint
CREATE TRIGGER tr_user_groups__removed AFTER DELETE ON user_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION kurban_user_links_removed();
--> statement-breakpoint
CREATE TRIGGER tr_user_groups__changed AFTER UPDATE ON user_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION kurban_user_groups_changed();
--> statement-breakpoint

-- A group's claims: every member of the groups whose claim was removed or re-pointed.
CREATE FUNCTION kurban_group_claims_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(
    SELECT DISTINCT ug.user_id FROM user_groups ug WHERE ug.group_id IN (SELECT group_id FROM old_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION kurban_group_claims_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(
    SELECT DISTINCT ug.user_id FROM user_groups ug WHERE ug.group_id IN (
      SELECT o.group_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.group_id, n.operation_claim_id) IS DISTINCT FROM (o.group_id, o.operation_claim_id))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tr_group_claims__removed AFTER DELETE ON group_claims REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION kurban_group_claims_removed();
--> statement-breakpoint
CREATE TRIGGER tr_group_claims__changed AFTER UPDATE ON group_claims REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION kurban_group_claims_changed();
--> statement-breakpoint

-- A renamed claim is one its holders no longer have (tokens carry claim names). Deleting a claim,
-- or a group, that is still assigned is refused by the foreign keys, so it ends nobody's access.
CREATE FUNCTION kurban_operation_claims_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_end_access(ARRAY(
    SELECT uc.user_id FROM user_claims uc WHERE uc.operation_claim_id = NEW.id
    UNION
    SELECT ug.user_id FROM group_claims gc JOIN user_groups ug ON ug.group_id = gc.group_id WHERE gc.operation_claim_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tr_operation_claims__renamed AFTER UPDATE OF name ON operation_claims FOR EACH ROW
  WHEN (NEW.name IS DISTINCT FROM OLD.name)
  EXECUTE FUNCTION kurban_operation_claims_renamed();
--> statement-breakpoint

-- ---- the last administrator ----------------------------------------------------------------------

-- The users who can administer the farm: active, able to sign in (a password), holding Admin
-- directly or through a group.
CREATE FUNCTION kurban_admin_user_ids() RETURNS SETOF integer LANGUAGE sql STABLE AS $$
  SELECT u.id FROM users u
  WHERE u.status = 'active' AND u.password_hash IS NOT NULL AND u.id IN (
    SELECT uc.user_id FROM user_claims uc JOIN operation_claims oc ON oc.id = uc.operation_claim_id WHERE oc.name = 'Admin'
    UNION ALL
    SELECT ug.user_id FROM user_groups ug JOIN group_claims gc ON gc.group_id = ug.group_id
      JOIN operation_claims oc ON oc.id = gc.operation_claim_id WHERE oc.name = 'Admin')
$$;
--> statement-breakpoint
-- Called by the deferred triggers below, at commit. The advisory lock (one fixed key for the whole
-- database) orders the checks of concurrent transactions; it is taken before the check's query,
-- which therefore sees every transaction that was checked (and committed) before this one.
CREATE FUNCTION kurban_assert_admin_remains() RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE FUNCTION kurban_last_admin_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_assert_admin_remains();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose claim is Admin matter.
CREATE FUNCTION kurban_last_admin_claim_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM operation_claims WHERE id = OLD.operation_claim_id AND name = 'Admin') THEN
    PERFORM kurban_assert_admin_remains();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only memberships of a group holding Admin matter (if the group lost Admin in the same
-- transaction, that removal is checked by itself).
CREATE FUNCTION kurban_last_admin_user_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM group_claims gc JOIN operation_claims oc ON oc.id = gc.operation_claim_id
             WHERE gc.group_id = OLD.group_id AND oc.name = 'Admin') THEN
    PERFORM kurban_assert_admin_remains();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ck_last_admin__users AFTER UPDATE OF status, password_hash ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.status = 'active' AND NEW.status <> 'active') OR (OLD.password_hash IS NOT NULL AND NEW.password_hash IS NULL))
  EXECUTE FUNCTION kurban_last_admin_check();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ck_last_admin__user_claims AFTER UPDATE OR DELETE ON user_claims
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kurban_last_admin_claim_links();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ck_last_admin__group_claims AFTER UPDATE OR DELETE ON group_claims
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kurban_last_admin_claim_links();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ck_last_admin__user_groups AFTER UPDATE OR DELETE ON user_groups
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kurban_last_admin_user_groups();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ck_last_admin__operation_claims AFTER UPDATE OF name OR DELETE ON operation_claims
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name = 'Admin')
  EXECUTE FUNCTION kurban_last_admin_check();
