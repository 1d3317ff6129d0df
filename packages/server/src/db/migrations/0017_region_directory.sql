CREATE TABLE "region_directory" (
	"key" text PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
