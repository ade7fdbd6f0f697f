ALTER TABLE "tasks" ADD COLUMN "deliver_when" text DEFAULT 'always' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "delivery_condition" text;