CREATE TABLE "drive_pdf_pages" (
	"file_id" integer NOT NULL,
	"page_number" integer NOT NULL,
	"width" real NOT NULL,
	"height" real NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	CONSTRAINT "drive_pdf_pages_file_id_page_number_pk" PRIMARY KEY("file_id","page_number")
);
--> statement-breakpoint
CREATE TABLE "drive_pdf_previews" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"error" text,
	"page_count" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "drive_bulk_downloads" ADD COLUMN "area" text DEFAULT 'drive' NOT NULL;--> statement-breakpoint
ALTER TABLE "drive_pdf_pages" ADD CONSTRAINT "drive_pdf_pages_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_pdf_previews" ADD CONSTRAINT "drive_pdf_previews_file_id_drive_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."drive_files"("id") ON DELETE cascade ON UPDATE no action;