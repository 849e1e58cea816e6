-- Every content write also tells the other app servers, on commit, which table changed (channel
-- gonghui_changes, payload "schema.table"): they drop what they cached of it at once
-- (lib/cache/cross-server.ts). NOTIFY is delivered only if the transaction commits.
CREATE OR REPLACE FUNCTION "content_generation_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO %I.content_generations (resource, generation) VALUES ($1, 0) ON CONFLICT (resource) DO UPDATE SET generation = nextval(%L::regclass)',
    TG_TABLE_SCHEMA, format('%I.content_generation_seq', TG_TABLE_SCHEMA))
    USING TG_TABLE_NAME;
  PERFORM pg_notify('gonghui_changes', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The web settings are shown on every page: their writes count as content writes too.
CREATE TRIGGER "websetting_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "websetting"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
-- An ended session (sign-out, password change, account disabled or removed) must be refused by
-- every server at once, not when its cached check expires.
CREATE FUNCTION "sessions_ended_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sign-ins also clear expired sessions, mostly none: only a statement that ended one tells.
  IF EXISTS (SELECT 1 FROM ended) THEN
    PERFORM pg_notify('gonghui_sessions', TG_TABLE_SCHEMA);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_ended_notify"();
--> statement-breakpoint
CREATE FUNCTION "sessions_truncated_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gonghui_sessions', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_truncated_notify"();
