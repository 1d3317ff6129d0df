CREATE TABLE "backup_source_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"parent_external_id" text,
	"customer_id" text,
	"name" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"console_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_source_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"region" text,
	"credentials" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"interval_minutes" integer DEFAULT 15 NOT NULL,
	"cursor" text,
	"last_sync_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"health" text DEFAULT 'Pending' NOT NULL,
	"sync_status" text DEFAULT 'idle' NOT NULL,
	"sync_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "asset_id" text;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "backup_source_assets" ADD CONSTRAINT "backup_source_assets_source_id_backup_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."backup_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_source_assets" ADD CONSTRAINT "backup_source_assets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_source_customers" ADD CONSTRAINT "backup_source_customers_source_id_backup_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."backup_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_source_customers" ADD CONSTRAINT "backup_source_customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_sources" ADD CONSTRAINT "backup_sources_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_source_assets_identity" ON "backup_source_assets" USING btree ("source_id","kind","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_source_customers_identity" ON "backup_source_customers" USING btree ("source_id","external_id");--> statement-breakpoint
CREATE INDEX "backup_sources_tenant_type" ON "backup_sources" USING btree ("tenant_id","type");--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_source_id_backup_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."backup_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_source_id_backup_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."backup_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "results_backup_session" ON "results" USING btree ("backup_id","session_id") WHERE "results"."session_id" IS NOT NULL;