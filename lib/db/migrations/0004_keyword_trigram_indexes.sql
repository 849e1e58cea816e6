-- Trigram indexes for the keyword searches of webrule/search and webbilingual/search
-- (lib/content/search.ts): `ILIKE '%term%'` can use them when the term has three characters or
-- more, Chinese included. pg_trgm goes into one schema for the whole database (public) unless it is
-- there already; the indexes name its operator class with that schema, so they work whatever the
-- search_path (the tests run each file in a private schema). Where pg_trgm cannot be had (a
-- PostgreSQL without its contrib package; PGlite inside jest's module sandbox, which cannot load
-- extension bundles) the indexes are left out: searches give the same results, scanning.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE EXTENSION pg_trgm SCHEMA public;
  END IF;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): keyword searches will scan', SQLERRM;
END
$$;
--> statement-breakpoint
-- Rich text as a reader sees it: tags removed, then the three entities the sanitiser writes decoded
-- (&amp; last, so "&amp;lt;" stays "&lt;"). Only the index uses it; search.ts matches with it.
CREATE FUNCTION "rich_text_plain"(html text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN replace(replace(replace(regexp_replace(html, '<[^>]*>', '', 'g'), '&lt;', '<'), '&gt;', '>'), '&amp;', '&');
--> statement-breakpoint
DO $$
DECLARE
  ops text := (SELECT format('%I.gin_trgm_ops', n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
BEGIN
  IF ops IS NULL THEN
    RETURN;
  END IF;
  EXECUTE format('CREATE INDEX "webrule_title_trgm_idx" ON "webrule" USING gin ("title" %s)', ops);
  EXECUTE format('CREATE INDEX "webrule_content_trgm_idx" ON "webrule" USING gin ("rich_text_plain"("content") %s)', ops);
  EXECUTE format('CREATE INDEX "webbilingual_term_tw_trgm_idx" ON "webbilingual" USING gin ("term_tw" %s)', ops);
  EXECUTE format('CREATE INDEX "webbilingual_term_en_trgm_idx" ON "webbilingual" USING gin ("term_en" %s)', ops);
  EXECUTE format('CREATE INDEX "webbilingual_description_trgm_idx" ON "webbilingual" USING gin ("description" %s)', ops);
END
$$;
