CREATE TYPE "public"."import_kind" AS ENUM('deals', 'contacts', 'engagements');--> statement-breakpoint
CREATE TYPE "public"."import_problem_severity" AS ENUM('error', 'warning');--> statement-breakpoint
CREATE TYPE "public"."import_status" AS ENUM('validating', 'validated', 'importing', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "import_file_chunks" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "import_file_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "import_problems" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_problems_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"row_number" integer NOT NULL,
	"column" text,
	"severity" "import_problem_severity" NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"created_by" uuid,
	"kind" "import_kind" NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resolved_mapping" jsonb,
	"delimiter" text,
	"status" "import_status" DEFAULT 'validating' NOT NULL,
	"error" text,
	"rows_total" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"planned_create" integer DEFAULT 0 NOT NULL,
	"planned_update" integer DEFAULT 0 NOT NULL,
	"planned_unchanged" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed_rows" integer DEFAULT 0 NOT NULL,
	"validated_at" timestamp with time zone,
	"committed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_file_chunks" ADD CONSTRAINT "import_file_chunks_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_problems" ADD CONSTRAINT "import_problems_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_problems_import_idx" ON "import_problems" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "imports_organisation_idx" ON "imports" USING btree ("organisation_id","created_at");