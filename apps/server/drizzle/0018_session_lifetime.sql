ALTER TABLE "refresh_tokens" ADD COLUMN "session_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "remember" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
-- Sessions signed in before this migration were promised 30 days: they keep that absolute limit
-- (as "keep me signed in"), counted from their family's first token rather than from today.
UPDATE "refresh_tokens" AS t SET
  "remember" = true,
  "session_started_at" = f."started_at"
FROM (
  SELECT "family_id", min("created_at") AS "started_at" FROM "refresh_tokens" GROUP BY "family_id"
) AS f
WHERE f."family_id" = t."family_id";
