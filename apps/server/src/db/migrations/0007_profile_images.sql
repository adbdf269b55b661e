CREATE TABLE "profile_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profile_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"created_by_user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"upload_key" text NOT NULL,
	"storage_key" text,
	"url" text,
	"size" integer,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "profile_images" ADD CONSTRAINT "profile_images_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_images_guid_key" ON "profile_images" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_images_url_key" ON "profile_images" USING btree ("url");--> statement-breakpoint
CREATE INDEX "profile_images_cleanup_idx" ON "profile_images" USING btree ("status","expires_at");