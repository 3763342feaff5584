CREATE TABLE "stage_deal_counts" (
	"stage_id" uuid NOT NULL,
	"status" "deal_status" NOT NULL,
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"deal_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stage_deal_counts_stage_id_status_pk" PRIMARY KEY("stage_id","status")
);
--> statement-breakpoint
DROP INDEX "deals_status_idx";--> statement-breakpoint
ALTER TABLE "stage_deal_counts" ADD CONSTRAINT "stage_deal_counts_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_deal_counts" ADD CONSTRAINT "stage_deal_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_deal_counts" ADD CONSTRAINT "stage_deal_counts_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stage_deal_counts_pipeline_idx" ON "stage_deal_counts" USING btree ("organisation_id","pipeline_id","status");--> statement-breakpoint
CREATE INDEX "deals_status_activity_idx" ON "deals" USING btree ("organisation_id","pipeline_id","status","last_activity_at","stage_id");--> statement-breakpoint
CREATE INDEX "objection_type_days_type_idx" ON "objection_type_days" USING btree ("organisation_id","objection_type_id","day","raised");--> statement-breakpoint
-- Per-stage deal counts by status (ADR 0021), kept like pipeline_deal_counts (0009): statement
-- triggers see every write path. Rows are upserted in key order so concurrent writers lock alike.
CREATE FUNCTION "deals_stage_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stage_deal_counts" ("stage_id", "status", "organisation_id", "pipeline_id", "deal_count")
  SELECT "stage_id", "status", "organisation_id", "pipeline_id", count(*) FROM "inserted_deals"
  GROUP BY "stage_id", "status", "organisation_id", "pipeline_id" ORDER BY "stage_id", "status"
  ON CONFLICT ("stage_id", "status")
  DO UPDATE SET "deal_count" = "stage_deal_counts"."deal_count" + excluded."deal_count";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A deleted stage or pipeline takes its count rows with it (the foreign keys): deletes only decrement.
CREATE FUNCTION "deals_stage_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stage_deal_counts" AS "c" SET "deal_count" = "c"."deal_count" - "d"."removed"
  FROM (SELECT "stage_id", "status", count(*) AS "removed" FROM "deleted_deals"
        GROUP BY "stage_id", "status" ORDER BY "stage_id", "status") AS "d"
  WHERE "c"."stage_id" = "d"."stage_id" AND "c"."status" = "d"."status";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "deals_stage_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stage_deal_counts" AS "c" SET "deal_count" = "c"."deal_count" - "m"."moved"
  FROM (
    SELECT "o"."stage_id", "o"."status", count(*) AS "moved"
    FROM "old_deals" AS "o" JOIN "new_deals" AS "n" USING ("id")
    WHERE ("o"."stage_id", "o"."status") IS DISTINCT FROM ("n"."stage_id", "n"."status")
    GROUP BY "o"."stage_id", "o"."status" ORDER BY "o"."stage_id", "o"."status"
  ) AS "m"
  WHERE "c"."stage_id" = "m"."stage_id" AND "c"."status" = "m"."status";
  INSERT INTO "stage_deal_counts" ("stage_id", "status", "organisation_id", "pipeline_id", "deal_count")
  SELECT "n"."stage_id", "n"."status", "n"."organisation_id", "n"."pipeline_id", count(*)
  FROM "old_deals" AS "o" JOIN "new_deals" AS "n" USING ("id")
  WHERE ("o"."stage_id", "o"."status") IS DISTINCT FROM ("n"."stage_id", "n"."status")
  GROUP BY "n"."stage_id", "n"."status", "n"."organisation_id", "n"."pipeline_id"
  ORDER BY "n"."stage_id", "n"."status"
  ON CONFLICT ("stage_id", "status")
  DO UPDATE SET "deal_count" = "stage_deal_counts"."deal_count" + excluded."deal_count";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deals_stage_count_insert" AFTER INSERT ON "deals"
  REFERENCING NEW TABLE AS "inserted_deals" FOR EACH STATEMENT EXECUTE FUNCTION "deals_stage_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "deals_stage_count_delete" AFTER DELETE ON "deals"
  REFERENCING OLD TABLE AS "deleted_deals" FOR EACH STATEMENT EXECUTE FUNCTION "deals_stage_count_deleted"();--> statement-breakpoint
CREATE TRIGGER "deals_stage_count_update" AFTER UPDATE ON "deals"
  REFERENCING OLD TABLE AS "old_deals" NEW TABLE AS "new_deals" FOR EACH STATEMENT EXECUTE FUNCTION "deals_stage_count_moved"();--> statement-breakpoint
INSERT INTO "stage_deal_counts" ("stage_id", "status", "organisation_id", "pipeline_id", "deal_count")
SELECT "stage_id", "status", "organisation_id", "pipeline_id", count(*) FROM "deals"
GROUP BY "stage_id", "status", "organisation_id", "pipeline_id";
