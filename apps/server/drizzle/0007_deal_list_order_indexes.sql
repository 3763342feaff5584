DROP INDEX "deals_last_activity_idx";--> statement-breakpoint
CREATE INDEX "deals_confidence_desc_idx" ON "deals" USING btree ("organisation_id","pipeline_id","confidence" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_amount_idx" ON "deals" USING btree ("organisation_id","pipeline_id","amount" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_name_idx" ON "deals" USING btree ("organisation_id","pipeline_id","name");--> statement-breakpoint
CREATE INDEX "deals_last_activity_idx" ON "deals" USING btree ("organisation_id","pipeline_id","last_activity_at" DESC NULLS LAST);