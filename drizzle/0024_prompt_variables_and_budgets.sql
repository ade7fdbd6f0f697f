CREATE TABLE "budget_notices" (
	"user_id" text NOT NULL,
	"scope" text NOT NULL,
	"month" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_notices_user_id_scope_month_pk" PRIMARY KEY("user_id","scope","month")
);
--> statement-breakpoint
ALTER TABLE "task_runs" ADD COLUMN "prompt" text;--> statement-breakpoint
ALTER TABLE "task_runs" ADD COLUMN "cost_usd" numeric(14, 8);--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "budget_unit" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "budget_amount" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "budget_unit" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "budget_amount" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "budget_notices" ADD CONSTRAINT "budget_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_budget_whole" CHECK (num_nulls("tasks"."budget_unit", "tasks"."budget_amount") in (0, 2));--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_budget_whole" CHECK (num_nulls("user_settings"."budget_unit", "user_settings"."budget_amount") in (0, 2));--> statement-breakpoint
-- Prompt variables (docs/decisions/0050): `\{{` now writes `{{`, and `{{…}}` names a variable. Existing prompts keep
-- sending what they sent: a `\{{` becomes `\\{{` (a backslash, then escaped braces), and every other `{{` that does
-- not start a known variable is escaped. The same for runs that kept their task's prompt (migration 0013).
CREATE FUNCTION pg_temp.escape_prompt_braces(input text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(
    regexp_replace(input, '\\\{\{', '\\\\{{', 'g'),
    '(?<!\\)\{\{(?!\s*(?:date|time|weekday|task\.name|run\.scheduled_for|last_result)\s*\}\})', '\\{{', 'g')
$$;
--> statement-breakpoint
UPDATE "tasks" SET "prompt" = jsonb_set("prompt", '{input}', to_jsonb(pg_temp.escape_prompt_braces("prompt"->>'input')))
WHERE "prompt"->>'input' LIKE '%{{%';
--> statement-breakpoint
UPDATE "task_runs" SET "task_snapshot" = jsonb_set("task_snapshot", '{prompt,input}', to_jsonb(pg_temp.escape_prompt_braces("task_snapshot"->'prompt'->>'input')))
WHERE "task_snapshot" IS NOT NULL AND "task_snapshot"->'prompt'->>'input' LIKE '%{{%';
--> statement-breakpoint
DROP FUNCTION pg_temp.escape_prompt_braces(text);
