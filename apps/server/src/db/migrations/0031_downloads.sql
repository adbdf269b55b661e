CREATE TABLE "download_notices" (
	"user_id" integer NOT NULL,
	"download_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"project_name" text NOT NULL,
	"file_name" text,
	"ready_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "download_notices_user_id_download_id_pk" PRIMARY KEY("user_id","download_id")
);
--> statement-breakpoint
CREATE TABLE "issue_export_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"format" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"error_code" text,
	"file_name" text,
	"storage_key" text,
	"size" bigint,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "download_notices" ADD CONSTRAINT "download_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_export_jobs" ADD CONSTRAINT "issue_export_jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_export_jobs" ADD CONSTRAINT "issue_export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_notices_ready_idx" ON "download_notices" USING btree ("ready_at");--> statement-breakpoint
CREATE INDEX "issue_export_jobs_user_idx" ON "issue_export_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_export_jobs_expiry_idx" ON "issue_export_jobs" USING btree ("expires_at");