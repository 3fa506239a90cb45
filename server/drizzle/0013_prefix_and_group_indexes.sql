-- Keyword search over codes and identifiers (member usernames, e-mails and phones, order and transaction
-- numbers, video serial numbers) matches from their start: btree indexes on lower(column) text_pattern_ops
-- replace their trigram indexes, which read nearly every row for a code whose trigrams all rows share
-- (`ORD00…`, `member…`). The serial numbers' case-insensitive unique index becomes that index itself.
-- Lists sorted by a joined table's column (plan name, category, genre) take each group's first rows from
-- a (reference, id) index; subscriptions filtered by plan come in id order from theirs.
DROP INDEX "orders_order_no_trgm_index";--> statement-breakpoint
DROP INDEX "orders_transaction_number_trgm_index";--> statement-breakpoint
DROP INDEX "users_username_trgm_index";--> statement-breakpoint
DROP INDEX "users_email_trgm_index";--> statement-breakpoint
DROP INDEX "users_phone_trgm_index";--> statement-breakpoint
DROP INDEX "videos_serial_number_trgm_index";--> statement-breakpoint
DROP INDEX "sources_genre_id_index";--> statement-breakpoint
DROP INDEX "subscriptions_plan_id_index";--> statement-breakpoint
DROP INDEX "tags_category_id_index";--> statement-breakpoint
DROP INDEX "videos_serial_number_lower_unique";--> statement-breakpoint
CREATE INDEX "orders_order_no_prefix_index" ON "orders" USING btree (lower("order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_transaction_number_prefix_index" ON "orders" USING btree (lower("transaction_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_plan_id_id_index" ON "orders" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "users_username_prefix_index" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_index" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_prefix_index" ON "users" USING btree (lower("phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sources_genre_id_index" ON "sources" USING btree ("genre_id","id");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_id_index" ON "subscriptions" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "tags_category_id_index" ON "tags" USING btree ("category_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_serial_number_lower_unique" ON "videos" USING btree (lower("serial_number") text_pattern_ops);--> statement-breakpoint
-- The planner knows how many rows a prefix matches only from statistics on the new expressions, which
-- ANALYZE gathers; until then it guesses, and may walk a whole table for one serial number.
ANALYZE "users";--> statement-breakpoint
ANALYZE "orders";--> statement-breakpoint
ANALYZE "videos";
