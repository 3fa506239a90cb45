CREATE TABLE "advertisements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advertisements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" text NOT NULL,
	"name" varchar(100) NOT NULL,
	"image" varchar(500),
	"mobile_image" varchar(500),
	"link" varchar(500),
	"cta_position" text DEFAULT 'center' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertisements_position_check" CHECK ("advertisements"."position" in ('home_top', 'home_middle', 'home_bottom', 'video_sidebar', 'video_pause')),
	CONSTRAINT "advertisements_cta_position_check" CHECK ("advertisements"."cta_position" in ('left', 'center', 'right'))
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" text NOT NULL,
	"name" varchar(100) NOT NULL,
	"title" varchar(200),
	"subtitle" varchar(300),
	"type" text DEFAULT 'image' NOT NULL,
	"cta" varchar(50),
	"image" varchar(500),
	"mobile_image" varchar(500),
	"video" varchar(500),
	"mobile_video" varchar(500),
	"link" varchar(500),
	"sort" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_position_check" CHECK ("banners"."position" in ('home_hero', 'home_middle', 'videos_top', 'sidebar')),
	CONSTRAINT "banners_type_check" CHECK ("banners"."type" in ('image', 'video')),
	CONSTRAINT "banners_clicks_check" CHECK ("banners"."clicks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "block_videos" (
	"block_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(100),
	"gender" text DEFAULT 'all' NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	CONSTRAINT "block_videos_block_id_video_id_pk" PRIMARY KEY("block_id","video_id"),
	CONSTRAINT "block_videos_gender_check" CHECK ("block_videos"."gender" in ('all', 'female', 'male'))
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(100) NOT NULL,
	"description" varchar(500),
	"type" text DEFAULT 'videos' NOT NULL,
	"page" text DEFAULT 'home' NOT NULL,
	"is_box" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"advertisement_id" integer,
	"image" varchar(500),
	"mobile_image" varchar(500),
	"link" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_type_check" CHECK ("blocks"."type" in ('videos', 'advertisement', 'image')),
	CONSTRAINT "blocks_page_check" CHECK ("blocks"."page" in ('home', 'videos', 'models'))
);
--> statement-breakpoint
CREATE TABLE "informations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "informations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "informations_type_check" CHECK ("informations"."type" in ('about', 'terms', 'privacy', 'refund', 'contact'))
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question" varchar(300) NOT NULL,
	"answer" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_answer_length" CHECK (char_length("questions"."answer") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "block_videos" ADD CONSTRAINT "block_videos_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_videos" ADD CONSTRAINT "block_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advertisements_position_unique" ON "advertisements" USING btree ("position");--> statement-breakpoint
CREATE INDEX "banners_position_sort_index" ON "banners" USING btree ("position","sort");--> statement-breakpoint
CREATE INDEX "banners_expired_at_index" ON "banners" USING btree ("expired_at");--> statement-breakpoint
CREATE INDEX "block_videos_block_id_position_index" ON "block_videos" USING btree ("block_id","position");--> statement-breakpoint
CREATE INDEX "block_videos_video_id_index" ON "block_videos" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "blocks_page_sort_index" ON "blocks" USING btree ("page","sort");--> statement-breakpoint
CREATE INDEX "blocks_advertisement_id_index" ON "blocks" USING btree ("advertisement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "informations_type_unique" ON "informations" USING btree ("type");--> statement-breakpoint
CREATE INDEX "questions_sort_index" ON "questions" USING btree ("sort");