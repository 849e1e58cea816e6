DROP INDEX "webcontact_list_idx";--> statement-breakpoint
CREATE INDEX "webcontact_list_idx" ON "webcontact" USING btree ("lang","status","id");