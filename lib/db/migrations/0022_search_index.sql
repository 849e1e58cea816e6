CREATE TABLE "search_documents" (
	"resource" varchar(63) NOT NULL,
	"row_id" integer NOT NULL,
	"lang" varchar(2) NOT NULL,
	"part" varchar(40) DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"date" timestamp with time zone,
	"is_visible" boolean NOT NULL,
	"publish_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	CONSTRAINT "search_documents_resource_row_id_pk" PRIMARY KEY("resource","row_id")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" varchar(64) NOT NULL,
	"resource" varchar(63) NOT NULL,
	"row_id" integer NOT NULL,
	"weight" real NOT NULL,
	CONSTRAINT "search_terms_term_resource_row_id_pk" PRIMARY KEY("term","resource","row_id")
);
--> statement-breakpoint
CREATE INDEX "search_documents_lang_idx" ON "search_documents" USING btree ("lang","title");--> statement-breakpoint
CREATE INDEX "search_terms_row_idx" ON "search_terms" USING btree ("resource","row_id");