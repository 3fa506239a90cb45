CREATE TABLE "economics_kept" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"zone" text,
	"built" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "economics_member_periods" (
	"user_id" integer NOT NULL,
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"before" numeric(38, 0) DEFAULT '0' NOT NULL,
	"after" numeric(38, 0) DEFAULT '0' NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "economics_member_periods_user_id_scope_kind_scope_id_grain_period_pk" PRIMARY KEY("user_id","scope_kind","scope_id","grain","period")
);
--> statement-breakpoint
CREATE TABLE "economics_periods" (
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"mrr_moved" numeric(38, 0) DEFAULT '0' NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"new_mrr" numeric(38, 0) DEFAULT '0' NOT NULL,
	"reactivation" numeric(38, 0) DEFAULT '0' NOT NULL,
	"expansion" numeric(38, 0) DEFAULT '0' NOT NULL,
	"contraction" numeric(38, 0) DEFAULT '0' NOT NULL,
	"churn" numeric(38, 0) DEFAULT '0' NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"reactivated_members" integer DEFAULT 0 NOT NULL,
	"expanded_members" integer DEFAULT 0 NOT NULL,
	"contracted_members" integer DEFAULT 0 NOT NULL,
	"churned_members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "economics_periods_scope_kind_scope_id_grain_period_pk" PRIMARY KEY("scope_kind","scope_id","grain","period")
);
--> statement-breakpoint
CREATE TABLE "economics_stale" (
	"user_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "economics_member_periods_scope_index" ON "economics_member_periods" USING btree ("scope_kind","scope_id","grain","period","user_id","before","after","first_at");--> statement-breakpoint
INSERT INTO "economics_kept" ("only") VALUES (true);
