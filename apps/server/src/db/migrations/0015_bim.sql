CREATE TABLE "bim_conversions" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"schema" text,
	"fragments_key" text,
	"fragments_size" bigint,
	"properties_key" text,
	"element_count" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bim_conversions" ADD CONSTRAINT "bim_conversions_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_conversions" ADD CONSTRAINT "bim_conversions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bim_conversions_project_idx" ON "bim_conversions" USING btree ("project_id","state");