ALTER TABLE "task_runs" ADD COLUMN "output" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "output_schema" jsonb;