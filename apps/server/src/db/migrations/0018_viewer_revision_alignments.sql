ALTER TABLE "viewer_alignments" ADD COLUMN "base_revision" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "viewer_alignments" ADD COLUMN "compared_revision" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "viewer_alignments" DROP CONSTRAINT "viewer_alignments_user_id_base_document_id_compared_document_id_pk";--> statement-breakpoint
ALTER TABLE "viewer_alignments" ADD CONSTRAINT "viewer_alignments_pair_pk" PRIMARY KEY("user_id","base_document_id","compared_document_id","base_revision","compared_revision");
