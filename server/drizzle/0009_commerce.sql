CREATE TABLE "articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"author" varchar(100) NOT NULL,
	"summary" varchar(500),
	"content" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"importance" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"display_time" timestamp with time zone DEFAULT now() NOT NULL,
	"comment_disabled" boolean DEFAULT false NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"image_uri" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('draft', 'published')),
	CONSTRAINT "articles_type_check" CHECK ("articles"."type" in ('cn', 'us', 'jp', 'eu')),
	CONSTRAINT "articles_importance_check" CHECK ("articles"."importance" between 1 and 3),
	CONSTRAINT "articles_content_length" CHECK (char_length("articles"."content") <= 200000)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"utm_source" varchar(100),
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	"utm_term" varchar(100),
	"utm_content" varchar(100),
	"landing_url" varchar(500),
	"started_on" date,
	"ended_on" date,
	"budget" numeric(12, 2),
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_dates_check" CHECK ("campaigns"."ended_on" is null or "campaigns"."started_on" is null or "campaigns"."ended_on" >= "campaigns"."started_on"),
	CONSTRAINT "campaigns_budget_check" CHECK ("campaigns"."budget" is null or "campaigns"."budget" >= 0)
);
--> statement-breakpoint
CREATE TABLE "channel_admins" (
	"channel_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_admins_channel_id_admin_id_pk" PRIMARY KEY("channel_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"utm_source" varchar(100) NOT NULL,
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	"utm_term" varchar(100),
	"utm_content" varchar(100),
	"utm_id" varchar(100),
	"type" text NOT NULL,
	"profit_sharing" numeric(5, 2) DEFAULT '0' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_type_check" CHECK ("channels"."type" in ('affiliate', 'advertising', 'social', 'email', 'partner', 'other')),
	CONSTRAINT "channels_status_check" CHECK ("channels"."status" in ('active', 'archived')),
	CONSTRAINT "channels_profit_sharing_check" CHECK ("channels"."profit_sharing" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"plan_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_status_check" CHECK ("deals"."status" in ('enabled', 'disabled')),
	CONSTRAINT "deals_period_check" CHECK ("deals"."ended_at" > "deals"."started_at"),
	CONSTRAINT "deals_price_check" CHECK ("deals"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" varchar(40) NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"subscription_id" integer,
	"channel_id" integer,
	"campaign_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"payment_method" text NOT NULL,
	"transaction_number" varchar(100),
	"paid_at" timestamp with time zone,
	"transaction_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"settlement_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reserve_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('segpay', 'ccbill', 'epoch', 'verotel')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."amount" >= 0 and "orders"."transaction_fee" >= 0 and "orders"."settlement_fee" >= 0 and "orders"."reserve_fee" >= 0),
	CONSTRAINT "orders_total_check" CHECK ("orders"."total_amount" = "orders"."amount" - "orders"."transaction_fee" - "orders"."settlement_fee" - "orders"."reserve_fee")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"title" varchar(200),
	"initial_period_count" integer NOT NULL,
	"initial_period_unit" text NOT NULL,
	"initial_original_price" numeric(12, 2) NOT NULL,
	"initial_discount_price" numeric(12, 2),
	"recurring_period_count" integer,
	"recurring_period_unit" text,
	"recurring_original_price" numeric(12, 2),
	"recurring_discount_price" numeric(12, 2),
	"downloadable" boolean DEFAULT false NOT NULL,
	"show" boolean DEFAULT true NOT NULL,
	"is_best" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"segpay_id" varchar(100),
	"ccbill_id" varchar(100),
	"epoch_id" varchar(100),
	"verotel_id" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_initial_period_unit_check" CHECK ("plans"."initial_period_unit" in ('day', 'week', 'month', 'year')),
	CONSTRAINT "plans_recurring_period_unit_check" CHECK ("plans"."recurring_period_unit" in ('day', 'week', 'month', 'year')),
	CONSTRAINT "plans_initial_period_count_check" CHECK ("plans"."initial_period_count" > 0),
	CONSTRAINT "plans_recurring_complete_check" CHECK (("plans"."recurring_period_count" is null) = ("plans"."recurring_period_unit" is null) and ("plans"."recurring_period_count" is null) = ("plans"."recurring_original_price" is null)),
	CONSTRAINT "plans_prices_check" CHECK ("plans"."initial_original_price" >= 0 and ("plans"."initial_discount_price" is null or "plans"."initial_discount_price" between 0 and "plans"."initial_original_price") and ("plans"."recurring_discount_price" is null or "plans"."recurring_discount_price" between 0 and "plans"."recurring_original_price"))
);
--> statement-breakpoint
CREATE TABLE "promotion_plans" (
	"promotion_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	CONSTRAINT "promotion_plans_promotion_id_plan_id_pk" PRIMARY KEY("promotion_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"code" varchar(50) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"times" integer NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_status_check" CHECK ("promotions"."status" in ('enabled', 'disabled')),
	CONSTRAINT "promotions_period_check" CHECK ("promotions"."ended_at" > "promotions"."started_at"),
	CONSTRAINT "promotions_times_check" CHECK ("promotions"."times" > 0)
);
--> statement-breakpoint
CREATE TABLE "segpay_payout_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segpay_payout_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"gross" numeric(12, 2) NOT NULL,
	"fees" numeric(12, 2) DEFAULT '0' NOT NULL,
	"refunds" numeric(12, 2) DEFAULT '0' NOT NULL,
	"chargebacks" numeric(12, 2) DEFAULT '0' NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"paid_on" date,
	"reference" varchar(100) NOT NULL,
	"note" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segpay_payout_reports_period_check" CHECK ("segpay_payout_reports"."period_end" >= "segpay_payout_reports"."period_start"),
	CONSTRAINT "segpay_payout_reports_currency_check" CHECK ("segpay_payout_reports"."currency" in ('USD', 'EUR', 'GBP', 'CNY', 'JPY')),
	CONSTRAINT "segpay_payout_reports_parts_check" CHECK ("segpay_payout_reports"."gross" >= 0 and "segpay_payout_reports"."fees" >= 0 and "segpay_payout_reports"."refunds" >= 0 and "segpay_payout_reports"."chargebacks" >= 0),
	CONSTRAINT "segpay_payout_reports_net_check" CHECK ("segpay_payout_reports"."net" = "segpay_payout_reports"."gross" - "segpay_payout_reports"."fees" - "segpay_payout_reports"."refunds" - "segpay_payout_reports"."chargebacks")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"channel_id" integer,
	"campaign_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'cancelled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "ip_whitelists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ip_whitelists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address" "inet" NOT NULL,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"recipient" varchar(255) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"transport" text NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_mails_kind_check" CHECK ("member_mails"."kind" in ('email-verification', 'reset-password'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar" varchar(500);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banner" varchar(500);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthdate" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" varchar(30);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "channel_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_admins" ADD CONSTRAINT "channel_admins_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_admins" ADD CONSTRAINT "channel_admins_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_plans" ADD CONSTRAINT "promotion_plans_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_plans" ADD CONSTRAINT "promotion_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_mails" ADD CONSTRAINT "member_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_mails" ADD CONSTRAINT "member_mails_sent_by_admins_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_display_time_index" ON "articles" USING btree ("display_time");--> statement-breakpoint
CREATE INDEX "articles_title_trgm_index" ON "articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_channel_id_position_index" ON "campaigns" USING btree ("channel_id","position");--> statement-breakpoint
CREATE INDEX "channel_admins_admin_id_index" ON "channel_admins" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "channels_utm_source_index" ON "channels" USING btree ("utm_source");--> statement-breakpoint
CREATE INDEX "channels_status_id_index" ON "channels" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "channels_created_at_index" ON "channels" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deals_plan_id_index" ON "deals" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "deals_started_at_index" ON "deals" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_unique" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_order_no_trgm_index" ON "orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_transaction_number_trgm_index" ON "orders" USING gin ("transaction_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_paid_at_id_index" ON "orders" USING btree ("paid_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_method_paid_at_index" ON "orders" USING btree ("payment_method","paid_at");--> statement-breakpoint
CREATE INDEX "orders_plan_id_paid_at_index" ON "orders" USING btree ("plan_id","paid_at");--> statement-breakpoint
CREATE INDEX "orders_user_id_index" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_subscription_id_index" ON "orders" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "orders_channel_id_paid_at_index" ON "orders" USING btree ("channel_id","paid_at");--> statement-breakpoint
CREATE INDEX "orders_campaign_id_index" ON "orders" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "orders_amount_index" ON "orders" USING btree ("amount");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_lower_unique" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "plans_sort_index" ON "plans" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "promotion_plans_plan_id_index" ON "promotion_plans" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_lower_unique" ON "promotions" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "promotions_started_at_index" ON "promotions" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "segpay_payout_reports_reference_unique" ON "segpay_payout_reports" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "segpay_payout_reports_period_start_index" ON "segpay_payout_reports" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "subscriptions_user_id_index" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_id_index" ON "subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "subscriptions_started_at_index" ON "subscriptions" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "subscriptions_channel_id_started_at_index" ON "subscriptions" USING btree ("channel_id","started_at");--> statement-breakpoint
CREATE INDEX "subscriptions_campaign_id_index" ON "subscriptions" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_id_index" ON "subscriptions" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_whitelists_address_unique" ON "ip_whitelists" USING btree ("address");--> statement-breakpoint
CREATE INDEX "ip_whitelists_created_at_index" ON "ip_whitelists" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "member_mails_user_id_kind_created_at_index" ON "member_mails" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "member_mails_created_at_index" ON "member_mails" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_username_trgm_index" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_index" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_index" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_status_id_index" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_plan_id_index" ON "users" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "users_created_at_index" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_end_date_index" ON "users" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "users_channel_id_index" ON "users" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "users_campaign_id_index" ON "users" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dates_check" CHECK ("users"."end_date" is null or "users"."start_date" is null or "users"."end_date" >= "users"."start_date");