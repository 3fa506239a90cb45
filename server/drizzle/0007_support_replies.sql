-- Replies to a support ticket, mailed to its address through the outbox (modules/supports/replies.ts: pending
-- until the mail server takes them, tried again, refused marked); a member's tickets listed by user_id.
CREATE TABLE "support_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"support_id" integer NOT NULL,
	"body" text NOT NULL,
	"recipient" varchar(255) NOT NULL,
	"admin_id" integer,
	"admin_name" varchar(100),
	"transport" text NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	"refused" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"tried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_support_id_supports_id_fk" FOREIGN KEY ("support_id") REFERENCES "public"."supports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_replies_support_id_id_index" ON "support_replies" USING btree ("support_id","id");--> statement-breakpoint
CREATE INDEX "support_replies_pending_index" ON "support_replies" USING btree ("tried_at") WHERE "support_replies"."pending";--> statement-breakpoint
CREATE INDEX "supports_user_id_id_index" ON "supports" USING btree ("user_id","id");