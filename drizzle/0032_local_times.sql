ALTER TABLE "tasks" ADD COLUMN "local_time" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "cron_timezone" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "dst_gap" text DEFAULT 'shift' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "dst_repeat" text DEFAULT 'first' NOT NULL;--> statement-breakpoint
-- ADR 0116: a simple schedule keeps its local time. Each stored UTC time is read back as the readers did, on the
-- task's start date (today when none) in its zone, so no task moves the slots it fires on today. A zone PostgreSQL
-- does not know keeps the time as it was.
UPDATE "tasks" SET "local_time" = coalesce((
  SELECT to_char(candidate.local_at, 'HH24:MI')
  FROM (SELECT coalesce("tasks"."start_date", (now() AT TIME ZONE "tasks"."timezone")::date) AS day) AS local_day,
    LATERAL (
      SELECT shift, ((local_day.day + shift + "tasks"."schedule_time"::time) AT TIME ZONE 'UTC') AT TIME ZONE "tasks"."timezone" AS local_at
      FROM unnest(ARRAY[0, -1, 1]) AS shift
    ) AS candidate
  WHERE candidate.local_at::date = local_day.day
  ORDER BY abs(candidate.shift), candidate.shift
  LIMIT 1
), "schedule_time")
WHERE "schedule_type" <> 'custom' AND "schedule_time" IS NOT NULL
  AND "timezone" IN (SELECT name FROM pg_timezone_names);--> statement-breakpoint
UPDATE "tasks" SET "local_time" = "schedule_time" WHERE "schedule_type" <> 'custom' AND "local_time" IS NULL;--> statement-breakpoint
-- Custom crons were read in UTC: they keep it.
UPDATE "tasks" SET "cron_timezone" = 'UTC' WHERE "schedule_type" = 'custom';--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "schedule_time";
