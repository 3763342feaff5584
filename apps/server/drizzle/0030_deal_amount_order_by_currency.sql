DROP INDEX "deals_amount_asc_idx";--> statement-breakpoint
DROP INDEX "deals_amount_desc_idx";--> statement-breakpoint
CREATE INDEX "deals_amount_asc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","currency","amount","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_amount_desc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","currency","amount" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);