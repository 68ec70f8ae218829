ALTER TABLE "content_versions" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "content_versions" ADD COLUMN "base_version" integer;--> statement-breakpoint
ALTER TABLE "content_versions" ADD COLUMN "schedule_state" text;--> statement-breakpoint
ALTER TABLE "content_versions" ADD COLUMN "schedule_note" text;--> statement-breakpoint
ALTER TABLE "content_versions" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
-- Versions already waiting for their time are settled by the new rule when it comes.
UPDATE "content_versions" SET "schedule_state" = 'pending', "base_version" = "version" - 1 WHERE "publish_at" > now() AND NOT "cancelled";
