CREATE TABLE "viewer_markups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "viewer_markups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"revision" text NOT NULL,
	"page" integer NOT NULL,
	"user_id" integer NOT NULL,
	"issue_id" integer,
	"scale" double precision NOT NULL,
	"mark_up" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_pdf_pages" ADD COLUMN "preview_key" text;--> statement-breakpoint
ALTER TABLE "drive_pdf_pages" ADD COLUMN "preview_width" integer;--> statement-breakpoint
ALTER TABLE "drive_pdf_pages" ADD COLUMN "preview_height" integer;--> statement-breakpoint
ALTER TABLE "viewer_markups" ADD CONSTRAINT "viewer_markups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_markups" ADD CONSTRAINT "viewer_markups_document_id_drive_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."drive_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_markups" ADD CONSTRAINT "viewer_markups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_markups" ADD CONSTRAINT "viewer_markups_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewer_markups_document_idx" ON "viewer_markups" USING btree ("document_id","page");--> statement-breakpoint
CREATE INDEX "viewer_markups_issue_idx" ON "viewer_markups" USING btree ("issue_id") WHERE "viewer_markups"."issue_id" is not null;--> statement-breakpoint
CREATE INDEX "viewer_markups_user_idx" ON "viewer_markups" USING btree ("user_id");