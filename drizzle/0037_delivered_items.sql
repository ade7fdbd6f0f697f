CREATE TABLE "delivered_items" (
	"task_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"key" text NOT NULL,
	"watched" jsonb NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivered_items_task_id_key_hash_pk" PRIMARY KEY("task_id","key_hash")
);
--> statement-breakpoint
ALTER TABLE "task_runs" ADD COLUMN "new_items" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "item_key" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "watched_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "delivered_items" ADD CONSTRAINT "delivered_items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivered_items_task_id_delivered_at_index" ON "delivered_items" USING btree ("task_id","delivered_at" DESC NULLS LAST);