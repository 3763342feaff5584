CREATE TABLE "objection_type_counts" (
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"owner_id" uuid,
	"status" "deal_status" NOT NULL,
	"objection_type_id" uuid NOT NULL,
	"raised" integer NOT NULL,
	"handled" integer NOT NULL,
	CONSTRAINT "objection_type_counts_key" UNIQUE NULLS NOT DISTINCT("pipeline_id","owner_id","status","objection_type_id")
);
--> statement-breakpoint
ALTER TABLE "objection_type_counts" ADD CONSTRAINT "objection_type_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_type_counts" ADD CONSTRAINT "objection_type_counts_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_type_counts" ADD CONSTRAINT "objection_type_counts_objection_type_id_objection_types_id_fk" FOREIGN KEY ("objection_type_id") REFERENCES "public"."objection_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objection_type_counts_organisation_idx" ON "objection_type_counts" USING btree ("organisation_id","pipeline_id");--> statement-breakpoint
CREATE INDEX "objection_type_counts_type_idx" ON "objection_type_counts" USING btree ("organisation_id","objection_type_id");--> statement-breakpoint
-- Written by hand below: the counts follow objection_type_days, statement by statement, through
-- the rows each statement changed (ADR 0040). The days table is only inserted into and updated
-- by refresh_deal_objection_rollups (its decrements are updates), and deleted from only by
-- cascades, whose counts rows go with the same pipeline, type or organisation: a delete only
-- lowers the counts rows still there and never makes one.
CREATE FUNCTION "objection_type_days_move_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "objection_type_counts" AS "c"
    SET "raised" = "c"."raised" - "g"."raised", "handled" = "c"."handled" - "g"."handled"
    FROM (SELECT "pipeline_id", "owner_id", "status", "objection_type_id",
            sum("raised")::int AS "raised", sum("handled")::int AS "handled"
          FROM "old_days" GROUP BY 1, 2, 3, 4) AS "g"
    WHERE "c"."pipeline_id" = "g"."pipeline_id"
      AND "c"."owner_id" IS NOT DISTINCT FROM "g"."owner_id" AND "c"."status" = "g"."status"
      AND "c"."objection_type_id" = "g"."objection_type_id";
    RETURN NULL;
  END IF;
  -- Inserted rows count in full; an updated row by what it gained, its old values taken away.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "objection_type_counts" ("organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "raised", "handled")
    SELECT "organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", sum("raised")::int, sum("handled")::int
    FROM "new_days" GROUP BY 1, 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "objection_type_counts_key"
    DO UPDATE SET "raised" = "objection_type_counts"."raised" + excluded."raised",
      "handled" = "objection_type_counts"."handled" + excluded."handled";
  ELSE
    INSERT INTO "objection_type_counts" ("organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "raised", "handled")
    SELECT "organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", sum("raised")::int, sum("handled")::int
    FROM (
      SELECT "organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "raised", "handled" FROM "new_days"
      UNION ALL
      SELECT "organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", -"raised", -"handled" FROM "old_days"
    ) AS "changed"
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "objection_type_counts_key"
    DO UPDATE SET "raised" = "objection_type_counts"."raised" + excluded."raised",
      "handled" = "objection_type_counts"."handled" + excluded."handled";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "objection_type_days_inserted_counts" AFTER INSERT ON "objection_type_days"
  REFERENCING NEW TABLE AS "new_days" FOR EACH STATEMENT EXECUTE FUNCTION "objection_type_days_move_counts"();--> statement-breakpoint
CREATE TRIGGER "objection_type_days_updated_counts" AFTER UPDATE ON "objection_type_days"
  REFERENCING OLD TABLE AS "old_days" NEW TABLE AS "new_days" FOR EACH STATEMENT EXECUTE FUNCTION "objection_type_days_move_counts"();--> statement-breakpoint
CREATE TRIGGER "objection_type_days_deleted_counts" AFTER DELETE ON "objection_type_days"
  REFERENCING OLD TABLE AS "old_days" FOR EACH STATEMENT EXECUTE FUNCTION "objection_type_days_move_counts"();--> statement-breakpoint
INSERT INTO "objection_type_counts" ("organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "raised", "handled")
SELECT "organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", sum("raised")::int, sum("handled")::int
FROM "objection_type_days" GROUP BY 1, 2, 3, 4, 5;
