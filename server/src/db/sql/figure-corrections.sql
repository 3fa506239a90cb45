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
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.paid_at, o.amount, o.transaction_fee, o.settlement_fee, o.reserve_fee, o.channel_id, o.campaign_id, o.plan_id)
          IS DISTINCT FROM (n.paid_at, n.amount, n.transaction_fee, n.settlement_fee, n.reserve_fee, n.channel_id, n.campaign_id, n.plan_id)) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT g.folded, g.gaps INTO folded, gaps FROM vod_tail_guard('orders') g;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_order_delta(o, -1) FROM old_rows o
      WHERE o.id <= folded AND o.id <> ALL (gaps)));
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.channel_id, o.campaign_id, o.plan_id) IS DISTINCT FROM (n.channel_id, n.campaign_id, n.plan_id)) THEN
    SELECT g.folded, g.gaps INTO events_folded, events_gaps FROM vod_tail_guard('order_events') g;
  END IF;
  -- A corrected amount or fee, a payment moved in time, another channel, campaign or plan: out with the
  -- old, in with the new; the order's refunds and chargebacks follow its channel, campaign and plan.
  PERFORM vod_figures_enqueue(ARRAY(
    SELECT d FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (vod_order_delta(o, -1)), (vod_order_delta(n, 1))) AS x(d)
    WHERE (o.paid_at, o.amount, o.transaction_fee, o.settlement_fee, o.reserve_fee, o.channel_id, o.campaign_id, o.plan_id)
      IS DISTINCT FROM (n.paid_at, n.amount, n.transaction_fee, n.settlement_fee, n.reserve_fee, n.channel_id, n.campaign_id, n.plan_id)
      AND o.id <= folded AND o.id <> ALL (gaps)
    UNION ALL
    SELECT d FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN order_events e ON e.order_id = o.id
    CROSS JOIN LATERAL (VALUES (vod_event_delta(e, o, -1)), (vod_event_delta(e, n, 1))) AS x(d)
    WHERE (o.channel_id, o.campaign_id, o.plan_id) IS DISTINCT FROM (n.channel_id, n.campaign_id, n.plan_id)
      AND e.id <= events_folded AND e.id <> ALL (events_gaps)
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
  SELECT g.folded, g.gaps INTO folded, gaps FROM vod_tail_guard('order_events') g;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_event_delta(e, o, -1) FROM old_rows e JOIN orders o ON o.id = e.order_id
      WHERE e.id <= folded AND e.id <> ALL (gaps)));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT vod_event_delta(e, o, -1) FROM old_rows e JOIN orders o ON o.id = e.order_id
      WHERE e.id <= folded AND e.id <> ALL (gaps)
      UNION ALL
      SELECT vod_event_delta(e, o, 1) FROM new_rows e JOIN orders o ON o.id = e.order_id
      WHERE e.id <= folded AND e.id <> ALL (gaps)
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
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.created_at, o.channel_id, o.campaign_id) IS DISTINCT FROM (n.created_at, n.channel_id, n.campaign_id)) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT g.folded, g.gaps INTO folded, gaps FROM vod_tail_guard('users') g;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_user_delta(o, -1) FROM old_rows o
      WHERE o.id <= folded AND o.id <> ALL (gaps)));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT d FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (vod_user_delta(o, -1)), (vod_user_delta(n, 1))) AS x(d)
      WHERE (o.created_at, o.channel_id, o.campaign_id) IS DISTINCT FROM (n.created_at, n.channel_id, n.campaign_id)
        AND o.id <= folded AND o.id <> ALL (gaps)
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
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.started_at, o.cancelled_at, o.channel_id, o.campaign_id, o.plan_id)
          IS DISTINCT FROM (n.started_at, n.cancelled_at, n.channel_id, n.campaign_id, n.plan_id)) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT g.folded, g.gaps INTO folded, gaps FROM vod_tail_guard('subscriptions') g;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT d FROM old_rows o, vod_subscription_deltas(o, -1) d
      WHERE o.id <= folded AND o.id <> ALL (gaps)));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT z.d FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (SELECT x FROM vod_subscription_deltas(o, -1) x UNION ALL SELECT y FROM vod_subscription_deltas(n, 1) y) AS z(d)
      WHERE (o.started_at, o.cancelled_at, o.channel_id, o.campaign_id, o.plan_id)
        IS DISTINCT FROM (n.started_at, n.cancelled_at, n.channel_id, n.campaign_id, n.plan_id)
        AND o.id <= folded AND o.id <> ALL (gaps)
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
