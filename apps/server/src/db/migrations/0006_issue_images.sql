CREATE TABLE "issue_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"created_by_user_id" integer,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content_type" text,
	"size" integer,
	"width" integer,
	"height" integer,
	"thumb_key" text,
	"thumb_width" integer,
	"thumb_height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"comment_id" integer,
	"index" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"search_title" text DEFAULT '' NOT NULL,
	"original_file_id" integer NOT NULL,
	"marked_up_file_id" integer,
	"mark_up" jsonb,
	"viewpoint" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "documents_references" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "ccode_documents_references" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "ai_assistant_logs" jsonb;--> statement-breakpoint
ALTER TABLE "issue_files" ADD CONSTRAINT "issue_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_files" ADD CONSTRAINT "issue_files_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_images" ADD CONSTRAINT "issue_images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_images" ADD CONSTRAINT "issue_images_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_images" ADD CONSTRAINT "issue_images_comment_id_issue_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."issue_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_images" ADD CONSTRAINT "issue_images_original_file_id_issue_files_id_fk" FOREIGN KEY ("original_file_id") REFERENCES "public"."issue_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_images" ADD CONSTRAINT "issue_images_marked_up_file_id_issue_files_id_fk" FOREIGN KEY ("marked_up_file_id") REFERENCES "public"."issue_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_images" ADD CONSTRAINT "issue_images_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issue_files_guid_key" ON "issue_files" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_files_storage_key_key" ON "issue_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "issue_files_cleanup_idx" ON "issue_files" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "issue_images_issue_idx" ON "issue_images" USING btree ("issue_id","comment_id","index");--> statement-breakpoint
CREATE INDEX "issue_images_comment_idx" ON "issue_images" USING btree ("comment_id","index") WHERE "issue_images"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "issue_images_project_idx" ON "issue_images" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_images_original_key" ON "issue_images" USING btree ("original_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_images_marked_up_key" ON "issue_images" USING btree ("marked_up_file_id") WHERE "issue_images"."marked_up_file_id" is not null;