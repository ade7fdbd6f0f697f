-- The administrator's task search matches owners' names (issue 17). Kept on the task itself, so a search is one
-- statement on one table whose every alternative has an index (docs/decisions/0055): the owner's full name and
-- account name, one per line, so a term never matches across the two.
ALTER TABLE "tasks" ADD COLUMN "owner_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "tasks" t SET "owner_names" = concat_ws(E'\n', u.full_name, u.name) FROM "user" u WHERE u.id = t.user_id;--> statement-breakpoint
CREATE FUNCTION tasks_set_owner_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_names := coalesce((SELECT concat_ws(E'\n', u.full_name, u.name) FROM "user" u WHERE u.id = NEW.user_id), '');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tasks_owner_names BEFORE INSERT OR UPDATE OF user_id, owner_names ON tasks
  FOR EACH ROW EXECUTE FUNCTION tasks_set_owner_names();--> statement-breakpoint
CREATE FUNCTION user_names_to_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET owner_names = concat_ws(E'\n', NEW.full_name, NEW.name) WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER user_names_to_tasks AFTER UPDATE OF name, full_name ON "user"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.full_name IS DISTINCT FROM NEW.full_name)
  EXECUTE FUNCTION user_names_to_tasks();--> statement-breakpoint
CREATE INDEX "tasks_owner_names_trgm" ON "tasks" USING gin ("owner_names" gin_trgm_ops);
