CREATE TABLE "intake_nodes" (
	"node" text PRIMARY KEY NOT NULL,
	"spooled" integer DEFAULT 0 NOT NULL,
	"spooled_bytes" bigint DEFAULT 0 NOT NULL,
	"oldest_spooled_at" timestamp with time zone,
	"set_aside" integer DEFAULT 0 NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
