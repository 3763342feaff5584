-- ADR 0034: a deal's stage history outlives the stages it names. The history keeps the stage ids
-- without foreign keys (a removed stage no longer cascades its rows away or nulls them), and
-- keeps a removed stage's name, written as the stage is deleted.
ALTER TABLE "deal_stage_history" DROP CONSTRAINT "deal_stage_history_from_stage_id_stages_id_fk";
--> statement-breakpoint
ALTER TABLE "deal_stage_history" DROP CONSTRAINT "deal_stage_history_to_stage_id_stages_id_fk";
--> statement-breakpoint
ALTER TABLE "deal_stage_history" ADD COLUMN "from_stage_name" text;--> statement-breakpoint
ALTER TABLE "deal_stage_history" ADD COLUMN "to_stage_name" text;