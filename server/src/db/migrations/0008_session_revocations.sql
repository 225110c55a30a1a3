-- Signing out ends the access token at once (issue 15, point 6). Every access token carries its
-- session (`sid`: the family of the refresh token issued with it). A session has ended once a
-- refresh token of its family is revoked (a sign-out, a reused refresh token, a sign-out
-- everywhere, hand-run SQL): the refresh refuses every token of the family from then on, and
-- the ended session is announced on `kurban_access` (payload `session:<family id>`), so that
-- every server instance refuses the session's access tokens on their next request. Only
-- families with an unexpired token are announced: the others have no access token left alive.
-- One notice per row; PostgreSQL delivers a payload once per transaction, so a family is
-- announced once however many of its tokens are revoked together.
CREATE FUNCTION kurban_refresh_tokens_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kurban_access_notice('session:' || NEW.family_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tr_refresh_tokens__revoked AFTER UPDATE OF revoked_at ON refresh_tokens FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL AND NEW.expires_at > now())
  EXECUTE FUNCTION kurban_refresh_tokens_revoked();
