CREATE TABLE "sign_in_devices" (
	"account_id" integer NOT NULL,
	"browser" varchar(100) NOT NULL,
	"address" varchar(64) NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_devices_account_id_browser_address_pk" PRIMARY KEY("account_id","browser","address")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" varchar(32) DEFAULT md5(random()::text) NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" varchar(512) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_idx" ON "sessions" USING btree ("public_id");