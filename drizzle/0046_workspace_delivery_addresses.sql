-- Delivery addresses belong to workspaces (ADR 0142). Each sender's rows move to their personal workspace, and the
-- confirmed and unsubscribed ones are copied into every team workspace where that sender has tasks mailing the address,
-- so nobody is asked to confirm again and nobody who said no hears from a team again. Pending ones are not copied:
-- saving or running a team task asks them there.
ALTER TABLE "delivery_addresses" DROP CONSTRAINT "delivery_addresses_user_email_unique";--> statement-breakpoint
ALTER TABLE "delivery_addresses" DROP CONSTRAINT "delivery_addresses_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD COLUMN "requested_by" text;--> statement-breakpoint
UPDATE "delivery_addresses" d SET "workspace_id" = w."id", "requested_by" = d."user_id"
FROM "workspaces" w WHERE w."personal_user_id" = d."user_id";--> statement-breakpoint
DELETE FROM "delivery_addresses" WHERE "workspace_id" IS NULL;--> statement-breakpoint
-- A task's e-mail addresses as the code reads them (destinationsOfTask): its destinations, or its one method and
-- settings when the list is empty. When two senders of one team disagree about an address, unsubscribed wins.
INSERT INTO "delivery_addresses" ("user_id", "workspace_id", "email", "status", "requested_by", "requested_at", "confirmed_at", "unsubscribed_at")
SELECT DISTINCT ON (t."workspace_id", d."email")
  d."user_id", t."workspace_id", d."email", d."status", d."user_id", d."requested_at", d."confirmed_at", d."unsubscribed_at"
FROM "delivery_addresses" d
JOIN "tasks" t ON t."user_id" = d."user_id"
JOIN "workspaces" w ON w."id" = t."workspace_id" AND w."personal_user_id" IS NULL
WHERE d."status" IN ('confirmed', 'unsubscribed')
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements(
      CASE WHEN jsonb_array_length(t."destinations") > 0 THEN t."destinations"
        ELSE jsonb_build_array(jsonb_build_object('method', t."delivery_method", 'config', t."delivery_config")) END
    ) destination
    WHERE destination->>'method' = 'email' AND lower(trim(destination->'config'->>'email')) = d."email"
  )
ORDER BY t."workspace_id", d."email", d."status" = 'unsubscribed' DESC, d."confirmed_at" DESC NULLS LAST;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ALTER COLUMN "workspace_id" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_addresses_requested_by_idx" ON "delivery_addresses" USING btree ("requested_by","requested_at");--> statement-breakpoint
ALTER TABLE "delivery_addresses" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_workspace_email_unique" UNIQUE("workspace_id","email");
