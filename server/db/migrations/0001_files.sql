CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_likes" (
	"file_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_likes_file_id_user_id_pk" PRIMARY KEY("file_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "file_views" (
	"file_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"original_name" text NOT NULL,
	"file_type" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"key_base" text NOT NULL,
	"storage_key" text NOT NULL,
	"compressed_key" text,
	"compressed_size" integer,
	"webp_key" text,
	"webp_size" integer,
	"thumbnail_key" text,
	"thumbnail_size" integer,
	"poster_key" text,
	"preview_key" text,
	"width" integer,
	"height" integer,
	"duration_seconds" real,
	"placeholder" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"is_nsfw" boolean DEFAULT false NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_likes" ADD CONSTRAINT "file_likes_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_likes" ADD CONSTRAINT "file_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_views" ADD CONSTRAINT "file_views_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_views" ADD CONSTRAINT "file_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_file_idx" ON "comments" USING btree ("file_id","id");--> statement-breakpoint
CREATE INDEX "file_likes_user_idx" ON "file_likes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_views_once_idx" ON "file_views" USING btree ("file_id","user_id","hour");--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_base_idx" ON "files" USING btree ("key_base");--> statement-breakpoint
CREATE INDEX "files_public_id_idx" ON "files" USING btree ("id" DESC NULLS LAST) WHERE "files"."is_public";--> statement-breakpoint
CREATE INDEX "files_user_id_idx" ON "files" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_tags_idx" ON "files" USING gin ("tags");