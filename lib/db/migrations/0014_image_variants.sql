CREATE TABLE "upload_history" (
	"upload_id" varchar(36) NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"type" varchar(127) NOT NULL,
	"size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"alpha" boolean DEFAULT false NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_by" integer,
	CONSTRAINT "upload_history_upload_id_version_pk" PRIMARY KEY("upload_id","version")
);
--> statement-breakpoint
CREATE TABLE "upload_variants" (
	"upload_id" varchar(36) NOT NULL,
	"key" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_variants_upload_id_key_pk" PRIMARY KEY("upload_id","key")
);
--> statement-breakpoint
ALTER TABLE "upload_chunks" ALTER COLUMN "upload_id" SET DATA TYPE varchar(120);--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "alpha" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "focal_x" real;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "focal_y" real;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "upload_history_replaced_idx" ON "upload_history" USING btree ("replaced_at");