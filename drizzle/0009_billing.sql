CREATE TABLE "plan_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"feature_name" text NOT NULL,
	"limit_value" integer,
	CONSTRAINT "plan_limits_planId_featureName_unique" UNIQUE("plan_id","feature_name")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"billing_cycle" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"stripe_price_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "subscriptions_stripeSubscriptionId_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "usage_tracking" (
	"user_id" text NOT NULL,
	"feature_name" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_tracking_user_id_feature_name_period_start_pk" PRIMARY KEY("user_id","feature_name","period_start")
);
--> statement-breakpoint
ALTER TABLE "plan_limits" ADD CONSTRAINT "plan_limits_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_tracking" ADD CONSTRAINT "usage_tracking_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The plans of issue 16, with fixed ids that the server knows (db/schema/billing.ts: freePlanId, unlimitedPlanId).
INSERT INTO "subscription_plans" ("id", "name", "description", "price", "currency", "billing_cycle", "is_active", "sort_order") VALUES
	('00000000-0000-4000-8000-000000000001', 'Free', 'For trying Promptcron: a few tasks, hourly at most.', 0, 'usd', 'month', true, 0),
	('00000000-0000-4000-8000-000000000002', 'Pro', 'For daily work: more tasks and runs, schedules down to every minute.', 900, 'usd', 'month', true, 1),
	('00000000-0000-4000-8000-000000000003', 'Business', 'For teams and automations: unlimited tasks, 50,000 runs a month.', 2900, 'usd', 'month', true, 2),
	('00000000-0000-4000-8000-000000000004', 'Unlimited', 'No limits: given by an administrator, not for sale.', 0, 'usd', 'month', false, 3);
--> statement-breakpoint
INSERT INTO "plan_limits" ("plan_id", "feature_name", "limit_value") VALUES
	('00000000-0000-4000-8000-000000000001', 'active_tasks', 5),
	('00000000-0000-4000-8000-000000000001', 'monthly_runs', 300),
	('00000000-0000-4000-8000-000000000001', 'min_interval_minutes', 60),
	('00000000-0000-4000-8000-000000000002', 'active_tasks', 50),
	('00000000-0000-4000-8000-000000000002', 'monthly_runs', 5000),
	('00000000-0000-4000-8000-000000000002', 'min_interval_minutes', 1),
	('00000000-0000-4000-8000-000000000003', 'active_tasks', NULL),
	('00000000-0000-4000-8000-000000000003', 'monthly_runs', 50000),
	('00000000-0000-4000-8000-000000000003', 'min_interval_minutes', 1),
	('00000000-0000-4000-8000-000000000004', 'active_tasks', NULL),
	('00000000-0000-4000-8000-000000000004', 'monthly_runs', NULL),
	('00000000-0000-4000-8000-000000000004', 'min_interval_minutes', NULL);
--> statement-breakpoint
-- Administrators of an existing install keep using it without limits, as the first account of a new one does.
INSERT INTO "subscriptions" ("user_id", "plan_id", "status")
SELECT "id", '00000000-0000-4000-8000-000000000004', 'active' FROM "user" WHERE "role" = 'admin';
