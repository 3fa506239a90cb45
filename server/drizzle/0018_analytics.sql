CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('refund', 'chargeback')),
	CONSTRAINT "order_events_amount_check" CHECK ("order_events"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rollup_days" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"device" text NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross" numeric(16, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(16, 2) DEFAULT '0' NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refunds" numeric(16, 2) DEFAULT '0' NOT NULL,
	"chargeback_count" integer DEFAULT 0 NOT NULL,
	"chargebacks" numeric(16, 2) DEFAULT '0' NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"subscriptions" integer DEFAULT 0 NOT NULL,
	"cancellations" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_days_channel_id_campaign_id_plan_id_device_day_pk" PRIMARY KEY("channel_id","campaign_id","plan_id","device","day")
);
--> statement-breakpoint
CREATE TABLE "rollup_quarters" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"device" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross" numeric(16, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(16, 2) DEFAULT '0' NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refunds" numeric(16, 2) DEFAULT '0' NOT NULL,
	"chargeback_count" integer DEFAULT 0 NOT NULL,
	"chargebacks" numeric(16, 2) DEFAULT '0' NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"subscriptions" integer DEFAULT 0 NOT NULL,
	"cancellations" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_quarters_channel_id_campaign_id_plan_id_device_bucket_pk" PRIMARY KEY("channel_id","campaign_id","plan_id","device","bucket")
);
--> statement-breakpoint
CREATE TABLE "visitor_day_counts" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visitor_day_counts_channel_id_campaign_id_day_pk" PRIMARY KEY("channel_id","campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "visitor_days" (
	"day" date NOT NULL,
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"visitor" varchar(64) NOT NULL,
	CONSTRAINT "visitor_days_channel_id_campaign_id_day_visitor_pk" PRIMARY KEY("channel_id","campaign_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visitor" varchar(64) NOT NULL,
	"device" text NOT NULL,
	"channel_id" integer,
	"campaign_id" integer,
	CONSTRAINT "visits_device_check" CHECK ("visits"."device" in ('desktop', 'mobile', 'tablet'))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_id_index" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "visitor_days_day_index" ON "visitor_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "visits_visited_at_index" ON "visits" USING btree ("visited_at");