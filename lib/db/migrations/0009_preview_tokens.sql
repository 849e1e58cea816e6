CREATE TABLE "preview_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"resource" varchar(64) NOT NULL,
	"row_id" integer NOT NULL,
	"lang" varchar(2) NOT NULL,
	"account_id" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "preview_tokens_expires_idx" ON "preview_tokens" USING btree ("expires_at");