-- API processes keep signed-in sessions between requests (docs/decisions/0021) and drop a user's on any change to
-- their row or their sessions: sign-out, revocation, password change, role change, ban, deletion (which removes the
-- sessions too). Statement-level, one notification per user per statement.
CREATE FUNCTION notify_account_changed_by_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('account_changed', user_id) FROM (SELECT DISTINCT user_id FROM old_sessions) AS users;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION notify_account_changed_by_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('account_changed', id) FROM old_users;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER session_notify_delete AFTER DELETE ON "session"
  REFERENCING OLD TABLE AS old_sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_account_changed_by_sessions();--> statement-breakpoint
CREATE TRIGGER session_notify_update AFTER UPDATE ON "session"
  REFERENCING OLD TABLE AS old_sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_account_changed_by_sessions();--> statement-breakpoint
CREATE TRIGGER user_notify_update AFTER UPDATE ON "user"
  REFERENCING OLD TABLE AS old_users FOR EACH STATEMENT EXECUTE FUNCTION notify_account_changed_by_users();--> statement-breakpoint
CREATE TRIGGER user_notify_delete AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS old_users FOR EACH STATEMENT EXECUTE FUNCTION notify_account_changed_by_users();
