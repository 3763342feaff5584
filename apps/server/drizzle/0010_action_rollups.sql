CREATE TYPE "public"."action_progress" AS ENUM('completed', 'pending', 'ongoing');--> statement-breakpoint
CREATE TABLE "action_progress_close_days" (
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"close_date" date,
	"action_id" uuid NOT NULL,
	"progress" "action_progress" NOT NULL,
	"deals" integer NOT NULL,
	CONSTRAINT "action_progress_close_days_key" UNIQUE NULLS NOT DISTINCT("pipeline_id","close_date","action_id","progress")
);
--> statement-breakpoint
CREATE TABLE "action_progress_counts" (
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"stage_id" uuid,
	"owner_id" uuid,
	"status" "deal_status" NOT NULL,
	"action_id" uuid NOT NULL,
	"progress" "action_progress" NOT NULL,
	"deals" integer NOT NULL,
	CONSTRAINT "action_progress_counts_segment_key" UNIQUE NULLS NOT DISTINCT("pipeline_id","stage_id","owner_id","status","action_id","progress")
);
--> statement-breakpoint
CREATE TABLE "deal_action_progress" (
	"deal_id" uuid NOT NULL,
	"action_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"stage_id" uuid,
	"owner_id" uuid,
	"status" "deal_status" NOT NULL,
	"close_date" date,
	"progress" "action_progress" NOT NULL,
	CONSTRAINT "deal_action_progress_deal_id_action_id_pk" PRIMARY KEY("deal_id","action_id")
);
--> statement-breakpoint
CREATE TABLE "deal_action_result_days" (
	"deal_id" uuid NOT NULL,
	"day" date NOT NULL,
	"action_id" uuid NOT NULL,
	"progress" "action_progress" NOT NULL,
	"organisation_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"results" integer NOT NULL,
	CONSTRAINT "deal_action_result_days_deal_id_day_action_id_progress_pk" PRIMARY KEY("deal_id","day","action_id","progress")
);
--> statement-breakpoint
CREATE TABLE "pipeline_action_result_days" (
	"pipeline_id" uuid NOT NULL,
	"day" date NOT NULL,
	"action_id" uuid NOT NULL,
	"progress" "action_progress" NOT NULL,
	"organisation_id" uuid NOT NULL,
	"results" integer NOT NULL,
	CONSTRAINT "pipeline_action_result_days_pipeline_id_day_action_id_progress_pk" PRIMARY KEY("pipeline_id","day","action_id","progress")
);
--> statement-breakpoint
ALTER TABLE "action_progress_close_days" ADD CONSTRAINT "action_progress_close_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_progress_close_days" ADD CONSTRAINT "action_progress_close_days_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_progress_close_days" ADD CONSTRAINT "action_progress_close_days_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_progress_counts" ADD CONSTRAINT "action_progress_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_progress_counts" ADD CONSTRAINT "action_progress_counts_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_progress_counts" ADD CONSTRAINT "action_progress_counts_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_action_result_days" ADD CONSTRAINT "pipeline_action_result_days_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_action_result_days" ADD CONSTRAINT "pipeline_action_result_days_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_action_result_days" ADD CONSTRAINT "pipeline_action_result_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_progress_close_days_organisation_idx" ON "action_progress_close_days" USING btree ("organisation_id","pipeline_id","close_date");--> statement-breakpoint
CREATE INDEX "action_progress_counts_organisation_idx" ON "action_progress_counts" USING btree ("organisation_id","pipeline_id");--> statement-breakpoint
CREATE INDEX "deal_action_progress_cell_idx" ON "deal_action_progress" USING btree ("action_id","progress","deal_id");--> statement-breakpoint
CREATE INDEX "pipeline_action_result_days_organisation_idx" ON "pipeline_action_result_days" USING btree ("organisation_id","day");--> statement-breakpoint
CREATE INDEX "deals_close_confidence_idx" ON "deals" USING btree ("organisation_id","pipeline_id","close_date","status","confidence");--> statement-breakpoint
-- Spec §4's reading of an action result's status text: the one definition the rollups use.
CREATE FUNCTION "action_progress_of"("status" text) RETURNS "action_progress"
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN "status" ~* '(complete|done|success)' THEN 'completed'
    WHEN "status" ~* '(pending|wait|new)' THEN 'pending'
    ELSE 'ongoing' END::"action_progress"
$$;--> statement-breakpoint
-- Rewrites the deals' rows of the per-deal rollups from their action results and the deals'
-- columns, and moves the segments' and pipelines' counts by the difference (ADR 0010). The pipelines concerned are locked first, in
-- id order, so that two transactions refreshing deals of one pipeline queue instead of
-- deadlocking on its count rows. Decrements are updates: a count row a cascade already removed
-- (its pipeline, action or organisation deleted) stays removed.
CREATE FUNCTION "refresh_deal_action_rollups"("deal_ids" uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  "pipeline" uuid;
BEGIN
  IF cardinality("deal_ids") = 0 THEN
    RETURN;
  END IF;
  FOR "pipeline" IN
    SELECT "p"."pipeline_id" FROM "deal_action_progress" AS "p" JOIN unnest("deal_ids") AS "k"("id") ON "p"."deal_id" = "k"."id"
    UNION SELECT "p"."pipeline_id" FROM "deal_action_result_days" AS "p" JOIN unnest("deal_ids") AS "k"("id") ON "p"."deal_id" = "k"."id"
    UNION SELECT "d"."pipeline_id" FROM "deals" AS "d" JOIN unnest("deal_ids") AS "k"("id") ON "d"."id" = "k"."id"
    ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(hashtext('deal_action_rollups'), hashtext("pipeline"::text));
  END LOOP;

  WITH "gone" AS (
    DELETE FROM "deal_action_progress" AS "p" USING unnest("deal_ids") AS "k"("id")
    WHERE "p"."deal_id" = "k"."id"
    RETURNING "p"."pipeline_id", "p"."stage_id", "p"."owner_id", "p"."status", "p"."close_date", "p"."action_id", "p"."progress"
  ), "segments" AS (
    UPDATE "action_progress_counts" AS "c" SET "deals" = "c"."deals" - "g"."n"
    FROM (SELECT "pipeline_id", "stage_id", "owner_id", "status", "action_id", "progress", count(*)::int AS "n"
          FROM "gone" GROUP BY 1, 2, 3, 4, 5, 6) AS "g"
    WHERE "c"."pipeline_id" = "g"."pipeline_id"
      AND "c"."stage_id" IS NOT DISTINCT FROM "g"."stage_id"
      AND "c"."owner_id" IS NOT DISTINCT FROM "g"."owner_id"
      AND "c"."status" = "g"."status" AND "c"."action_id" = "g"."action_id"
      AND "c"."progress" = "g"."progress"
  )
  UPDATE "action_progress_close_days" AS "c" SET "deals" = "c"."deals" - "g"."n"
  FROM (SELECT "pipeline_id", "close_date", "action_id", "progress", count(*)::int AS "n"
        FROM "gone" GROUP BY 1, 2, 3, 4) AS "g"
  WHERE "c"."pipeline_id" = "g"."pipeline_id"
    AND "c"."close_date" IS NOT DISTINCT FROM "g"."close_date"
    AND "c"."action_id" = "g"."action_id" AND "c"."progress" = "g"."progress";

  WITH "fresh" AS (
    INSERT INTO "deal_action_progress" ("deal_id", "action_id", "organisation_id", "pipeline_id", "stage_id", "owner_id", "status", "close_date", "progress")
    SELECT DISTINCT ON ("r"."deal_id", "r"."action_id")
      "r"."deal_id", "r"."action_id", "r"."organisation_id", "d"."pipeline_id", "d"."stage_id",
      "d"."owner_id", "d"."status", "d"."close_date", action_progress_of("r"."status")
    FROM unnest("deal_ids") AS "k"("id")
    JOIN "deals" AS "d" ON "d"."id" = "k"."id"
    JOIN "action_results" AS "r" ON "r"."deal_id" = "d"."id"
    ORDER BY "r"."deal_id", "r"."action_id", "r"."created_at" DESC, "r"."id" DESC
    RETURNING "organisation_id", "pipeline_id", "stage_id", "owner_id", "status", "close_date", "action_id", "progress"
  ), "segments" AS (
    INSERT INTO "action_progress_counts" ("organisation_id", "pipeline_id", "stage_id", "owner_id", "status", "action_id", "progress", "deals")
    SELECT "organisation_id", "pipeline_id", "stage_id", "owner_id", "status", "action_id", "progress", count(*)::int
    FROM "fresh" GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT "action_progress_counts_segment_key"
    DO UPDATE SET "deals" = "action_progress_counts"."deals" + excluded."deals"
  )
  INSERT INTO "action_progress_close_days" ("organisation_id", "pipeline_id", "close_date", "action_id", "progress", "deals")
  SELECT "organisation_id", "pipeline_id", "close_date", "action_id", "progress", count(*)::int
  FROM "fresh" GROUP BY 1, 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT "action_progress_close_days_key"
  DO UPDATE SET "deals" = "action_progress_close_days"."deals" + excluded."deals";

  WITH "gone" AS (
    DELETE FROM "deal_action_result_days" AS "p" USING unnest("deal_ids") AS "k"("id")
    WHERE "p"."deal_id" = "k"."id"
    RETURNING "p"."pipeline_id", "p"."day", "p"."action_id", "p"."progress", "p"."results"
  )
  UPDATE "pipeline_action_result_days" AS "c" SET "results" = "c"."results" - "g"."n"
  FROM (SELECT "pipeline_id", "day", "action_id", "progress", sum("results")::int AS "n" FROM "gone"
        GROUP BY 1, 2, 3, 4) AS "g"
  WHERE "c"."pipeline_id" = "g"."pipeline_id" AND "c"."day" = "g"."day"
    AND "c"."action_id" = "g"."action_id" AND "c"."progress" = "g"."progress";

  WITH "fresh" AS (
    INSERT INTO "deal_action_result_days" ("deal_id", "day", "action_id", "progress", "organisation_id", "pipeline_id", "results")
    -- A result is dated by the call or e-mail it was found in (when the action happened, not
    -- when it was analysed: a first analysis of a year of calls would otherwise land on one day).
    SELECT "r"."deal_id", (coalesce("e"."occurred_at", "r"."created_at") AT TIME ZONE 'UTC')::date,
      "r"."action_id", action_progress_of("r"."status"), "r"."organisation_id", "d"."pipeline_id",
      count(*)::int
    FROM unnest("deal_ids") AS "k"("id")
    JOIN "deals" AS "d" ON "d"."id" = "k"."id"
    JOIN "action_results" AS "r" ON "r"."deal_id" = "d"."id"
    LEFT JOIN "engagements" AS "e" ON "e"."id" = "r"."engagement_id"
    GROUP BY 1, 2, 3, 4, 5, 6
    RETURNING "pipeline_id", "day", "action_id", "progress", "organisation_id", "results"
  )
  INSERT INTO "pipeline_action_result_days" ("pipeline_id", "day", "action_id", "progress", "organisation_id", "results")
  SELECT "pipeline_id", "day", "action_id", "progress", "organisation_id", sum("results")::int FROM "fresh"
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("pipeline_id", "day", "action_id", "progress")
  DO UPDATE SET "results" = "pipeline_action_result_days"."results" + excluded."results";
END
$$;--> statement-breakpoint
CREATE FUNCTION "action_results_refresh_rollups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_deal_action_rollups(ARRAY(SELECT DISTINCT "deal_id" FROM "new_results"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_deal_action_rollups(ARRAY(SELECT DISTINCT "deal_id" FROM "old_results"));
  ELSE
    PERFORM refresh_deal_action_rollups(ARRAY(
      SELECT "deal_id" FROM "old_results" UNION SELECT "deal_id" FROM "new_results"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A deal moved to another pipeline, stage, owner, status or close date takes its rows to that
-- segment's counts. Other updates (confidence, last activity) find nothing to move.
CREATE FUNCTION "deals_move_action_rollups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_deal_action_rollups(ARRAY(
    SELECT "o"."id" FROM "old_deals" AS "o" JOIN "new_deals" AS "n" USING ("id")
    WHERE "o"."pipeline_id" <> "n"."pipeline_id" OR "o"."status" <> "n"."status"
      OR "o"."stage_id" IS DISTINCT FROM "n"."stage_id"
      OR "o"."owner_id" IS DISTINCT FROM "n"."owner_id"
      OR "o"."close_date" IS DISTINCT FROM "n"."close_date"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "action_results_rollups_insert" AFTER INSERT ON "action_results"
  REFERENCING NEW TABLE AS "new_results" FOR EACH STATEMENT EXECUTE FUNCTION "action_results_refresh_rollups"();--> statement-breakpoint
CREATE TRIGGER "action_results_rollups_delete" AFTER DELETE ON "action_results"
  REFERENCING OLD TABLE AS "old_results" FOR EACH STATEMENT EXECUTE FUNCTION "action_results_refresh_rollups"();--> statement-breakpoint
CREATE TRIGGER "action_results_rollups_update" AFTER UPDATE ON "action_results"
  REFERENCING OLD TABLE AS "old_results" NEW TABLE AS "new_results" FOR EACH STATEMENT EXECUTE FUNCTION "action_results_refresh_rollups"();--> statement-breakpoint
CREATE TRIGGER "deals_action_rollups_update" AFTER UPDATE ON "deals"
  REFERENCING OLD TABLE AS "old_deals" NEW TABLE AS "new_deals" FOR EACH STATEMENT EXECUTE FUNCTION "deals_move_action_rollups"();--> statement-breakpoint
-- The rollups of the results already there.
SELECT refresh_deal_action_rollups(ARRAY(SELECT DISTINCT "deal_id" FROM "action_results"));
