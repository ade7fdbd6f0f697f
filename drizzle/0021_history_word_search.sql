-- History word search (docs/decisions/0048): the words of each run's result and error in a generated tsvector with a
-- GIN index, replacing the trigram index of migration 0004 (nothing else searched results by substring). pg_trgm
-- stays: the task and user lists' searches use it. Adding a stored column rewrites task_runs once.
DROP INDEX "task_runs_text_trgm";--> statement-breakpoint
ALTER TABLE "task_runs" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (case when result is null and error is null then null else to_tsvector('simple'::regconfig, regexp_replace(lower((coalesce(result, '') || ' ' || coalesce(error, '')) collate "und-x-icu"), '[^[:alnum:]]+', ' ', 'g')) end) STORED;--> statement-breakpoint
CREATE INDEX "task_runs_search_words" ON "task_runs" USING gin ("search_words") WHERE "task_runs"."search_words" is not null;
