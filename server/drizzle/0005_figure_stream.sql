-- The figures follow PostgreSQL's own change stream where it has logical decoding (docs/analytics.md "How the
-- figures are kept"): where the stream stands (figure_stream), the refunds and chargebacks as counted
-- (figure_events), the changes set aside (figure_set_aside). visitor_queue, which nothing has written since
-- the fold read visits by id, goes. The rollups' money takes twenty digits before the point (no type
-- rewrite: only the precision grows).
CREATE TABLE "figure_events" (
	"id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"channel_id" integer,
	"campaign_id" integer,
	"plan_id" integer
);
--> statement-breakpoint
CREATE TABLE "figure_set_aside" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "figure_set_aside_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"row_id" bigint,
	"error" text NOT NULL,
	"change" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "figure_stream" (
	"slot" text PRIMARY KEY NOT NULL,
	"lsn" "pg_lsn" NOT NULL,
	"fresh_as_of" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "visitor_queue" CASCADE;--> statement-breakpoint
ALTER TABLE "figure_queue" ALTER COLUMN "gross" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "figure_queue" ALTER COLUMN "gross" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "figure_queue" ALTER COLUMN "fees" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "figure_queue" ALTER COLUMN "fees" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "figure_queue" ALTER COLUMN "refunds" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "figure_queue" ALTER COLUMN "refunds" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "figure_queue" ALTER COLUMN "chargebacks" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "figure_queue" ALTER COLUMN "chargebacks" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_days" ALTER COLUMN "gross" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_days" ALTER COLUMN "gross" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_days" ALTER COLUMN "fees" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_days" ALTER COLUMN "fees" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_days" ALTER COLUMN "refunds" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_days" ALTER COLUMN "refunds" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_days" ALTER COLUMN "chargebacks" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_days" ALTER COLUMN "chargebacks" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_months" ALTER COLUMN "gross" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_months" ALTER COLUMN "gross" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_months" ALTER COLUMN "fees" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_months" ALTER COLUMN "fees" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_months" ALTER COLUMN "refunds" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_months" ALTER COLUMN "refunds" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_months" ALTER COLUMN "chargebacks" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_months" ALTER COLUMN "chargebacks" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_quarters" ALTER COLUMN "gross" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_quarters" ALTER COLUMN "gross" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_quarters" ALTER COLUMN "fees" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_quarters" ALTER COLUMN "fees" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_quarters" ALTER COLUMN "refunds" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_quarters" ALTER COLUMN "refunds" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_quarters" ALTER COLUMN "chargebacks" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_quarters" ALTER COLUMN "chargebacks" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_zone_days" ALTER COLUMN "gross" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_zone_days" ALTER COLUMN "gross" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_zone_days" ALTER COLUMN "fees" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_zone_days" ALTER COLUMN "fees" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_zone_days" ALTER COLUMN "refunds" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_zone_days" ALTER COLUMN "refunds" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rollup_zone_days" ALTER COLUMN "chargebacks" SET DATA TYPE numeric(22, 2);--> statement-breakpoint
ALTER TABLE "rollup_zone_days" ALTER COLUMN "chargebacks" SET DEFAULT '0';--> statement-breakpoint
CREATE INDEX "figure_events_order_id_index" ON "figure_events" USING btree ("order_id");--> statement-breakpoint
-- A recount reads the visits of given days too (db/sql/visitor-sketches.sql): the forms without them go.
DROP FUNCTION IF EXISTS vod_visits_sketch(text, bigint, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_visit_hashes(text, bigint, bigint);
