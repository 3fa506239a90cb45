CREATE TABLE "comment_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"comment" varchar(2000) NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"report_status" text DEFAULT 'none' NOT NULL,
	"banned_at" timestamp with time zone,
	"banned_by" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_status_check" CHECK ("comments"."status" in ('enabled', 'disabled', 'banned')),
	CONSTRAINT "comments_report_status_check" CHECK ("comments"."report_status" in ('none', 'pending', 'banned', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "cooperations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cooperations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject" varchar(200) NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(50),
	"message" varchar(5000) NOT NULL,
	"attachment" varchar(500),
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cooperations_status_check" CHECK ("cooperations"."status" in ('open', 'solved', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "supports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"type" text NOT NULL,
	"subject" varchar(200) NOT NULL,
	"email" varchar(255) NOT NULL,
	"message" varchar(5000) NOT NULL,
	"attachment" varchar(500),
	"status" text DEFAULT 'open' NOT NULL,
	"archived_from" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supports_status_check" CHECK ("supports"."status" in ('open', 'solved', 'archived')),
	CONSTRAINT "supports_type_check" CHECK ("supports"."type" in ('account', 'billing', 'technical', 'content', 'other')),
	CONSTRAINT "supports_archived_from_check" CHECK (("supports"."status" = 'archived') = ("supports"."archived_from" is not null) and "supports"."archived_from" is distinct from 'archived')
);
--> statement-breakpoint
CREATE TABLE "deleted_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deleted_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch" varchar(64) NOT NULL,
	"resource" varchar(100) NOT NULL,
	"record_id" integer NOT NULL,
	"label" varchar(255) NOT NULL,
	"rows" jsonb NOT NULL,
	"admin_id" integer,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supports" ADD CONSTRAINT "supports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_records" ADD CONSTRAINT "deleted_records_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_reports_comment_id_index" ON "comment_reports" USING btree ("comment_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_status_id_index" ON "comments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "comments_report_status_id_index" ON "comments" USING btree ("report_status","id");--> statement-breakpoint
CREATE INDEX "comments_user_id_index" ON "comments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "comments_video_id_index" ON "comments" USING btree ("video_id","id");--> statement-breakpoint
CREATE INDEX "comments_comment_trgm_index" ON "comments" USING gin ("comment" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cooperations_status_id_index" ON "cooperations" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "cooperations_subject_trgm_index" ON "cooperations" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cooperations_name_trgm_index" ON "cooperations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supports_status_id_index" ON "supports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "supports_subject_trgm_index" ON "supports" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supports_email_prefix_index" ON "supports" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "deleted_records_resource_record_unique" ON "deleted_records" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "deleted_records_admin_id_index" ON "deleted_records" USING btree ("admin_id","expires_at");--> statement-breakpoint
CREATE INDEX "deleted_records_expires_at_index" ON "deleted_records" USING btree ("expires_at");