CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"schedule_type" text NOT NULL,
	"schedule_time" text,
	"start_date" date,
	"timezone" text NOT NULL,
	"custom_cron" text,
	"prompt" jsonb NOT NULL,
	"delivery_method" text NOT NULL,
	"delivery_config" jsonb NOT NULL,
	"webhook_secret" text NOT NULL,
	"next_fire_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_status_next_fire_at_index" ON "tasks" USING btree ("status","next_fire_at");--> statement-breakpoint
CREATE INDEX "tasks_user_id_created_at_id_index" ON "tasks" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);