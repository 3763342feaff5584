CREATE TABLE "deal_objection_days" (
	"deal_id" uuid NOT NULL,
	"objection_type_id" uuid NOT NULL,
	"day" date NOT NULL,
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"owner_id" uuid,
	"status" "deal_status" NOT NULL,
	"raised" integer NOT NULL,
	"handled" integer NOT NULL,
	CONSTRAINT "deal_objection_days_deal_id_objection_type_id_day_pk" PRIMARY KEY("deal_id","objection_type_id","day")
);
--> statement-breakpoint
CREATE TABLE "deal_objection_types" (
	"deal_id" uuid NOT NULL,
	"objection_type_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"owner_id" uuid,
	"status" "deal_status" NOT NULL,
	"raised" integer NOT NULL,
	"handled" integer NOT NULL,
	"first_raised_at" timestamp with time zone NOT NULL,
	"last_raised_at" timestamp with time zone NOT NULL,
	"last_handled" boolean NOT NULL,
	"progressed" boolean NOT NULL,
	CONSTRAINT "deal_objection_types_deal_id_objection_type_id_pk" PRIMARY KEY("deal_id","objection_type_id")
);
--> statement-breakpoint
CREATE TABLE "objection_deal_counts" (
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"owner_id" uuid,
	"status" "deal_status" NOT NULL,
	"deals" integer NOT NULL,
	CONSTRAINT "objection_deal_counts_key" UNIQUE NULLS NOT DISTINCT("pipeline_id","owner_id","status")
);
--> statement-breakpoint
CREATE TABLE "objection_deal_days" (
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"owner_id" uuid,
	"status" "deal_status" NOT NULL,
	"first_day" date NOT NULL,
	"deals" integer NOT NULL,
	CONSTRAINT "objection_deal_days_key" UNIQUE NULLS NOT DISTINCT("pipeline_id","owner_id","status","first_day")
);
--> statement-breakpoint
CREATE TABLE "objection_outcome_counts" (
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"owner_id" uuid,
	"status" "deal_status" NOT NULL,
	"objection_type_id" uuid NOT NULL,
	"last_handled" boolean NOT NULL,
	"progressed" boolean NOT NULL,
	"deals" integer NOT NULL,
	CONSTRAINT "objection_outcome_counts_key" UNIQUE NULLS NOT DISTINCT("pipeline_id","owner_id","status","objection_type_id","last_handled","progressed")
);
--> statement-breakpoint
CREATE TABLE "objection_outcome_days" (
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"owner_id" uuid,
	"status" "deal_status" NOT NULL,
	"objection_type_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	"last_handled" boolean NOT NULL,
	"progressed" boolean NOT NULL,
	"deals" integer NOT NULL,
	CONSTRAINT "objection_outcome_days_key" UNIQUE NULLS NOT DISTINCT("pipeline_id","owner_id","status","objection_type_id","first_day","last_handled","progressed")
);
--> statement-breakpoint
CREATE TABLE "objection_type_days" (
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"owner_id" uuid,
	"status" "deal_status" NOT NULL,
	"objection_type_id" uuid NOT NULL,
	"day" date NOT NULL,
	"raised" integer NOT NULL,
	"handled" integer NOT NULL,
	CONSTRAINT "objection_type_days_key" UNIQUE NULLS NOT DISTINCT("pipeline_id","owner_id","status","objection_type_id","day")
);
--> statement-breakpoint
DROP INDEX "objections_organisation_idx";--> statement-breakpoint
ALTER TABLE "objection_deal_counts" ADD CONSTRAINT "objection_deal_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_deal_counts" ADD CONSTRAINT "objection_deal_counts_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_deal_days" ADD CONSTRAINT "objection_deal_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_deal_days" ADD CONSTRAINT "objection_deal_days_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_outcome_counts" ADD CONSTRAINT "objection_outcome_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_outcome_counts" ADD CONSTRAINT "objection_outcome_counts_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_outcome_counts" ADD CONSTRAINT "objection_outcome_counts_objection_type_id_objection_types_id_fk" FOREIGN KEY ("objection_type_id") REFERENCES "public"."objection_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_outcome_days" ADD CONSTRAINT "objection_outcome_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_outcome_days" ADD CONSTRAINT "objection_outcome_days_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_outcome_days" ADD CONSTRAINT "objection_outcome_days_objection_type_id_objection_types_id_fk" FOREIGN KEY ("objection_type_id") REFERENCES "public"."objection_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_type_days" ADD CONSTRAINT "objection_type_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_type_days" ADD CONSTRAINT "objection_type_days_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_type_days" ADD CONSTRAINT "objection_type_days_objection_type_id_objection_types_id_fk" FOREIGN KEY ("objection_type_id") REFERENCES "public"."objection_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_objection_types_organisation_idx" ON "deal_objection_types" USING btree ("organisation_id","pipeline_id");--> statement-breakpoint
CREATE INDEX "objection_deal_counts_organisation_idx" ON "objection_deal_counts" USING btree ("organisation_id","pipeline_id");--> statement-breakpoint
CREATE INDEX "objection_deal_days_organisation_idx" ON "objection_deal_days" USING btree ("organisation_id","first_day");--> statement-breakpoint
CREATE INDEX "objection_outcome_counts_organisation_idx" ON "objection_outcome_counts" USING btree ("organisation_id","pipeline_id");--> statement-breakpoint
CREATE INDEX "objection_outcome_days_organisation_idx" ON "objection_outcome_days" USING btree ("organisation_id","first_day");--> statement-breakpoint
CREATE INDEX "objection_type_days_organisation_idx" ON "objection_type_days" USING btree ("organisation_id","day");--> statement-breakpoint
CREATE INDEX "objections_handling_score_idx" ON "objections" USING btree ("organisation_id","handling_score","id");--> statement-breakpoint
CREATE INDEX "objections_organisation_idx" ON "objections" USING btree ("organisation_id","occurred_at","id");--> statement-breakpoint
-- Rewrites the deals' rows of the per-deal objection rollups from their objections (rejected ones
-- left out) and the deals' columns, and moves the segments' counts by the difference (ADR 0011),
-- as refresh_deal_action_rollups does for the action results (ADR 0010): the pipelines concerned
-- are locked first, in id order; decrements are updates, so a count row a cascade removed stays
-- removed.
CREATE FUNCTION "refresh_deal_objection_rollups"("deal_ids" uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  "pipeline" uuid;
BEGIN
  IF cardinality("deal_ids") = 0 THEN
    RETURN;
  END IF;
  FOR "pipeline" IN
    SELECT "p"."pipeline_id" FROM "deal_objection_types" AS "p" JOIN unnest("deal_ids") AS "k"("id") ON "p"."deal_id" = "k"."id"
    UNION SELECT "p"."pipeline_id" FROM "deal_objection_days" AS "p" JOIN unnest("deal_ids") AS "k"("id") ON "p"."deal_id" = "k"."id"
    UNION SELECT "d"."pipeline_id" FROM "deals" AS "d" JOIN unnest("deal_ids") AS "k"("id") ON "d"."id" = "k"."id"
    ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(hashtext('deal_objection_rollups'), hashtext("pipeline"::text));
  END LOOP;

  WITH "gone" AS (
    DELETE FROM "deal_objection_types" AS "p" USING unnest("deal_ids") AS "k"("id")
    WHERE "p"."deal_id" = "k"."id"
    RETURNING "p"."deal_id", "p"."pipeline_id", "p"."owner_id", "p"."status", "p"."objection_type_id", "p"."last_handled", "p"."progressed", ("p"."first_raised_at" AT TIME ZONE 'UTC')::date AS "first_day"
  ), "outcome_days" AS (
    UPDATE "objection_outcome_days" AS "c" SET "deals" = "c"."deals" - "g"."n"
    FROM (SELECT "pipeline_id", "owner_id", "status", "objection_type_id", "first_day", "last_handled", "progressed", count(*)::int AS "n"
          FROM "gone" GROUP BY 1, 2, 3, 4, 5, 6, 7) AS "g"
    WHERE "c"."pipeline_id" = "g"."pipeline_id"
      AND "c"."owner_id" IS NOT DISTINCT FROM "g"."owner_id"
      AND "c"."status" = "g"."status" AND "c"."objection_type_id" = "g"."objection_type_id"
      AND "c"."first_day" = "g"."first_day"
      AND "c"."last_handled" = "g"."last_handled" AND "c"."progressed" = "g"."progressed"
  ), "deal_days" AS (
    UPDATE "objection_deal_days" AS "c" SET "deals" = "c"."deals" - "g"."n"
    FROM (SELECT "pipeline_id", "owner_id", "status", "first_day", count(*)::int AS "n"
          FROM (SELECT "deal_id", "pipeline_id", "owner_id", "status", min("first_day") AS "first_day"
                FROM "gone" GROUP BY 1, 2, 3, 4) AS "per_deal"
          GROUP BY 1, 2, 3, 4) AS "g"
    WHERE "c"."pipeline_id" = "g"."pipeline_id"
      AND "c"."owner_id" IS NOT DISTINCT FROM "g"."owner_id" AND "c"."status" = "g"."status"
      AND "c"."first_day" = "g"."first_day"
  ), "outcomes" AS (
    UPDATE "objection_outcome_counts" AS "c" SET "deals" = "c"."deals" - "g"."n"
    FROM (SELECT "pipeline_id", "owner_id", "status", "objection_type_id", "last_handled", "progressed", count(*)::int AS "n"
          FROM "gone" GROUP BY 1, 2, 3, 4, 5, 6) AS "g"
    WHERE "c"."pipeline_id" = "g"."pipeline_id"
      AND "c"."owner_id" IS NOT DISTINCT FROM "g"."owner_id"
      AND "c"."status" = "g"."status" AND "c"."objection_type_id" = "g"."objection_type_id"
      AND "c"."last_handled" = "g"."last_handled" AND "c"."progressed" = "g"."progressed"
  )
  UPDATE "objection_deal_counts" AS "c" SET "deals" = "c"."deals" - "g"."n"
  FROM (SELECT "pipeline_id", "owner_id", "status", count(DISTINCT "deal_id")::int AS "n"
        FROM "gone" GROUP BY 1, 2, 3) AS "g"
  WHERE "c"."pipeline_id" = "g"."pipeline_id"
    AND "c"."owner_id" IS NOT DISTINCT FROM "g"."owner_id" AND "c"."status" = "g"."status";

  WITH "per_type" AS (
    SELECT "o"."deal_id", "o"."objection_type_id", min("o"."organisation_id"::text)::uuid AS "organisation_id",
      count(*)::int AS "raised", (count(*) FILTER (WHERE "o"."handled"))::int AS "handled",
      min("o"."occurred_at") AS "first_raised_at", max("o"."occurred_at") AS "last_raised_at",
      (array_agg("o"."handled" ORDER BY "o"."occurred_at" DESC, "o"."id" DESC))[1] AS "last_handled"
    FROM unnest("deal_ids") AS "k"("id")
    JOIN "objections" AS "o" ON "o"."deal_id" = "k"."id" AND NOT "o"."rejected"
    GROUP BY 1, 2
  ), "fresh" AS (
    INSERT INTO "deal_objection_types" ("deal_id", "objection_type_id", "organisation_id", "pipeline_id", "owner_id", "status", "raised", "handled", "first_raised_at", "last_raised_at", "last_handled", "progressed")
    SELECT "t"."deal_id", "t"."objection_type_id", "t"."organisation_id", "d"."pipeline_id", "d"."owner_id", "d"."status",
      "t"."raised", "t"."handled", "t"."first_raised_at", "t"."last_raised_at", "t"."last_handled",
      -- Progressed: moved to a later stage (a higher position) after the type was first raised.
      EXISTS (SELECT 1 FROM "deal_stage_history" AS "h"
        JOIN "stages" AS "f" ON "f"."id" = "h"."from_stage_id"
        JOIN "stages" AS "s" ON "s"."id" = "h"."to_stage_id"
        WHERE "h"."deal_id" = "t"."deal_id" AND "h"."changed_at" > "t"."first_raised_at"
          AND "s"."position" > "f"."position")
    FROM "per_type" AS "t" JOIN "deals" AS "d" ON "d"."id" = "t"."deal_id"
    RETURNING "deal_id", "organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "last_handled", "progressed", ("first_raised_at" AT TIME ZONE 'UTC')::date AS "first_day"
  ), "outcome_days" AS (
    INSERT INTO "objection_outcome_days" ("organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "first_day", "last_handled", "progressed", "deals")
    SELECT "organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "first_day", "last_handled", "progressed", count(*)::int
    FROM "fresh" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT "objection_outcome_days_key"
    DO UPDATE SET "deals" = "objection_outcome_days"."deals" + excluded."deals"
  ), "deal_days" AS (
    -- A deal counts on the day of its first objection, whatever the type.
    INSERT INTO "objection_deal_days" ("organisation_id", "pipeline_id", "owner_id", "status", "first_day", "deals")
    SELECT "organisation_id", "pipeline_id", "owner_id", "status", "first_day", count(*)::int
    FROM (SELECT "deal_id", "organisation_id", "pipeline_id", "owner_id", "status", min("first_day") AS "first_day"
          FROM "fresh" GROUP BY 1, 2, 3, 4, 5) AS "per_deal"
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "objection_deal_days_key"
    DO UPDATE SET "deals" = "objection_deal_days"."deals" + excluded."deals"
  ), "outcomes" AS (
    INSERT INTO "objection_outcome_counts" ("organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "last_handled", "progressed", "deals")
    SELECT "organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "last_handled", "progressed", count(*)::int
    FROM "fresh" GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT "objection_outcome_counts_key"
    DO UPDATE SET "deals" = "objection_outcome_counts"."deals" + excluded."deals"
  )
  INSERT INTO "objection_deal_counts" ("organisation_id", "pipeline_id", "owner_id", "status", "deals")
  SELECT "organisation_id", "pipeline_id", "owner_id", "status", count(DISTINCT "deal_id")::int
  FROM "fresh" GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4
  ON CONFLICT ON CONSTRAINT "objection_deal_counts_key"
  DO UPDATE SET "deals" = "objection_deal_counts"."deals" + excluded."deals";

  WITH "gone" AS (
    DELETE FROM "deal_objection_days" AS "p" USING unnest("deal_ids") AS "k"("id")
    WHERE "p"."deal_id" = "k"."id"
    RETURNING "p"."pipeline_id", "p"."owner_id", "p"."status", "p"."objection_type_id", "p"."day", "p"."raised", "p"."handled"
  )
  UPDATE "objection_type_days" AS "c"
  SET "raised" = "c"."raised" - "g"."raised", "handled" = "c"."handled" - "g"."handled"
  FROM (SELECT "pipeline_id", "owner_id", "status", "objection_type_id", "day",
          sum("raised")::int AS "raised", sum("handled")::int AS "handled"
        FROM "gone" GROUP BY 1, 2, 3, 4, 5) AS "g"
  WHERE "c"."pipeline_id" = "g"."pipeline_id"
    AND "c"."owner_id" IS NOT DISTINCT FROM "g"."owner_id" AND "c"."status" = "g"."status"
    AND "c"."objection_type_id" = "g"."objection_type_id" AND "c"."day" = "g"."day";

  WITH "fresh" AS (
    INSERT INTO "deal_objection_days" ("deal_id", "objection_type_id", "day", "organisation_id", "pipeline_id", "owner_id", "status", "raised", "handled")
    -- Dated by when the prospect raised it (the call's or e-mail's time), in UTC.
    SELECT "o"."deal_id", "o"."objection_type_id", ("o"."occurred_at" AT TIME ZONE 'UTC')::date,
      "o"."organisation_id", "d"."pipeline_id", "d"."owner_id", "d"."status",
      count(*)::int, (count(*) FILTER (WHERE "o"."handled"))::int
    FROM unnest("deal_ids") AS "k"("id")
    JOIN "deals" AS "d" ON "d"."id" = "k"."id"
    JOIN "objections" AS "o" ON "o"."deal_id" = "d"."id" AND NOT "o"."rejected"
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    RETURNING "organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "day", "raised", "handled"
  )
  INSERT INTO "objection_type_days" ("organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "day", "raised", "handled")
  SELECT "organisation_id", "pipeline_id", "owner_id", "status", "objection_type_id", "day", sum("raised")::int, sum("handled")::int
  FROM "fresh" GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT "objection_type_days_key"
  DO UPDATE SET "raised" = "objection_type_days"."raised" + excluded."raised",
    "handled" = "objection_type_days"."handled" + excluded."handled";
END
$$;--> statement-breakpoint
CREATE FUNCTION "objections_refresh_rollups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_deal_objection_rollups(ARRAY(SELECT DISTINCT "deal_id" FROM "new_objections"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_deal_objection_rollups(ARRAY(SELECT DISTINCT "deal_id" FROM "old_objections"));
  ELSE
    -- A rejection (or its reversal) and a corrected type move the counts too.
    PERFORM refresh_deal_objection_rollups(ARRAY(
      SELECT "deal_id" FROM "old_objections" UNION SELECT "deal_id" FROM "new_objections"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A deal moved to another pipeline, owner or status takes its rows to that segment's counts.
CREATE FUNCTION "deals_move_objection_rollups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_deal_objection_rollups(ARRAY(
    SELECT "o"."id" FROM "old_deals" AS "o" JOIN "new_deals" AS "n" USING ("id")
    WHERE ("o"."pipeline_id" <> "n"."pipeline_id" OR "o"."status" <> "n"."status"
      OR "o"."owner_id" IS DISTINCT FROM "n"."owner_id")
      AND EXISTS (SELECT 1 FROM "deal_objection_types" AS "p" WHERE "p"."deal_id" = "o"."id")));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A stage change may be the progress that follows an objection.
CREATE FUNCTION "stage_history_objection_rollups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_deal_objection_rollups(ARRAY(
    SELECT DISTINCT "n"."deal_id" FROM "new_history" AS "n"
    WHERE EXISTS (SELECT 1 FROM "deal_objection_types" AS "p" WHERE "p"."deal_id" = "n"."deal_id")));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "objections_rollups_insert" AFTER INSERT ON "objections"
  REFERENCING NEW TABLE AS "new_objections" FOR EACH STATEMENT EXECUTE FUNCTION "objections_refresh_rollups"();--> statement-breakpoint
CREATE TRIGGER "objections_rollups_delete" AFTER DELETE ON "objections"
  REFERENCING OLD TABLE AS "old_objections" FOR EACH STATEMENT EXECUTE FUNCTION "objections_refresh_rollups"();--> statement-breakpoint
CREATE TRIGGER "objections_rollups_update" AFTER UPDATE ON "objections"
  REFERENCING OLD TABLE AS "old_objections" NEW TABLE AS "new_objections" FOR EACH STATEMENT EXECUTE FUNCTION "objections_refresh_rollups"();--> statement-breakpoint
CREATE TRIGGER "deals_objection_rollups_update" AFTER UPDATE ON "deals"
  REFERENCING OLD TABLE AS "old_deals" NEW TABLE AS "new_deals" FOR EACH STATEMENT EXECUTE FUNCTION "deals_move_objection_rollups"();--> statement-breakpoint
CREATE TRIGGER "deal_stage_history_objection_rollups_insert" AFTER INSERT ON "deal_stage_history"
  REFERENCING NEW TABLE AS "new_history" FOR EACH STATEMENT EXECUTE FUNCTION "stage_history_objection_rollups"();--> statement-breakpoint
-- The rollups of the objections already there.
SELECT refresh_deal_objection_rollups(ARRAY(SELECT DISTINCT "deal_id" FROM "objections"));
