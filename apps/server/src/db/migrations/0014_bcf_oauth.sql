CREATE TABLE "bcf_oauth_records" (
	"model" text NOT NULL,
	"id_hash" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "bcf_oauth_records_model_id_hash_pk" PRIMARY KEY("model","id_hash")
);
--> statement-breakpoint
CREATE INDEX "bcf_oauth_records_grant_idx" ON "bcf_oauth_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "bcf_oauth_records_uid_idx" ON "bcf_oauth_records" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "bcf_oauth_records_expires_idx" ON "bcf_oauth_records" USING btree ("expires_at");