CREATE TABLE "tenant_parsers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"vendor" text NOT NULL,
	"sender" text DEFAULT '' NOT NULL,
	"subject_contains" text DEFAULT '' NOT NULL,
	"rule" jsonb NOT NULL,
	"samples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "parsed_status" integer;--> statement-breakpoint
ALTER TABLE "tenant_parsers" ADD CONSTRAINT "tenant_parsers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_parsers_tenant" ON "tenant_parsers" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "tenant_parsers_built_in" ON "tenant_parsers" USING btree ("built_in");