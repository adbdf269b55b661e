CREATE TABLE "admin_script_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_script_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"dry_run" boolean NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb,
	"error" text,
	"source" text NOT NULL,
	"requested_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_script_runs" ADD CONSTRAINT "admin_script_runs_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_script_runs_created_idx" ON "admin_script_runs" USING btree ("created_at");