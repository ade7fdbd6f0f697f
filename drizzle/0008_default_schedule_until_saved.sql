ALTER TABLE "user_settings" ALTER COLUMN "default_schedule_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "default_schedule_time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "timezone" DROP NOT NULL;--> statement-breakpoint
-- Until now saving the notifications also stored the built-in default schedule, so daily 09:00 UTC cannot be told
-- from "never chosen"; the task form already took it for never chosen, and now the data says so.
UPDATE "user_settings" SET "default_schedule_type" = NULL, "default_schedule_time" = NULL, "timezone" = NULL
  WHERE "default_schedule_type" = 'daily' AND "default_schedule_time" = '09:00' AND "timezone" = 'UTC';--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_default_schedule_whole" CHECK (num_nulls("user_settings"."default_schedule_type", "user_settings"."default_schedule_time", "user_settings"."timezone") in (0, 3));