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
-- Adds deltas to the rollups at each of the seven levels (all; channel; channel and campaign; plan; channel and
-- plan; device; channel and device): their quarter-hour (rollup_quarters), their business day and month in the
-- kept zone (rollup_zone_days unless that is UTC, whose days are rollup_days; rollup_months), and rollup_days.
-- In plpgsql: its statement's plan is kept for the session, where a SQL function's is made at every call.
CREATE OR REPLACE FUNCTION vod_rollup_merge(deltas vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
  kept AS (SELECT vod_zone_days_zone() AS zone),
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
  ),
  zone_days AS (
    INSERT INTO rollup_zone_days AS r (channel_id, campaign_id, plan_id, device, day, orders, gross, fees,
      refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
    SELECT c, m, p, v, (moment AT TIME ZONE kept.zone)::date, sum(orders), sum(gross), sum(fees), sum(refund_count),
      sum(refunds), sum(chargeback_count), sum(chargebacks), sum(signups), sum(subscriptions),
      sum(cancellations), sum(visits)
    FROM leveled, kept
    -- UTC's business days are rollup_days' (sums.ts reads those), so a UTC server writes no third hot row.
    WHERE kept.zone IS NOT NULL AND kept.zone <> 'UTC'
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (channel_id, campaign_id, plan_id, device, day) DO UPDATE SET
      orders = r.orders + excluded.orders, gross = r.gross + excluded.gross, fees = r.fees + excluded.fees,
      refund_count = r.refund_count + excluded.refund_count, refunds = r.refunds + excluded.refunds,
      chargeback_count = r.chargeback_count + excluded.chargeback_count,
      chargebacks = r.chargebacks + excluded.chargebacks, signups = r.signups + excluded.signups,
      subscriptions = r.subscriptions + excluded.subscriptions,
      cancellations = r.cancellations + excluded.cancellations, visits = r.visits + excluded.visits
  ),
  months AS (
    INSERT INTO rollup_months AS r (channel_id, campaign_id, plan_id, device, month, orders, gross, fees,
      refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
    SELECT c, m, p, v, date_trunc('month', moment AT TIME ZONE kept.zone)::date, sum(orders), sum(gross), sum(fees),
      sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks), sum(signups), sum(subscriptions),
      sum(cancellations), sum(visits)
    FROM leveled, kept
    WHERE kept.zone IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (channel_id, campaign_id, plan_id, device, month) DO UPDATE SET
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
    cancellations = r.cancellations + excluded.cancellations, visits = r.visits + excluded.visits;
END
$$;
--> statement-breakpoint
-- One step of the fold, under its lock (advisory 270027; without `wait`, -1 when another holds it): a batch
-- of figure_queue merged, the tails' new rows read and merged (figure-tails.sql), each new visit's visitor
-- counted once a business day per level (vod_visitors_add); 1 when more is left.
CREATE OR REPLACE FUNCTION vod_figures_fold(wait boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  deltas vod_rollup_delta[];
  taken bigint;
  tail vod_tail;
  added_ids bigint[];
  more boolean;
  source text;
  new_visits vod_new_visit[] := '{}';
BEGIN
  IF wait THEN
    PERFORM pg_advisory_xact_lock(270027);
  ELSIF NOT pg_try_advisory_xact_lock(270027) THEN
    RETURN -1;
  END IF;
  WITH gone AS (DELETE FROM figure_queue WHERE ctid = ANY (ARRAY(SELECT ctid FROM figure_queue LIMIT 20000)) RETURNING *),
  summed AS (
    SELECT bucket, channel_id, campaign_id, plan_id, device, count(*) AS n, sum(orders) AS orders,
      sum(gross) AS gross, sum(fees) AS fees, sum(refund_count) AS refund_count, sum(refunds) AS refunds,
      sum(chargeback_count) AS chargeback_count, sum(chargebacks) AS chargebacks, sum(signups) AS signups,
      sum(subscriptions) AS subscriptions, sum(cancellations) AS cancellations, sum(visits) AS visits
    FROM gone GROUP BY 1, 2, 3, 4, 5
  )
  SELECT coalesce(sum(n), 0), ARRAY(
    SELECT ROW(bucket, channel_id, campaign_id, plan_id, device, orders, gross, fees, refund_count, refunds,
      chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)::vod_rollup_delta FROM summed)
  INTO taken, deltas FROM summed;
  IF cardinality(deltas) > 0 THEN PERFORM vod_rollup_merge(deltas); END IF;
  -- The new visits, at most 50,000 a step.
  tail := vod_tail_open('visits', 50000);
  IF tail.to_id > tail.from_id OR cardinality(tail.gap_ids) > 0 THEN
    new_visits := ARRAY(
      SELECT ROW(v.id, v.visited_at, v.channel_id, v.campaign_id, v.device, v.visitor)::vod_new_visit FROM visits v
      WHERE v.id > tail.from_id AND v.id <= tail.to_id
      UNION ALL
      SELECT ROW(v.id, v.visited_at, v.channel_id, v.campaign_id, v.device, v.visitor)::vod_new_visit FROM visits v
      WHERE v.id = ANY (tail.gap_ids));
    PERFORM vod_visitors_add(new_visits);
    -- Summed per quarter-hour first: 50,000 visits are a few rows for the rollups.
    PERFORM vod_rollup_merge(ARRAY(
      SELECT vod_visit_delta(date_bin('15 minutes', v.visited_at, timestamptz '2000-01-01 00:00:00+00'), v.channel_id,
        v.campaign_id, v.device, count(*)::integer)
      FROM unnest(new_visits) v
      GROUP BY date_bin('15 minutes', v.visited_at, timestamptz '2000-01-01 00:00:00+00'), v.channel_id, v.campaign_id,
        v.device));
  END IF;
  PERFORM vod_tail_close(tail, ARRAY(SELECT v.id FROM unnest(new_visits) v));
  more := tail.to_id < tail.top_id;
  -- New orders, refunds and chargebacks, members and subscriptions, read from their tables' tails (a refund
  -- along its order as the order is now). Last, for the corrections of those tables wait on a tail's row
  -- from here to the commit (vod_tail_guard).
  FOREACH source IN ARRAY ARRAY['orders', 'order_events', 'users', 'subscriptions'] LOOP
    tail := vod_tail_open(source, 20000);
    added_ids := '{}';
    -- Only then is the table read at all (a fold never waits on a lock on it for nothing).
    IF tail.to_id > tail.from_id OR cardinality(tail.gap_ids) > 0 THEN
      WITH x AS MATERIALIZED (SELECT * FROM vod_tail_deltas(source, tail.from_id, tail.to_id, tail.gap_ids)),
      summed AS (
        SELECT date_bin('15 minutes', (x.d).moment, timestamptz '2000-01-01 00:00:00+00') AS bucket,
          (x.d).channel_id, (x.d).campaign_id, (x.d).plan_id, sum((x.d).orders) AS orders, sum((x.d).gross) AS gross,
          sum((x.d).fees) AS fees, sum((x.d).refund_count) AS refund_count, sum((x.d).refunds) AS refunds,
          sum((x.d).chargeback_count) AS chargeback_count, sum((x.d).chargebacks) AS chargebacks,
          sum((x.d).signups) AS signups, sum((x.d).subscriptions) AS subscriptions,
          sum((x.d).cancellations) AS cancellations
        FROM x WHERE (x.d).moment IS NOT NULL GROUP BY 1, 2, 3, 4
      )
      SELECT ARRAY(SELECT DISTINCT x.id FROM x), ARRAY(SELECT ROW(bucket, channel_id, campaign_id, plan_id, NULL,
        orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions,
        cancellations, 0)::vod_rollup_delta FROM summed)
      INTO added_ids, deltas;
      IF cardinality(deltas) > 0 THEN PERFORM vod_rollup_merge(deltas); END IF;
    END IF;
    PERFORM vod_tail_close(tail, added_ids);
    more := more OR tail.to_id < tail.top_id;
  END LOOP;
  RETURN CASE WHEN taken >= 20000 OR more THEN 1 ELSE 0 END;
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
  SELECT date_bin('15 minutes', v.visited_at, timestamptz '2000-01-01 00:00:00+00'), v.channel_id, v.campaign_id,
    NULL, v.device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)::integer
  FROM vod_visits_unfolded() v GROUP BY 1, 2, 3, 5
  UNION ALL
  SELECT date_bin('15 minutes', (x.d).moment, timestamptz '2000-01-01 00:00:00+00'), (x.d).channel_id,
    (x.d).campaign_id, (x.d).plan_id, NULL, (x.d).orders, (x.d).gross, (x.d).fees, (x.d).refund_count, (x.d).refunds,
    (x.d).chargeback_count, (x.d).chargebacks, (x.d).signups, (x.d).subscriptions, (x.d).cancellations, 0
  FROM unnest(ARRAY['orders', 'order_events', 'users', 'subscriptions']) src, vod_tail_state(src) t,
    vod_tail_deltas(src, t.folded, 9223372036854775807, t.gaps) x
  WHERE (x.d).moment IS NOT NULL
$$;
--> statement-breakpoint
-- How many changes wait for the fold (what the tests and benches wait on): queued rows and unfolded rows.
CREATE OR REPLACE FUNCTION vod_figures_unfolded() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT (SELECT count(*) FROM figure_queue)
    + (SELECT count(*) FROM vod_visits_unfolded())
    + (SELECT count(DISTINCT (src, x.id)) FROM unnest(ARRAY['orders', 'order_events', 'users', 'subscriptions']) src,
        vod_tail_state(src) t, vod_tail_deltas(src, t.folded, 9223372036854775807, t.gaps) x)
$$;
