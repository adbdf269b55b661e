CREATE TABLE "drive_bulk_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_ids" jsonb NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"error_code" text,
	"storage_key" text,
	"size" bigint,
	"file_count" integer DEFAULT 0 NOT NULL,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drive_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"area" text DEFAULT 'drive' NOT NULL,
	"name" text NOT NULL,
	"discipline_id" integer,
	"local_id" integer,
	"phase" smallint,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drive_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"extension" text NOT NULL,
	"revision_name" text NOT NULL,
	"status" text DEFAULT 'ANALYSING' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" text,
	"storage_key" text NOT NULL,
	"upload_state" text DEFAULT 'pending' NOT NULL,
	"processing_state" text DEFAULT 'pending' NOT NULL,
	"thumb_key" text,
	"company_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	"status_updated_at" timestamp with time zone,
	"visibility_updated_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_bulk_downloads" ADD CONSTRAINT "drive_bulk_downloads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_bulk_downloads" ADD CONSTRAINT "drive_bulk_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_documents" ADD CONSTRAINT "drive_documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_documents" ADD CONSTRAINT "drive_documents_discipline_id_project_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."project_disciplines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_documents" ADD CONSTRAINT "drive_documents_local_id_project_locals_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."project_locals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_documents" ADD CONSTRAINT "drive_documents_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_files" ADD CONSTRAINT "drive_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_files" ADD CONSTRAINT "drive_files_document_id_drive_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."drive_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_files" ADD CONSTRAINT "drive_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_files" ADD CONSTRAINT "drive_files_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_files" ADD CONSTRAINT "drive_files_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_bulk_downloads_expiry_idx" ON "drive_bulk_downloads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_documents_name_key" ON "drive_documents" USING btree ("project_id","area",lower("name"));--> statement-breakpoint
CREATE INDEX "drive_documents_discipline_idx" ON "drive_documents" USING btree ("project_id","discipline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_files_storage_key_key" ON "drive_files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_files_revision_key" ON "drive_files" USING btree ("document_id",lower("revision_name"));--> statement-breakpoint
CREATE INDEX "drive_files_document_idx" ON "drive_files" USING btree ("document_id","id");--> statement-breakpoint
CREATE INDEX "drive_files_project_idx" ON "drive_files" USING btree ("project_id","upload_state","uploaded_at");--> statement-breakpoint
CREATE INDEX "drive_files_cleanup_idx" ON "drive_files" USING btree ("upload_state","expires_at");