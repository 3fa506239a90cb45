-- The live SQL's figure functions name their rows and results for what they hold (`purchase orders`, not
-- `o orders`; vod_tail_deltas' `delta`): a parameter's or result column's name is not something CREATE OR
-- REPLACE may change, so the old ones go here and server/src/db/sql makes them again.
DROP FUNCTION IF EXISTS vod_order_delta(orders, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_event_delta(order_events, orders, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_user_delta(users, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_subscription_deltas(subscriptions, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_visit_delta(timestamptz, integer, integer, text, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_counted_event_delta(figure_events, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_tail_close(vod_tail, bigint[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_tail_deltas(text, bigint, bigint, bigint[]);
