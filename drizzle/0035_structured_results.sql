ALTER TABLE "task_runs" ADD COLUMN "output" json;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "output_schema" json;