ALTER TABLE "users" ADD COLUMN "storage_quota_bytes" bigint;--> statement-breakpoint
CREATE INDEX "files_created_at_idx" ON "files" USING btree ("created_at");