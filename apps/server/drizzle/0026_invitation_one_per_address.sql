-- ADR 0019 (amended): an address with an account has no live registration link, and an
-- organisation has one open invitation per address. Existing rows are brought in line first.
-- A pending link of an address that has an account is closed as an expired one is.
UPDATE "registrations" SET "expires_at" = now()
WHERE "used_at" IS NULL AND "revoked_at" IS NULL AND "expires_at" > now()
  AND EXISTS (SELECT 1 FROM "users" WHERE lower("users"."email") = lower("registrations"."email"));
--> statement-breakpoint
-- Of an organisation's open invitations to one address only the newest stays open.
UPDATE "registrations" SET "revoked_at" = now()
WHERE "organisation_id" IS NOT NULL AND "used_at" IS NULL AND "revoked_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "registrations" AS "newer"
    WHERE "newer"."organisation_id" = "registrations"."organisation_id"
      AND lower("newer"."email") = lower("registrations"."email")
      AND "newer"."used_at" IS NULL AND "newer"."revoked_at" IS NULL
      AND ("newer"."created_at", "newer"."id") > ("registrations"."created_at", "registrations"."id")
  );
--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_open_invitation_key" ON "registrations" USING btree ("organisation_id",lower("email")) WHERE "registrations"."organisation_id" is not null and "registrations"."used_at" is null and "registrations"."revoked_at" is null;
