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
ALTER TABLE "uploads" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;