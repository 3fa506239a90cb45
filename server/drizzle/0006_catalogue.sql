CREATE TABLE "directors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "directors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"description" varchar(1000),
	"page" varchar(200) NOT NULL,
	"tag_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"domain" varchar(253) NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_domain_unique" UNIQUE("domain"),
	CONSTRAINT "sites_status_check" CHECK ("sites"."status" in ('enabled', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"genre_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seos" ADD CONSTRAINT "seos_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_genre_id_tags_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."tags"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directors_name_lower_unique" ON "directors" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "directors_name_trgm_index" ON "directors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "directors_created_at_index" ON "directors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "seos_page_index" ON "seos" USING btree ("page");--> statement-breakpoint
CREATE INDEX "seos_tag_id_index" ON "seos" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "seos_title_trgm_index" ON "seos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seos_created_at_index" ON "seos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sites_status_index" ON "sites" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_name_lower_unique" ON "sources" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sources_genre_id_index" ON "sources" USING btree ("genre_id");--> statement-breakpoint
CREATE INDEX "sources_created_at_index" ON "sources" USING btree ("created_at");