CREATE TABLE "status_days" (
	"day" date PRIMARY KEY NOT NULL,
	"scheduled_runs" integer NOT NULL,
	"timed_runs" integer NOT NULL,
	"on_time_runs" integer NOT NULL,
	"p50_lateness_ms" integer,
	"p99_lateness_ms" integer,
	"deliveries_attempted" integer NOT NULL,
	"deliveries_succeeded" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_runs" ADD COLUMN "lateness_ms" integer;