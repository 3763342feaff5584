ALTER TABLE "deals" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "confidence" smallint;--> statement-breakpoint
CREATE INDEX "action_results_engagement_idx" ON "action_results" USING btree ("engagement_id");--> statement-breakpoint
CREATE INDEX "deals_confidence_idx" ON "deals" USING btree ("organisation_id","pipeline_id","confidence");--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_confidence_range" CHECK ("deals"."confidence" between 0 and 100);--> statement-breakpoint
UPDATE "deals" SET "confidence" = "latest"."confidence" FROM (SELECT DISTINCT ON ("deal_id") "deal_id", "confidence" FROM "deal_assessments" ORDER BY "deal_id", "computed_at" DESC) AS "latest" WHERE "latest"."deal_id" = "deals"."id" AND "latest"."confidence" IS NOT NULL;--> statement-breakpoint
-- The deal search (name or account name contains the text) uses trigram indexes where the server
-- has pg_trgm. PGlite ships without it, and there the search scans the organisation's deals.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS "deals_name_trgm_idx" ON "deals" USING gin ("name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "deals_account_name_trgm_idx" ON "deals" USING gin ("account_name" gin_trgm_ops);
  END IF;
END
$$;
