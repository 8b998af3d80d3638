ALTER TABLE "files" ADD COLUMN "recognized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "recognized_tags" text[];--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "recognition_claimed_at" timestamp with time zone;