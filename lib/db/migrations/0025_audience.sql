ALTER TABLE "webbulletin" ADD COLUMN "audience" varchar(10) DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "webdiscipline" ADD COLUMN "audience" varchar(10) DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "webeducation" ADD COLUMN "audience" varchar(10) DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "webnews" ADD COLUMN "audience" varchar(10) DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "webrule" ADD COLUMN "audience" varchar(10) DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "webstatics" ADD COLUMN "audience" varchar(10) DEFAULT 'everyone' NOT NULL;