-- The admin Users list (issue 17): keyset pages by (created_at, id), and its contains-search on each field.
CREATE INDEX "user_created_at_id_idx" ON "user" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_name_trgm" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_full_name_trgm" ON "user" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm" ON "user" USING gin ("email" gin_trgm_ops);