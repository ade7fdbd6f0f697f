ALTER TABLE "tasks" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "max_runs" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "skip_dates" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "finished_reason" text;