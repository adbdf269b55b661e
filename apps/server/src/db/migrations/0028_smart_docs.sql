CREATE TABLE "ai_company_usage" (
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_company_usage_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "smart_docs_files" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_docs_passages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_docs_passages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL,
	"page_number" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"text" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, immutable_unaccent(lower("text")))) STORED NOT NULL,
	"embedding" real[]
);
--> statement-breakpoint
ALTER TABLE "ai_company_usage" ADD CONSTRAINT "ai_company_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_docs_files" ADD CONSTRAINT "smart_docs_files_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_docs_passages" ADD CONSTRAINT "smart_docs_passages_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_docs_passages_file_idx" ON "smart_docs_passages" USING btree ("file_id","ordinal");--> statement-breakpoint
CREATE INDEX "smart_docs_passages_tsv_idx" ON "smart_docs_passages" USING gin ("tsv");