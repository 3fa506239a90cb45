CREATE TABLE "download_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"path" varchar(500) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "download_tickets" ADD CONSTRAINT "download_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_tickets_session_id_index" ON "download_tickets" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "download_tickets_expires_at_index" ON "download_tickets" USING btree ("expires_at");