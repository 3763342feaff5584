DROP INDEX "engagements_organisation_idx";--> statement-breakpoint
CREATE INDEX "engagements_organisation_idx" ON "engagements" USING btree ("organisation_id","occurred_at","deal_id","id");