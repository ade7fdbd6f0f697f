-- The history's counts are cached per API process (docs/decisions/0020) and dropped when a user's history changes.
-- run_changed covers runs created and runs changing status; these cover what it does not: runs removed (a task or
-- its runs deleted) and a task renamed (history search matches task names). One notification per user per
-- statement, whatever the number of rows: deleting a task with 100,000 runs is one message.
CREATE FUNCTION notify_history_changed_by_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('history_changed', user_id) FROM (SELECT DISTINCT user_id FROM old_runs) AS users;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION notify_history_changed_by_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('history_changed', user_id)
  FROM (SELECT DISTINCT n.user_id FROM new_tasks n JOIN old_tasks o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name) AS users;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER task_runs_notify_delete AFTER DELETE ON task_runs
  REFERENCING OLD TABLE AS old_runs FOR EACH STATEMENT EXECUTE FUNCTION notify_history_changed_by_runs();--> statement-breakpoint
CREATE TRIGGER tasks_notify_rename AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_tasks NEW TABLE AS new_tasks FOR EACH STATEMENT EXECUTE FUNCTION notify_history_changed_by_tasks();
