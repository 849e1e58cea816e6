CREATE TABLE "content_reviews" (
	"resource" varchar(63) NOT NULL,
	"row_id" integer NOT NULL,
	"review_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	CONSTRAINT "content_reviews_resource_row_id_pk" PRIMARY KEY("resource","row_id")
);
--> statement-breakpoint
CREATE INDEX "content_reviews_due_idx" ON "content_reviews" USING btree ("review_at");