CREATE TABLE "economics_dues" (
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"day" date NOT NULL,
	"due" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "economics_dues_scope_kind_scope_id_day_plan_id_pk" PRIMARY KEY("scope_kind","scope_id","day","plan_id")
);
--> statement-breakpoint
CREATE TABLE "economics_member_dues" (
	"subscription_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"converted" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "economics_restatements" DROP CONSTRAINT "economics_restatements_scope_kind_scope_id_month_figure_source_noted_at_pk";--> statement-breakpoint
ALTER TABLE "economics_restatements" ADD COLUMN "cohort" date;--> statement-breakpoint
CREATE INDEX "economics_member_dues_user_id_index" ON "economics_member_dues" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "economics_member_dues_due_at_index" ON "economics_member_dues" USING btree ("due_at");--> statement-breakpoint
ALTER TABLE "economics_restatements" ADD CONSTRAINT "economics_restatements_entry" UNIQUE NULLS NOT DISTINCT("scope_kind","scope_id","month","cohort","figure","source","noted_at");--> statement-breakpoint
UPDATE "economics_kept" SET "zone" = NULL, "built" = false;