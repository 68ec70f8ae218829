-- Drafts are kept per editor (issue 29, item 8): a document may have one draft per editor.
ALTER TABLE "content_drafts" DROP CONSTRAINT "content_drafts_pkey";--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_doc_updated_by_pk" PRIMARY KEY("doc","updated_by");
