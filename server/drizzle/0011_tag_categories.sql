CREATE TABLE "tag_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tag_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tag_categories_name_lower_unique" ON "tag_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tag_categories_sort_index" ON "tag_categories" USING btree ("sort");--> statement-breakpoint
-- Until now category_id named no table: a number nothing kept. It now names a category, so the numbers
-- written before (which name none) are cleared rather than left pointing at whatever category gets that id.
UPDATE "tags" SET "category_id" = NULL WHERE "category_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_category_id_tag_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."tag_categories"("id") ON DELETE restrict ON UPDATE no action;