CREATE TABLE "tenant_second_factors" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"method" text DEFAULT 'authenticator' NOT NULL,
	"duo_client_id" text,
	"duo_client_secret" text,
	"duo_api_host" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_second_factors" ADD CONSTRAINT "tenant_second_factors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;