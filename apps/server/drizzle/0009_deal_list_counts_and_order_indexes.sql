CREATE TABLE "pipeline_deal_counts" (
	"pipeline_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"deal_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "deals_close_date_idx";--> statement-breakpoint
DROP INDEX "deals_last_activity_idx";--> statement-breakpoint
DROP INDEX "deals_confidence_idx";--> statement-breakpoint
DROP INDEX "deals_amount_idx";--> statement-breakpoint
DROP INDEX "deals_name_idx";--> statement-breakpoint
DROP INDEX "deals_confidence_desc_idx";--> statement-breakpoint
ALTER TABLE "pipeline_deal_counts" ADD CONSTRAINT "pipeline_deal_counts_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_deal_counts" ADD CONSTRAINT "pipeline_deal_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_last_activity_asc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","last_activity_at","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_last_activity_desc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","last_activity_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_confidence_asc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","confidence","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_amount_asc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","amount","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_amount_desc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","amount" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_close_date_asc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","close_date","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_close_date_desc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","close_date" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_name_asc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","name","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_name_desc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","name" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_owner_activity_idx" ON "deals" USING btree ("organisation_id","pipeline_id","owner_id","last_activity_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_confidence_desc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","confidence" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The pipelines' deal counts, kept by statement triggers so that every write path (the API, the
-- demo, imports, seeds and cascades) keeps them right, one upsert per statement and pipeline.
-- Pipelines are locked in id order so that concurrent statements cannot deadlock on them.
CREATE FUNCTION "deals_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pipeline_deal_counts" ("pipeline_id", "organisation_id", "deal_count")
  SELECT "pipeline_id", "organisation_id", count(*) FROM "inserted_deals"
  GROUP BY "pipeline_id", "organisation_id" ORDER BY "pipeline_id"
  ON CONFLICT ("pipeline_id")
  DO UPDATE SET "deal_count" = "pipeline_deal_counts"."deal_count" + excluded."deal_count";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A deleted pipeline takes its count row with it (the foreign key), so deletes only decrement.
CREATE FUNCTION "deals_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "pipeline_deal_counts" AS "c" SET "deal_count" = "c"."deal_count" - "d"."removed"
  FROM (SELECT "pipeline_id", count(*) AS "removed" FROM "deleted_deals" GROUP BY "pipeline_id") AS "d"
  WHERE "c"."pipeline_id" = "d"."pipeline_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "deals_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "pipeline_deal_counts" AS "c" SET "deal_count" = "c"."deal_count" - "m"."moved"
  FROM (
    SELECT "o"."pipeline_id", count(*) AS "moved"
    FROM "old_deals" AS "o" JOIN "new_deals" AS "n" USING ("id")
    WHERE "o"."pipeline_id" <> "n"."pipeline_id" GROUP BY "o"."pipeline_id"
  ) AS "m"
  WHERE "c"."pipeline_id" = "m"."pipeline_id";
  INSERT INTO "pipeline_deal_counts" ("pipeline_id", "organisation_id", "deal_count")
  SELECT "n"."pipeline_id", "n"."organisation_id", count(*)
  FROM "old_deals" AS "o" JOIN "new_deals" AS "n" USING ("id")
  WHERE "o"."pipeline_id" <> "n"."pipeline_id"
  GROUP BY "n"."pipeline_id", "n"."organisation_id" ORDER BY "n"."pipeline_id"
  ON CONFLICT ("pipeline_id")
  DO UPDATE SET "deal_count" = "pipeline_deal_counts"."deal_count" + excluded."deal_count";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deals_count_insert" AFTER INSERT ON "deals"
  REFERENCING NEW TABLE AS "inserted_deals" FOR EACH STATEMENT EXECUTE FUNCTION "deals_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "deals_count_delete" AFTER DELETE ON "deals"
  REFERENCING OLD TABLE AS "deleted_deals" FOR EACH STATEMENT EXECUTE FUNCTION "deals_count_deleted"();--> statement-breakpoint
CREATE TRIGGER "deals_count_update" AFTER UPDATE ON "deals"
  REFERENCING OLD TABLE AS "old_deals" NEW TABLE AS "new_deals" FOR EACH STATEMENT EXECUTE FUNCTION "deals_count_moved"();--> statement-breakpoint
INSERT INTO "pipeline_deal_counts" ("pipeline_id", "organisation_id", "deal_count")
SELECT "pipeline_id", "organisation_id", count(*) FROM "deals" GROUP BY "pipeline_id", "organisation_id";--> statement-breakpoint
-- The search reads one text, the name and the account together, so one trigram scan answers it
-- (two indexes OR-ed repeated the scan and misled the planner: docs/benchmarks.md).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    DROP INDEX IF EXISTS "deals_name_trgm_idx";
    DROP INDEX IF EXISTS "deals_account_name_trgm_idx";
    CREATE INDEX "deals_search_trgm_idx" ON "deals"
      USING gin (("name" || ' ' || coalesce("account_name", '')) gin_trgm_ops);
  END IF;
END
$$;
