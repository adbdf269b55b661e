CREATE TABLE "bcf_comments" (
	"comment_id" integer PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"guid" uuid NOT NULL,
	"comment" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bcf_topics" (
	"issue_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"guid" uuid NOT NULL,
	"server_assigned_id" text,
	"topic" jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bcf_comments" ADD CONSTRAINT "bcf_comments_comment_id_issue_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."issue_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bcf_comments" ADD CONSTRAINT "bcf_comments_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bcf_topics" ADD CONSTRAINT "bcf_topics_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bcf_topics" ADD CONSTRAINT "bcf_topics_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bcf_comments_issue_guid_key" ON "bcf_comments" USING btree ("issue_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "bcf_topics_project_guid_key" ON "bcf_topics" USING btree ("project_id","guid");