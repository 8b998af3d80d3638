-- Room on every page for a row's next version (docs/decisions/011-search.md, "Room on the page").
-- A like, a comment or a batch of views rewrites a file's row to change its counters, a follow a
-- member's row, a file added to a folder the folder's row. With no room on the row's page
-- PostgreSQL writes the new version elsewhere and adds it to every index of the table, the GIN
-- indexes of search included: half a millisecond a row of `files`. With room, and no indexed
-- column changed, the new version stays on its page and no index is touched. Pages written before
-- keep their rows until they are next rewritten; new and rewritten pages keep the room.
ALTER TABLE "files" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "users" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "folders" SET (fillfactor = 85);
