CREATE TABLE "crm_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"crm_type" smallint NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secrets" text NOT NULL,
	"is_valid" boolean DEFAULT false NOT NULL,
	"validated_at" timestamp with time zone,
	"last_error" text,
	"filters" jsonb,
	"filter_properties" jsonb,
	"last_sync_at" timestamp with time zone,
	"last_sync_status" text,
	"ticket_profile_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_operations" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"params" jsonb,
	"data" jsonb,
	"message" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crm_responses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_backups" (
	"ticket_id" integer NOT NULL,
	"backup_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlinked_at" timestamp with time zone,
	CONSTRAINT "ticket_backups_ticket_id_backup_id_pk" PRIMARY KEY("ticket_id","backup_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_evaluations" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"dirty" boolean DEFAULT true NOT NULL,
	"evaluated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"action" text NOT NULL,
	"dedupe" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"group_by" smallint NOT NULL,
	"custom_subject" text,
	"custom_description" text,
	"settings" jsonb NOT NULL,
	"crm_integration_id" integer,
	"email_settings_id" integer,
	"webhook_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"statuses" jsonb NOT NULL,
	"consecutive_days" integer DEFAULT 1 NOT NULL,
	"use_failure_threshold" boolean DEFAULT false NOT NULL,
	"scope" jsonb NOT NULL,
	"auto_close" boolean DEFAULT true NOT NULL,
	"close_note" text,
	"note_on_continue" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_subjects" (
	"tenant_id" integer NOT NULL,
	"group_by" smallint NOT NULL,
	"pattern" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_subjects_tenant_id_group_by_pk" PRIMARY KEY("tenant_id","group_by")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"rule_id" integer,
	"profile_id" integer,
	"kind" smallint NOT NULL,
	"group_by" smallint NOT NULL,
	"group_key" text NOT NULL,
	"group_label" text NOT NULL,
	"subject" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" smallint NOT NULL,
	"state" text DEFAULT 'Pending' NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"external_id" text,
	"external_number" text,
	"external_url" text,
	"psa_company_id" text,
	"last_noted_day" text,
	"last_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "psa_data" jsonb;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD CONSTRAINT "crm_integrations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_operations" ADD CONSTRAINT "crm_operations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_operations" ADD CONSTRAINT "crm_operations_integration_id_crm_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."crm_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_responses" ADD CONSTRAINT "crm_responses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_responses" ADD CONSTRAINT "crm_responses_integration_id_crm_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."crm_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_backups" ADD CONSTRAINT "ticket_backups_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_backups" ADD CONSTRAINT "ticket_backups_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_backups" ADD CONSTRAINT "ticket_backups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_evaluations" ADD CONSTRAINT "ticket_evaluations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_outbox" ADD CONSTRAINT "ticket_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_outbox" ADD CONSTRAINT "ticket_outbox_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_profiles" ADD CONSTRAINT "ticket_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_profiles" ADD CONSTRAINT "ticket_profiles_crm_integration_id_crm_integrations_id_fk" FOREIGN KEY ("crm_integration_id") REFERENCES "public"."crm_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_profiles" ADD CONSTRAINT "ticket_profiles_email_settings_id_email_settings_id_fk" FOREIGN KEY ("email_settings_id") REFERENCES "public"."email_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_rules" ADD CONSTRAINT "ticket_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_rules" ADD CONSTRAINT "ticket_rules_profile_id_ticket_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."ticket_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_subjects" ADD CONSTRAINT "ticket_subjects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_rule_id_ticket_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."ticket_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_profile_id_ticket_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."ticket_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_integrations_tenant" ON "crm_integrations" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "crm_operations_integration" ON "crm_operations" USING btree ("integration_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_responses_integration" ON "crm_responses" USING btree ("integration_id","id");--> statement-breakpoint
CREATE INDEX "ticket_backups_backup" ON "ticket_backups" USING btree ("backup_id");--> statement-breakpoint
CREATE INDEX "ticket_events_ticket" ON "ticket_events" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_outbox_dedupe" ON "ticket_outbox" USING btree ("ticket_id","action","dedupe");--> statement-breakpoint
CREATE INDEX "ticket_outbox_due" ON "ticket_outbox" USING btree ("next_attempt_at") WHERE state = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_profiles_tenant_name" ON "ticket_profiles" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ticket_rules_tenant" ON "ticket_rules" USING btree ("tenant_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_live_group" ON "tickets" USING btree ("tenant_id","group_key") WHERE state IN ('Pending', 'Open');--> statement-breakpoint
CREATE INDEX "tickets_tenant_state" ON "tickets" USING btree ("tenant_id","state","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_tenant_psa" ON "companies" USING btree ("tenant_id","psa_id") WHERE psa_id IS NOT NULL;