CREATE TYPE "public"."objection_feedback_verdict" AS ENUM('not_objection', 'other_type');--> statement-breakpoint
CREATE TABLE "objection_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"objection_id" uuid,
	"deal_id" uuid NOT NULL,
	"engagement_id" uuid NOT NULL,
	"utterance_index" integer,
	"quote" text NOT NULL,
	"verdict" "objection_feedback_verdict" NOT NULL,
	"original_type_id" uuid,
	"corrected_type_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "objections" ADD COLUMN "rejected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "objection_feedback" ADD CONSTRAINT "objection_feedback_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_feedback" ADD CONSTRAINT "objection_feedback_objection_id_objections_id_fk" FOREIGN KEY ("objection_id") REFERENCES "public"."objections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_feedback" ADD CONSTRAINT "objection_feedback_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_feedback" ADD CONSTRAINT "objection_feedback_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_feedback" ADD CONSTRAINT "objection_feedback_original_type_id_objection_types_id_fk" FOREIGN KEY ("original_type_id") REFERENCES "public"."objection_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_feedback" ADD CONSTRAINT "objection_feedback_corrected_type_id_objection_types_id_fk" FOREIGN KEY ("corrected_type_id") REFERENCES "public"."objection_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objection_feedback" ADD CONSTRAINT "objection_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "objection_feedback_organisation_idx" ON "objection_feedback" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "objection_feedback_engagement_idx" ON "objection_feedback" USING btree ("engagement_id");--> statement-breakpoint
CREATE INDEX "objection_feedback_objection_idx" ON "objection_feedback" USING btree ("objection_id");