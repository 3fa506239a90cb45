CREATE TABLE "report_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"recipient" varchar(255),
	"subject" varchar(300),
	"body" text,
	"attachment" text,
	"attachment_name" varchar(100),
	"pending" boolean DEFAULT true NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"tried_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_deliveries_subscription_id_period_start_unique" UNIQUE("subscription_id","period_start"),
	CONSTRAINT "report_deliveries_state_check" CHECK ("report_deliveries"."state" in ('queued', 'sent', 'failed', 'outbox', 'withheld'))
);
--> statement-breakpoint
CREATE TABLE "report_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer NOT NULL,
	"report" text NOT NULL,
	"channel_id" integer,
	"frequency" text NOT NULL,
	"weekday" smallint,
	"hour" smallint NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_subscriptions_report_check" CHECK ("report_subscriptions"."report" in ('daily-revenue', 'daily-channel', 'daily-campaign', 'daily-refund-statistics')),
	CONSTRAINT "report_subscriptions_frequency_check" CHECK ("report_subscriptions"."frequency" in ('daily', 'weekly')),
	CONSTRAINT "report_subscriptions_language_check" CHECK ("report_subscriptions"."language" in ('zh-cn', 'en')),
	CONSTRAINT "report_subscriptions_hour_check" CHECK ("report_subscriptions"."hour" between 0 and 23),
	CONSTRAINT "report_subscriptions_weekday_check" CHECK (case when "report_subscriptions"."frequency" = 'weekly' then "report_subscriptions"."weekday" between 1 and 7 else "report_subscriptions"."weekday" is null end)
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_subscription_id_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."report_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_deliveries_pending_index" ON "report_deliveries" USING btree ("tried_at") WHERE "report_deliveries"."pending";--> statement-breakpoint
CREATE INDEX "report_subscriptions_admin_id_index" ON "report_subscriptions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "report_subscriptions_channel_id_index" ON "report_subscriptions" USING btree ("channel_id");