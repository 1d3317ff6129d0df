CREATE TABLE "backup_field_values" (
	"tenant_id" integer NOT NULL,
	"backup_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "backup_field_values_backup_id_field_id_pk" PRIMARY KEY("backup_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "backup_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_start_times" (
	"backup_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"start_time" text NOT NULL,
	"previous_time" text,
	"moved_by" integer,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_field_values" ADD CONSTRAINT "backup_field_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_field_values" ADD CONSTRAINT "backup_field_values_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_field_values" ADD CONSTRAINT "backup_field_values_field_id_backup_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."backup_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_fields" ADD CONSTRAINT "backup_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_start_times" ADD CONSTRAINT "backup_start_times_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_start_times" ADD CONSTRAINT "backup_start_times_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_start_times" ADD CONSTRAINT "backup_start_times_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_field_values_field" ON "backup_field_values" USING btree ("field_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_fields_tenant_name" ON "backup_fields" USING btree ("tenant_id",lower("name"));