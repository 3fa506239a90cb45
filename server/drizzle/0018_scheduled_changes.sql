CREATE TABLE "scheduled_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scheduled_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"action" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"reason" varchar(500),
	"state" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"ran_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"noticed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_changes_resource_check" CHECK ("scheduled_changes"."resource" in ('videos', 'posts', 'banners', 'promotions')),
	CONSTRAINT "scheduled_changes_action_check" CHECK ("scheduled_changes"."action" in ('publish', 'take_down')),
	CONSTRAINT "scheduled_changes_state_check" CHECK ("scheduled_changes"."state" in ('pending', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "scheduled_changes" ADD CONSTRAINT "scheduled_changes_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_changes_due_index" ON "scheduled_changes" USING btree ("run_at") WHERE "scheduled_changes"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_changes_record_index" ON "scheduled_changes" USING btree ("resource","record_id","run_at");--> statement-breakpoint
CREATE INDEX "scheduled_changes_created_by_index" ON "scheduled_changes" USING btree ("created_by","noticed");