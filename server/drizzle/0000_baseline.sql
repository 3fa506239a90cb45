-- The database as migrations 0000-0030 left it, in one file (issue 38: each truth written once). Tables,
-- types, sequences, indexes and constraints only: the functions, the aggregate and the triggers are
-- server/src/db/sql/*.sql, applied after the migrations whenever those files change (server/src/db/migrate.ts).
-- Made with pg_dump --schema-only of a database migrated by the 31 migrations it replaces, less what the
-- source files define. A database those migrations left before 0030 is refused (migrate.ts): it is
-- upgraded by a release up to commit 01850a0 first.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE TYPE public.vod_new_visit AS (
	id bigint,
	visited_at timestamp with time zone,
	channel_id integer,
	campaign_id integer,
	device text,
	visitor text
);
--> statement-breakpoint
CREATE TYPE public.vod_rollup_delta AS (
	moment timestamp with time zone,
	channel_id integer,
	campaign_id integer,
	plan_id integer,
	device text,
	orders integer,
	gross numeric,
	fees numeric,
	refund_count integer,
	refunds numeric,
	chargeback_count integer,
	chargebacks numeric,
	signups integer,
	subscriptions integer,
	cancellations integer,
	visits integer
);
--> statement-breakpoint
CREATE TYPE public.vod_tail AS (
	source text,
	from_id bigint,
	to_id bigint,
	top_id bigint,
	writers text[],
	settled tid[],
	gap_ids bigint[]
);
--> statement-breakpoint
CREATE TYPE public.vod_visitor_day AS (
	channel_id integer,
	campaign_id integer,
	day date,
	visitor text
);
--> statement-breakpoint
CREATE TABLE public.order_events (
    id integer NOT NULL,
    order_id integer NOT NULL,
    kind text NOT NULL,
    amount numeric(12,2) NOT NULL,
    occurred_at timestamp with time zone DEFAULT now() NOT NULL,
    reason character varying(500),
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT order_events_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT order_events_kind_check CHECK ((kind = ANY (ARRAY['refund'::text, 'chargeback'::text])))
);
--> statement-breakpoint
CREATE TABLE public.orders (
    id integer NOT NULL,
    order_no character varying(40) NOT NULL,
    user_id integer NOT NULL,
    plan_id integer NOT NULL,
    subscription_id integer,
    channel_id integer,
    campaign_id integer,
    amount numeric(12,2) NOT NULL,
    payment_method text NOT NULL,
    transaction_number character varying(100),
    paid_at timestamp with time zone,
    transaction_fee numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    settlement_fee numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    reserve_fee numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    total_amount numeric(12,2) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT orders_amounts_check CHECK (((amount >= (0)::numeric) AND (transaction_fee >= (0)::numeric) AND (settlement_fee >= (0)::numeric) AND (reserve_fee >= (0)::numeric))),
    CONSTRAINT orders_payment_method_check CHECK ((payment_method = ANY (ARRAY['segpay'::text, 'ccbill'::text, 'epoch'::text, 'verotel'::text]))),
    CONSTRAINT orders_total_check CHECK ((total_amount = (((amount - transaction_fee) - settlement_fee) - reserve_fee)))
);
--> statement-breakpoint
CREATE TABLE public.subscriptions (
    id integer NOT NULL,
    user_id integer NOT NULL,
    plan_id integer NOT NULL,
    channel_id integer,
    campaign_id integer,
    status text DEFAULT 'active'::text NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    cancelled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT subscriptions_status_check CHECK ((status = ANY (ARRAY['active'::text, 'cancelled'::text, 'expired'::text])))
);
--> statement-breakpoint
CREATE TABLE public.users (
    id integer NOT NULL,
    username character varying(100) NOT NULL,
    email character varying(255),
    first_name character varying(100),
    last_name character varying(100),
    status text DEFAULT 'enabled'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    avatar character varying(500),
    banner character varying(500),
    birthdate date,
    phone character varying(30),
    plan_id integer,
    start_date date,
    end_date date,
    channel_id integer,
    campaign_id integer,
    email_verified_at timestamp with time zone,
    CONSTRAINT users_dates_check CHECK (((end_date IS NULL) OR (start_date IS NULL) OR (end_date >= start_date))),
    CONSTRAINT users_status_check CHECK ((status = ANY (ARRAY['enabled'::text, 'disabled'::text])))
);
--> statement-breakpoint
CREATE TABLE public.visits (
    id bigint NOT NULL,
    visited_at timestamp with time zone DEFAULT now() NOT NULL,
    visitor character varying(64) NOT NULL,
    device text NOT NULL,
    channel_id integer,
    campaign_id integer,
    CONSTRAINT visits_device_check CHECK ((device = ANY (ARRAY['desktop'::text, 'mobile'::text, 'tablet'::text])))
);
--> statement-breakpoint
CREATE TABLE public.admin_roles (
    admin_id integer NOT NULL,
    role_id integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.admin_users (
    admin_id integer NOT NULL,
    user_id integer NOT NULL,
    assigned_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.admins (
    id integer NOT NULL,
    username character varying(64) NOT NULL,
    password_hash text NOT NULL,
    name character varying(100) DEFAULT ''::character varying NOT NULL,
    phone character varying(32),
    email character varying(255),
    avatar text,
    introduction text,
    status text DEFAULT 'enabled'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    two_factor_secret text,
    two_factor_pending_secret text,
    two_factor_last_step integer,
    CONSTRAINT admins_status_check CHECK ((status = ANY (ARRAY['enabled'::text, 'disabled'::text])))
);
--> statement-breakpoint
ALTER TABLE public.admins ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.admins_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.advertisements (
    id integer NOT NULL,
    "position" text NOT NULL,
    name character varying(100) NOT NULL,
    image character varying(500),
    mobile_image character varying(500),
    link character varying(500),
    cta_position text DEFAULT 'center'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT advertisements_cta_position_check CHECK ((cta_position = ANY (ARRAY['left'::text, 'center'::text, 'right'::text]))),
    CONSTRAINT advertisements_position_check CHECK (("position" = ANY (ARRAY['home_top'::text, 'home_middle'::text, 'home_bottom'::text, 'video_sidebar'::text, 'video_pause'::text])))
);
--> statement-breakpoint
ALTER TABLE public.advertisements ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.advertisements_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.app_settings (
    key text NOT NULL,
    value text NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.articles (
    id integer NOT NULL,
    title character varying(200) NOT NULL,
    author character varying(100) NOT NULL,
    summary character varying(500),
    content text DEFAULT ''::text NOT NULL,
    type text NOT NULL,
    importance integer DEFAULT 1 NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    display_time timestamp with time zone DEFAULT now() NOT NULL,
    comment_disabled boolean DEFAULT false NOT NULL,
    pageviews integer DEFAULT 0 NOT NULL,
    image_uri character varying(500),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT articles_content_length CHECK ((char_length(content) <= 200000)),
    CONSTRAINT articles_importance_check CHECK (((importance >= 1) AND (importance <= 3))),
    CONSTRAINT articles_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text]))),
    CONSTRAINT articles_type_check CHECK ((type = ANY (ARRAY['cn'::text, 'us'::text, 'jp'::text, 'eu'::text])))
);
--> statement-breakpoint
ALTER TABLE public.articles ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.articles_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.audit_logs (
    id integer NOT NULL,
    admin_id integer,
    admin_username character varying(255),
    resource character varying(100) NOT NULL,
    record_id integer,
    action character varying(100) NOT NULL,
    ip character varying(64),
    changes jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.audit_logs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.audit_logs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.banners (
    id integer NOT NULL,
    "position" text NOT NULL,
    name character varying(100) NOT NULL,
    title character varying(200),
    subtitle character varying(300),
    type text DEFAULT 'image'::text NOT NULL,
    cta character varying(50),
    image character varying(500),
    mobile_image character varying(500),
    video character varying(500),
    mobile_video character varying(500),
    link character varying(500),
    sort integer DEFAULT 0 NOT NULL,
    clicks integer DEFAULT 0 NOT NULL,
    expired_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT banners_clicks_check CHECK ((clicks >= 0)),
    CONSTRAINT banners_position_check CHECK (("position" = ANY (ARRAY['home_hero'::text, 'home_middle'::text, 'videos_top'::text, 'sidebar'::text]))),
    CONSTRAINT banners_type_check CHECK ((type = ANY (ARRAY['image'::text, 'video'::text])))
);
--> statement-breakpoint
ALTER TABLE public.banners ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.banners_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.block_videos (
    block_id integer NOT NULL,
    video_id integer NOT NULL,
    "position" integer NOT NULL,
    name character varying(100),
    gender text DEFAULT 'all'::text NOT NULL,
    is_popular boolean DEFAULT false NOT NULL,
    CONSTRAINT block_videos_gender_check CHECK ((gender = ANY (ARRAY['all'::text, 'female'::text, 'male'::text])))
);
--> statement-breakpoint
CREATE TABLE public.blocks (
    id integer NOT NULL,
    title character varying(100) NOT NULL,
    description character varying(500),
    type text DEFAULT 'videos'::text NOT NULL,
    page text DEFAULT 'home'::text NOT NULL,
    is_box boolean DEFAULT false NOT NULL,
    sort integer DEFAULT 0 NOT NULL,
    advertisement_id integer,
    image character varying(500),
    mobile_image character varying(500),
    link character varying(500),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT blocks_page_check CHECK ((page = ANY (ARRAY['home'::text, 'videos'::text, 'models'::text]))),
    CONSTRAINT blocks_type_check CHECK ((type = ANY (ARRAY['videos'::text, 'advertisement'::text, 'image'::text])))
);
--> statement-breakpoint
ALTER TABLE public.blocks ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.blocks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.campaigns (
    id integer NOT NULL,
    channel_id integer NOT NULL,
    name character varying(100) NOT NULL,
    utm_source character varying(100),
    utm_medium character varying(100),
    utm_campaign character varying(100),
    utm_term character varying(100),
    utm_content character varying(100),
    landing_url character varying(500),
    started_on date,
    ended_on date,
    budget numeric(12,2),
    "position" integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT campaigns_budget_check CHECK (((budget IS NULL) OR (budget >= (0)::numeric))),
    CONSTRAINT campaigns_dates_check CHECK (((ended_on IS NULL) OR (started_on IS NULL) OR (ended_on >= started_on)))
);
--> statement-breakpoint
ALTER TABLE public.campaigns ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.campaigns_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.channel_admins (
    channel_id integer NOT NULL,
    admin_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.channels (
    id integer NOT NULL,
    utm_source character varying(100) NOT NULL,
    utm_medium character varying(100),
    utm_campaign character varying(100),
    utm_term character varying(100),
    utm_content character varying(100),
    utm_id character varying(100),
    type text NOT NULL,
    profit_sharing numeric(5,2) DEFAULT '0'::numeric NOT NULL,
    disabled boolean DEFAULT false NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT channels_profit_sharing_check CHECK (((profit_sharing >= (0)::numeric) AND (profit_sharing <= (100)::numeric))),
    CONSTRAINT channels_status_check CHECK ((status = ANY (ARRAY['active'::text, 'archived'::text]))),
    CONSTRAINT channels_type_check CHECK ((type = ANY (ARRAY['affiliate'::text, 'advertising'::text, 'social'::text, 'email'::text, 'partner'::text, 'other'::text])))
);
--> statement-breakpoint
ALTER TABLE public.channels ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.channels_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.comment_reports (
    id integer NOT NULL,
    comment_id integer NOT NULL,
    user_id integer NOT NULL,
    reason character varying(500) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.comment_reports ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.comment_reports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.comments (
    id integer NOT NULL,
    user_id integer NOT NULL,
    video_id integer NOT NULL,
    comment character varying(2000) NOT NULL,
    likes_count integer DEFAULT 0 NOT NULL,
    status text DEFAULT 'enabled'::text NOT NULL,
    report_status text DEFAULT 'none'::text NOT NULL,
    banned_at timestamp with time zone,
    banned_by character varying(255),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT comments_report_status_check CHECK ((report_status = ANY (ARRAY['none'::text, 'pending'::text, 'banned'::text, 'rejected'::text]))),
    CONSTRAINT comments_status_check CHECK ((status = ANY (ARRAY['enabled'::text, 'disabled'::text, 'banned'::text])))
);
--> statement-breakpoint
ALTER TABLE public.comments ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.comments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.cooperations (
    id integer NOT NULL,
    subject character varying(200) NOT NULL,
    name character varying(100) NOT NULL,
    email character varying(255) NOT NULL,
    phone character varying(50),
    message character varying(5000) NOT NULL,
    attachment character varying(500),
    status text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT cooperations_status_check CHECK ((status = ANY (ARRAY['open'::text, 'solved'::text, 'archived'::text])))
);
--> statement-breakpoint
ALTER TABLE public.cooperations ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.cooperations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.deals (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    plan_id integer NOT NULL,
    price numeric(12,2) NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone NOT NULL,
    status text DEFAULT 'enabled'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT deals_period_check CHECK ((ended_at > started_at)),
    CONSTRAINT deals_price_check CHECK ((price >= (0)::numeric)),
    CONSTRAINT deals_status_check CHECK ((status = ANY (ARRAY['enabled'::text, 'disabled'::text])))
);
--> statement-breakpoint
ALTER TABLE public.deals ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.deals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.deleted_records (
    id integer NOT NULL,
    batch character varying(64) NOT NULL,
    resource character varying(100) NOT NULL,
    record_id integer NOT NULL,
    label character varying(255) NOT NULL,
    rows jsonb NOT NULL,
    admin_id integer,
    deleted_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.deleted_records ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.deleted_records_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.directors (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.directors ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.directors_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.download_tickets (
    id text NOT NULL,
    session_id text NOT NULL,
    path character varying(500) NOT NULL,
    expires_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.figure_queue (
    bucket timestamp with time zone NOT NULL,
    channel_id integer,
    campaign_id integer,
    plan_id integer,
    device text,
    orders integer DEFAULT 0 NOT NULL,
    gross numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    fees numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    refund_count integer DEFAULT 0 NOT NULL,
    refunds numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    chargeback_count integer DEFAULT 0 NOT NULL,
    chargebacks numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    signups integer DEFAULT 0 NOT NULL,
    subscriptions integer DEFAULT 0 NOT NULL,
    cancellations integer DEFAULT 0 NOT NULL,
    visits integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.figure_tail_gaps (
    source text NOT NULL,
    ids bigint[] NOT NULL,
    writers text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.figure_tails (
    source text NOT NULL,
    folded bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.informations (
    id integer NOT NULL,
    type text NOT NULL,
    title character varying(200) NOT NULL,
    content text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT informations_type_check CHECK ((type = ANY (ARRAY['about'::text, 'terms'::text, 'privacy'::text, 'refund'::text, 'contact'::text])))
);
--> statement-breakpoint
ALTER TABLE public.informations ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.informations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.ip_whitelists (
    id integer NOT NULL,
    address inet NOT NULL,
    note character varying(500),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.ip_whitelists ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.ip_whitelists_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.login_attempts (
    key character varying(320) NOT NULL,
    count integer NOT NULL,
    expires_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.member_mails (
    id integer NOT NULL,
    user_id integer NOT NULL,
    kind text NOT NULL,
    recipient character varying(255) NOT NULL,
    subject character varying(200) NOT NULL,
    body text NOT NULL,
    transport text NOT NULL,
    sent_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    pending boolean DEFAULT false NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    tried_at timestamp with time zone,
    CONSTRAINT member_mails_kind_check CHECK ((kind = ANY (ARRAY['email-verification'::text, 'reset-password'::text])))
);
--> statement-breakpoint
ALTER TABLE public.member_mails ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.member_mails_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
ALTER TABLE public.order_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.order_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
ALTER TABLE public.orders ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.orders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.permissions (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    "group" character varying(100) NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.permissions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.permissions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.photos (
    id integer NOT NULL,
    video_id integer NOT NULL,
    url character varying(500) NOT NULL,
    width integer,
    height integer,
    "position" integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.photos ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.photos_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.plans (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    title character varying(200),
    initial_period_count integer NOT NULL,
    initial_period_unit text NOT NULL,
    initial_original_price numeric(12,2) NOT NULL,
    initial_discount_price numeric(12,2),
    recurring_period_count integer,
    recurring_period_unit text,
    recurring_original_price numeric(12,2),
    recurring_discount_price numeric(12,2),
    downloadable boolean DEFAULT false NOT NULL,
    show boolean DEFAULT true NOT NULL,
    is_best boolean DEFAULT false NOT NULL,
    sort integer DEFAULT 0 NOT NULL,
    segpay_id character varying(100),
    ccbill_id character varying(100),
    epoch_id character varying(100),
    verotel_id character varying(100),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT plans_initial_period_count_check CHECK ((initial_period_count > 0)),
    CONSTRAINT plans_initial_period_unit_check CHECK ((initial_period_unit = ANY (ARRAY['day'::text, 'week'::text, 'month'::text, 'year'::text]))),
    CONSTRAINT plans_prices_check CHECK (((initial_original_price >= (0)::numeric) AND ((initial_discount_price IS NULL) OR ((initial_discount_price >= (0)::numeric) AND (initial_discount_price <= initial_original_price))) AND ((recurring_discount_price IS NULL) OR ((recurring_discount_price >= (0)::numeric) AND (recurring_discount_price <= recurring_original_price))))),
    CONSTRAINT plans_recurring_complete_check CHECK ((((recurring_period_count IS NULL) = (recurring_period_unit IS NULL)) AND ((recurring_period_count IS NULL) = (recurring_original_price IS NULL)))),
    CONSTRAINT plans_recurring_period_unit_check CHECK ((recurring_period_unit = ANY (ARRAY['day'::text, 'week'::text, 'month'::text, 'year'::text])))
);
--> statement-breakpoint
ALTER TABLE public.plans ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.plans_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.posts (
    id integer NOT NULL,
    title character varying(200) NOT NULL,
    cover character varying(500),
    content text DEFAULT ''::text NOT NULL,
    description character varying(1000),
    status text DEFAULT 'draft'::text NOT NULL,
    published_at timestamp with time zone,
    is_sticky boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT posts_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text])))
);
--> statement-breakpoint
ALTER TABLE public.posts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.posts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.promotion_plans (
    promotion_id integer NOT NULL,
    plan_id integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.promotions (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    code character varying(50) NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone NOT NULL,
    times integer NOT NULL,
    status text DEFAULT 'enabled'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT promotions_period_check CHECK ((ended_at > started_at)),
    CONSTRAINT promotions_status_check CHECK ((status = ANY (ARRAY['enabled'::text, 'disabled'::text]))),
    CONSTRAINT promotions_times_check CHECK ((times > 0))
);
--> statement-breakpoint
ALTER TABLE public.promotions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.promotions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.questions (
    id integer NOT NULL,
    question character varying(300) NOT NULL,
    answer text NOT NULL,
    sort integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT questions_answer_length CHECK ((char_length(answer) <= 5000))
);
--> statement-breakpoint
ALTER TABLE public.questions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.questions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.role_permissions (
    role_id integer NOT NULL,
    permission_id integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.roles (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.roles ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.roles_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.rollup_days (
    channel_id integer NOT NULL,
    campaign_id integer NOT NULL,
    plan_id integer NOT NULL,
    device text NOT NULL,
    day date NOT NULL,
    orders integer DEFAULT 0 NOT NULL,
    gross numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    fees numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    refund_count integer DEFAULT 0 NOT NULL,
    refunds numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    chargeback_count integer DEFAULT 0 NOT NULL,
    chargebacks numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    signups integer DEFAULT 0 NOT NULL,
    subscriptions integer DEFAULT 0 NOT NULL,
    cancellations integer DEFAULT 0 NOT NULL,
    visits integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.rollup_months (
    channel_id integer NOT NULL,
    campaign_id integer NOT NULL,
    plan_id integer NOT NULL,
    device text NOT NULL,
    month date NOT NULL,
    orders integer DEFAULT 0 NOT NULL,
    gross numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    fees numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    refund_count integer DEFAULT 0 NOT NULL,
    refunds numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    chargeback_count integer DEFAULT 0 NOT NULL,
    chargebacks numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    signups integer DEFAULT 0 NOT NULL,
    subscriptions integer DEFAULT 0 NOT NULL,
    cancellations integer DEFAULT 0 NOT NULL,
    visits integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.rollup_quarters (
    channel_id integer NOT NULL,
    campaign_id integer NOT NULL,
    plan_id integer NOT NULL,
    device text NOT NULL,
    bucket timestamp with time zone NOT NULL,
    orders integer DEFAULT 0 NOT NULL,
    gross numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    fees numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    refund_count integer DEFAULT 0 NOT NULL,
    refunds numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    chargeback_count integer DEFAULT 0 NOT NULL,
    chargebacks numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    signups integer DEFAULT 0 NOT NULL,
    subscriptions integer DEFAULT 0 NOT NULL,
    cancellations integer DEFAULT 0 NOT NULL,
    visits integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.rollup_zone_days (
    channel_id integer NOT NULL,
    campaign_id integer NOT NULL,
    plan_id integer NOT NULL,
    device text NOT NULL,
    day date NOT NULL,
    orders integer DEFAULT 0 NOT NULL,
    gross numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    fees numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    refund_count integer DEFAULT 0 NOT NULL,
    refunds numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    chargeback_count integer DEFAULT 0 NOT NULL,
    chargebacks numeric(16,2) DEFAULT '0'::numeric NOT NULL,
    signups integer DEFAULT 0 NOT NULL,
    subscriptions integer DEFAULT 0 NOT NULL,
    cancellations integer DEFAULT 0 NOT NULL,
    visits integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.segpay_payout_reports (
    id integer NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    gross numeric(12,2) NOT NULL,
    fees numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    refunds numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    chargebacks numeric(12,2) DEFAULT '0'::numeric NOT NULL,
    net numeric(12,2) NOT NULL,
    currency text DEFAULT 'USD'::text NOT NULL,
    paid_on date,
    reference character varying(100) NOT NULL,
    note character varying(1000),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT segpay_payout_reports_currency_check CHECK ((currency = ANY (ARRAY['USD'::text, 'EUR'::text, 'GBP'::text, 'CNY'::text, 'JPY'::text]))),
    CONSTRAINT segpay_payout_reports_net_check CHECK ((net = (((gross - fees) - refunds) - chargebacks))),
    CONSTRAINT segpay_payout_reports_parts_check CHECK (((gross >= (0)::numeric) AND (fees >= (0)::numeric) AND (refunds >= (0)::numeric) AND (chargebacks >= (0)::numeric))),
    CONSTRAINT segpay_payout_reports_period_check CHECK ((period_end >= period_start))
);
--> statement-breakpoint
ALTER TABLE public.segpay_payout_reports ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.segpay_payout_reports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.seos (
    id integer NOT NULL,
    title character varying(200) NOT NULL,
    description character varying(1000),
    page character varying(200) NOT NULL,
    tag_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.seos ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.seos_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.sessions (
    id text NOT NULL,
    admin_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone,
    ip character varying(64),
    user_agent character varying(512)
);
--> statement-breakpoint
CREATE TABLE public.sites (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    domain character varying(253) NOT NULL,
    status text DEFAULT 'enabled'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT sites_status_check CHECK ((status = ANY (ARRAY['enabled'::text, 'disabled'::text])))
);
--> statement-breakpoint
ALTER TABLE public.sites ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.sites_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.sources (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    genre_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.sources ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.sources_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
ALTER TABLE public.subscriptions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.subscriptions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.supports (
    id integer NOT NULL,
    user_id integer,
    type text NOT NULL,
    subject character varying(200) NOT NULL,
    email character varying(255) NOT NULL,
    message character varying(5000) NOT NULL,
    attachment character varying(500),
    status text DEFAULT 'open'::text NOT NULL,
    archived_from text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT supports_archived_from_check CHECK ((((status = 'archived'::text) = (archived_from IS NOT NULL)) AND (archived_from IS DISTINCT FROM 'archived'::text))),
    CONSTRAINT supports_status_check CHECK ((status = ANY (ARRAY['open'::text, 'solved'::text, 'archived'::text]))),
    CONSTRAINT supports_type_check CHECK ((type = ANY (ARRAY['account'::text, 'billing'::text, 'technical'::text, 'content'::text, 'other'::text])))
);
--> statement-breakpoint
ALTER TABLE public.supports ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.supports_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.tag_categories (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    sort integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.tag_categories ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.tag_categories_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.tags (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    type text NOT NULL,
    category_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tags_type_check CHECK ((type = ANY (ARRAY['genre'::text, 'model'::text, 'studio'::text])))
);
--> statement-breakpoint
ALTER TABLE public.tags ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.tags_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
ALTER TABLE public.users ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.users_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.video_directors (
    video_id integer NOT NULL,
    director_id integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.video_tags (
    video_id integer NOT NULL,
    tag_id integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.videos (
    id integer NOT NULL,
    title character varying(200) NOT NULL,
    serial_number character varying(50) NOT NULL,
    description text,
    cover character varying(500),
    preview_video character varying(500),
    trailer character varying(500),
    video character varying(500),
    video_duration integer,
    original_views integer DEFAULT 0 NOT NULL,
    subscriber_trailer_views integer DEFAULT 0 NOT NULL,
    visitor_trailer_views integer DEFAULT 0 NOT NULL,
    views integer DEFAULT 0 NOT NULL,
    likes integer DEFAULT 0 NOT NULL,
    dislikes integer DEFAULT 0 NOT NULL,
    is_free boolean DEFAULT false NOT NULL,
    is_main boolean DEFAULT false NOT NULL,
    source_id integer,
    status text DEFAULT 'draft'::text NOT NULL,
    published_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT videos_description_length CHECK ((char_length(description) <= 5000)),
    CONSTRAINT videos_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text])))
);
--> statement-breakpoint
ALTER TABLE public.videos ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.videos_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.visitor_day_counts (
    channel_id integer NOT NULL,
    campaign_id integer NOT NULL,
    day date NOT NULL,
    visitors integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.visitor_day_hashes (
    channel_id integer NOT NULL,
    campaign_id integer NOT NULL,
    day date NOT NULL,
    hashes bigint[]
);
--> statement-breakpoint
CREATE TABLE public.visitor_day_planes (
    channel_id integer NOT NULL,
    campaign_id integer NOT NULL,
    day date NOT NULL,
    plane smallint NOT NULL,
    bits bit varying(16384) NOT NULL
);
--> statement-breakpoint
ALTER TABLE ONLY public.visitor_day_planes ALTER COLUMN bits SET STORAGE PLAIN;
--> statement-breakpoint
CREATE TABLE public.visitor_month_counts (
    channel_id integer NOT NULL,
    campaign_id integer NOT NULL,
    month date NOT NULL,
    visitors integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.visitor_month_hashes (
    channel_id integer NOT NULL,
    campaign_id integer NOT NULL,
    month date NOT NULL,
    hashes bigint[]
);
--> statement-breakpoint
CREATE TABLE public.visitor_month_planes (
    channel_id integer NOT NULL,
    campaign_id integer NOT NULL,
    month date NOT NULL,
    plane smallint NOT NULL,
    bits bit varying(16384) NOT NULL
);
--> statement-breakpoint
ALTER TABLE ONLY public.visitor_month_planes ALTER COLUMN bits SET STORAGE PLAIN;
--> statement-breakpoint
CREATE TABLE public.visitor_queue (
    bucket timestamp with time zone NOT NULL,
    channel_id integer,
    campaign_id integer,
    visitors text[] NOT NULL,
    device text,
    visits integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE public.visits ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.visits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
ALTER TABLE ONLY public.admin_roles
    ADD CONSTRAINT admin_roles_admin_id_role_id_pk PRIMARY KEY (admin_id, role_id);
--> statement-breakpoint
ALTER TABLE ONLY public.admin_users
    ADD CONSTRAINT admin_users_admin_id_user_id_pk PRIMARY KEY (admin_id, user_id);
--> statement-breakpoint
ALTER TABLE ONLY public.admins
    ADD CONSTRAINT admins_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.advertisements
    ADD CONSTRAINT advertisements_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.app_settings
    ADD CONSTRAINT app_settings_pkey PRIMARY KEY (key);
--> statement-breakpoint
ALTER TABLE ONLY public.articles
    ADD CONSTRAINT articles_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.audit_logs
    ADD CONSTRAINT audit_logs_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.banners
    ADD CONSTRAINT banners_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.block_videos
    ADD CONSTRAINT block_videos_block_id_video_id_pk PRIMARY KEY (block_id, video_id);
--> statement-breakpoint
ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.campaigns
    ADD CONSTRAINT campaigns_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.channel_admins
    ADD CONSTRAINT channel_admins_channel_id_admin_id_pk PRIMARY KEY (channel_id, admin_id);
--> statement-breakpoint
ALTER TABLE ONLY public.channels
    ADD CONSTRAINT channels_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.comment_reports
    ADD CONSTRAINT comment_reports_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.cooperations
    ADD CONSTRAINT cooperations_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.deals
    ADD CONSTRAINT deals_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.deleted_records
    ADD CONSTRAINT deleted_records_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.directors
    ADD CONSTRAINT directors_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.download_tickets
    ADD CONSTRAINT download_tickets_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.figure_tails
    ADD CONSTRAINT figure_tails_pkey PRIMARY KEY (source);
--> statement-breakpoint
ALTER TABLE ONLY public.informations
    ADD CONSTRAINT informations_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.ip_whitelists
    ADD CONSTRAINT ip_whitelists_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.login_attempts
    ADD CONSTRAINT login_attempts_pkey PRIMARY KEY (key);
--> statement-breakpoint
ALTER TABLE ONLY public.member_mails
    ADD CONSTRAINT member_mails_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.order_events
    ADD CONSTRAINT order_events_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.permissions
    ADD CONSTRAINT permissions_name_unique UNIQUE (name);
--> statement-breakpoint
ALTER TABLE ONLY public.permissions
    ADD CONSTRAINT permissions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.photos
    ADD CONSTRAINT photos_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.plans
    ADD CONSTRAINT plans_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.promotion_plans
    ADD CONSTRAINT promotion_plans_promotion_id_plan_id_pk PRIMARY KEY (promotion_id, plan_id);
--> statement-breakpoint
ALTER TABLE ONLY public.promotions
    ADD CONSTRAINT promotions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.questions
    ADD CONSTRAINT questions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_role_id_permission_id_pk PRIMARY KEY (role_id, permission_id);
--> statement-breakpoint
ALTER TABLE ONLY public.roles
    ADD CONSTRAINT roles_name_unique UNIQUE (name);
--> statement-breakpoint
ALTER TABLE ONLY public.roles
    ADD CONSTRAINT roles_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.rollup_days
    ADD CONSTRAINT rollup_days_channel_id_campaign_id_plan_id_device_day_pk PRIMARY KEY (channel_id, campaign_id, plan_id, device, day);
--> statement-breakpoint
ALTER TABLE ONLY public.rollup_months
    ADD CONSTRAINT rollup_months_channel_id_campaign_id_plan_id_device_month_pk PRIMARY KEY (channel_id, campaign_id, plan_id, device, month);
--> statement-breakpoint
ALTER TABLE ONLY public.rollup_quarters
    ADD CONSTRAINT rollup_quarters_channel_id_campaign_id_plan_id_device_bucket_pk PRIMARY KEY (channel_id, campaign_id, plan_id, device, bucket);
--> statement-breakpoint
ALTER TABLE ONLY public.rollup_zone_days
    ADD CONSTRAINT rollup_zone_days_channel_id_campaign_id_plan_id_device_day_pk PRIMARY KEY (channel_id, campaign_id, plan_id, device, day);
--> statement-breakpoint
ALTER TABLE ONLY public.segpay_payout_reports
    ADD CONSTRAINT segpay_payout_reports_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.seos
    ADD CONSTRAINT seos_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_domain_unique UNIQUE (domain);
--> statement-breakpoint
ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.sources
    ADD CONSTRAINT sources_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.supports
    ADD CONSTRAINT supports_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.tag_categories
    ADD CONSTRAINT tag_categories_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_username_unique UNIQUE (username);
--> statement-breakpoint
ALTER TABLE ONLY public.video_directors
    ADD CONSTRAINT video_directors_video_id_director_id_pk PRIMARY KEY (video_id, director_id);
--> statement-breakpoint
ALTER TABLE ONLY public.video_tags
    ADD CONSTRAINT video_tags_video_id_tag_id_pk PRIMARY KEY (video_id, tag_id);
--> statement-breakpoint
ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.visitor_day_counts
    ADD CONSTRAINT visitor_day_counts_channel_id_campaign_id_day_pk PRIMARY KEY (channel_id, campaign_id, day);
--> statement-breakpoint
ALTER TABLE ONLY public.visitor_day_hashes
    ADD CONSTRAINT visitor_day_hashes_channel_id_campaign_id_day_pk PRIMARY KEY (channel_id, campaign_id, day);
--> statement-breakpoint
ALTER TABLE ONLY public.visitor_day_planes
    ADD CONSTRAINT visitor_day_planes_channel_id_campaign_id_day_plane_pk PRIMARY KEY (channel_id, campaign_id, day, plane);
--> statement-breakpoint
ALTER TABLE ONLY public.visitor_month_counts
    ADD CONSTRAINT visitor_month_counts_channel_id_campaign_id_month_pk PRIMARY KEY (channel_id, campaign_id, month);
--> statement-breakpoint
ALTER TABLE ONLY public.visitor_month_hashes
    ADD CONSTRAINT visitor_month_hashes_channel_id_campaign_id_month_pk PRIMARY KEY (channel_id, campaign_id, month);
--> statement-breakpoint
ALTER TABLE ONLY public.visitor_month_planes
    ADD CONSTRAINT visitor_month_planes_channel_id_campaign_id_month_plane_pk PRIMARY KEY (channel_id, campaign_id, month, plane);
--> statement-breakpoint
ALTER TABLE ONLY public.visits
    ADD CONSTRAINT visits_pkey PRIMARY KEY (id);
--> statement-breakpoint
CREATE INDEX admin_roles_role_id_index ON public.admin_roles USING btree (role_id);
--> statement-breakpoint
CREATE INDEX admin_users_admin_id_assigned_at_index ON public.admin_users USING btree (admin_id, assigned_at);
--> statement-breakpoint
CREATE INDEX admin_users_user_id_index ON public.admin_users USING btree (user_id);
--> statement-breakpoint
CREATE UNIQUE INDEX admins_username_lower_unique ON public.admins USING btree (lower((username)::text));
--> statement-breakpoint
CREATE UNIQUE INDEX advertisements_position_unique ON public.advertisements USING btree ("position");
--> statement-breakpoint
CREATE INDEX articles_display_time_index ON public.articles USING btree (display_time);
--> statement-breakpoint
CREATE INDEX articles_title_trgm_index ON public.articles USING gin (title public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX audit_logs_action_id_index ON public.audit_logs USING btree (action, id);
--> statement-breakpoint
CREATE INDEX audit_logs_admin_id_id_index ON public.audit_logs USING btree (admin_id, id);
--> statement-breakpoint
CREATE INDEX audit_logs_created_at_index ON public.audit_logs USING btree (created_at);
--> statement-breakpoint
CREATE INDEX audit_logs_forbidden_index ON public.audit_logs USING btree (admin_id, created_at) WHERE ((action)::text = 'forbidden'::text);
--> statement-breakpoint
CREATE INDEX audit_logs_resource_id_index ON public.audit_logs USING btree (resource, id);
--> statement-breakpoint
CREATE INDEX banners_expired_at_index ON public.banners USING btree (expired_at);
--> statement-breakpoint
CREATE INDEX banners_position_sort_index ON public.banners USING btree ("position", sort);
--> statement-breakpoint
CREATE INDEX block_videos_block_id_position_index ON public.block_videos USING btree (block_id, "position");
--> statement-breakpoint
CREATE INDEX block_videos_video_id_index ON public.block_videos USING btree (video_id);
--> statement-breakpoint
CREATE INDEX blocks_advertisement_id_index ON public.blocks USING btree (advertisement_id);
--> statement-breakpoint
CREATE INDEX blocks_page_sort_index ON public.blocks USING btree (page, sort);
--> statement-breakpoint
CREATE INDEX campaigns_channel_id_position_index ON public.campaigns USING btree (channel_id, "position");
--> statement-breakpoint
CREATE INDEX channel_admins_admin_id_index ON public.channel_admins USING btree (admin_id);
--> statement-breakpoint
CREATE INDEX channels_created_at_index ON public.channels USING btree (created_at);
--> statement-breakpoint
CREATE INDEX channels_status_id_index ON public.channels USING btree (status, id);
--> statement-breakpoint
CREATE INDEX channels_utm_source_index ON public.channels USING btree (utm_source);
--> statement-breakpoint
CREATE INDEX comment_reports_comment_id_index ON public.comment_reports USING btree (comment_id, created_at);
--> statement-breakpoint
CREATE INDEX comments_comment_trgm_index ON public.comments USING gin (comment public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX comments_report_status_id_index ON public.comments USING btree (report_status, id);
--> statement-breakpoint
CREATE INDEX comments_status_id_index ON public.comments USING btree (status, id);
--> statement-breakpoint
CREATE INDEX comments_user_id_index ON public.comments USING btree (user_id, id);
--> statement-breakpoint
CREATE INDEX comments_video_id_index ON public.comments USING btree (video_id, id);
--> statement-breakpoint
CREATE INDEX cooperations_name_trgm_index ON public.cooperations USING gin (name public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX cooperations_status_id_index ON public.cooperations USING btree (status, id);
--> statement-breakpoint
CREATE INDEX cooperations_subject_trgm_index ON public.cooperations USING gin (subject public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX deals_plan_id_index ON public.deals USING btree (plan_id);
--> statement-breakpoint
CREATE INDEX deals_started_at_index ON public.deals USING btree (started_at);
--> statement-breakpoint
CREATE INDEX deleted_records_admin_id_index ON public.deleted_records USING btree (admin_id, expires_at);
--> statement-breakpoint
CREATE INDEX deleted_records_expires_at_index ON public.deleted_records USING btree (expires_at);
--> statement-breakpoint
CREATE UNIQUE INDEX deleted_records_resource_record_unique ON public.deleted_records USING btree (resource, record_id);
--> statement-breakpoint
CREATE INDEX directors_created_at_index ON public.directors USING btree (created_at);
--> statement-breakpoint
CREATE UNIQUE INDEX directors_name_lower_unique ON public.directors USING btree (lower((name)::text));
--> statement-breakpoint
CREATE INDEX directors_name_trgm_index ON public.directors USING gin (name public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX download_tickets_expires_at_index ON public.download_tickets USING btree (expires_at);
--> statement-breakpoint
CREATE INDEX download_tickets_session_id_index ON public.download_tickets USING btree (session_id);
--> statement-breakpoint
CREATE UNIQUE INDEX informations_type_unique ON public.informations USING btree (type);
--> statement-breakpoint
CREATE UNIQUE INDEX ip_whitelists_address_unique ON public.ip_whitelists USING btree (address);
--> statement-breakpoint
CREATE INDEX ip_whitelists_created_at_index ON public.ip_whitelists USING btree (created_at);
--> statement-breakpoint
CREATE INDEX login_attempts_expires_at_index ON public.login_attempts USING btree (expires_at);
--> statement-breakpoint
CREATE INDEX member_mails_created_at_index ON public.member_mails USING btree (created_at);
--> statement-breakpoint
CREATE INDEX member_mails_pending_index ON public.member_mails USING btree (tried_at) WHERE pending;
--> statement-breakpoint
CREATE INDEX member_mails_user_id_kind_created_at_index ON public.member_mails USING btree (user_id, kind, created_at);
--> statement-breakpoint
CREATE INDEX order_events_order_id_index ON public.order_events USING btree (order_id, id);
--> statement-breakpoint
CREATE INDEX orders_amount_index ON public.orders USING btree (amount);
--> statement-breakpoint
CREATE INDEX orders_campaign_id_index ON public.orders USING btree (campaign_id);
--> statement-breakpoint
CREATE INDEX orders_channel_id_paid_at_index ON public.orders USING btree (channel_id, paid_at);
--> statement-breakpoint
CREATE INDEX orders_order_no_prefix_index ON public.orders USING btree (lower((order_no)::text) text_pattern_ops);
--> statement-breakpoint
CREATE UNIQUE INDEX orders_order_no_unique ON public.orders USING btree (order_no);
--> statement-breakpoint
CREATE INDEX orders_paid_at_id_index ON public.orders USING btree (paid_at, id);
--> statement-breakpoint
CREATE INDEX orders_payment_method_paid_at_index ON public.orders USING btree (payment_method, paid_at);
--> statement-breakpoint
CREATE INDEX orders_plan_id_id_index ON public.orders USING btree (plan_id, id);
--> statement-breakpoint
CREATE INDEX orders_plan_id_paid_at_index ON public.orders USING btree (plan_id, paid_at);
--> statement-breakpoint
CREATE INDEX orders_subscription_id_index ON public.orders USING btree (subscription_id);
--> statement-breakpoint
CREATE INDEX orders_transaction_number_prefix_index ON public.orders USING btree (lower((transaction_number)::text) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX orders_user_id_index ON public.orders USING btree (user_id);
--> statement-breakpoint
CREATE INDEX photos_video_id_position_index ON public.photos USING btree (video_id, "position");
--> statement-breakpoint
CREATE UNIQUE INDEX plans_name_lower_unique ON public.plans USING btree (lower((name)::text));
--> statement-breakpoint
CREATE INDEX plans_sort_index ON public.plans USING btree (sort, id);
--> statement-breakpoint
CREATE INDEX posts_created_at_index ON public.posts USING btree (created_at);
--> statement-breakpoint
CREATE INDEX posts_sticky_published_index ON public.posts USING btree (is_sticky, published_at);
--> statement-breakpoint
CREATE INDEX posts_title_trgm_index ON public.posts USING gin (title public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX promotion_plans_plan_id_index ON public.promotion_plans USING btree (plan_id);
--> statement-breakpoint
CREATE UNIQUE INDEX promotions_code_lower_unique ON public.promotions USING btree (lower((code)::text));
--> statement-breakpoint
CREATE INDEX promotions_started_at_index ON public.promotions USING btree (started_at);
--> statement-breakpoint
CREATE INDEX questions_sort_index ON public.questions USING btree (sort);
--> statement-breakpoint
CREATE INDEX role_permissions_permission_id_index ON public.role_permissions USING btree (permission_id);
--> statement-breakpoint
CREATE INDEX segpay_payout_reports_period_start_index ON public.segpay_payout_reports USING btree (period_start);
--> statement-breakpoint
CREATE UNIQUE INDEX segpay_payout_reports_reference_unique ON public.segpay_payout_reports USING btree (reference);
--> statement-breakpoint
CREATE INDEX seos_created_at_index ON public.seos USING btree (created_at);
--> statement-breakpoint
CREATE INDEX seos_page_index ON public.seos USING btree (page);
--> statement-breakpoint
CREATE INDEX seos_tag_id_index ON public.seos USING btree (tag_id);
--> statement-breakpoint
CREATE INDEX seos_title_trgm_index ON public.seos USING gin (title public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX sessions_admin_id_index ON public.sessions USING btree (admin_id);
--> statement-breakpoint
CREATE INDEX sites_status_index ON public.sites USING btree (status);
--> statement-breakpoint
CREATE INDEX sources_created_at_index ON public.sources USING btree (created_at);
--> statement-breakpoint
CREATE INDEX sources_genre_id_index ON public.sources USING btree (genre_id, id);
--> statement-breakpoint
CREATE UNIQUE INDEX sources_name_lower_unique ON public.sources USING btree (lower((name)::text));
--> statement-breakpoint
CREATE INDEX subscriptions_campaign_id_index ON public.subscriptions USING btree (campaign_id);
--> statement-breakpoint
CREATE INDEX subscriptions_channel_id_started_at_index ON public.subscriptions USING btree (channel_id, started_at);
--> statement-breakpoint
CREATE INDEX subscriptions_plan_id_index ON public.subscriptions USING btree (plan_id, id);
--> statement-breakpoint
CREATE INDEX subscriptions_started_at_index ON public.subscriptions USING btree (started_at);
--> statement-breakpoint
CREATE INDEX subscriptions_status_id_index ON public.subscriptions USING btree (status, id);
--> statement-breakpoint
CREATE INDEX subscriptions_user_id_index ON public.subscriptions USING btree (user_id);
--> statement-breakpoint
CREATE INDEX supports_email_prefix_index ON public.supports USING btree (lower((email)::text) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX supports_status_id_index ON public.supports USING btree (status, id);
--> statement-breakpoint
CREATE INDEX supports_subject_trgm_index ON public.supports USING gin (subject public.gin_trgm_ops);
--> statement-breakpoint
CREATE UNIQUE INDEX tag_categories_name_lower_unique ON public.tag_categories USING btree (lower((name)::text));
--> statement-breakpoint
CREATE INDEX tag_categories_sort_index ON public.tag_categories USING btree (sort);
--> statement-breakpoint
CREATE INDEX tags_category_id_index ON public.tags USING btree (category_id, id);
--> statement-breakpoint
CREATE INDEX tags_created_at_index ON public.tags USING btree (created_at);
--> statement-breakpoint
CREATE INDEX tags_name_index ON public.tags USING btree (name);
--> statement-breakpoint
CREATE INDEX tags_name_trgm_index ON public.tags USING gin (name public.gin_trgm_ops);
--> statement-breakpoint
CREATE UNIQUE INDEX tags_type_name_lower_unique ON public.tags USING btree (type, lower((name)::text));
--> statement-breakpoint
CREATE INDEX tags_updated_at_index ON public.tags USING btree (updated_at);
--> statement-breakpoint
CREATE INDEX users_campaign_id_index ON public.users USING btree (campaign_id);
--> statement-breakpoint
CREATE INDEX users_channel_id_index ON public.users USING btree (channel_id);
--> statement-breakpoint
CREATE INDEX users_created_at_index ON public.users USING btree (created_at);
--> statement-breakpoint
CREATE INDEX users_email_domain_index ON public.users USING btree (lower(split_part((email)::text, '@'::text, 2)) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX users_email_prefix_index ON public.users USING btree (lower((email)::text) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX users_end_date_index ON public.users USING btree (end_date);
--> statement-breakpoint
CREATE INDEX users_phone_digits_index ON public.users USING btree (reverse(regexp_replace((phone)::text, '[^0-9]'::text, ''::text, 'g'::text)) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX users_phone_prefix_index ON public.users USING btree (lower((phone)::text) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX users_plan_id_index ON public.users USING btree (plan_id, id);
--> statement-breakpoint
CREATE INDEX users_status_id_index ON public.users USING btree (status, id);
--> statement-breakpoint
CREATE INDEX users_username_prefix_index ON public.users USING btree (lower((username)::text) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX video_directors_director_id_index ON public.video_directors USING btree (director_id, video_id);
--> statement-breakpoint
CREATE INDEX video_tags_tag_id_index ON public.video_tags USING btree (tag_id, video_id);
--> statement-breakpoint
CREATE INDEX videos_created_at_index ON public.videos USING btree (created_at);
--> statement-breakpoint
CREATE INDEX videos_published_at_index ON public.videos USING btree (published_at);
--> statement-breakpoint
CREATE UNIQUE INDEX videos_serial_number_lower_unique ON public.videos USING btree (lower((serial_number)::text) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX videos_source_id_index ON public.videos USING btree (source_id);
--> statement-breakpoint
CREATE INDEX videos_status_id_index ON public.videos USING btree (status, id);
--> statement-breakpoint
CREATE INDEX videos_title_trgm_index ON public.videos USING gin (title public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX videos_views_index ON public.videos USING btree (views);
--> statement-breakpoint
CREATE INDEX visits_visited_at_index ON public.visits USING btree (visited_at);
--> statement-breakpoint
ALTER TABLE ONLY public.admin_roles
    ADD CONSTRAINT admin_roles_admin_id_admins_id_fk FOREIGN KEY (admin_id) REFERENCES public.admins(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.admin_roles
    ADD CONSTRAINT admin_roles_role_id_roles_id_fk FOREIGN KEY (role_id) REFERENCES public.roles(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.admin_users
    ADD CONSTRAINT admin_users_admin_id_admins_id_fk FOREIGN KEY (admin_id) REFERENCES public.admins(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.admin_users
    ADD CONSTRAINT admin_users_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.audit_logs
    ADD CONSTRAINT audit_logs_admin_id_admins_id_fk FOREIGN KEY (admin_id) REFERENCES public.admins(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.block_videos
    ADD CONSTRAINT block_videos_block_id_blocks_id_fk FOREIGN KEY (block_id) REFERENCES public.blocks(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.block_videos
    ADD CONSTRAINT block_videos_video_id_videos_id_fk FOREIGN KEY (video_id) REFERENCES public.videos(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_advertisement_id_advertisements_id_fk FOREIGN KEY (advertisement_id) REFERENCES public.advertisements(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.campaigns
    ADD CONSTRAINT campaigns_channel_id_channels_id_fk FOREIGN KEY (channel_id) REFERENCES public.channels(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.channel_admins
    ADD CONSTRAINT channel_admins_admin_id_admins_id_fk FOREIGN KEY (admin_id) REFERENCES public.admins(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.channel_admins
    ADD CONSTRAINT channel_admins_channel_id_channels_id_fk FOREIGN KEY (channel_id) REFERENCES public.channels(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.comment_reports
    ADD CONSTRAINT comment_reports_comment_id_comments_id_fk FOREIGN KEY (comment_id) REFERENCES public.comments(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.comment_reports
    ADD CONSTRAINT comment_reports_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_video_id_videos_id_fk FOREIGN KEY (video_id) REFERENCES public.videos(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.deals
    ADD CONSTRAINT deals_plan_id_plans_id_fk FOREIGN KEY (plan_id) REFERENCES public.plans(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.deleted_records
    ADD CONSTRAINT deleted_records_admin_id_admins_id_fk FOREIGN KEY (admin_id) REFERENCES public.admins(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.download_tickets
    ADD CONSTRAINT download_tickets_session_id_sessions_id_fk FOREIGN KEY (session_id) REFERENCES public.sessions(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.member_mails
    ADD CONSTRAINT member_mails_sent_by_admins_id_fk FOREIGN KEY (sent_by) REFERENCES public.admins(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.member_mails
    ADD CONSTRAINT member_mails_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.order_events
    ADD CONSTRAINT order_events_created_by_admins_id_fk FOREIGN KEY (created_by) REFERENCES public.admins(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.order_events
    ADD CONSTRAINT order_events_order_id_orders_id_fk FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_campaign_id_campaigns_id_fk FOREIGN KEY (campaign_id) REFERENCES public.campaigns(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_channel_id_channels_id_fk FOREIGN KEY (channel_id) REFERENCES public.channels(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_plan_id_plans_id_fk FOREIGN KEY (plan_id) REFERENCES public.plans(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_subscription_id_subscriptions_id_fk FOREIGN KEY (subscription_id) REFERENCES public.subscriptions(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.photos
    ADD CONSTRAINT photos_video_id_videos_id_fk FOREIGN KEY (video_id) REFERENCES public.videos(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.promotion_plans
    ADD CONSTRAINT promotion_plans_plan_id_plans_id_fk FOREIGN KEY (plan_id) REFERENCES public.plans(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.promotion_plans
    ADD CONSTRAINT promotion_plans_promotion_id_promotions_id_fk FOREIGN KEY (promotion_id) REFERENCES public.promotions(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_permission_id_permissions_id_fk FOREIGN KEY (permission_id) REFERENCES public.permissions(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_role_id_roles_id_fk FOREIGN KEY (role_id) REFERENCES public.roles(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.seos
    ADD CONSTRAINT seos_tag_id_tags_id_fk FOREIGN KEY (tag_id) REFERENCES public.tags(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_admin_id_admins_id_fk FOREIGN KEY (admin_id) REFERENCES public.admins(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.sources
    ADD CONSTRAINT sources_genre_id_tags_id_fk FOREIGN KEY (genre_id) REFERENCES public.tags(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_campaign_id_campaigns_id_fk FOREIGN KEY (campaign_id) REFERENCES public.campaigns(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_channel_id_channels_id_fk FOREIGN KEY (channel_id) REFERENCES public.channels(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_plan_id_plans_id_fk FOREIGN KEY (plan_id) REFERENCES public.plans(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.supports
    ADD CONSTRAINT supports_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_category_id_tag_categories_id_fk FOREIGN KEY (category_id) REFERENCES public.tag_categories(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_campaign_id_campaigns_id_fk FOREIGN KEY (campaign_id) REFERENCES public.campaigns(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_channel_id_channels_id_fk FOREIGN KEY (channel_id) REFERENCES public.channels(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_plan_id_plans_id_fk FOREIGN KEY (plan_id) REFERENCES public.plans(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.video_directors
    ADD CONSTRAINT video_directors_director_id_directors_id_fk FOREIGN KEY (director_id) REFERENCES public.directors(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.video_directors
    ADD CONSTRAINT video_directors_video_id_videos_id_fk FOREIGN KEY (video_id) REFERENCES public.videos(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.video_tags
    ADD CONSTRAINT video_tags_tag_id_tags_id_fk FOREIGN KEY (tag_id) REFERENCES public.tags(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.video_tags
    ADD CONSTRAINT video_tags_video_id_videos_id_fk FOREIGN KEY (video_id) REFERENCES public.videos(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.videos
    ADD CONSTRAINT videos_source_id_sources_id_fk FOREIGN KEY (source_id) REFERENCES public.sources(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.visits
    ADD CONSTRAINT visits_campaign_id_campaigns_id_fk FOREIGN KEY (campaign_id) REFERENCES public.campaigns(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.visits
    ADD CONSTRAINT visits_channel_id_channels_id_fk FOREIGN KEY (channel_id) REFERENCES public.channels(id) ON DELETE SET NULL;
--> statement-breakpoint
-- The planner's cost of a random page read, for this database: 1.1 instead of PostgreSQL's 4, which dates
-- from spinning disks. The product's working set (list pages, a record's tags and directors) is cached or on
-- SSD, where a random read costs about what a sequential one does; at 4 the planner hashes a whole small table
-- for every listed row instead of probing its primary key three times, and a page of videos takes twice as
-- long. A value set for the database before (by its administrator) is kept, and so is the default when this
-- role may not change it. It reaches sessions opened from now on.
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
    WHERE d.datname = current_database() AND s.setrole = 0
      AND EXISTS (SELECT 1 FROM unnest(s.setconfig) AS c WHERE c LIKE 'random\_page\_cost=%')
  ) THEN
    EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'random_page_cost left as it is: %', SQLERRM;
END $$;
--> statement-breakpoint
-- Channel admins see their channels only; `all-channels` lets an admin see every channel (auth/channel-scope.ts).
INSERT INTO permissions (name, "group") VALUES ('all-channels', 'channels') ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
-- How far the fold has read each source table by id (docs/analytics.md "How the figures are kept").
INSERT INTO figure_tails (source, folded)
SELECT source, coalesce(pg_sequence_last_value(pg_get_serial_sequence(source, 'id')::regclass), 0)
FROM unnest(ARRAY['visits', 'orders', 'order_events', 'users', 'subscriptions']) AS source;
