-- The search index's entries carry their resource's stored generation, and its removals are
-- recorded, by the database itself: whatever writes the index (this version, an older server
-- during a rolling restart, a script) keeps the servers' copies in memory exact
-- (lib/content/storage/search-memory.ts). The writer's row write has just moved the generation on
-- and holds its row until commit, so an entry written later carries a greater one.
-- SET search_path FROM CURRENT: the functions name the tables of the schema they were made in.
CREATE FUNCTION "search_document_generation"() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  NEW.generation := coalesce((SELECT generation FROM content_generations WHERE resource = NEW.resource), 0);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "search_documents_generation" BEFORE INSERT OR UPDATE ON "search_documents"
  FOR EACH ROW EXECUTE FUNCTION "search_document_generation"();
--> statement-breakpoint
CREATE FUNCTION "search_document_removed"() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO search_removals (resource, row_id, generation)
    SELECT gone.resource, gone.row_id, coalesce(c.generation, 0)
    FROM gone LEFT JOIN content_generations c ON c.resource = gone.resource;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "search_documents_removed" AFTER DELETE ON "search_documents"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "search_document_removed"();
