ALTER TABLE "tasks" ADD COLUMN "key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_user_id_key_idx" ON "tasks" USING btree ("user_id","key") WHERE "tasks"."key" is not null;