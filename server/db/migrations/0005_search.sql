CREATE TABLE "follows" (
	"follower_id" integer NOT NULL,
	"following_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_following_id_pk" PRIMARY KEY("follower_id","following_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."following_id")
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_following_id_users_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_following_idx" ON "follows" USING btree ("following_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Search (docs/decisions/010-search.md). Written by hand: drizzle-kit cannot describe these.
-- pg_trgm ships in PostgreSQL's contrib and in @electric-sql/pglite/contrib (loaded by server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- A file's searchable document: name (A) > tags (B) > description (C), each both stemmed
-- ('english': "cats" finds "cat") and as written ('simple': so a prefix of any word matches,
-- even where the stem is shorter than what the member typed: "beautif" finds "beautiful").
-- IMMUTABLE so it can be a stored generated column: computed once per write, so the index
-- recheck, the filter and ts_rank read it instead of parsing the text again for every row.
CREATE FUNCTION kaleido_file_document(name text, tags text[], description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, name) || to_tsvector('simple'::regconfig, name), 'A')
    || setweight(to_tsvector('english'::regconfig, array_to_string(tags, ' ')) || to_tsvector('simple'::regconfig, array_to_string(tags, ' ')), 'B')
    || setweight(to_tsvector('english'::regconfig, description) || to_tsvector('simple'::regconfig, description), 'C')
$$;--> statement-breakpoint
CREATE FUNCTION kaleido_folder_document(name text, description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, name) || to_tsvector('simple'::regconfig, name), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(description, '')) || to_tsvector('simple'::regconfig, coalesce(description, '')), 'C')
$$;--> statement-breakpoint
-- What a member search reads: username, first and last name, lower-cased, in one string.
CREATE FUNCTION kaleido_user_names(username text, first_name text, last_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(username || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))
$$;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (kaleido_file_document("name", "tags", "description")) STORED;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (kaleido_folder_document("name", "description")) STORED;--> statement-breakpoint
CREATE INDEX "files_search_idx" ON "files" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "files" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "folders_search_idx" ON "folders" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "folders_name_trgm_idx" ON "folders" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_names_trgm_idx" ON "users" USING gin (kaleido_user_names("username", "first_name", "last_name") gin_trgm_ops);
--> statement-breakpoint
-- pg_trgm declares its operators as cheap as `=` (cost 1), so on a small table the planner
-- prefers reading every row and computing trigrams for each (86 ms for 10 000 members) over
-- the trigram index (7 ms). Saying what they cost fixes the plan. Best effort: a database role
-- that does not own the extension keeps the default costs and still answers correctly.
DO $$
BEGIN
  ALTER FUNCTION similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm operator costs left at their defaults';
END $$;
