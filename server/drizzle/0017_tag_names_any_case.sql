-- Names were unique per type as written; now in any letter case. Names that already collide that way keep
-- the first one (lowest id) as it is and the others get their id added, so the index can be built.
UPDATE "tags" SET "name" = left("name", 80) || ' (#' || "id" || ')'
WHERE EXISTS (SELECT 1 FROM "tags" AS "first" WHERE "first"."type" = "tags"."type" AND lower("first"."name") = lower("tags"."name") AND "first"."id" < "tags"."id");--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_type_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "tags_type_name_lower_unique" ON "tags" USING btree ("type",lower("name"));