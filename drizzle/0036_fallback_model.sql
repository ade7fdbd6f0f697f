ALTER TABLE "task_runs" ADD COLUMN "answered_by" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "fallback" jsonb;