ALTER TABLE "files" ADD COLUMN "rendition_key" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "rendition_state" text;