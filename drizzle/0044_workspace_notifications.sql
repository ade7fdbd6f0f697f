-- Live updates follow the workspace (ADR 0136): every member watching a workspace hears of its runs, whoever's task
-- made them, so the run and history notifications name the workspace beside the run's creator.
CREATE OR REPLACE FUNCTION notify_runs_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('run_changed', json_build_object('userId', user_id, 'workspaceId', workspace_id, 'runId', id, 'taskId', task_id, 'status', status)::text)
  FROM new_runs;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_runs_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Result text, tokens or attempts changing alone is not news to a browser; status and delivery status are.
  PERFORM pg_notify('run_changed', json_build_object('userId', n.user_id, 'workspaceId', n.workspace_id, 'runId', n.id, 'taskId', n.task_id, 'status', n.status)::text)
  FROM new_runs n JOIN old_runs o ON o.id = n.id
  WHERE n.status IS DISTINCT FROM o.status OR n.delivery_status IS DISTINCT FROM o.delivery_status;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_history_changed_by_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('history_changed', json_build_object('userId', user_id, 'workspaceId', workspace_id)::text)
  FROM (SELECT DISTINCT user_id, workspace_id FROM old_runs) AS owners;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_history_changed_by_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('history_changed', json_build_object('userId', user_id, 'workspaceId', workspace_id)::text)
  FROM (
    SELECT DISTINCT n.user_id, n.workspace_id FROM new_tasks n JOIN old_tasks o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name
  ) AS owners;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A member removed, leaving, or gone with their workspace or account: their open live streams on it end (ADR 0131,
-- within 5 s). Sent at commit, one message per member, whatever statement removed them.
CREATE FUNCTION notify_workspace_members_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('workspace_member_removed', json_build_object('workspaceId', workspace_id, 'userId', user_id)::text)
  FROM old_members;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER workspace_members_notify_delete AFTER DELETE ON workspace_members
  REFERENCING OLD TABLE AS old_members FOR EACH STATEMENT EXECUTE FUNCTION notify_workspace_members_removed();
