CREATE TABLE "sso_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"oidc_config" text,
	"saml_config" text,
	"user_id" text,
	"provider_id" text NOT NULL,
	"organization_id" text,
	"domain" text NOT NULL,
	"domain_verified" boolean DEFAULT false NOT NULL,
	"workspace_id" uuid NOT NULL,
	"default_role" text DEFAULT 'viewer' NOT NULL,
	"password_sign_in" boolean DEFAULT true NOT NULL,
	"domain_proof_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_providerId_unique" UNIQUE("provider_id"),
	CONSTRAINT "sso_providers_workspaceId_unique" UNIQUE("workspace_id")
);
--> statement-breakpoint
DROP INDEX "task_runs_user_id_started_at_id_index";--> statement-breakpoint
DROP INDEX "tasks_user_id_created_at_id_index";--> statement-breakpoint
DROP INDEX "tasks_user_id_key_idx";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "task_runs" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "updated_by" text;--> statement-breakpoint
-- Today's data goes to its owner's personal workspace (ADR 0136), which migration 0042 made for every account.
UPDATE "tasks" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_user_id" = "tasks"."user_id";--> statement-breakpoint
UPDATE "task_runs" SET "workspace_id" = "tasks"."workspace_id" FROM "tasks" WHERE "tasks"."id" = "task_runs"."task_id";--> statement-breakpoint
UPDATE "api_keys" SET "workspace_id" = "workspaces"."id" FROM "workspaces" WHERE "workspaces"."personal_user_id" = "api_keys"."user_id";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "workspace_id" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_runs" ALTER COLUMN "workspace_id" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "task_runs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "workspace_id" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
-- An insert that names no workspace means its creator's personal one, as a request that names none does; a run
-- always belongs to its task's. NOT NULL is checked after BEFORE triggers, so these fill in what the insert left out.
CREATE FUNCTION "personal_workspace_if_none"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."workspace_id" IS NULL THEN
		SELECT "id" INTO NEW."workspace_id" FROM "workspaces" WHERE "personal_user_id" = NEW."user_id";
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "task_workspace_if_none"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."workspace_id" IS NULL THEN
		SELECT "workspace_id" INTO NEW."workspace_id" FROM "tasks" WHERE "id" = NEW."task_id";
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
-- Every account has its personal workspace from the moment it exists, however it is made (sign-up, an invitation,
-- single sign-on, a script): the slug as migration 0042 and personalWorkspaceSlug make it. A slug taken by chance
-- leaves the account to createPersonalWorkspace, which numbers it.
CREATE FUNCTION "create_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "workspaces" ("name", "slug", "personal_user_id")
	VALUES ('Personal',
		coalesce(nullif(trim(both '-' from left(regexp_replace(lower(coalesce(nullif(trim(NEW."full_name"), ''), nullif(trim(NEW."name"), ''), split_part(NEW."email", '@', 1))), '[^a-z0-9]+', '-', 'g'), 48)), ''), 'workspace')
			|| '-' || substr(md5(NEW."id"), 1, 8),
		NEW."id")
	ON CONFLICT DO NOTHING;
	INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
	SELECT "id", NEW."id", 'owner', NEW."created_at" FROM "workspaces" WHERE "personal_user_id" = NEW."id"
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_personal_workspace" AFTER INSERT ON "user" FOR EACH ROW EXECUTE FUNCTION "create_personal_workspace"();--> statement-breakpoint
CREATE TRIGGER "tasks_workspace" BEFORE INSERT ON "tasks" FOR EACH ROW EXECUTE FUNCTION "personal_workspace_if_none"();--> statement-breakpoint
CREATE TRIGGER "api_keys_workspace" BEFORE INSERT ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "personal_workspace_if_none"();--> statement-breakpoint
CREATE TRIGGER "task_runs_workspace" BEFORE INSERT ON "task_runs" FOR EACH ROW EXECUTE FUNCTION "task_workspace_if_none"();--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_runs" ADD CONSTRAINT "task_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_runs_workspace_id_started_at_id_index" ON "task_runs" USING btree ("workspace_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "task_runs_user_id_idx" ON "task_runs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tasks_workspace_id_created_at_id_index" ON "tasks" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_user_id_idx" ON "tasks" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_workspace_id_key_idx" ON "tasks" USING btree ("workspace_id","key") WHERE "tasks"."key" is not null;