-- Planning a search's spelling match cost more than running it (docs/decisions/011-search.md,
-- "Planning"). pg_trgm's `<%`, `%` and LIKE estimate how many rows match by running the operator
-- over the column's histogram: 100 entries per spelling, per copy of the condition in the
-- statement, each time the planner weighs a path. A typo's first page (seven spellings, three
-- copies) took 16 ms to plan and 11 ms to run. With a statistics target of 10 the histogram holds
-- 11 entries, weighed against pg_trgm's fixed estimate; the plan stays the trigram index and
-- planning falls to 4 ms. Names are near-unique: their histograms told the planner little anyway.
ALTER TABLE "files" ALTER COLUMN "name" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "folders" ALTER COLUMN "name" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username" SET STATISTICS 10;--> statement-breakpoint
ALTER INDEX "users_names_trgm_idx" ALTER COLUMN 1 SET STATISTICS 10;--> statement-breakpoint
ANALYZE "files" ("name");--> statement-breakpoint
ANALYZE "folders" ("name");--> statement-breakpoint
ANALYZE "users";
