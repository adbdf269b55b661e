CREATE TABLE "integration_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"drive_file_id" integer,
	"partner_folder_id" text NOT NULL,
	"partner_file_id" text NOT NULL,
	"partner_version_id" text,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'transferring' NOT NULL,
	"error_code" text,
	"done" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integration_transfers" ADD CONSTRAINT "integration_transfers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_transfers" ADD CONSTRAINT "integration_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_transfers" ADD CONSTRAINT "integration_transfers_drive_file_id_drive_files_id_fk" FOREIGN KEY ("drive_file_id") REFERENCES "public"."drive_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_transfers_user_idx" ON "integration_transfers" USING btree ("user_id","project_id","created_at");