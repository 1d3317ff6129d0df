CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"device_name" text NOT NULL,
	"job_name" text NOT NULL,
	"method" text DEFAULT 'Email' NOT NULL,
	"backup_type" text DEFAULT 'Backup' NOT NULL,
	"state" text DEFAULT 'Inactive' NOT NULL,
	"sender_address" text,
	"client_tag" text,
	"vendor_client_id" text,
	"company_id" integer,
	"last_email_at" timestamp with time zone,
	"last_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banned_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'smtp' NOT NULL,
	"email" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banned_emails_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"source" text NOT NULL,
	"mailbox_id" integer,
	"envelope_from" text DEFAULT '' NOT NULL,
	"recipient" text NOT NULL,
	"plus_tag" text,
	"message_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"size" integer NOT NULL,
	"blob_key" text NOT NULL,
	"state" text DEFAULT 'Waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"vendor" text,
	"reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailboxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"email" text NOT NULL,
	"host" text NOT NULL,
	"port" integer DEFAULT 993 NOT NULL,
	"secure" boolean DEFAULT true NOT NULL,
	"user_name" text NOT NULL,
	"password" text NOT NULL,
	"folder" text DEFAULT 'INBOX' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text,
	"emails_fetched" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"backup_id" integer NOT NULL,
	"email_id" bigint,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"status" integer NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"filed_at" timestamp with time zone NOT NULL,
	"result_kind" text NOT NULL,
	"storage_kind" text,
	"size_bytes" bigint,
	"duration_seconds" integer,
	"failure_text" text,
	"vendor_client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"local_part" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_aliases_local_part_unique" UNIQUE("local_part")
);
--> statement-breakpoint
CREATE TABLE "test_parsings" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'Running' NOT NULL,
	"output" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_aliases" ADD CONSTRAINT "tenant_aliases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backups_identity" ON "backups" USING btree ("tenant_id","vendor","device_name","job_name","method","backup_type");--> statement-breakpoint
CREATE INDEX "backups_tenant_state" ON "backups" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_identity" ON "emails" USING btree ("tenant_id","message_id","content_hash");--> statement-breakpoint
CREATE INDEX "emails_tenant_received" ON "emails" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE INDEX "emails_state" ON "emails" USING btree ("state","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_tenant_email" ON "mailboxes" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "results_email_ordinal" ON "results" USING btree ("email_id","ordinal");--> statement-breakpoint
CREATE INDEX "results_backup_filed" ON "results" USING btree ("backup_id","filed_at");--> statement-breakpoint
CREATE INDEX "results_tenant_filed" ON "results" USING btree ("tenant_id","filed_at");