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
CREATE TABLE "bim_federated_model_items" (
	"federated_model_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"file_id" integer,
	"pinned" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bim_federated_model_items_federated_model_id_document_id_pk" PRIMARY KEY("federated_model_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "bim_federated_models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bim_federated_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bim_conversions" ADD CONSTRAINT "bim_conversions_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_conversions" ADD CONSTRAINT "bim_conversions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_federated_model_items" ADD CONSTRAINT "bim_federated_model_items_federated_model_id_bim_federated_models_id_fk" FOREIGN KEY ("federated_model_id") REFERENCES "public"."bim_federated_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_federated_model_items" ADD CONSTRAINT "bim_federated_model_items_document_id_drive_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."drive_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_federated_model_items" ADD CONSTRAINT "bim_federated_model_items_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_federated_models" ADD CONSTRAINT "bim_federated_models_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_federated_models" ADD CONSTRAINT "bim_federated_models_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bim_conversions_project_idx" ON "bim_conversions" USING btree ("project_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "bim_federated_models_name_key" ON "bim_federated_models" USING btree ("project_id",lower("name"));