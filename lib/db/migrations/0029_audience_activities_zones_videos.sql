ALTER TABLE "webactivity" ADD COLUMN "audience" varchar(10) DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "webspecial" ADD COLUMN "audience" varchar(10) DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "webvision" ADD COLUMN "audience" varchar(10) DEFAULT 'everyone' NOT NULL;