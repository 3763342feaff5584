ALTER TABLE "imports" ADD COLUMN "value_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "unmatched_values" jsonb;