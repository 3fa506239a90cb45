ALTER TABLE "admins" DROP CONSTRAINT "admins_username_unique";--> statement-breakpoint
CREATE INDEX "audit_logs_forbidden_index" ON "audit_logs" USING btree ("admin_id","created_at") WHERE "audit_logs"."action" = 'forbidden';--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_lower_unique" ON "admins" USING btree (lower("username"));