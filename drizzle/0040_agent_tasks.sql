ALTER TABLE "api_keys" ADD COLUMN "approve_agent_tasks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "created_via" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "created_by_key" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "awaiting_approval" boolean DEFAULT false NOT NULL;