-- Trigram search in run results and errors (history search). pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "task_runs_task_id_started_at_index";--> statement-breakpoint
DROP INDEX "task_runs_user_id_started_at_index";--> statement-breakpoint
CREATE INDEX "task_runs_task_id_started_at_id_index" ON "task_runs" USING btree ("task_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "task_runs_user_id_started_at_id_index" ON "task_runs" USING btree ("user_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "task_runs_text_trgm" ON "task_runs" USING gin ((coalesce("result", '') || ' ' || coalesce("error", '')) gin_trgm_ops) WHERE "task_runs"."result" is not null or "task_runs"."error" is not null;--> statement-breakpoint
-- Live run status (docs/decisions/0015): every API process LISTENs on run_changed. The database itself notifies, once
-- per run created and once per run whose status or delivery status changed, so no writer (scheduler, workers, Run Now)
-- has to remember to. Statement-level triggers with transition tables: the scheduler's insert of 500 runs is one
-- trigger call, not 500. Notifications are sent at commit, so a listener that refetches sees the committed row.
CREATE FUNCTION notify_runs_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('run_changed', json_build_object('userId', user_id, 'runId', id, 'taskId', task_id, 'status', status)::text)
  FROM new_runs;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION notify_runs_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Result text, tokens or attempts changing alone is not news to a browser; status and delivery status are.
  PERFORM pg_notify('run_changed', json_build_object('userId', n.user_id, 'runId', n.id, 'taskId', n.task_id, 'status', n.status)::text)
  FROM new_runs n JOIN old_runs o ON o.id = n.id
  WHERE n.status IS DISTINCT FROM o.status OR n.delivery_status IS DISTINCT FROM o.delivery_status;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER task_runs_notify_insert AFTER INSERT ON task_runs
  REFERENCING NEW TABLE AS new_runs FOR EACH STATEMENT EXECUTE FUNCTION notify_runs_inserted();--> statement-breakpoint
CREATE TRIGGER task_runs_notify_update AFTER UPDATE ON task_runs
  REFERENCING OLD TABLE AS old_runs NEW TABLE AS new_runs FOR EACH STATEMENT EXECUTE FUNCTION notify_runs_updated();
