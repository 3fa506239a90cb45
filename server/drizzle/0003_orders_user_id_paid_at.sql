-- A member's orders come newest payment first from one index (server/src/lib/list/page-plan.ts: `in order`),
-- which takes the place of the one on `user_id` alone. Built before the old one is dropped: the build lets
-- the orders be read and holds their writes (at ten million orders, seconds); the drop, which holds reads
-- too, comes last, so its lock is held only until the migrations commit.
CREATE INDEX "orders_user_id_paid_at_index" ON "orders" USING btree ("user_id","paid_at");--> statement-breakpoint
DROP INDEX "orders_user_id_index";
