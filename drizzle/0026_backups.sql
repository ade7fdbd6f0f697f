-- Nightly backups (issue 38, docs/decisions/0069): one row per outcome, for the admin overview's "Last backup".
CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "backups_finished_at_idx" ON "backups" USING btree ("finished_at");