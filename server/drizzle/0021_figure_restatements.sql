CREATE TABLE "figure_restatements" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"device" text NOT NULL,
	"month" date NOT NULL,
	"figure" text NOT NULL,
	"source" text NOT NULL,
	"change" numeric(22, 2) NOT NULL,
	"noted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "figure_restatements_month_channel_id_campaign_id_plan_id_device_figure_noted_at_pk" PRIMARY KEY("month","channel_id","campaign_id","plan_id","device","figure","noted_at")
);
