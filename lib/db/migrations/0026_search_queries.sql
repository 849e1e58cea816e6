CREATE TABLE "search_queries" (
	"day" date NOT NULL,
	"lang" varchar(2) NOT NULL,
	"query" varchar(100) NOT NULL,
	"count" integer NOT NULL,
	"results" integer NOT NULL,
	CONSTRAINT "search_queries_day_lang_query_pk" PRIMARY KEY("day","lang","query")
);
