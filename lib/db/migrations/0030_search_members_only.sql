ALTER TABLE "search_documents" ADD COLUMN "members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Rows for members only were indexed as not visible: the server fills the emptied index again at start-up.
DELETE FROM "search_terms";--> statement-breakpoint
DELETE FROM "search_documents";
