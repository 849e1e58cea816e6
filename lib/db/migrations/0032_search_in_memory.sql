CREATE TABLE "search_removals" (
	"resource" varchar(63) NOT NULL,
	"row_id" integer NOT NULL,
	"generation" bigint NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "generation" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_removals_generation_idx" ON "search_removals" USING btree ("resource","generation");--> statement-breakpoint
CREATE INDEX "search_documents_generation_idx" ON "search_documents" USING btree ("resource","generation");--> statement-breakpoint
-- The planner's statistics of the new column, so that catching up reads its index from the start.
ANALYZE "search_documents";
