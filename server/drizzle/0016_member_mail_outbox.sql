ALTER TABLE "member_mails" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_mails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_mails" ADD COLUMN "tried_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "member_mails_pending_index" ON "member_mails" USING btree ("tried_at") WHERE "member_mails"."pending";