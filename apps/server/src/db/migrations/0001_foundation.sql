CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard_disciplines" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"abbreviation" text NOT NULL,
	CONSTRAINT "standard_disciplines_key_unique" UNIQUE("key")
);
