ALTER TABLE "upload_history" ADD COLUMN "lossless" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "lossless" boolean DEFAULT false NOT NULL;