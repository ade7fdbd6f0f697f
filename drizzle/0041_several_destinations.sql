ALTER TABLE "task_runs" ADD COLUMN "destinations" jsonb;--> statement-breakpoint
ALTER TABLE "task_runs" ADD COLUMN "replays" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "destination_id" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "destinations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Every task delivers to one destination, as before (ADR 0127): its method and settings, under an id made from the
-- task's id (the one the code gives a task whose list is empty). Runs keep their own delivery columns.
UPDATE "tasks" SET "destinations" = jsonb_build_array(jsonb_build_object(
	'id', 'dst_' || substr(md5("id"::text), 1, 8),
	'method', "delivery_method",
	'config', "delivery_config"
));
