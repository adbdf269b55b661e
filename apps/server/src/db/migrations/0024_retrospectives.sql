CREATE TABLE "retrospective_runs" (
	"year" integer PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"people" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_retrospectives" (
	"year" integer NOT NULL,
	"user_id" integer NOT NULL,
	"issues_created" integer NOT NULL,
	"issues_resolved" integer NOT NULL,
	"projects" integer NOT NULL,
	"interactions" integer NOT NULL,
	"project_ranking" jsonb NOT NULL,
	"company_rank" integer,
	"company_people" integer,
	"overall_rank" integer NOT NULL,
	"overall_people" integer NOT NULL,
	CONSTRAINT "user_retrospectives_year_user_id_pk" PRIMARY KEY("year","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_retrospectives" ADD CONSTRAINT "user_retrospectives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_retrospectives_user_idx" ON "user_retrospectives" USING btree ("user_id");