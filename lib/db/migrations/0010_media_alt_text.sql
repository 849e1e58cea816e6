ALTER TABLE "uploads" ADD COLUMN "alt_tw" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "alt_en" text DEFAULT '' NOT NULL;