CREATE TABLE "content_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"editor" text NOT NULL,
	"action" text NOT NULL,
	"doc" text,
	"version" integer,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "content_drafts" (
	"doc" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"base_version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doc" text NOT NULL,
	"version" integer NOT NULL,
	"value" jsonb NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"restored_from" integer,
	"cancelled" boolean DEFAULT false NOT NULL,
	"request_key" text
);
--> statement-breakpoint
CREATE TABLE "editor_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"browser_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "editor_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "photo_files" (
	"photo_key" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "photo_files_photo_key_width_format_pk" PRIMARY KEY("photo_key","width","format")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"key" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_files" ADD CONSTRAINT "photo_files_photo_key_photos_key_fk" FOREIGN KEY ("photo_key") REFERENCES "public"."photos"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_audit_at_idx" ON "content_audit" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_doc_version_idx" ON "content_versions" USING btree ("doc","version");--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_request_key_idx" ON "content_versions" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "editor_sessions_email_idx" ON "editor_sessions" USING btree ("email");