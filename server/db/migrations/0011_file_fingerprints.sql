CREATE TABLE "file_fingerprints" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"phash" text NOT NULL,
	"embedding" "bytea",
	"duplicate_of" integer
);
--> statement-breakpoint
ALTER TABLE "file_fingerprints" ADD CONSTRAINT "file_fingerprints_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_fingerprints" ADD CONSTRAINT "file_fingerprints_duplicate_of_files_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;