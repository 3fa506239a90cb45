ALTER TABLE "figure_queue" ADD COLUMN "reserve" numeric(22, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_days" ADD COLUMN "reserve" numeric(22, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_months" ADD COLUMN "reserve" numeric(22, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_quarters" ADD COLUMN "reserve" numeric(22, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "rollup_zone_days" ADD COLUMN "reserve" numeric(22, 2) DEFAULT '0' NOT NULL;