-- Search indexes are written through, not queued (docs/decisions/011-search.md).
-- A GIN index's "fast update" pending list holds up to 4 MB of new entries that every search
-- scans in full until a vacuum merges them: after 100 000 uploads a one-word search read the
-- list on each call and took 20 ms instead of 1.5 ms. Kaleido reads far more than it writes,
-- so each insert pays its index entries at once (a few dozen per file) and searches stay fast.
ALTER INDEX "files_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "files_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "folders_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "folders_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_username_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_names_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
-- What is already queued moves into the index proper now.
SELECT gin_clean_pending_list(c.oid) FROM pg_class c
  WHERE c.relname IN ('files_search_idx', 'files_name_trgm_idx', 'folders_search_idx', 'folders_name_trgm_idx', 'users_username_trgm_idx', 'users_names_trgm_idx');
