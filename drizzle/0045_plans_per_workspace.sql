-- Plans belong to workspaces (ADR 0140): an account's subscription and its month's usage move to its personal
-- workspace, so nobody's plan, limits or counts change; a team workspace starts on Free until its owners buy one.
ALTER TABLE "subscriptions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "subscriptions" s SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_user_id" = s."user_id";--> statement-breakpoint
DELETE FROM "subscriptions" WHERE "workspace_id" IS NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_tracking" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "usage_tracking" u SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_user_id" = u."user_id";--> statement-breakpoint
DELETE FROM "usage_tracking" WHERE "workspace_id" IS NULL;--> statement-breakpoint
ALTER TABLE "usage_tracking" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
DROP TRIGGER subscriptions_notify_admin_lists ON subscriptions;--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_userId_unique";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "usage_tracking" DROP CONSTRAINT "usage_tracking_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "usage_tracking" DROP CONSTRAINT "usage_tracking_user_id_feature_name_period_start_pk";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "usage_tracking" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "usage_tracking" ADD CONSTRAINT "usage_tracking_workspace_id_feature_name_period_start_pk" PRIMARY KEY("workspace_id","feature_name","period_start");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_tracking" ADD CONSTRAINT "usage_tracking_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspaceId_unique" UNIQUE("workspace_id");--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_admin_lists AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF workspace_id, plan_id, status ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_admin_lists_changed('subscriptions');
