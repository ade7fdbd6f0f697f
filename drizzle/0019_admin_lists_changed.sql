-- The admin lists' totals ("Showing X of Y users / tasks") are kept per API process (docs/decisions/0044) and dropped
-- when what they count changes. One notification per statement, whatever the number of rows; the payload names the
-- table. Updates fire only when the statement sets a column the lists filter or search on, so the scheduler's and
-- the workers' next_fire_at, last_run_at and consecutive_failures updates say nothing.
CREATE FUNCTION notify_admin_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('admin_lists_changed', TG_ARGV[0]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tasks_notify_admin_lists AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF status, provider, name, user_id ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_admin_lists_changed('tasks');--> statement-breakpoint
CREATE TRIGGER user_notify_admin_lists AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, full_name, email, banned, has_set_password ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_admin_lists_changed('user');--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_admin_lists AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF user_id, plan_id, status ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_admin_lists_changed('subscriptions');
