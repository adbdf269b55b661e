CREATE TABLE "bim_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bim_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"document_id" integer,
	"federated_model_id" integer,
	"name" text NOT NULL,
	"viewpoint" jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bim_views_one_target" CHECK (("bim_views"."document_id" is null) <> ("bim_views"."federated_model_id" is null))
);
--> statement-breakpoint
ALTER TABLE "bim_views" ADD CONSTRAINT "bim_views_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_views" ADD CONSTRAINT "bim_views_document_id_drive_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."drive_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_views" ADD CONSTRAINT "bim_views_federated_model_id_bim_federated_models_id_fk" FOREIGN KEY ("federated_model_id") REFERENCES "public"."bim_federated_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bim_views" ADD CONSTRAINT "bim_views_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bim_views_document_idx" ON "bim_views" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "bim_views_federated_idx" ON "bim_views" USING btree ("federated_model_id");