CREATE TABLE "file_counts" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_counts" ADD CONSTRAINT "file_counts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_counts_likes_idx" ON "file_counts" USING btree ("like_count" DESC NULLS FIRST,"file_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "file_counts_views_idx" ON "file_counts" USING btree ("view_count" DESC NULLS FIRST,"file_id" DESC NULLS FIRST);--> statement-breakpoint
-- Most liked and most viewed first (docs/decisions/011-search.md, "Index orders"): the counters
-- of `files` copied here by triggers, in the same transaction as the write that changes them, so
-- the two never disagree. Only this narrow table's three indexes are written per like or view.
-- The functions keep the migration's search path: a restore loads rows under pg_dump's empty one.
CREATE FUNCTION kaleido_file_counts_insert() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO file_counts (file_id, like_count, view_count) VALUES (NEW.id, NEW.like_count, NEW.view_count);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION kaleido_file_counts_update() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE file_counts SET like_count = NEW.like_count, view_count = NEW.view_count WHERE file_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER files_counts_insert AFTER INSERT ON files FOR EACH ROW EXECUTE FUNCTION kaleido_file_counts_insert();--> statement-breakpoint
CREATE TRIGGER files_counts_update AFTER UPDATE OF like_count, view_count ON files FOR EACH ROW
  WHEN (OLD.like_count <> NEW.like_count OR OLD.view_count <> NEW.view_count)
  EXECUTE FUNCTION kaleido_file_counts_update();--> statement-breakpoint
INSERT INTO file_counts (file_id, like_count, view_count) SELECT id, like_count, view_count FROM files;--> statement-breakpoint
ANALYZE file_counts;
