CREATE TABLE "audit_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"backup_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"result_id" bigint,
	"notes" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_days" (
	"tenant_id" integer NOT NULL,
	"backup_id" integer NOT NULL,
	"day" date NOT NULL,
	"count_success" integer DEFAULT 0 NOT NULL,
	"count_warning" integer DEFAULT 0 NOT NULL,
	"count_failure" integer DEFAULT 0 NOT NULL,
	"status" smallint NOT NULL,
	"is_scheduled" boolean NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	CONSTRAINT "backup_days_backup_id_day_pk" PRIMARY KEY("backup_id","day")
);
--> statement-breakpoint
CREATE TABLE "backup_tags" (
	"tenant_id" integer NOT NULL,
	"backup_id" integer NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "backup_tags_backup_id_tag_pk" PRIMARY KEY("backup_id","tag")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"code" text,
	"psa_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"rule" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppressed_days" (
	"tenant_id" integer NOT NULL,
	"backup_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressed_days_backup_id_day_pk" PRIMARY KEY("backup_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "schedule_id" integer;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "day_start_hour" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "status_calculation" text DEFAULT 'WarningIfMixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "treat_warning_as_success" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "failure_threshold" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "current_status" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "status_since" date;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "last_success_day" date;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "last_result_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "rolled_to" date;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "source" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "edited_by" integer;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "business_day" date;--> statement-breakpoint
ALTER TABLE "audit_actions" ADD CONSTRAINT "audit_actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_actions" ADD CONSTRAINT "audit_actions_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_actions" ADD CONSTRAINT "audit_actions_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_actions" ADD CONSTRAINT "audit_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_days" ADD CONSTRAINT "backup_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_days" ADD CONSTRAINT "backup_days_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_tags" ADD CONSTRAINT "backup_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_tags" ADD CONSTRAINT "backup_tags_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressed_days" ADD CONSTRAINT "suppressed_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressed_days" ADD CONSTRAINT "suppressed_days_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressed_days" ADD CONSTRAINT "suppressed_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_filters" ADD CONSTRAINT "user_filters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_filters" ADD CONSTRAINT "user_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_actions_day_kind" ON "audit_actions" USING btree ("backup_id","day","kind");--> statement-breakpoint
CREATE INDEX "audit_actions_tenant_day" ON "audit_actions" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "backup_days_tenant_day_status" ON "backup_days" USING btree ("tenant_id","day","status","backup_id","is_scheduled");--> statement-breakpoint
CREATE INDEX "backup_days_pending" ON "backup_days" USING btree ("closes_at") WHERE status = 5;--> statement-breakpoint
CREATE INDEX "backup_tags_tenant_tag" ON "backup_tags" USING btree ("tenant_id","tag");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_tenant_name" ON "companies" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "companies_tenant_code" ON "companies" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_tenant_name" ON "schedules" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_filters_user_name" ON "user_filters" USING btree ("user_id",lower("name"));--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_tenant_company" ON "backups" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE INDEX "results_tenant_day" ON "results" USING btree ("tenant_id","business_day");