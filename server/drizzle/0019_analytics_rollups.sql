-- The analytics' rollups (README "Analytics"), kept by the database itself: the member site writes orders,
-- members, subscriptions and visits without this API, so triggers, not the API, move the figures.
-- Statement-level triggers read the statement's rows at once (a COPY of a million orders is one merge).
-- Levels of detail: -1 in a dimension is "all", 0 "none", '*' every device (db/schema/analytics.ts).

-- One change to the figures: when, along which dimensions, and by how much.
CREATE TYPE vod_rollup_delta AS (
  moment timestamp with time zone,
  channel_id integer,
  campaign_id integer,
  plan_id integer,
  device text,
  orders integer,
  gross numeric,
  fees numeric,
  refund_count integer,
  refunds numeric,
  chargeback_count integer,
  chargebacks numeric,
  signups integer,
  subscriptions integer,
  cancellations integer,
  visits integer
);
--> statement-breakpoint
-- Adds the deltas to every level they belong to, in their quarter-hour and in their UTC day. Rows are
-- locked in key order, so two writers never wait on each other crosswise.
CREATE FUNCTION vod_rollup_merge(deltas vod_rollup_delta[]) RETURNS void LANGUAGE sql AS $$
  WITH leveled AS (
    SELECT k.c, k.m, k.p, k.v, e.*
    FROM unnest(deltas) AS e
    CROSS JOIN LATERAL (VALUES
      (-1, -1, -1, '*'),
      (coalesce(e.channel_id, 0), -1, -1, '*'),
      (coalesce(e.channel_id, 0), coalesce(e.campaign_id, 0), -1, '*'),
      (-1, -1, e.plan_id, '*'),
      (coalesce(e.channel_id, 0), -1, e.plan_id, '*'),
      (-1, -1, -1, e.device),
      (coalesce(e.channel_id, 0), -1, -1, e.device)
    ) AS k(c, m, p, v)
    WHERE e.moment IS NOT NULL AND k.p IS NOT NULL AND k.v IS NOT NULL
  ),
  quarters AS (
    INSERT INTO rollup_quarters AS r (channel_id, campaign_id, plan_id, device, bucket, orders, gross, fees,
      refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
    SELECT c, m, p, v, date_bin('15 minutes', moment, timestamptz '2000-01-01 00:00:00+00'), sum(orders), sum(gross),
      sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks), sum(signups),
      sum(subscriptions), sum(cancellations), sum(visits)
    FROM leveled GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (channel_id, campaign_id, plan_id, device, bucket) DO UPDATE SET
      orders = r.orders + excluded.orders, gross = r.gross + excluded.gross, fees = r.fees + excluded.fees,
      refund_count = r.refund_count + excluded.refund_count, refunds = r.refunds + excluded.refunds,
      chargeback_count = r.chargeback_count + excluded.chargeback_count,
      chargebacks = r.chargebacks + excluded.chargebacks, signups = r.signups + excluded.signups,
      subscriptions = r.subscriptions + excluded.subscriptions,
      cancellations = r.cancellations + excluded.cancellations, visits = r.visits + excluded.visits
  )
  INSERT INTO rollup_days AS r (channel_id, campaign_id, plan_id, device, day, orders, gross, fees,
    refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT c, m, p, v, (moment AT TIME ZONE 'UTC')::date, sum(orders), sum(gross), sum(fees), sum(refund_count),
    sum(refunds), sum(chargeback_count), sum(chargebacks), sum(signups), sum(subscriptions),
    sum(cancellations), sum(visits)
  FROM leveled GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, day) DO UPDATE SET
    orders = r.orders + excluded.orders, gross = r.gross + excluded.gross, fees = r.fees + excluded.fees,
    refund_count = r.refund_count + excluded.refund_count, refunds = r.refunds + excluded.refunds,
    chargeback_count = r.chargeback_count + excluded.chargeback_count,
    chargebacks = r.chargebacks + excluded.chargebacks, signups = r.signups + excluded.signups,
    subscriptions = r.subscriptions + excluded.subscriptions,
    cancellations = r.cancellations + excluded.cancellations, visits = r.visits + excluded.visits
$$;
--> statement-breakpoint
-- What one order adds (sign 1) or takes away (-1): paid orders count when they were paid.
CREATE FUNCTION vod_order_delta(o orders, sign integer) RETURNS vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(o.paid_at, o.channel_id, o.campaign_id, o.plan_id, NULL, sign, sign * o.amount,
    sign * (o.transaction_fee + o.settlement_fee + o.reserve_fee), 0, 0, 0, 0, 0, 0, 0, 0)::vod_rollup_delta
$$;
--> statement-breakpoint
-- What one refund or chargeback adds or takes away, along its order's channel, campaign and plan.
CREATE FUNCTION vod_event_delta(e order_events, o orders, sign integer) RETURNS vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(e.occurred_at, o.channel_id, o.campaign_id, o.plan_id, NULL, 0, 0, 0,
    CASE WHEN e.kind = 'refund' THEN sign ELSE 0 END, CASE WHEN e.kind = 'refund' THEN sign * e.amount ELSE 0 END,
    CASE WHEN e.kind = 'chargeback' THEN sign ELSE 0 END,
    CASE WHEN e.kind = 'chargeback' THEN sign * e.amount ELSE 0 END, 0, 0, 0, 0)::vod_rollup_delta
$$;
--> statement-breakpoint
CREATE FUNCTION vod_user_delta(u users, sign integer) RETURNS vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(u.created_at, u.channel_id, u.campaign_id, NULL, NULL, 0, 0, 0, 0, 0, 0, 0, sign, 0, 0, 0)::vod_rollup_delta
$$;
--> statement-breakpoint
-- A subscription counts once when it started and once more (as a cancellation) when it was cancelled.
CREATE FUNCTION vod_subscription_deltas(s subscriptions, sign integer) RETURNS SETOF vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(s.started_at, s.channel_id, s.campaign_id, s.plan_id, NULL, 0, 0, 0, 0, 0, 0, 0, 0, sign, 0, 0)::vod_rollup_delta
  UNION ALL
  SELECT ROW(s.cancelled_at, s.channel_id, s.campaign_id, s.plan_id, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, sign, 0)::vod_rollup_delta
  WHERE s.cancelled_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION vod_rollup_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vod_rollup_merge(ARRAY(SELECT vod_order_delta(n, 1) FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vod_rollup_merge(ARRAY(SELECT vod_order_delta(o, -1) FROM old_rows o));
  ELSE
    -- A corrected amount or fee, a payment moved in time, another channel, campaign or plan: out with the
    -- old, in with the new; the order's refunds and chargebacks follow its channel, campaign and plan.
    PERFORM vod_rollup_merge(ARRAY(
      SELECT vod_order_delta(o, -1) FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.paid_at, o.amount, o.transaction_fee, o.settlement_fee, o.reserve_fee, o.channel_id, o.campaign_id, o.plan_id)
        IS DISTINCT FROM (n.paid_at, n.amount, n.transaction_fee, n.settlement_fee, n.reserve_fee, n.channel_id, n.campaign_id, n.plan_id)
      UNION ALL
      SELECT vod_order_delta(n, 1) FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.paid_at, o.amount, o.transaction_fee, o.settlement_fee, o.reserve_fee, o.channel_id, o.campaign_id, o.plan_id)
        IS DISTINCT FROM (n.paid_at, n.amount, n.transaction_fee, n.settlement_fee, n.reserve_fee, n.channel_id, n.campaign_id, n.plan_id)
      UNION ALL
      SELECT d FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN order_events e ON e.order_id = o.id
      CROSS JOIN LATERAL (VALUES (vod_event_delta(e, o, -1)), (vod_event_delta(e, n, 1))) AS x(d)
      WHERE (o.channel_id, o.campaign_id, o.plan_id) IS DISTINCT FROM (n.channel_id, n.campaign_id, n.plan_id)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_rollup_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_orders();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_orders();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_orders();
--> statement-breakpoint
CREATE FUNCTION vod_rollup_order_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vod_rollup_merge(ARRAY(SELECT vod_event_delta(e, o, 1) FROM new_rows e JOIN orders o ON o.id = e.order_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vod_rollup_merge(ARRAY(SELECT vod_event_delta(e, o, -1) FROM old_rows e JOIN orders o ON o.id = e.order_id));
  ELSE
    PERFORM vod_rollup_merge(ARRAY(
      SELECT vod_event_delta(e, o, -1) FROM old_rows e JOIN orders o ON o.id = e.order_id
      UNION ALL
      SELECT vod_event_delta(e, o, 1) FROM new_rows e JOIN orders o ON o.id = e.order_id
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_events_rollup_insert AFTER INSERT ON order_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_order_events();
--> statement-breakpoint
CREATE TRIGGER order_events_rollup_update AFTER UPDATE ON order_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_order_events();
--> statement-breakpoint
CREATE TRIGGER order_events_rollup_delete AFTER DELETE ON order_events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_order_events();
--> statement-breakpoint
CREATE FUNCTION vod_rollup_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vod_rollup_merge(ARRAY(SELECT vod_user_delta(n, 1) FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vod_rollup_merge(ARRAY(SELECT vod_user_delta(o, -1) FROM old_rows o));
  ELSE
    PERFORM vod_rollup_merge(ARRAY(
      SELECT d FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (vod_user_delta(o, -1)), (vod_user_delta(n, 1))) AS x(d)
      WHERE (o.created_at, o.channel_id, o.campaign_id) IS DISTINCT FROM (n.created_at, n.channel_id, n.campaign_id)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_rollup_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_users();
--> statement-breakpoint
CREATE TRIGGER users_rollup_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_users();
--> statement-breakpoint
CREATE TRIGGER users_rollup_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_users();
--> statement-breakpoint
CREATE FUNCTION vod_rollup_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vod_rollup_merge(ARRAY(SELECT d FROM new_rows n, vod_subscription_deltas(n, 1) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vod_rollup_merge(ARRAY(SELECT d FROM old_rows o, vod_subscription_deltas(o, -1) d));
  ELSE
    PERFORM vod_rollup_merge(ARRAY(
      SELECT z.d FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (SELECT x FROM vod_subscription_deltas(o, -1) x UNION ALL SELECT y FROM vod_subscription_deltas(n, 1) y) AS z(d)
      WHERE (o.started_at, o.cancelled_at, o.channel_id, o.campaign_id, o.plan_id)
        IS DISTINCT FROM (n.started_at, n.cancelled_at, n.channel_id, n.campaign_id, n.plan_id)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_rollup_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_subscriptions();
--> statement-breakpoint
CREATE TRIGGER subscriptions_rollup_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_subscriptions();
--> statement-breakpoint
CREATE TRIGGER subscriptions_rollup_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_subscriptions();
--> statement-breakpoint
-- The zone business days are counted in (BUSINESS_TIME_ZONE, written here at each start).
CREATE FUNCTION vod_business_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'UTC')
$$;
--> statement-breakpoint
-- Visits only ever arrive: deleting old ones (VISIT_RETENTION_DAYS) leaves the figures as they are. Each
-- visitor counts once a business day per level (all, its channel, its campaign).
CREATE FUNCTION vod_rollup_visits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_business_zone();
BEGIN
  PERFORM vod_rollup_merge(ARRAY(
    SELECT ROW(n.visited_at, n.channel_id, n.campaign_id, NULL, n.device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)::vod_rollup_delta
    FROM new_rows n
  ));
  WITH seen AS (
    SELECT DISTINCT (n.visited_at AT TIME ZONE zone)::date AS day, l.c, l.m, n.visitor
    FROM new_rows n
    CROSS JOIN LATERAL (VALUES (-1, -1), (coalesce(n.channel_id, 0), -1),
      (coalesce(n.channel_id, 0), coalesce(n.campaign_id, 0))) AS l(c, m)
  ),
  added AS (
    INSERT INTO visitor_days (day, channel_id, campaign_id, visitor)
    SELECT day, c, m, visitor FROM seen ORDER BY c, m, day, visitor
    ON CONFLICT DO NOTHING
    RETURNING channel_id, campaign_id, day
  )
  INSERT INTO visitor_day_counts AS v (channel_id, campaign_id, day, visitors)
  SELECT channel_id, campaign_id, day, count(*) FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET visitors = v.visitors + excluded.visitors;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visits_rollup_insert AFTER INSERT ON visits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vod_rollup_visits();
--> statement-breakpoint
-- Counts distinct visitors again from the visits kept, in the zone now set: after BUSINESS_TIME_ZONE
-- changed (server/src/analytics/zone.ts), or after a bulk load. Days before the first whole day of kept
-- visits keep their counts. Visits wait meanwhile (SHARE lock), so none is counted twice or missed.
CREATE FUNCTION vod_visitors_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_business_zone();
  first_day date;
BEGIN
  LOCK TABLE visits IN SHARE MODE;
  SELECT (min(visited_at) AT TIME ZONE zone)::date + 1 INTO first_day FROM visits;
  DELETE FROM visitor_days;
  IF first_day IS NULL THEN RETURN; END IF;
  DELETE FROM visitor_day_counts WHERE day >= first_day;
  INSERT INTO visitor_days (day, channel_id, campaign_id, visitor)
  SELECT DISTINCT (v.visited_at AT TIME ZONE zone)::date, l.c, l.m, v.visitor
  FROM visits v
  CROSS JOIN LATERAL (VALUES (-1, -1), (coalesce(v.channel_id, 0), -1),
    (coalesce(v.channel_id, 0), coalesce(v.campaign_id, 0))) AS l(c, m)
  WHERE (v.visited_at AT TIME ZONE zone)::date >= first_day;
  INSERT INTO visitor_day_counts (channel_id, campaign_id, day, visitors)
  SELECT channel_id, campaign_id, day, count(*) FROM visitor_days GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
-- Builds the rollups anew from the rows in one pass (after a bulk load with triggers off, or to repair):
-- every row's deltas at every level, summed per quarter-hour, then the quarter-hours per UTC day. Visits
-- deleted by retention are gone from the rows, so their days lose their visits.
CREATE FUNCTION vod_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rollup_quarters;
  DELETE FROM rollup_days;
  INSERT INTO rollup_quarters (channel_id, campaign_id, plan_id, device, bucket, orders, gross, fees,
    refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT k.c, k.m, k.p, k.v, date_bin('15 minutes', e.moment, timestamptz '2000-01-01 00:00:00+00'), sum(e.orders),
    sum(e.gross), sum(e.fees), sum(e.refund_count), sum(e.refunds), sum(e.chargeback_count), sum(e.chargebacks),
    sum(e.signups), sum(e.subscriptions), sum(e.cancellations), sum(e.visits)
  FROM (
    -- Materialized, so each row's delta is computed once (not once a field, as (f(x)).* would).
    WITH deltas AS MATERIALIZED (
      SELECT vod_order_delta(o, 1) AS d FROM orders o WHERE o.paid_at IS NOT NULL
      UNION ALL
      SELECT vod_event_delta(ev, o, 1) FROM order_events ev JOIN orders o ON o.id = ev.order_id
      UNION ALL
      SELECT vod_user_delta(u, 1) FROM users u
      UNION ALL
      SELECT x FROM subscriptions s, vod_subscription_deltas(s, 1) x
      UNION ALL
      SELECT ROW(v.visited_at, v.channel_id, v.campaign_id, NULL, v.device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)::vod_rollup_delta
      FROM visits v
    )
    SELECT (d).* FROM deltas
  ) AS e
  CROSS JOIN LATERAL (VALUES
    (-1, -1, -1, '*'),
    (coalesce(e.channel_id, 0), -1, -1, '*'),
    (coalesce(e.channel_id, 0), coalesce(e.campaign_id, 0), -1, '*'),
    (-1, -1, e.plan_id, '*'),
    (coalesce(e.channel_id, 0), -1, e.plan_id, '*'),
    (-1, -1, -1, e.device),
    (coalesce(e.channel_id, 0), -1, -1, e.device)
  ) AS k(c, m, p, v)
  WHERE e.moment IS NOT NULL AND k.p IS NOT NULL AND k.v IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO rollup_days (channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count,
    refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, (bucket AT TIME ZONE 'UTC')::date, sum(orders), sum(gross),
    sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks), sum(signups),
    sum(subscriptions), sum(cancellations), sum(visits)
  FROM rollup_quarters GROUP BY 1, 2, 3, 4, 5;
END
$$;
