-- A channel admin's keyword and search read its channels' members and orders a channel at a time, each
-- column's range from an index led by the channel (server/src/lib/list/channel-rows.ts), never every row with
-- the prefix in every channel. Rows of no channel are in no channel admin's scope, so not in these indexes.
-- Each build lets the table be read and holds its writes (at ten million orders, about a minute each).
CREATE INDEX "orders_channel_order_no_prefix_index" ON "orders" USING btree ("channel_id",lower("order_no") text_pattern_ops) WHERE "orders"."channel_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_channel_transaction_number_prefix_index" ON "orders" USING btree ("channel_id",lower("transaction_number") text_pattern_ops) WHERE "orders"."channel_id" is not null;--> statement-breakpoint
CREATE INDEX "users_channel_username_prefix_index" ON "users" USING btree ("channel_id",lower("username") text_pattern_ops) WHERE "users"."channel_id" is not null;--> statement-breakpoint
CREATE INDEX "users_channel_email_prefix_index" ON "users" USING btree ("channel_id",lower("email") text_pattern_ops) WHERE "users"."channel_id" is not null;--> statement-breakpoint
CREATE INDEX "users_channel_phone_prefix_index" ON "users" USING btree ("channel_id",lower("phone") text_pattern_ops) WHERE "users"."channel_id" is not null;--> statement-breakpoint
CREATE INDEX "users_channel_email_domain_index" ON "users" USING btree ("channel_id",lower(split_part("email", '@', 2)) text_pattern_ops) WHERE "users"."channel_id" is not null;--> statement-breakpoint
CREATE INDEX "users_channel_phone_digits_index" ON "users" USING btree ("channel_id",reverse(regexp_replace("phone", '[^0-9]', '', 'g')) text_pattern_ops) WHERE "users"."channel_id" is not null;--> statement-breakpoint
-- vod_contains_ids takes the most rows it may read (db/sql/keyword-words.sql, defined after the migrations):
-- the form without it goes.
DROP FUNCTION IF EXISTS vod_contains_ids(text, text, text, text[], integer);
