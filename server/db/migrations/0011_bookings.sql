CREATE TABLE "appointments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" bigint,
	"counsellor_id" text NOT NULL,
	"session_type" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"token_hash" text,
	"source" text DEFAULT 'site' NOT NULL,
	"payment_reference" text,
	"attendance" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counsellor_busy_times" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"counsellor_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counsellor_settings" (
	"counsellor_id" text PRIMARY KEY NOT NULL,
	"weekly_hours" jsonb,
	"buffer_minutes" integer,
	"notice_minutes" integer,
	"horizon_days" integer,
	"feed_secret_hash" text,
	"busy_feed_url" text,
	"busy_feed_checked_at" timestamp with time zone,
	"busy_feed_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counsellor_time_off" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"counsellor_id" text NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_counsellor_starts_idx" ON "appointments" USING btree ("counsellor_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_starts_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_token_idx" ON "appointments" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "appointments_submission_idx" ON "appointments" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "counsellor_busy_times_idx" ON "counsellor_busy_times" USING btree ("counsellor_id","starts_at");--> statement-breakpoint
CREATE INDEX "counsellor_time_off_idx" ON "counsellor_time_off" USING btree ("counsellor_id","to_date");