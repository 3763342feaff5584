CREATE TYPE "public"."analysis_run_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."analysis_trigger" AS ENUM('engagement', 'manual', 'backfill');--> statement-breakpoint
CREATE TYPE "public"."deal_source" AS ENUM('manual', 'demo', 'import', 'crm');--> statement-breakpoint
CREATE TABLE "analysis_backfills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"pipeline_id" uuid,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"status" "analysis_run_status" DEFAULT 'queued' NOT NULL,
	"trigger" "analysis_trigger" NOT NULL,
	"backfill_id" uuid,
	"provider" text,
	"engine_version" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer
);
--> statement-breakpoint
ALTER TABLE "objections" ADD COLUMN "utterance_index" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "source" "deal_source" DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "source_file_name" text;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "remote_id" text;--> statement-breakpoint
ALTER TABLE "analysis_backfills" ADD CONSTRAINT "analysis_backfills_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_runs" ADD CONSTRAINT "analysis_runs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_runs" ADD CONSTRAINT "analysis_runs_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_runs" ADD CONSTRAINT "analysis_runs_backfill_id_analysis_backfills_id_fk" FOREIGN KEY ("backfill_id") REFERENCES "public"."analysis_backfills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_backfills_organisation_idx" ON "analysis_backfills" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "analysis_runs_deal_idx" ON "analysis_runs" USING btree ("deal_id","queued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "analysis_runs_backfill_idx" ON "analysis_runs" USING btree ("backfill_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_remote_id_key" ON "contacts" USING btree ("organisation_id","remote_id") WHERE "contacts"."remote_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "engagements_deal_content_hash_key" ON "engagements" USING btree ("deal_id","content_hash") WHERE "engagements"."content_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "engagements_remote_id_key" ON "engagements" USING btree ("organisation_id","remote_id") WHERE "engagements"."remote_id" is not null;