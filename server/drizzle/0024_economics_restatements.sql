CREATE TABLE "economics_cohorts" (
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"cohort" date NOT NULL,
	"period" date NOT NULL,
	"entered" integer DEFAULT 0 NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"mrr_moved" numeric(38, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "economics_cohorts_scope_kind_scope_id_cohort_period_pk" PRIMARY KEY("scope_kind","scope_id","cohort","period")
);
--> statement-breakpoint
CREATE TABLE "economics_restatements" (
	"month" date NOT NULL,
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"figure" text NOT NULL,
	"source" text NOT NULL,
	"before" numeric(38, 0) NOT NULL,
	"after" numeric(38, 0) NOT NULL,
	"noted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "economics_restatements_scope_kind_scope_id_month_figure_source_noted_at_pk" PRIMARY KEY("scope_kind","scope_id","month","figure","source","noted_at")
);
--> statement-breakpoint
ALTER TABLE "economics_stale" DROP CONSTRAINT "economics_stale_pkey";--> statement-breakpoint
ALTER TABLE "economics_stale" ADD COLUMN "source" text DEFAULT 'subscriptions' NOT NULL;--> statement-breakpoint
ALTER TABLE "economics_stale" ALTER COLUMN "source" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "economics_stale" ADD CONSTRAINT "economics_stale_user_id_source_pk" PRIMARY KEY("user_id","source");--> statement-breakpoint
UPDATE "economics_kept" SET "zone" = NULL, "built" = false;