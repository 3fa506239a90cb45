ALTER TABLE "scheduled_changes" DROP CONSTRAINT "scheduled_changes_resource_check";--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "blocks_expired_at_index" ON "blocks" USING btree ("expired_at");--> statement-breakpoint
ALTER TABLE "scheduled_changes" ADD CONSTRAINT "scheduled_changes_resource_check" CHECK ("scheduled_changes"."resource" in ('videos', 'posts', 'banners', 'promotions', 'blocks'));