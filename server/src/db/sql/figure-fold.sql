-- The fold (docs/analytics.md "How the figures are kept"): queued deltas and the tails' new rows moved into the rollups
-- in the background, by modules/analytics/fold.ts.

-- The member site's writes do not fold their figures in: a correction's triggers append its deltas, summed by
-- quarter-hour, to figure_queue, and vod_figures_fold moves them into the rollups in the background. A write
-- pays one small insert and never waits on a hot rollup row, which every other write of the same quarter-hour
-- and channel also updates. What a change adds is decided when it is written (an event follows its order's
-- channel then); only the adding waits. Queued rows and the rows they come
-- from commit together, and a fold deletes what it adds in its own transaction: nothing is lost or counted
-- twice, whoever dies when.
CREATE OR REPLACE FUNCTION vod_figures_enqueue(deltas vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO figure_queue (bucket, channel_id, campaign_id, plan_id, device, orders, gross, fees, refund_count,
    refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT date_bin('15 minutes', moment, timestamptz '2000-01-01 00:00:00+00'), channel_id, campaign_id, plan_id,
    device, sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count),
    sum(chargebacks), sum(signups), sum(subscriptions), sum(cancellations), sum(visits)
  FROM unnest(deltas) WHERE moment IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
END
$$;
--> statement-breakpoint
-- The seven levels each delta is kept at (all; channel; channel and campaign; plan; channel and plan; device;
-- channel and device): its keys, -1 or '*' being "all" in a dimension the level leaves out, and none of the
-- plan or device levels for a delta without a plan or device.
CREATE OR REPLACE FUNCTION vod_rollup_levels(deltas vod_rollup_delta[]) RETURNS SETOF vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT delta.moment, level.channel_id, level.campaign_id, level.plan_id, level.device, delta.orders, delta.gross,
    delta.fees, delta.refund_count, delta.refunds, delta.chargeback_count, delta.chargebacks, delta.signups,
    delta.subscriptions, delta.cancellations, delta.visits
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
-- Adds deltas to the rollups at each of their levels (vod_rollup_levels): their quarter-hour (rollup_quarters),
-- their UTC day (rollup_days), and their business day and month in the kept zone (rollup_zone_days unless that
-- is UTC, whose days are rollup_days; rollup_months). Each table's rows are written in key order.
-- In plpgsql: its statements' plans are kept for the session, where a SQL function's are made at every call.
CREATE OR REPLACE FUNCTION vod_rollup_merge(deltas vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  leveled vod_rollup_delta[] := ARRAY(SELECT each_level FROM vod_rollup_levels(deltas) each_level);
  kept_zone text := vod_zone_days_zone();
BEGIN
  PERFORM vod_rollup_quarters_add(leveled);
  -- UTC's business days are rollup_days' (sums.ts reads those), so a UTC server writes no third hot row.
  IF kept_zone IS NOT NULL AND kept_zone <> 'UTC' THEN
    PERFORM vod_rollup_zone_days_add(leveled, kept_zone);
  END IF;
  IF kept_zone IS NOT NULL THEN
    PERFORM vod_rollup_months_add(leveled, kept_zone);
  END IF;
  PERFORM vod_rollup_days_add(leveled);
END
$$;
--> statement-breakpoint
-- Leveled deltas (vod_rollup_merge) added to their quarter-hours.
CREATE OR REPLACE FUNCTION vod_rollup_quarters_add(leveled vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_quarters AS kept (channel_id, campaign_id, plan_id, device, bucket, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions,
    cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, date_bin('15 minutes', moment, timestamptz '2000-01-01 00:00:00+00'), sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds),
    sum(chargeback_count), sum(chargebacks), sum(signups), sum(subscriptions), sum(cancellations), sum(visits)
  FROM unnest(leveled) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, bucket) DO UPDATE SET
    orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees,
    refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds,
    chargeback_count = kept.chargeback_count + excluded.chargeback_count,
    chargebacks = kept.chargebacks + excluded.chargebacks, signups = kept.signups + excluded.signups,
    subscriptions = kept.subscriptions + excluded.subscriptions,
    cancellations = kept.cancellations + excluded.cancellations, visits = kept.visits + excluded.visits;
END
$$;
--> statement-breakpoint
-- Leveled deltas added to their UTC days.
CREATE OR REPLACE FUNCTION vod_rollup_days_add(leveled vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_days AS kept (channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions,
    cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, (moment AT TIME ZONE 'UTC')::date, sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds),
    sum(chargeback_count), sum(chargebacks), sum(signups), sum(subscriptions), sum(cancellations), sum(visits)
  FROM unnest(leveled) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, day) DO UPDATE SET
    orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees,
    refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds,
    chargeback_count = kept.chargeback_count + excluded.chargeback_count,
    chargebacks = kept.chargebacks + excluded.chargebacks, signups = kept.signups + excluded.signups,
    subscriptions = kept.subscriptions + excluded.subscriptions,
    cancellations = kept.cancellations + excluded.cancellations, visits = kept.visits + excluded.visits;
END
$$;
--> statement-breakpoint
-- Leveled deltas added to their business days in the kept zone.
CREATE OR REPLACE FUNCTION vod_rollup_zone_days_add(leveled vod_rollup_delta[], kept_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_zone_days AS kept (channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions,
    cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, (moment AT TIME ZONE kept_zone)::date, sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds),
    sum(chargeback_count), sum(chargebacks), sum(signups), sum(subscriptions), sum(cancellations), sum(visits)
  FROM unnest(leveled) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, day) DO UPDATE SET
    orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees,
    refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds,
    chargeback_count = kept.chargeback_count + excluded.chargeback_count,
    chargebacks = kept.chargebacks + excluded.chargebacks, signups = kept.signups + excluded.signups,
    subscriptions = kept.subscriptions + excluded.subscriptions,
    cancellations = kept.cancellations + excluded.cancellations, visits = kept.visits + excluded.visits;
END
$$;
--> statement-breakpoint
-- Leveled deltas added to their business months in the kept zone.
CREATE OR REPLACE FUNCTION vod_rollup_months_add(leveled vod_rollup_delta[], kept_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_months AS kept (channel_id, campaign_id, plan_id, device, month, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions,
    cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, date_trunc('month', moment AT TIME ZONE kept_zone)::date, sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds),
    sum(chargeback_count), sum(chargebacks), sum(signups), sum(subscriptions), sum(cancellations), sum(visits)
  FROM unnest(leveled) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, month) DO UPDATE SET
    orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees,
    refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds,
    chargeback_count = kept.chargeback_count + excluded.chargeback_count,
    chargebacks = kept.chargebacks + excluded.chargebacks, signups = kept.signups + excluded.signups,
    subscriptions = kept.subscriptions + excluded.subscriptions,
    cancellations = kept.cancellations + excluded.cancellations, visits = kept.visits + excluded.visits;
END
$$;
--> statement-breakpoint
-- One step of the fold, under its lock (advisory 270027; without `wait`, -1 when another holds it): a batch
-- of figure_queue merged (vod_fold_queue), the tails' new rows read and merged (vod_fold_visits, vod_fold_tail;
-- figure-tails.sql); 1 when more is left.
CREATE OR REPLACE FUNCTION vod_figures_fold(wait boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
  more boolean;
  tail_more boolean;
  source text;
BEGIN
  IF wait THEN
    PERFORM pg_advisory_xact_lock(270027);
  ELSIF NOT pg_try_advisory_xact_lock(270027) THEN
    RETURN -1;
  END IF;
  taken := vod_fold_queue(20000);
  more := vod_fold_visits(50000);
  -- New orders, refunds and chargebacks, members and subscriptions, read from their tables' tails (a refund
  -- along its order as the order is now). Last, for the corrections of those tables wait on a tail's row
  -- from here to the commit (vod_tail_guard).
  FOREACH source IN ARRAY ARRAY['orders', 'order_events', 'users', 'subscriptions'] LOOP
    tail_more := vod_fold_tail(source, 20000);
    more := more OR tail_more;
  END LOOP;
  RETURN CASE WHEN taken >= 20000 OR more THEN 1 ELSE 0 END;
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
  ),
  summed AS (
    SELECT bucket, channel_id, campaign_id, plan_id, device, count(*) AS queued, sum(orders) AS orders,
      sum(gross) AS gross, sum(fees) AS fees, sum(refund_count) AS refund_count, sum(refunds) AS refunds,
      sum(chargeback_count) AS chargeback_count, sum(chargebacks) AS chargebacks, sum(signups) AS signups,
      sum(subscriptions) AS subscriptions, sum(cancellations) AS cancellations, sum(visits) AS visits
    FROM gone GROUP BY 1, 2, 3, 4, 5
  )
  SELECT coalesce(sum(queued), 0), ARRAY(
    SELECT ROW(bucket, channel_id, campaign_id, plan_id, device, orders, gross, fees, refund_count, refunds,
      chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)::vod_rollup_delta FROM summed)
  INTO taken, deltas FROM summed;
  IF cardinality(deltas) > 0 THEN PERFORM vod_rollup_merge(deltas); END IF;
  RETURN taken;
END
$$;
--> statement-breakpoint
-- The visits' tail: at most `batch` new visits, each visitor counted once a business day per level
-- (vod_visitors_add), the visits summed per quarter-hour first (50,000 visits are a few rows for the
-- rollups); whether more are left.
CREATE OR REPLACE FUNCTION vod_fold_visits(batch integer) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  tail vod_tail := vod_tail_open('visits', batch);
  new_visits vod_new_visit[] := '{}';
BEGIN
  IF tail.to_id > tail.from_id OR cardinality(tail.gap_ids) > 0 THEN
    new_visits := ARRAY(
      SELECT ROW(visit.id, visit.visited_at, visit.channel_id, visit.campaign_id, visit.device,
        visit.visitor)::vod_new_visit FROM visits visit
      WHERE visit.id > tail.from_id AND visit.id <= tail.to_id
      UNION ALL
      SELECT ROW(visit.id, visit.visited_at, visit.channel_id, visit.campaign_id, visit.device,
        visit.visitor)::vod_new_visit FROM visits visit
      WHERE visit.id = ANY (tail.gap_ids));
    PERFORM vod_visitors_add(new_visits);
    PERFORM vod_rollup_merge(ARRAY(
      SELECT vod_visit_delta(date_bin('15 minutes', visit.visited_at, timestamptz '2000-01-01 00:00:00+00'),
        visit.channel_id, visit.campaign_id, visit.device, count(*)::integer)
      FROM unnest(new_visits) visit
      GROUP BY date_bin('15 minutes', visit.visited_at, timestamptz '2000-01-01 00:00:00+00'), visit.channel_id,
        visit.campaign_id, visit.device));
  END IF;
  PERFORM vod_tail_close(tail, ARRAY(SELECT visit.id FROM unnest(new_visits) visit));
  RETURN tail.to_id < tail.top_id;
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
    WITH unfolded AS MATERIALIZED (SELECT * FROM vod_tail_deltas(source, tail.from_id, tail.to_id, tail.gap_ids)),
    summed AS (
      SELECT date_bin('15 minutes', (delta).moment, timestamptz '2000-01-01 00:00:00+00') AS bucket,
        (delta).channel_id, (delta).campaign_id, (delta).plan_id, sum((delta).orders) AS orders,
        sum((delta).gross) AS gross, sum((delta).fees) AS fees, sum((delta).refund_count) AS refund_count,
        sum((delta).refunds) AS refunds, sum((delta).chargeback_count) AS chargeback_count,
        sum((delta).chargebacks) AS chargebacks, sum((delta).signups) AS signups,
        sum((delta).subscriptions) AS subscriptions, sum((delta).cancellations) AS cancellations
      FROM unfolded WHERE (delta).moment IS NOT NULL GROUP BY 1, 2, 3, 4
    )
    SELECT ARRAY(SELECT DISTINCT unfolded.id FROM unfolded), ARRAY(SELECT ROW(bucket, channel_id, campaign_id,
      plan_id, NULL, orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks, signups,
      subscriptions, cancellations, 0)::vod_rollup_delta FROM summed)
    INTO added_ids, deltas;
    IF cardinality(deltas) > 0 THEN PERFORM vod_rollup_merge(deltas); END IF;
  END IF;
  PERFORM vod_tail_close(tail, added_ids);
  RETURN tail.to_id < tail.top_id;
END
$$;
--> statement-breakpoint
-- What is written but not yet in the rollups, for a rebuild to leave to the fold: the queue, and the tails'
-- unfolded rows.
CREATE OR REPLACE FUNCTION vod_rollup_pending() RETURNS TABLE (bucket timestamptz, channel_id integer,
  campaign_id integer, plan_id integer, device text, orders integer, gross numeric, fees numeric,
  refund_count integer, refunds numeric, chargeback_count integer, chargebacks numeric, signups integer,
  subscriptions integer, cancellations integer, visits integer) LANGUAGE sql STABLE AS $$
  SELECT bucket, channel_id, campaign_id, plan_id, device, orders, gross::numeric, fees::numeric, refund_count,
    refunds::numeric, chargeback_count, chargebacks::numeric, signups, subscriptions, cancellations, visits
  FROM figure_queue
  UNION ALL
  SELECT date_bin('15 minutes', visit.visited_at, timestamptz '2000-01-01 00:00:00+00'), visit.channel_id,
    visit.campaign_id, NULL, visit.device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)::integer
  FROM vod_visits_unfolded() visit GROUP BY 1, 2, 3, 5
  UNION ALL
  SELECT date_bin('15 minutes', (unfolded.delta).moment, timestamptz '2000-01-01 00:00:00+00'),
    (unfolded.delta).channel_id, (unfolded.delta).campaign_id, (unfolded.delta).plan_id, NULL,
    (unfolded.delta).orders, (unfolded.delta).gross, (unfolded.delta).fees, (unfolded.delta).refund_count,
    (unfolded.delta).refunds, (unfolded.delta).chargeback_count, (unfolded.delta).chargebacks,
    (unfolded.delta).signups, (unfolded.delta).subscriptions, (unfolded.delta).cancellations, 0
  FROM unnest(ARRAY['orders', 'order_events', 'users', 'subscriptions']) source, vod_tail_state(source) tail_state,
    vod_tail_deltas(source, tail_state.folded, 9223372036854775807, tail_state.gaps) unfolded
  WHERE (unfolded.delta).moment IS NOT NULL
$$;
--> statement-breakpoint
-- How many changes wait for the fold (what the tests and benches wait on): queued rows and unfolded rows.
CREATE OR REPLACE FUNCTION vod_figures_unfolded() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT (SELECT count(*) FROM figure_queue)
    + (SELECT count(*) FROM vod_visits_unfolded())
    + (SELECT count(DISTINCT (source, unfolded.id))
        FROM unnest(ARRAY['orders', 'order_events', 'users', 'subscriptions']) source, vod_tail_state(source) tail_state,
          vod_tail_deltas(source, tail_state.folded, 9223372036854775807, tail_state.gaps) unfolded)
$$;
