ALTER TABLE "search_terms" DROP CONSTRAINT "search_terms_term_resource_row_id_pk";--> statement-breakpoint
ALTER TABLE "search_terms" ALTER COLUMN "term" SET DATA TYPE varchar(64) COLLATE "C";--> statement-breakpoint
CREATE INDEX "search_terms_term_idx" ON "search_terms" USING btree ("term","resource","row_id","weight");