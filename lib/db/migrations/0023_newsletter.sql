CREATE TABLE "newsletter_mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"period" varchar(32),
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"items" jsonb NOT NULL,
	"topics" jsonb NOT NULL,
	"lang" varchar(2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"since" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"topics" jsonb NOT NULL,
	"lang" varchar(2) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"token" varchar(64) NOT NULL,
	"confirm_token_hash" varchar(64),
	"consent_at" timestamp with time zone NOT NULL,
	"consent_address" varchar(64) NOT NULL,
	"consent_form" varchar(16) NOT NULL,
	"consent_version" varchar(32) NOT NULL,
	"consent_lang" varchar(2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_mailings_period_idx" ON "newsletter_mailings" USING btree ("kind","period","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_idx" ON "newsletter_subscribers" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_idx" ON "newsletter_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","created_at");