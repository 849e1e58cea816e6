CREATE TABLE "content_generations" (
	"resource" varchar(63) PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL
);
--> statement-breakpoint
-- Generations come from one sequence, which backups neither save nor restore, so a value is never
-- handed out twice: a read cache can never match an entry made before a write.
CREATE SEQUENCE "content_generation_seq";
--> statement-breakpoint
-- Every insert into content_generations becomes "this resource changed": the row of an existing
-- resource takes the next value and the insert is dropped. A restore's rows (a backup holds the
-- table) therefore never clash with the rows its own writes created, nor bring old values back.
CREATE FUNCTION "content_generation_upsert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_value bigint := nextval(format('%I.content_generation_seq', TG_TABLE_SCHEMA)::regclass);
  updated integer;
BEGIN
  EXECUTE format('UPDATE %I.content_generations SET generation = $1 WHERE resource = $2', TG_TABLE_SCHEMA)
    USING next_value, NEW.resource;
  GET DIAGNOSTICS updated = ROW_COUNT;
  IF updated > 0 THEN
    RETURN NULL;
  END IF;
  NEW.generation := next_value;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "content_generations_upsert" BEFORE INSERT ON "content_generations"
  FOR EACH ROW EXECUTE FUNCTION "content_generation_upsert"();
--> statement-breakpoint
-- Fired once per statement that writes a content table, in the writer's transaction: the new
-- generation commits (and becomes visible to other app servers) together with the rows.
CREATE FUNCTION "content_generation_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO %I.content_generations (resource, generation) VALUES ($1, 0) ON CONFLICT (resource) DO UPDATE SET generation = nextval(%L::regclass)',
    TG_TABLE_SCHEMA, format('%I.content_generation_seq', TG_TABLE_SCHEMA))
    USING TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "account_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "account"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webnews_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webnews"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webbulletintype_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webbulletintype"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webbulletin_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webbulletin"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webactivitytype_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webactivitytype"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webactivity_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webactivity"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webqa_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webqa"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webmemberdept_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webmemberdept"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "websupervisor_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "websupervisor"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webcommittee_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webcommittee"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webmemorabilia_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webmemorabilia"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webvision_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webvision"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webdisciplinetype_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webdisciplinetype"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webdiscipline_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webdiscipline"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webruleclass_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webruleclass"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webrulebusiness_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webrulebusiness"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webruleattribute_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webruleattribute"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webrule_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webrule"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webeducation_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webeducation"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webstatics_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webstatics"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webbilingual_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webbilingual"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "weblinktype_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "weblinktype"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "weblink_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "weblink"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webtrusttest_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webtrusttest"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "websystemunit_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "websystemunit"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "websystemunittype_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "websystemunittype"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "websystem_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "websystem"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webspecialgroup_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webspecialgroup"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webspecialgrouptype_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webspecialgrouptype"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webspecial_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webspecial"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webareainfo_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webareainfo"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webeditor_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webeditor"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
--> statement-breakpoint
CREATE TRIGGER "webcontact_generation" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webcontact"
  FOR EACH STATEMENT EXECUTE FUNCTION "content_generation_bump"();
