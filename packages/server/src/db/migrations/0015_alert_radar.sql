CREATE TABLE "alert_analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_email_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"assessment" smallint NOT NULL,
	"assessment_confidence" double precision NOT NULL,
	"annotations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"classification" jsonb,
	"parser_version" text NOT NULL,
	"parsed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_classifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"email_uid" uuid NOT NULL,
	"email_id" bigint,
	"message_id" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"to_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"blob_key" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"flags" integer DEFAULT 0 NOT NULL,
	"feedback" smallint DEFAULT 0 NOT NULL,
	"feedback_comment" text,
	"company_id" integer,
	"ticket_id" integer,
	"training" jsonb,
	"edited_at" timestamp with time zone,
	"edited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_mailboxes" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"route_unrecognised" boolean DEFAULT false NOT NULL,
	"ticket_threshold" double precision DEFAULT 0.8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"model" jsonb NOT NULL,
	"accuracy" double precision,
	"promoted" boolean DEFAULT false NOT NULL,
	"training_examples" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_reparse_runs" (
	"instance_id" uuid NOT NULL,
	"tenant_id" integer NOT NULL,
	"alert_email_id" bigint NOT NULL,
	"runtime_status" text DEFAULT 'Pending' NOT NULL,
	"error" text,
	"analysis_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_reparse_runs_instance_id_pk" PRIMARY KEY("instance_id")
);
--> statement-breakpoint
CREATE TABLE "alert_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ner_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"ner_type" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_analyses" ADD CONSTRAINT "alert_analyses_alert_email_id_alert_emails_id_fk" FOREIGN KEY ("alert_email_id") REFERENCES "public"."alert_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_emails" ADD CONSTRAINT "alert_emails_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_emails" ADD CONSTRAINT "alert_emails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mailboxes" ADD CONSTRAINT "alert_mailboxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reparse_runs" ADD CONSTRAINT "alert_reparse_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reparse_runs" ADD CONSTRAINT "alert_reparse_runs_alert_email_id_alert_emails_id_fk" FOREIGN KEY ("alert_email_id") REFERENCES "public"."alert_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_analyses_version" ON "alert_analyses" USING btree ("alert_email_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_classifications_label" ON "alert_classifications" USING btree (lower("label"),lower("type"));--> statement-breakpoint
CREATE UNIQUE INDEX "alert_emails_uid" ON "alert_emails" USING btree ("email_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_emails_email" ON "alert_emails" USING btree ("tenant_id","email_id");--> statement-breakpoint
CREATE INDEX "alert_emails_tenant_received" ON "alert_emails" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE INDEX "alert_emails_received" ON "alert_emails" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "alert_reparse_runs_email" ON "alert_reparse_runs" USING btree ("alert_email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ner_labels_label" ON "ner_labels" USING btree (lower("label"));--> statement-breakpoint
INSERT INTO "ner_labels" ("label", "ner_type") VALUES ('Status', 0), ('Device', 1), ('Job', 1), ('Vendor', 1), ('Volume', 1), ('ErrorCode', 1), ('Size', 1), ('Time', 1), ('Company', 1);--> statement-breakpoint
INSERT INTO "alert_classifications" ("label", "type") VALUES ('Backup completed', 'backup'), ('Backup failed', 'backup'), ('Backup warning', 'backup'), ('Appliance offline', 'connectivity'), ('Back online', 'connectivity'), ('Power restored', 'hardware'), ('SMART failure', 'hardware'), ('Shutdown on low battery', 'hardware'), ('UPS battery low', 'hardware'), ('UPS on battery', 'hardware'), ('Licence capacity', 'licence'), ('Licence expiring', 'licence'), ('Quota exceeded', 'licence'), ('High load', 'other'), ('Load back to normal', 'other'), ('Scheduled task completed', 'other'), ('Scheduled task failed', 'other'), ('Updates available', 'other'), ('Certificate expiring', 'security'), ('Malware detected', 'security'), ('Disk space low', 'storage'), ('RAID degraded', 'storage'), ('Scrub finished', 'storage');--> statement-breakpoint
INSERT INTO "alert_types" ("label", "kind") VALUES ('Backup Result', 0), ('System Alert', 1);
