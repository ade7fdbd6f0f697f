CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "delivery_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "delivery_addresses_user_email_unique" UNIQUE("user_id","email")
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_addresses_email_idx" ON "delivery_addresses" USING btree ("email");--> statement-breakpoint
-- ADR 0053: addresses that existing tasks already e-mail (other than the owner's own) count as confirmed, so no
-- task that worked before this migration stops delivering. Snapshots of unfinished runs are covered by the tasks.
INSERT INTO "delivery_addresses" ("user_id", "email", "status", "confirmed_at")
SELECT DISTINCT t."user_id", lower(t."delivery_config"->>'email'), 'confirmed', now()
FROM "tasks" t JOIN "user" u ON u."id" = t."user_id"
WHERE t."delivery_method" = 'email'
  AND coalesce(t."delivery_config"->>'email', '') <> ''
  AND lower(t."delivery_config"->>'email') <> lower(u."email")
ON CONFLICT ("user_id", "email") DO NOTHING;
