CREATE TABLE "issue_disciplines" (
	"issue_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"status" text NOT NULL,
	"deadline" date,
	"done_at" timestamp with time zone,
	CONSTRAINT "issue_disciplines_issue_id_discipline_id_pk" PRIMARY KEY("issue_id","discipline_id")
);
--> statement-breakpoint
CREATE TABLE "issue_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"issue_id" integer NOT NULL,
	"entity_type" text NOT NULL,
	"fields" jsonb NOT NULL,
	"issue_visibility" text NOT NULL,
	"comment_visibility" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_labels" (
	"issue_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "issue_labels_issue_id_label_id_pk" PRIMARY KEY("issue_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "issue_locals" (
	"issue_id" integer NOT NULL,
	"local_id" integer NOT NULL,
	CONSTRAINT "issue_locals_issue_id_local_id_pk" PRIMARY KEY("issue_id","local_id")
);
--> statement-breakpoint
CREATE TABLE "issue_user_states" (
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"starred" boolean DEFAULT false NOT NULL,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "issue_user_states_issue_id_user_id_pk" PRIMARY KEY("issue_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"visibility" text NOT NULL,
	"category_id" integer,
	"creation_phase" integer,
	"resolution_phase" integer,
	"deadline" date,
	"group_id" integer,
	"pin" jsonb,
	"viewpoints" jsonb,
	"bim_pins" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"edited_at" timestamp with time zone,
	"edited_by_user_id" integer,
	"visibility_updated_at" timestamp with time zone,
	"visibility_updated_by_user_id" integer,
	"status_updated_at" timestamp with time zone,
	"status_updated_by_user_id" integer,
	"to_project_management_at" timestamp with time zone,
	"to_project_management_by_user_id" integer,
	"to_public_at" timestamp with time zone,
	"to_public_by_user_id" integer,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issue_disciplines" ADD CONSTRAINT "issue_disciplines_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_disciplines" ADD CONSTRAINT "issue_disciplines_discipline_id_project_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."project_disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_history" ADD CONSTRAINT "issue_history_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_history" ADD CONSTRAINT "issue_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_labels" ADD CONSTRAINT "issue_labels_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_labels" ADD CONSTRAINT "issue_labels_label_id_project_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."project_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_locals" ADD CONSTRAINT "issue_locals_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_locals" ADD CONSTRAINT "issue_locals_local_id_project_locals_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."project_locals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_user_states" ADD CONSTRAINT "issue_user_states_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_user_states" ADD CONSTRAINT "issue_user_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_group_id_project_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."project_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_edited_by_user_id_users_id_fk" FOREIGN KEY ("edited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_visibility_updated_by_user_id_users_id_fk" FOREIGN KEY ("visibility_updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_status_updated_by_user_id_users_id_fk" FOREIGN KEY ("status_updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_to_project_management_by_user_id_users_id_fk" FOREIGN KEY ("to_project_management_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_to_public_by_user_id_users_id_fk" FOREIGN KEY ("to_public_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_disciplines_status_idx" ON "issue_disciplines" USING btree ("discipline_id","status");--> statement-breakpoint
CREATE INDEX "issue_history_issue_idx" ON "issue_history" USING btree ("issue_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_labels_label_idx" ON "issue_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "issue_locals_local_idx" ON "issue_locals" USING btree ("local_id");--> statement-breakpoint
CREATE INDEX "issue_user_states_user_idx" ON "issue_user_states" USING btree ("user_id","starred");--> statement-breakpoint
CREATE UNIQUE INDEX "issues_project_number_key" ON "issues" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "issues_project_status_idx" ON "issues" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "issues_project_visibility_idx" ON "issues" USING btree ("project_id","visibility","created_by_user_id");--> statement-breakpoint
CREATE INDEX "issues_group_idx" ON "issues" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "issues_project_default_sort_idx" ON "issues" USING btree ("project_id","visibility_updated_at" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issues_search_trgm_idx" ON "issues" USING gin ("search_text" gin_trgm_ops);