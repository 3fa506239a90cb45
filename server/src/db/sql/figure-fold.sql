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
CREATE OR REPLACE FUNCTION vod_rollup_merge(deltas vod_rollup_delta[]) RETURNS void LANGUAGE sql AS $$
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
    cancellations = r.cancellations + excluded.cancellations, visits = r.visits + excluded.visits
$$;
--> statement-breakpoint
-- One step of the fold, under its lock (advisory 270027; without `wait`, -1 when another holds it): a batch
-- of figure_queue merged, the tails' new rows read and merged (figure-tails.sql), each new visit's visitor
-- counted once a business day per level (with what visitor_queue still holds), and the visitor sketches kept
-- up; how many changes it took.
CREATE OR REPLACE FUNCTION vod_figures_fold(wait boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  deltas vod_rollup_delta[];
  taken bigint;
  counted bigint;
  visitors_taken bigint;
  visit_deltas vod_rollup_delta[];
  touched vod_visitor_day[];
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
  -- Read under the lock, which a recount's switch to another zone takes too.
  zone := vod_business_zone();
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
  -- Each visitor once a business day per level (all, its channel, its campaign), in the zone set now: the
  -- new visits, at most 50,000 a step, and what visitor_queue still holds of the visits written before 0030
  -- (at most 2,000 arrays and, past the first, 50,000 visitors: a backlog of 1,000-visit arrays would
  -- otherwise make one step's new visitor-days millions).
  tail := vod_tail_open('visits', 50000);
  IF tail.to_id > tail.from_id OR cardinality(tail.gap_ids) > 0 THEN
    new_visits := ARRAY(
      SELECT ROW(v.id, v.visited_at, v.channel_id, v.campaign_id, v.device, v.visitor)::vod_new_visit FROM visits v
      WHERE v.id > tail.from_id AND v.id <= tail.to_id
      UNION ALL
      SELECT ROW(v.id, v.visited_at, v.channel_id, v.campaign_id, v.device, v.visitor)::vod_new_visit FROM visits v
      WHERE v.id = ANY (tail.gap_ids));
  END IF;
  WITH queued AS (DELETE FROM visitor_queue WHERE ctid = ANY (ARRAY(
      SELECT q.ctid FROM (SELECT ctid, sum(cardinality(visitors)) OVER (ROWS UNBOUNDED PRECEDING)
        - cardinality(visitors) AS before FROM (SELECT ctid, visitors FROM visitor_queue LIMIT 2000) l) q
      WHERE q.before < 50000))
    RETURNING bucket, channel_id, campaign_id, device, visits, visitors),
  t AS (SELECT x.id, x.visited_at, x.channel_id, x.campaign_id, x.device, x.visitor FROM unnest(new_visits) x),
  gone AS (
    SELECT * FROM queued
    UNION ALL
    SELECT date_bin('15 minutes', t.visited_at, timestamptz '2000-01-01 00:00:00+00'), t.channel_id, t.campaign_id,
      t.device, count(*)::integer, array_agg(t.visitor::text)
    FROM t GROUP BY 1, 2, 3, 4
  ),
  seen AS (
    SELECT DISTINCT (g.bucket AT TIME ZONE zone)::date AS day, l.c, l.m, v.visitor
    FROM gone g
    CROSS JOIN LATERAL unnest(g.visitors) AS v(visitor)
    CROSS JOIN LATERAL (VALUES (-1, -1), (coalesce(g.channel_id, 0), -1),
      (coalesce(g.channel_id, 0), coalesce(g.campaign_id, 0))) AS l(c, m)
  ),
  added AS (SELECT c AS channel_id, m AS campaign_id, day, visitor FROM seen),
  -- The new visitor-days in their days' and months' hashes and planes (docs/analytics.md "Visitors of a period").
  r AS (
    SELECT a.channel_id, a.campaign_id, a.day, vod_hll_register(a.visitor) AS register,
      max(vod_hll_value(a.visitor)) AS value
    FROM added a GROUP BY 1, 2, 3, 4
  ),
  -- Only registers the day's planes do not hold yet (its plane of that value has the bit: so have those below).
  changed AS (
    SELECT r.* FROM r LEFT JOIN visitor_day_planes d
      ON (d.channel_id, d.campaign_id, d.day, d.plane) = (r.channel_id, r.campaign_id, r.day, r.value)
    WHERE d.bits IS NULL OR get_bit(d.bits, r.register) = 0
  ),
  p AS (
    SELECT c.channel_id, c.campaign_id, c.day, k::smallint AS plane, bit_or(vod_hll_bit(c.register))::bit varying AS bits
    FROM changed c CROSS JOIN generate_series(1, c.value) k GROUP BY 1, 2, 3, 4
  ),
  day_planes AS (
    INSERT INTO visitor_day_planes AS d (channel_id, campaign_id, day, plane, bits)
    SELECT * FROM p ORDER BY 1, 2, 3, 4
    ON CONFLICT (channel_id, campaign_id, day, plane) DO UPDATE SET bits = d.bits | excluded.bits
    WHERE d.bits | excluded.bits <> d.bits
  ),
  month_planes AS (
    INSERT INTO visitor_month_planes AS m (channel_id, campaign_id, month, plane, bits)
    SELECT channel_id, campaign_id, date_trunc('month', day)::date, plane, bit_or(bits) FROM p
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (channel_id, campaign_id, month, plane) DO UPDATE SET bits = m.bits | excluded.bits
    WHERE m.bits | excluded.bits <> m.bits
  ),
  -- Hashes only where the day keeps them (a day past 1,024 visitors has none, nor then its month).
  sparse AS (
    SELECT a.channel_id, a.campaign_id, a.day,
      CASE WHEN count(*) <= 1024 THEN array_agg(hashtextextended(a.visitor, 0)) END AS hashes
    FROM added a LEFT JOIN visitor_day_hashes h
      ON (h.channel_id, h.campaign_id, h.day) = (a.channel_id, a.campaign_id, a.day)
    WHERE h.day IS NULL OR h.hashes IS NOT NULL
    GROUP BY 1, 2, 3
  ),
  day_hashes AS (
    INSERT INTO visitor_day_hashes AS h (channel_id, campaign_id, day, hashes)
    SELECT * FROM sparse ORDER BY 1, 2, 3
    ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET hashes = vod_hashes_merge(h.hashes, excluded.hashes)
    WHERE h.hashes IS NOT NULL
  ),
  month_hashes AS (
    INSERT INTO visitor_month_hashes AS h (channel_id, campaign_id, month, hashes)
    SELECT channel_id, campaign_id, date_trunc('month', day)::date, vod_hashes_union(hashes) FROM sparse
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (channel_id, campaign_id, month) DO UPDATE SET hashes = vod_hashes_merge(h.hashes, excluded.hashes)
    WHERE h.hashes IS NOT NULL
  )
  SELECT (SELECT count(*) FROM gone), (SELECT coalesce(sum(cardinality(visitors)), 0) FROM gone),
    ARRAY(SELECT ROW(bucket, channel_id, campaign_id, NULL, device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      sum(visits))::vod_rollup_delta FROM gone WHERE visits > 0 GROUP BY bucket, channel_id, campaign_id, device),
    ARRAY(SELECT DISTINCT ROW(channel_id, campaign_id, day, NULL)::vod_visitor_day FROM added),
    ARRAY(SELECT id FROM t)
  INTO counted, visitors_taken, visit_deltas, touched, added_ids;
  PERFORM vod_tail_close(tail, added_ids);
  more := tail.to_id < tail.top_id;
  -- The counts of the days and months it touched, from what they keep now: a day's hashes while it has them
  -- (exact), else its planes' estimate; a month's, the sum of its days' (docs/analytics.md "Visitors of a period").
  IF cardinality(touched) > 0 THEN
    INSERT INTO visitor_day_counts AS v (channel_id, campaign_id, day, visitors)
    SELECT t.channel_id, t.campaign_id, t.day, coalesce(
      (SELECT cardinality(h.hashes) FROM visitor_day_hashes h
        WHERE (h.channel_id, h.campaign_id, h.day) = (t.channel_id, t.campaign_id, t.day)),
      (SELECT vod_hll_estimate(array_agg(bit_count(d.bits)::integer ORDER BY d.plane)) FROM visitor_day_planes d
        WHERE (d.channel_id, d.campaign_id, d.day) = (t.channel_id, t.campaign_id, t.day)))
    FROM unnest(touched) t ORDER BY 1, 2, 3
    ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET visitors = excluded.visitors
    WHERE v.visitors <> excluded.visitors;
    INSERT INTO visitor_month_counts AS v (channel_id, campaign_id, month, visitors)
    SELECT t.channel_id, t.campaign_id, t.month, sum(d.visitors)
    FROM (SELECT DISTINCT channel_id, campaign_id, date_trunc('month', day)::date AS month FROM unnest(touched)) t
    JOIN visitor_day_counts d ON (d.channel_id, d.campaign_id) = (t.channel_id, t.campaign_id)
      AND d.day >= t.month AND d.day < t.month + 31 AND date_trunc('month', d.day) = t.month
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (channel_id, campaign_id, month) DO UPDATE SET visitors = excluded.visitors
    WHERE v.visitors <> excluded.visitors;
  END IF;
  -- Apart from the queue's deltas: a visit queued before 0029 may share their key.
  IF cardinality(visit_deltas) > 0 THEN PERFORM vod_rollup_merge(visit_deltas); END IF;
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
  RETURN CASE WHEN taken >= 20000 OR counted >= 2000 OR visitors_taken >= 50000 OR more THEN 1 ELSE 0 END;
END
$$;
--> statement-breakpoint
-- What is written but not yet in the rollups, for a rebuild to leave to the fold: the queues, and the tails'
-- unfolded rows.
CREATE OR REPLACE FUNCTION vod_rollup_pending() RETURNS TABLE (bucket timestamptz, channel_id integer,
  campaign_id integer, plan_id integer, device text, orders integer, gross numeric, fees numeric,
  refund_count integer, refunds numeric, chargeback_count integer, chargebacks numeric, signups integer,
  subscriptions integer, cancellations integer, visits integer) LANGUAGE sql STABLE AS $$
  SELECT bucket, channel_id, campaign_id, plan_id, device, orders, gross::numeric, fees::numeric, refund_count,
    refunds::numeric, chargeback_count, chargebacks::numeric, signups, subscriptions, cancellations, visits
  FROM figure_queue
  UNION ALL
  SELECT bucket, channel_id, campaign_id, NULL, device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, visits
  FROM visitor_queue WHERE visits > 0
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
  SELECT (SELECT count(*) FROM figure_queue) + (SELECT count(*) FROM visitor_queue)
    + (SELECT count(*) FROM vod_visits_unfolded())
    + (SELECT count(DISTINCT (src, x.id)) FROM unnest(ARRAY['orders', 'order_events', 'users', 'subscriptions']) src,
        vod_tail_state(src) t, vod_tail_deltas(src, t.folded, 9223372036854775807, t.gaps) x)
$$;
