ALTER TABLE "newsletter_mailings" ADD COLUMN "sent_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_mailings" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;