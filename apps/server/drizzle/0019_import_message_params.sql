ALTER TABLE "import_problems" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
-- Imports that failed before failures had codes: the code their (fixed) English message stands for.
UPDATE "imports" SET
  "error_code" = CASE
    WHEN "error" = 'The file is empty.' THEN 'empty_file'
    WHEN "error" LIKE 'The file is binary%' THEN 'binary_file'
    WHEN "error" LIKE 'The file is not UTF-8%' THEN 'not_utf8'
    WHEN "error" LIKE 'The file has no header row%' OR "error" LIKE 'The header row%' THEN 'no_header'
    WHEN "error" LIKE 'The file cannot be read as CSV%' THEN 'unreadable_csv'
    WHEN "error" LIKE 'The file has more than%' THEN 'too_many_rows'
    ELSE 'unexpected_error'
  END,
  "error_params" = CASE
    WHEN "error" LIKE 'The file has more than%' THEN '{"max": 100000}'::jsonb
    ELSE '{}'::jsonb
  END
WHERE "error" IS NOT NULL;
