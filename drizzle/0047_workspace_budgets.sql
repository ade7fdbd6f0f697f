-- The monthly budget over all runs belongs to the workspace (ADR 0141): each account's budget moves to its personal
-- workspace, whose runs are the ones it covered, so nobody's budget changes; a team workspace starts without one.
ALTER TABLE "workspaces" ADD COLUMN "budget_unit" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "budget_amount" numeric(14, 4);--> statement-breakpoint
UPDATE "workspaces" w SET "budget_unit" = s."budget_unit", "budget_amount" = s."budget_amount" FROM "user_settings" s WHERE w."personal_user_id" = s."user_id" AND s."budget_unit" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_budget_whole" CHECK (num_nulls("workspaces"."budget_unit", "workspaces"."budget_amount") in (0, 2));--> statement-breakpoint
ALTER TABLE "user_settings" DROP CONSTRAINT "user_settings_budget_whole";--> statement-breakpoint
ALTER TABLE "user_settings" DROP COLUMN "budget_unit";--> statement-breakpoint
ALTER TABLE "user_settings" DROP COLUMN "budget_amount";--> statement-breakpoint
-- This month's notices stay told: a task's goes to its task's workspace, an account's (and a deleted task's) to the
-- account's personal workspace, where `account` becomes `workspace`.
ALTER TABLE "budget_notices" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "budget_notices" n SET "workspace_id" = coalesce(
  (SELECT t."workspace_id" FROM "tasks" t WHERE t."id"::text = n."scope"),
  (SELECT w."id" FROM "workspaces" w WHERE w."personal_user_id" = n."user_id"));--> statement-breakpoint
UPDATE "budget_notices" SET "scope" = 'workspace' WHERE "scope" = 'account';--> statement-breakpoint
DELETE FROM "budget_notices" WHERE "workspace_id" IS NULL;--> statement-breakpoint
ALTER TABLE "budget_notices" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_notices" DROP CONSTRAINT "budget_notices_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "budget_notices" DROP CONSTRAINT "budget_notices_user_id_scope_month_pk";--> statement-breakpoint
ALTER TABLE "budget_notices" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "budget_notices" ADD CONSTRAINT "budget_notices_workspace_id_scope_month_pk" PRIMARY KEY("workspace_id","scope","month");--> statement-breakpoint
ALTER TABLE "budget_notices" ADD CONSTRAINT "budget_notices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
