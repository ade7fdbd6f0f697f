-- ADR 0117: per-task catch-up window and overlap policy, one waiting slot, and backfill slots; a backfilled slot is
-- one run per slot like a scheduled one.
DROP INDEX "task_runs_task_slot_unique";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "catch_up_window" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "overlap" text DEFAULT 'skip' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "buffered_slot" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "backfill_slots" timestamp with time zone[];--> statement-breakpoint
CREATE INDEX "tasks_waiting_slots_idx" ON "tasks" USING btree ("id") WHERE "tasks"."buffered_slot" is not null or "tasks"."backfill_slots" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "task_runs_task_slot_unique" ON "task_runs" USING btree ("task_id","scheduled_for") WHERE "task_runs"."trigger" in ('schedule', 'backfill');