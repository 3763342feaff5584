ALTER TABLE "crm_integrations" ADD COLUMN "auth_kind" text;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "credentials" text;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "remote_account_id" text;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "cursors" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "sync_state" text DEFAULT 'idle' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "sync_progress" jsonb;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "sync_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "sync_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "problems" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "sync_count" integer DEFAULT 0 NOT NULL;