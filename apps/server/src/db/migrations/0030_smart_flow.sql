CREATE TABLE "smart_flow_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_flow_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"trigger_kind" text NOT NULL,
	"trigger" jsonb NOT NULL,
	"condition" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"cursor_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_flow_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_flow_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rule_id" integer NOT NULL,
	"cause" text NOT NULL,
	"state" text NOT NULL,
	"issue_count" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_flow_rules" ADD CONSTRAINT "smart_flow_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_flow_rules" ADD CONSTRAINT "smart_flow_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_flow_runs" ADD CONSTRAINT "smart_flow_runs_rule_id_smart_flow_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."smart_flow_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_flow_rules_user_idx" ON "smart_flow_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "smart_flow_rules_project_kind_idx" ON "smart_flow_rules" USING btree ("project_id","trigger_kind");--> statement-breakpoint
CREATE INDEX "smart_flow_runs_rule_idx" ON "smart_flow_runs" USING btree ("rule_id","started_at");