ALTER TABLE "files" ADD COLUMN "nsfw_flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_warning" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "alt_text" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "hashtags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "files_hashtags_idx" ON "files" USING gin ("hashtags");
--> statement-breakpoint
-- Written by hand (docs/decisions/032-posting.md): the automatic flag kept apart from the author's mark.
UPDATE "files" SET "nsfw_flagged" = "is_nsfw" WHERE "is_nsfw";--> statement-breakpoint
ALTER INDEX "files_hashtags_idx" SET (fastupdate = off);--> statement-breakpoint
-- The searchable document now also holds the alt text (C) and the #hashtags (B, with the tags).
-- Self-contained (no call to the three-argument version): a restore runs with an empty search_path.
CREATE FUNCTION kaleido_file_document(name text, tags text[], description text, alt_text text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, name) || to_tsvector('simple'::regconfig, name), 'A')
    || setweight(to_tsvector('english'::regconfig, array_to_string(tags, ' ')) || to_tsvector('simple'::regconfig, array_to_string(tags, ' ')), 'B')
    || setweight(to_tsvector('english'::regconfig, description) || to_tsvector('simple'::regconfig, description), 'C')
    || setweight(to_tsvector('english'::regconfig, alt_text) || to_tsvector('simple'::regconfig, alt_text), 'C')
$$;--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "search_document";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (kaleido_file_document("name", "tags" || "hashtags", "description", coalesce("alt_text", ''))) STORED;--> statement-breakpoint
CREATE INDEX "files_search_idx" ON "files" USING gin ("search_document");--> statement-breakpoint
ALTER INDEX "files_search_idx" SET (fastupdate = off);
