-- A review date is shown on the public pages of its resource (「最後檢視」 on the list pages): a write
-- to content_reviews counts as a write to the row's resource, in the writer's transaction, so every
-- app server's caches of that resource follow it (channel gonghui_changes, payload "schema.resource").
CREATE FUNCTION "content_review_generation_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed varchar(63) := COALESCE(NEW.resource, OLD.resource);
BEGIN
  EXECUTE format('INSERT INTO %I.content_generations (resource, generation) VALUES ($1, 0) ON CONFLICT (resource) DO UPDATE SET generation = nextval(%L::regclass)',
    TG_TABLE_SCHEMA, format('%I.content_generation_seq', TG_TABLE_SCHEMA))
    USING changed;
  PERFORM pg_notify('gonghui_changes', TG_TABLE_SCHEMA || '.' || changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "content_reviews_generation" AFTER INSERT OR UPDATE OR DELETE ON "content_reviews"
  FOR EACH ROW EXECUTE FUNCTION "content_review_generation_bump"();
