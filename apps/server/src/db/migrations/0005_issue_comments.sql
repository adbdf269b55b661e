CREATE TABLE "issue_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"message" text NOT NULL,
	"visibility" text NOT NULL,
	"group_id" integer,
	"mentioned_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"edited_at" timestamp with time zone,
	"edited_by_user_id" integer,
	"visibility_updated_at" timestamp with time zone,
	"visibility_updated_by_user_id" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "issue_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"comment_id" integer,
	"history_id" integer,
	"is_mention" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issue_history" ADD COLUMN "comment_id" integer;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "mentioned_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_group_id_project_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."project_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_edited_by_user_id_users_id_fk" FOREIGN KEY ("edited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_visibility_updated_by_user_id_users_id_fk" FOREIGN KEY ("visibility_updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_notifications" ADD CONSTRAINT "issue_notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_notifications" ADD CONSTRAINT "issue_notifications_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_notifications" ADD CONSTRAINT "issue_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_notifications" ADD CONSTRAINT "issue_notifications_comment_id_issue_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."issue_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_notifications" ADD CONSTRAINT "issue_notifications_history_id_issue_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."issue_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_comments_issue_idx" ON "issue_comments" USING btree ("issue_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_comments_project_idx" ON "issue_comments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_notifications_user_project_idx" ON "issue_notifications" USING btree ("user_id","project_id","issue_id");--> statement-breakpoint
CREATE INDEX "issue_notifications_issue_idx" ON "issue_notifications" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "issue_notifications_comment_idx" ON "issue_notifications" USING btree ("comment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_notifications_user_comment_key" ON "issue_notifications" USING btree ("user_id","comment_id") WHERE "issue_notifications"."comment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "issue_notifications_user_history_key" ON "issue_notifications" USING btree ("user_id","history_id") WHERE "issue_notifications"."history_id" is not null;--> statement-breakpoint
CREATE INDEX "issue_history_comment_idx" ON "issue_history" USING btree ("comment_id");