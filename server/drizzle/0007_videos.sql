CREATE TABLE "photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"video_id" integer NOT NULL,
	"url" varchar(500) NOT NULL,
	"width" integer,
	"height" integer,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_directors" (
	"video_id" integer NOT NULL,
	"director_id" integer NOT NULL,
	CONSTRAINT "video_directors_video_id_director_id_pk" PRIMARY KEY("video_id","director_id")
);
--> statement-breakpoint
CREATE TABLE "video_tags" (
	"video_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "video_tags_video_id_tag_id_pk" PRIMARY KEY("video_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"serial_number" varchar(50) NOT NULL,
	"description" text,
	"cover" varchar(500),
	"preview_video" varchar(500),
	"trailer" varchar(500),
	"video" varchar(500),
	"video_duration" integer,
	"original_views" integer DEFAULT 0 NOT NULL,
	"subscriber_trailer_views" integer DEFAULT 0 NOT NULL,
	"visitor_trailer_views" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"source_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_status_check" CHECK ("videos"."status" in ('draft', 'published')),
	CONSTRAINT "videos_description_length" CHECK (char_length("videos"."description") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_directors" ADD CONSTRAINT "video_directors_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_directors" ADD CONSTRAINT "video_directors_director_id_directors_id_fk" FOREIGN KEY ("director_id") REFERENCES "public"."directors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_video_id_position_index" ON "photos" USING btree ("video_id","position");--> statement-breakpoint
CREATE INDEX "video_directors_director_id_index" ON "video_directors" USING btree ("director_id","video_id");--> statement-breakpoint
CREATE INDEX "video_tags_tag_id_index" ON "video_tags" USING btree ("tag_id","video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_serial_number_lower_unique" ON "videos" USING btree (lower("serial_number"));--> statement-breakpoint
CREATE INDEX "videos_title_trgm_index" ON "videos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_serial_number_trgm_index" ON "videos" USING gin ("serial_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_status_id_index" ON "videos" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "videos_published_at_index" ON "videos" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "videos_created_at_index" ON "videos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "videos_views_index" ON "videos" USING btree ("views");--> statement-breakpoint
CREATE INDEX "videos_source_id_index" ON "videos" USING btree ("source_id");