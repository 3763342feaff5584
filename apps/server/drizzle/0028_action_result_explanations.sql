-- Action results keep what their summary and status description say as a code and values, for the
-- app to say them in the reader's language; null on results stored before, which keep their English.
ALTER TABLE "action_results" ADD COLUMN "summary_code" text;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "summary_params" jsonb;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "status_description_code" text;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "status_description_params" jsonb;