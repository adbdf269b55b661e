CREATE TABLE "viewer_alignments" (
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"base_document_id" integer NOT NULL,
	"compared_document_id" integer NOT NULL,
	"scale" double precision NOT NULL,
	"rotation" double precision NOT NULL,
	"translate_x" double precision NOT NULL,
	"translate_y" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewer_alignments_user_id_base_document_id_compared_document_id_pk" PRIMARY KEY("user_id","base_document_id","compared_document_id")
);
--> statement-breakpoint
ALTER TABLE "viewer_alignments" ADD CONSTRAINT "viewer_alignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_alignments" ADD CONSTRAINT "viewer_alignments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_alignments" ADD CONSTRAINT "viewer_alignments_base_document_id_drive_documents_id_fk" FOREIGN KEY ("base_document_id") REFERENCES "public"."drive_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_alignments" ADD CONSTRAINT "viewer_alignments_compared_document_id_drive_documents_id_fk" FOREIGN KEY ("compared_document_id") REFERENCES "public"."drive_documents"("id") ON DELETE cascade ON UPDATE no action;