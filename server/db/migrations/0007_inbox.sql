CREATE TABLE "site_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "submissions_created_id_idx" ON "submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_email_idx" ON "submissions" USING btree (lower("payload"->>'email'));--> statement-breakpoint
CREATE INDEX "submissions_phone_idx" ON "submissions" USING btree (regexp_replace(regexp_replace(coalesce("payload"->>'phone', ''), '[^0-9]', '', 'g'), '^234', '0'));--> statement-breakpoint
CREATE INDEX "submissions_new_idx" ON "submissions" USING btree ("kind") WHERE handled_at is null;