CREATE TABLE "itglue_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key" text NOT NULL,
	"mode" text DEFAULT 'FlexibleAsset' NOT NULL,
	"flexible_asset_type_id" integer,
	"configuration_type_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_push_at" timestamp with time zone,
	"last_push_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "itglue_organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"company_id" integer,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "itglue_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"organization_id" text NOT NULL,
	"asset_id" text,
	"configurations" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "itglue_connections" ADD CONSTRAINT "itglue_connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itglue_organizations" ADD CONSTRAINT "itglue_organizations_connection_id_itglue_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."itglue_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itglue_organizations" ADD CONSTRAINT "itglue_organizations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itglue_organizations" ADD CONSTRAINT "itglue_organizations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itglue_pushes" ADD CONSTRAINT "itglue_pushes_connection_id_itglue_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."itglue_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itglue_pushes" ADD CONSTRAINT "itglue_pushes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itglue_pushes" ADD CONSTRAINT "itglue_pushes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "itglue_connections_tenant" ON "itglue_connections" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "itglue_organizations_identity" ON "itglue_organizations" USING btree ("connection_id","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "itglue_pushes_identity" ON "itglue_pushes" USING btree ("connection_id","company_id");