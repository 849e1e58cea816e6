ALTER TABLE "mail_queue" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "once_key" varchar(200);--> statement-breakpoint
CREATE UNIQUE INDEX "mail_queue_once_key_idx" ON "mail_queue" USING btree ("once_key");