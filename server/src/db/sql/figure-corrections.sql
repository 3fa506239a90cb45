-- Rows corrected or deleted after the fold read them: the triggers queue what the change takes away and adds.
-- New rows have no trigger; the fold reads them by id (figure-tails.sql).

-- An order corrected or deleted; moved, it takes along the refunds and chargebacks the figures hold.
CREATE OR REPLACE FUNCTION vod_rollup_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
  gaps bigint[];
  events_folded bigint;
  events_gaps bigint[];
BEGIN
  -- An update of nothing the figures read (a status, a note) neither queues nor waits on the tail.
  -- (Nested: a delete has no new_rows to plan the test against.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows old_order JOIN new_rows new_order ON new_order.id = old_order.id
        WHERE vod_order_delta(old_order, 1) IS DISTINCT FROM vod_order_delta(new_order, 1)) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT guard.folded, guard.gaps INTO folded, gaps FROM vod_tail_guard('orders') guard;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_order_delta(old_order, -1) FROM old_rows old_order
      WHERE old_order.id <= folded AND old_order.id <> ALL (gaps)));
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM old_rows old_order JOIN new_rows new_order ON new_order.id = old_order.id
      WHERE (old_order.channel_id, old_order.campaign_id, old_order.plan_id)
        IS DISTINCT FROM (new_order.channel_id, new_order.campaign_id, new_order.plan_id)) THEN
    SELECT guard.folded, guard.gaps INTO events_folded, events_gaps FROM vod_tail_guard('order_events') guard;
  END IF;
  -- A corrected amount or fee, a payment moved in time, another channel, campaign or plan: out with the
  -- old, in with the new; the order's refunds and chargebacks follow its channel, campaign and plan.
  PERFORM vod_figures_enqueue(ARRAY(
    SELECT delta FROM old_rows old_order JOIN new_rows new_order ON new_order.id = old_order.id
    CROSS JOIN LATERAL (VALUES (vod_order_delta(old_order, -1)), (vod_order_delta(new_order, 1))) AS change(delta)
    WHERE vod_order_delta(old_order, 1) IS DISTINCT FROM vod_order_delta(new_order, 1)
      AND old_order.id <= folded AND old_order.id <> ALL (gaps)
    UNION ALL
    SELECT delta FROM old_rows old_order JOIN new_rows new_order ON new_order.id = old_order.id
      JOIN order_events event ON event.order_id = old_order.id
    CROSS JOIN LATERAL (VALUES (vod_event_delta(event, old_order, -1)), (vod_event_delta(event, new_order, 1)))
      AS change(delta)
    WHERE (old_order.channel_id, old_order.campaign_id, old_order.plan_id)
      IS DISTINCT FROM (new_order.channel_id, new_order.campaign_id, new_order.plan_id)
      AND event.id <= events_folded AND event.id <> ALL (events_gaps)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_rollup_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_orders();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_rollup_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_orders();
--> statement-breakpoint
-- The triggers that are left correct only rows the fold has read (vod_tail_guard); it reads the others as
-- they are then. A refund or chargeback corrected or deleted:
CREATE OR REPLACE FUNCTION vod_rollup_order_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
  gaps bigint[];
BEGIN
  SELECT guard.folded, guard.gaps INTO folded, gaps FROM vod_tail_guard('order_events') guard;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_event_delta(event, its_order, -1)
      FROM old_rows event JOIN orders its_order ON its_order.id = event.order_id
      WHERE event.id <= folded AND event.id <> ALL (gaps)));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT vod_event_delta(event, its_order, -1) FROM old_rows event JOIN orders its_order ON its_order.id = event.order_id
      WHERE event.id <= folded AND event.id <> ALL (gaps)
      UNION ALL
      SELECT vod_event_delta(event, its_order, 1) FROM new_rows event JOIN orders its_order ON its_order.id = event.order_id
      WHERE event.id <= folded AND event.id <> ALL (gaps)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER order_events_rollup_update AFTER UPDATE ON order_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_order_events();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER order_events_rollup_delete AFTER DELETE ON order_events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_order_events();
--> statement-breakpoint
-- A member's sign-up moved in time, channel or campaign, or the member deleted.
CREATE OR REPLACE FUNCTION vod_rollup_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
  gaps bigint[];
BEGIN
  -- An update of nothing the figures read (a login's, a profile's) neither queues nor waits on the tail.
  -- (Nested: a delete has no new_rows to plan the test against.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows old_member JOIN new_rows new_member ON new_member.id = old_member.id
        WHERE vod_user_delta(old_member, 1) IS DISTINCT FROM vod_user_delta(new_member, 1)) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT guard.folded, guard.gaps INTO folded, gaps FROM vod_tail_guard('users') guard;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_user_delta(old_member, -1) FROM old_rows old_member
      WHERE old_member.id <= folded AND old_member.id <> ALL (gaps)));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT delta FROM old_rows old_member JOIN new_rows new_member ON new_member.id = old_member.id
      CROSS JOIN LATERAL (VALUES (vod_user_delta(old_member, -1)), (vod_user_delta(new_member, 1))) AS change(delta)
      WHERE vod_user_delta(old_member, 1) IS DISTINCT FROM vod_user_delta(new_member, 1)
        AND old_member.id <= folded AND old_member.id <> ALL (gaps)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_rollup_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_users();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_rollup_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_users();
--> statement-breakpoint
-- A subscription started, cancelled or moved otherwise, or deleted.
CREATE OR REPLACE FUNCTION vod_rollup_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
  gaps bigint[];
BEGIN
  -- An update of nothing the figures read neither queues nor waits on the tail.
  -- (Nested: a delete has no new_rows to plan the test against.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows old_one JOIN new_rows new_one ON new_one.id = old_one.id
        WHERE ARRAY(SELECT vod_subscription_deltas(old_one, 1))
          IS DISTINCT FROM ARRAY(SELECT vod_subscription_deltas(new_one, 1))) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT guard.folded, guard.gaps INTO folded, gaps FROM vod_tail_guard('subscriptions') guard;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT delta FROM old_rows old_one, vod_subscription_deltas(old_one, -1) delta
      WHERE old_one.id <= folded AND old_one.id <> ALL (gaps)));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT change.delta FROM old_rows old_one JOIN new_rows new_one ON new_one.id = old_one.id
      CROSS JOIN LATERAL (SELECT taken FROM vod_subscription_deltas(old_one, -1) taken
        UNION ALL SELECT added FROM vod_subscription_deltas(new_one, 1) added) AS change(delta)
      WHERE ARRAY(SELECT vod_subscription_deltas(old_one, 1))
          IS DISTINCT FROM ARRAY(SELECT vod_subscription_deltas(new_one, 1))
        AND old_one.id <= folded AND old_one.id <> ALL (gaps)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscriptions_rollup_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_subscriptions();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscriptions_rollup_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_subscriptions();
