ALTER TABLE "users" ADD COLUMN "mfa_pending_for" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;