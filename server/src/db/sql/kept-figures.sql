-- Written from the figure registry (contract/src/figures.ts) by server/src/db/kept-figures.ts: do not edit,
-- run `npx tsx scripts/kept-figures-sql.ts` (server/test/figure-registry.test.ts fails while this is stale).
-- The SQL that names every kept figure's column; the other files here call it by name.

-- The moment itself where a business day holds it in any zone, else NULL (server/src/db/datable.ts).
CREATE OR REPLACE FUNCTION vod_datable(moment timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN moment >= '4713-01-01 00:00:00+00 BC'::timestamptz AND moment < '294276-12-01 00:00:00+00'::timestamptz THEN moment END
$$;
--> statement-breakpoint
-- The kept figures of visits, whose rows retention deletes while their figures stay (the rebuild leaves them).
CREATE OR REPLACE FUNCTION vod_pruned_columns() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['visits']::text[]
$$;
--> statement-breakpoint
-- What one row of orders adds (sign 1) or takes away (-1), a delta a moment it counts at.
CREATE OR REPLACE FUNCTION vod_order_delta(purchase orders, sign integer)
RETURNS vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(vod_datable(purchase.paid_at), purchase.channel_id, purchase.campaign_id, purchase.plan_id, NULL::text, 0, 0, 0, 0, sign, sign * purchase.amount, sign * (purchase.transaction_fee + purchase.settlement_fee + purchase.reserve_fee), 0, 0, 0, 0)::vod_rollup_delta
$$;
--> statement-breakpoint
-- What one row of order_events adds (sign 1) or takes away (-1), a delta a moment it counts at.
CREATE OR REPLACE FUNCTION vod_event_delta(event order_events, purchase orders, sign integer)
RETURNS vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(vod_datable(event.occurred_at), purchase.channel_id, purchase.campaign_id, purchase.plan_id, NULL::text, 0, 0, 0, 0, 0, 0, 0, CASE WHEN event.kind = 'refund' THEN sign ELSE 0 END, CASE WHEN event.kind = 'refund' THEN sign * event.amount ELSE 0 END, CASE WHEN event.kind = 'chargeback' THEN sign ELSE 0 END, CASE WHEN event.kind = 'chargeback' THEN sign * event.amount ELSE 0 END)::vod_rollup_delta
$$;
--> statement-breakpoint
-- What one row of users adds (sign 1) or takes away (-1), a delta a moment it counts at.
CREATE OR REPLACE FUNCTION vod_user_delta(member users, sign integer)
RETURNS vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(vod_datable(member.created_at), member.channel_id, member.campaign_id, NULL::integer, NULL::text, 0, sign, 0, 0, 0, 0, 0, 0, 0, 0, 0)::vod_rollup_delta
$$;
--> statement-breakpoint
-- What one row of subscriptions adds (sign 1) or takes away (-1), a delta a moment it counts at.
CREATE OR REPLACE FUNCTION vod_subscription_deltas(subscription subscriptions, sign integer)
RETURNS SETOF vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(vod_datable(subscription.started_at), subscription.channel_id, subscription.campaign_id, subscription.plan_id, NULL::text, 0, 0, sign, 0, 0, 0, 0, 0, 0, 0, 0)::vod_rollup_delta
  WHERE vod_datable(subscription.started_at) IS NOT NULL
  UNION ALL
  SELECT ROW(vod_datable(subscription.cancelled_at), subscription.channel_id, subscription.campaign_id, subscription.plan_id, NULL::text, 0, 0, 0, sign, 0, 0, 0, 0, 0, 0, 0)::vod_rollup_delta
  WHERE vod_datable(subscription.cancelled_at) IS NOT NULL
$$;
--> statement-breakpoint
-- What visits add (sign 1) or take away (-1), summed per quarter-hour and key (their visitors are counted
-- apart, vod_visitors_add).
CREATE OR REPLACE FUNCTION vod_visits_deltas(visit_rows visits[], sign integer) RETURNS SETOF vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('15 minutes', vod_datable(visit.visited_at), timestamptz '2000-01-01 00:00:00+00'), visit.channel_id, visit.campaign_id, NULL::integer, visit.device, sign * coalesce(sum(1), 0)::integer, 0::integer, 0::integer, 0::integer, 0::integer, 0::numeric, 0::numeric, 0::integer, 0::numeric, 0::integer, 0::numeric
  FROM unnest(visit_rows) visit
  WHERE vod_datable(visit.visited_at) IS NOT NULL
  GROUP BY date_bin('15 minutes', vod_datable(visit.visited_at), timestamptz '2000-01-01 00:00:00+00'), visit.channel_id, visit.campaign_id, visit.device
$$;
--> statement-breakpoint
-- Deltas summed per quarter-hour and finest key: many rows' deltas are a few for the rollups.
CREATE OR REPLACE FUNCTION vod_deltas_summed(deltas vod_rollup_delta[]) RETURNS vod_rollup_delta[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY(SELECT ROW(
      date_bin('15 minutes', (delta).moment, timestamptz '2000-01-01 00:00:00+00'), (delta).channel_id, (delta).campaign_id, (delta).plan_id, (delta).device,
      sum((delta).visits), sum((delta).signups), sum((delta).subscriptions), sum((delta).cancellations), sum((delta).orders), sum((delta).gross), sum((delta).fees), sum((delta).refund_count), sum((delta).refunds), sum((delta).chargeback_count), sum((delta).chargebacks))::vod_rollup_delta
    FROM unnest(deltas) delta
    WHERE (delta).moment IS NOT NULL
    GROUP BY date_bin('15 minutes', (delta).moment, timestamptz '2000-01-01 00:00:00+00'), (delta).channel_id, (delta).campaign_id, (delta).plan_id, (delta).device)
$$;
--> statement-breakpoint
-- A correction's deltas appended to figure_queue, summed by quarter-hour (figure-corrections.sql; the fold
-- moves them into the rollups).
CREATE OR REPLACE FUNCTION vod_figures_enqueue(deltas vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO figure_queue (bucket, channel_id, campaign_id, plan_id, device, visits, signups, subscriptions, cancellations, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks)
  SELECT (summed).moment, (summed).channel_id, (summed).campaign_id, (summed).plan_id, (summed).device,
    (summed).visits, (summed).signups, (summed).subscriptions, (summed).cancellations, (summed).orders, (summed).gross, (summed).fees, (summed).refund_count, (summed).refunds, (summed).chargeback_count, (summed).chargebacks
  FROM unnest(vod_deltas_summed(deltas)) summed;
END
$$;
--> statement-breakpoint
-- The seven levels each delta is kept at (all; channel; channel and campaign; plan; channel and plan; device;
-- channel and device): its keys, -1 or '*' being "all" in a dimension the level leaves out, and none of the
-- plan or device levels for a delta without a plan or device.
CREATE OR REPLACE FUNCTION vod_rollup_levels(deltas vod_rollup_delta[]) RETURNS SETOF vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT delta.moment, level.channel_id, level.campaign_id, level.plan_id, level.device,
    delta.visits, delta.signups, delta.subscriptions, delta.cancellations, delta.orders, delta.gross, delta.fees, delta.refund_count, delta.refunds, delta.chargeback_count, delta.chargebacks
  FROM unnest(deltas) AS delta
  CROSS JOIN LATERAL (VALUES
    (-1, -1, -1, '*'),
    (coalesce(delta.channel_id, 0), -1, -1, '*'),
    (coalesce(delta.channel_id, 0), coalesce(delta.campaign_id, 0), -1, '*'),
    (-1, -1, delta.plan_id, '*'),
    (coalesce(delta.channel_id, 0), -1, delta.plan_id, '*'),
    (-1, -1, -1, delta.device),
    (coalesce(delta.channel_id, 0), -1, -1, delta.device)
  ) AS level(channel_id, campaign_id, plan_id, device)
  WHERE delta.moment IS NOT NULL AND level.plan_id IS NOT NULL AND level.device IS NOT NULL
$$;
--> statement-breakpoint
-- Leveled deltas (vod_rollup_merge) added to their quarter-hours, rows in key order.
CREATE OR REPLACE FUNCTION vod_rollup_quarters_add(leveled vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_quarters AS kept (channel_id, campaign_id, plan_id, device, bucket, visits, signups, subscriptions, cancellations, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks)
  SELECT channel_id, campaign_id, plan_id, device, date_bin('15 minutes', moment, timestamptz '2000-01-01 00:00:00+00'), sum(visits), sum(signups), sum(subscriptions), sum(cancellations), sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks)
  FROM unnest(leveled) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, bucket) DO UPDATE SET
    visits = kept.visits + excluded.visits, signups = kept.signups + excluded.signups, subscriptions = kept.subscriptions + excluded.subscriptions, cancellations = kept.cancellations + excluded.cancellations, orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees, refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds, chargeback_count = kept.chargeback_count + excluded.chargeback_count, chargebacks = kept.chargebacks + excluded.chargebacks;
END
$$;
--> statement-breakpoint
-- Leveled deltas (vod_rollup_merge) added to their UTC days, rows in key order.
CREATE OR REPLACE FUNCTION vod_rollup_days_add(leveled vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_days AS kept (channel_id, campaign_id, plan_id, device, day, visits, signups, subscriptions, cancellations, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks)
  SELECT channel_id, campaign_id, plan_id, device, (moment AT TIME ZONE 'UTC')::date, sum(visits), sum(signups), sum(subscriptions), sum(cancellations), sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks)
  FROM unnest(leveled) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, day) DO UPDATE SET
    visits = kept.visits + excluded.visits, signups = kept.signups + excluded.signups, subscriptions = kept.subscriptions + excluded.subscriptions, cancellations = kept.cancellations + excluded.cancellations, orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees, refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds, chargeback_count = kept.chargeback_count + excluded.chargeback_count, chargebacks = kept.chargebacks + excluded.chargebacks;
END
$$;
--> statement-breakpoint
-- Leveled deltas (vod_rollup_merge) added to their business days in the kept zone, rows in key order.
CREATE OR REPLACE FUNCTION vod_rollup_zone_days_add(leveled vod_rollup_delta[], kept_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_zone_days AS kept (channel_id, campaign_id, plan_id, device, day, visits, signups, subscriptions, cancellations, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks)
  SELECT channel_id, campaign_id, plan_id, device, (moment AT TIME ZONE kept_zone)::date, sum(visits), sum(signups), sum(subscriptions), sum(cancellations), sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks)
  FROM unnest(leveled) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, day) DO UPDATE SET
    visits = kept.visits + excluded.visits, signups = kept.signups + excluded.signups, subscriptions = kept.subscriptions + excluded.subscriptions, cancellations = kept.cancellations + excluded.cancellations, orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees, refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds, chargeback_count = kept.chargeback_count + excluded.chargeback_count, chargebacks = kept.chargebacks + excluded.chargebacks;
END
$$;
--> statement-breakpoint
-- Leveled deltas (vod_rollup_merge) added to their business months in the kept zone, rows in key order.
CREATE OR REPLACE FUNCTION vod_rollup_months_add(leveled vod_rollup_delta[], kept_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_months AS kept (channel_id, campaign_id, plan_id, device, month, visits, signups, subscriptions, cancellations, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks)
  SELECT channel_id, campaign_id, plan_id, device, date_trunc('month', moment AT TIME ZONE kept_zone)::date, sum(visits), sum(signups), sum(subscriptions), sum(cancellations), sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks)
  FROM unnest(leveled) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, month) DO UPDATE SET
    visits = kept.visits + excluded.visits, signups = kept.signups + excluded.signups, subscriptions = kept.subscriptions + excluded.subscriptions, cancellations = kept.cancellations + excluded.cancellations, orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees, refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds, chargeback_count = kept.chargeback_count + excluded.chargeback_count, chargebacks = kept.chargebacks + excluded.chargebacks;
END
$$;
--> statement-breakpoint
-- The leveled deltas dated in a closed month (before `closed_before`), summed by month of the kept zone and
-- level (the device levels left out: nothing reads restatements by device) before each figure is told apart
-- (a row a month and level, not a row a delta and figure), and noted in figure_restatements with the member
-- site's table, by minute.
CREATE OR REPLACE FUNCTION vod_restatements_note(leveled vod_rollup_delta[], kept_zone text, closed_before timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO figure_restatements AS noted
    (month, channel_id, campaign_id, plan_id, device, figure, source, change, noted_at)
  SELECT summed.month, summed.channel_id, summed.campaign_id, summed.plan_id, summed.device, kept.figure,
    kept.source, kept.change, date_trunc('minute', now())
  FROM (
    SELECT date_trunc('month', delta.moment AT TIME ZONE kept_zone)::date AS month, delta.channel_id,
      delta.campaign_id, delta.plan_id, delta.device, sum(delta.visits) AS visits, sum(delta.signups) AS signups, sum(delta.subscriptions) AS subscriptions, sum(delta.cancellations) AS cancellations, sum(delta.orders) AS orders, sum(delta.gross) AS gross, sum(delta.fees) AS fees, sum(delta.refund_count) AS refund_count, sum(delta.refunds) AS refunds, sum(delta.chargeback_count) AS chargeback_count, sum(delta.chargebacks) AS chargebacks
    FROM unnest(leveled) delta WHERE delta.moment < closed_before AND delta.device = '*'
    GROUP BY 1, 2, 3, 4, 5
  ) summed
  CROSS JOIN LATERAL (VALUES
      ('visits', 'visits', summed.visits::numeric),
      ('signups', 'users', summed.signups::numeric),
      ('new_subscriptions', 'subscriptions', summed.subscriptions::numeric),
      ('cancellations', 'subscriptions', summed.cancellations::numeric),
      ('orders', 'orders', summed.orders::numeric),
      ('gross', 'orders', summed.gross::numeric),
      ('fees', 'orders', summed.fees::numeric),
      ('refund_count', 'order_events', summed.refund_count::numeric),
      ('refunds', 'order_events', summed.refunds::numeric),
      ('chargeback_count', 'order_events', summed.chargeback_count::numeric),
      ('chargebacks', 'order_events', summed.chargebacks::numeric)
    ) AS kept (figure, source, change)
  WHERE kept.change <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (month, channel_id, campaign_id, plan_id, device, figure, noted_at)
  DO UPDATE SET change = noted.change + excluded.change;
END
$$;
--> statement-breakpoint
-- At most `batch` rows of figure_queue taken out and merged, summed by quarter-hour and key; how many.
CREATE OR REPLACE FUNCTION vod_fold_queue(batch integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  deltas vod_rollup_delta[];
  taken bigint;
BEGIN
  WITH gone AS (
    DELETE FROM figure_queue WHERE ctid = ANY (ARRAY(SELECT ctid FROM figure_queue LIMIT batch)) RETURNING *
  )
  SELECT count(*), ARRAY(SELECT ROW(bucket, channel_id, campaign_id, plan_id, device,
      visits, signups, subscriptions, cancellations, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks)::vod_rollup_delta FROM gone)
  INTO taken, deltas FROM gone;
  IF taken > 0 THEN PERFORM vod_rollup_merge(vod_deltas_summed(deltas)); END IF;
  RETURN taken;
END
$$;
--> statement-breakpoint
-- One more table's tail: at most `batch` new rows' deltas (vod_tail_deltas) summed per quarter-hour and key
-- and merged; whether more are left. Only then is the table read at all (a fold never waits on a lock on it
-- for nothing).
CREATE OR REPLACE FUNCTION vod_fold_tail(source text, batch integer) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  tail vod_tail := vod_tail_open(source, batch);
  added_ids bigint[] := '{}';
  deltas vod_rollup_delta[];
BEGIN
  IF tail.to_id > tail.from_id OR cardinality(tail.gap_ids) > 0 THEN
    WITH unfolded AS MATERIALIZED (SELECT * FROM vod_tail_deltas(source, tail.from_id, tail.to_id, tail.gap_ids))
    SELECT ARRAY(SELECT DISTINCT unfolded.id FROM unfolded), ARRAY(SELECT ROW(
      date_bin('15 minutes', (delta).moment, timestamptz '2000-01-01 00:00:00+00'), (delta).channel_id, (delta).campaign_id, (delta).plan_id, (delta).device,
      sum((delta).visits), sum((delta).signups), sum((delta).subscriptions), sum((delta).cancellations), sum((delta).orders), sum((delta).gross), sum((delta).fees), sum((delta).refund_count), sum((delta).refunds), sum((delta).chargeback_count), sum((delta).chargebacks))::vod_rollup_delta
    FROM unfolded
    WHERE (delta).moment IS NOT NULL
    GROUP BY date_bin('15 minutes', (delta).moment, timestamptz '2000-01-01 00:00:00+00'), (delta).channel_id, (delta).campaign_id, (delta).plan_id, (delta).device)
    INTO added_ids, deltas;
    IF cardinality(deltas) > 0 THEN PERFORM vod_rollup_merge(deltas); END IF;
  END IF;
  PERFORM vod_tail_close(tail, added_ids);
  RETURN tail.to_id < tail.top_id;
END
$$;
--> statement-breakpoint
-- What a tail's rows with ids in (after, upto] or among `gap_ids` add to the figures, each row's id with each
-- of its deltas (once, with none, if it adds nothing yet: an order not paid), read in one statement.
CREATE OR REPLACE FUNCTION vod_tail_deltas(tail_source text, after bigint, upto bigint, gap_ids bigint[])
RETURNS TABLE (id bigint, delta vod_rollup_delta) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT (unfolded.source_row).id::bigint, added.delta
     FROM (SELECT source_row FROM %1$I source_row WHERE source_row.id > $1 AND source_row.id <= $2
       UNION ALL SELECT source_row FROM %1$I source_row WHERE source_row.id = ANY ($3)) unfolded
     LEFT JOIN LATERAL (%2$s) added(delta) ON (added.delta).moment IS NOT NULL',
    tail_source, CASE tail_source
      WHEN 'orders' THEN 'SELECT vod_order_delta(unfolded.source_row, 1)'
      WHEN 'order_events' THEN 'SELECT vod_event_delta(unfolded.source_row, purchase, 1) FROM orders purchase WHERE purchase.id = (unfolded.source_row).order_id'
      WHEN 'users' THEN 'SELECT vod_user_delta(unfolded.source_row, 1)'
      WHEN 'subscriptions' THEN 'SELECT each_delta FROM vod_subscription_deltas(unfolded.source_row, 1) each_delta'
    END) USING after, upto, gap_ids;
END
$$;
--> statement-breakpoint
-- What is written but not yet in the rollups, for a rebuild to leave to the fold: the queue, and the tails'
-- unfolded rows.
CREATE OR REPLACE FUNCTION vod_rollup_pending() RETURNS SETOF vod_rollup_delta LANGUAGE sql STABLE AS $$
  SELECT bucket, channel_id, campaign_id, plan_id, device, visits, signups, subscriptions, cancellations, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks
  FROM figure_queue
  UNION ALL
  SELECT visit_delta.* FROM vod_visits_deltas(ARRAY(SELECT visit FROM vod_visits_unfolded() visit), 1) visit_delta
  UNION ALL
  SELECT (unfolded.delta).*
  FROM unnest(ARRAY['orders', 'order_events', 'users', 'subscriptions']) source, vod_tail_state(source) tail_state,
    vod_tail_deltas(source, tail_state.folded, 9223372036854775807, tail_state.gaps) unfolded
  WHERE (unfolded.delta).moment IS NOT NULL
$$;
--> statement-breakpoint
-- Each raw source summed per quarter-hour and finest key (no channel or campaign: 0), less what is written
-- but not yet folded (vod_rollup_pending: the fold adds it later).
CREATE OR REPLACE FUNCTION vod_rollup_sources() RETURNS SETOF vod_rollup_delta LANGUAGE sql STABLE AS $$
  SELECT bucket, coalesce(channel_id, 0), coalesce(campaign_id, 0), plan_id, device,
    sum(visits)::integer, sum(signups)::integer, sum(subscriptions)::integer, sum(cancellations)::integer, sum(orders)::integer, sum(gross)::numeric, sum(fees)::numeric, sum(refund_count)::integer, sum(refunds)::numeric, sum(chargeback_count)::integer, sum(chargebacks)::numeric
  FROM (
    SELECT date_bin('15 minutes', vod_datable(purchase.paid_at), timestamptz '2000-01-01 00:00:00+00'), purchase.channel_id, purchase.campaign_id, purchase.plan_id, NULL::text,
      0::integer, 0::integer, 0::integer, 0::integer, coalesce(sum(1), 0)::integer, coalesce(sum(purchase.amount), 0)::numeric, coalesce(sum((purchase.transaction_fee + purchase.settlement_fee + purchase.reserve_fee)), 0)::numeric, 0::integer, 0::numeric, 0::integer, 0::numeric
    FROM orders purchase  WHERE vod_datable(purchase.paid_at) IS NOT NULL AND true GROUP BY 1, 2, 3, 4, 5
    UNION ALL
    SELECT date_bin('15 minutes', vod_datable(event.occurred_at), timestamptz '2000-01-01 00:00:00+00'), purchase.channel_id, purchase.campaign_id, purchase.plan_id, NULL::text,
      0::integer, 0::integer, 0::integer, 0::integer, 0::integer, 0::numeric, 0::numeric, coalesce(sum(1) FILTER (WHERE event.kind = 'refund'), 0)::integer, coalesce(sum(event.amount) FILTER (WHERE event.kind = 'refund'), 0)::numeric, coalesce(sum(1) FILTER (WHERE event.kind = 'chargeback'), 0)::integer, coalesce(sum(event.amount) FILTER (WHERE event.kind = 'chargeback'), 0)::numeric
    FROM order_events event JOIN orders purchase ON purchase.id = event.order_id WHERE vod_datable(event.occurred_at) IS NOT NULL AND true GROUP BY 1, 2, 3, 4, 5
    UNION ALL
    SELECT date_bin('15 minutes', vod_datable(member.created_at), timestamptz '2000-01-01 00:00:00+00'), member.channel_id, member.campaign_id, NULL::integer, NULL::text,
      0::integer, coalesce(sum(1), 0)::integer, 0::integer, 0::integer, 0::integer, 0::numeric, 0::numeric, 0::integer, 0::numeric, 0::integer, 0::numeric
    FROM users member  WHERE vod_datable(member.created_at) IS NOT NULL AND true GROUP BY 1, 2, 3, 4, 5
    UNION ALL
    SELECT date_bin('15 minutes', vod_datable(subscription.started_at), timestamptz '2000-01-01 00:00:00+00'), subscription.channel_id, subscription.campaign_id, subscription.plan_id, NULL::text,
      0::integer, 0::integer, coalesce(sum(1), 0)::integer, 0::integer, 0::integer, 0::numeric, 0::numeric, 0::integer, 0::numeric, 0::integer, 0::numeric
    FROM subscriptions subscription  WHERE vod_datable(subscription.started_at) IS NOT NULL AND true GROUP BY 1, 2, 3, 4, 5
    UNION ALL
    SELECT date_bin('15 minutes', vod_datable(subscription.cancelled_at), timestamptz '2000-01-01 00:00:00+00'), subscription.channel_id, subscription.campaign_id, subscription.plan_id, NULL::text,
      0::integer, 0::integer, 0::integer, coalesce(sum(1), 0)::integer, 0::integer, 0::numeric, 0::numeric, 0::integer, 0::numeric, 0::integer, 0::numeric
    FROM subscriptions subscription  WHERE vod_datable(subscription.cancelled_at) IS NOT NULL AND true GROUP BY 1, 2, 3, 4, 5
    UNION ALL
    SELECT date_bin('15 minutes', vod_datable(visit.visited_at), timestamptz '2000-01-01 00:00:00+00'), visit.channel_id, visit.campaign_id, NULL::integer, visit.device,
      coalesce(sum(1), 0)::integer, 0::integer, 0::integer, 0::integer, 0::integer, 0::numeric, 0::numeric, 0::integer, 0::numeric, 0::integer, 0::numeric
    FROM visits visit  WHERE vod_datable(visit.visited_at) IS NOT NULL AND visit.visited_at >= vod_visits_pruned_before() GROUP BY 1, 2, 3, 4, 5
    UNION ALL
    SELECT date_bin('15 minutes', pending.moment, timestamptz '2000-01-01 00:00:00+00'), pending.channel_id, pending.campaign_id, pending.plan_id,
      pending.device, -pending.visits, -pending.signups, -pending.subscriptions, -pending.cancellations, -pending.orders, -pending.gross, -pending.fees, -pending.refund_count, -pending.refunds, -pending.chargeback_count, -pending.chargebacks
    FROM vod_rollup_pending() pending
  ) AS sources (bucket, channel_id, campaign_id, plan_id, device, visits, signups, subscriptions, cancellations, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks)
  GROUP BY 1, 2, 3, 4, 5
$$;
