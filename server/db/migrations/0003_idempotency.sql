ALTER TABLE "files" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "files_user_idempotency_idx" ON "files" USING btree ("user_id","idempotency_key");