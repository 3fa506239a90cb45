-- Upkeep: the rollups built again from the raw rows, and what the upkeep steps share (docs/analytics.md).

-- Reads never wait (docs/analytics.md "Reads never wait"). Every upkeep step changes the rows readers read row by row, never
-- with TRUNCATE, ALTER, DROP or CREATE INDEX on them, so a reader's SELECT takes no lock one of them holds and
-- reads the figures as they were until the step commits. The member site's visits are held back only for
-- moments (taking the visits written so far; switching to the lists counted anew), not for a recount's
-- length. A zone change counts every day that holds kept visits, the oldest one too.

-- Where a test holds a step midway: waits only in a session whose vod.upkeep_hold names the step (or 'all'),
-- for the advisory lock 35026 the test holds; nothing anywhere else.
CREATE OR REPLACE FUNCTION vod_upkeep_hold(step text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('vod.upkeep_hold', true) IN (step, 'all') THEN
    PERFORM pg_advisory_xact_lock_shared(35026);
  END IF;
END
$$;
--> statement-breakpoint
-- LOCK TABLE visits IN SHARE MODE, waiting at most half a second at a time: a request that waits holds every
-- later visit back behind it, so behind a long write it lets go and asks again. Not in a transaction that
-- reads as of the change stream's start (vod.as_of_stream): what it sees is fixed, and nothing need wait.
CREATE OR REPLACE FUNCTION vod_lock_visits() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was text := current_setting('lock_timeout');
BEGIN
  IF current_setting('vod.as_of_stream', true) = 'on' THEN
    RETURN;
  END IF;
  LOOP
    BEGIN
      PERFORM set_config('lock_timeout', '500ms', true);
      LOCK TABLE visits IN SHARE MODE;
      PERFORM set_config('lock_timeout', was, true);
      RETURN;
    EXCEPTION WHEN lock_not_available THEN
      PERFORM set_config('lock_timeout', was, true);
      PERFORM pg_sleep(0.1);
    END;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The rollups built again from the raw rows (after a bulk load, or to check the fold): each source summed per
-- quarter-hour and finest key, fanned out to the seven levels, and written into the quarter-hours, days and
-- months row by row (readers never wait). What is written but not yet folded is left to the fold
-- (vod_rollup_pending). The kept zone is read once: read in the statement that dates each quarter-hour's day,
-- the planner put the settings lookup in every row (341 of 511 s for 4.6 million quarter-hours).
CREATE OR REPLACE FUNCTION vod_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  kept_zone text;
BEGIN
  -- JIT compiles each of these statements for a second or more and saves less.
  PERFORM set_config('jit', 'off', true);
  PERFORM set_config('work_mem', '256MB', true);
  PERFORM pg_advisory_xact_lock(35001);
  DROP TABLE IF EXISTS vod_rollup_fix;
  -- Each source summed per quarter-hour and finest key first, then fanned out to the seven levels (0021).
  CREATE TEMP TABLE vod_rollup_fix ON COMMIT DROP AS
  WITH base AS MATERIALIZED (
    SELECT bucket, coalesce(channel_id, 0) AS channel_id, coalesce(campaign_id, 0) AS campaign_id, plan_id, device,
      sum(orders)::bigint AS orders, sum(gross) AS gross, sum(fees) AS fees, sum(refund_count)::bigint AS refund_count,
      sum(refunds) AS refunds, sum(chargeback_count)::bigint AS chargeback_count, sum(chargebacks) AS chargebacks,
      sum(signups)::bigint AS signups, sum(subscriptions)::bigint AS subscriptions,
      sum(cancellations)::bigint AS cancellations, sum(visits)::bigint AS visits
    FROM (
      SELECT date_bin('15 minutes', o.paid_at, timestamptz '2000-01-01 00:00:00+00') AS bucket, o.channel_id,
        o.campaign_id, o.plan_id, NULL::text AS device, count(*)::integer AS orders, sum(o.amount) AS gross,
        sum(o.transaction_fee + o.settlement_fee + o.reserve_fee) AS fees, 0 AS refund_count, 0::numeric AS refunds,
        0 AS chargeback_count, 0::numeric AS chargebacks, 0 AS signups, 0 AS subscriptions, 0 AS cancellations,
        0 AS visits
      FROM orders o WHERE o.paid_at IS NOT NULL GROUP BY 1, 2, 3, 4
      UNION ALL
      SELECT date_bin('15 minutes', e.occurred_at, timestamptz '2000-01-01 00:00:00+00'), o.channel_id,
        o.campaign_id, o.plan_id, NULL, 0, 0, 0, (count(*) FILTER (WHERE e.kind = 'refund'))::integer,
        coalesce(sum(e.amount) FILTER (WHERE e.kind = 'refund'), 0),
        (count(*) FILTER (WHERE e.kind = 'chargeback'))::integer,
        coalesce(sum(e.amount) FILTER (WHERE e.kind = 'chargeback'), 0), 0, 0, 0, 0
      FROM order_events e JOIN orders o ON o.id = e.order_id GROUP BY 1, 2, 3, 4
      UNION ALL
      SELECT date_bin('15 minutes', u.created_at, timestamptz '2000-01-01 00:00:00+00'), u.channel_id,
        u.campaign_id, NULL, NULL, 0, 0, 0, 0, 0, 0, 0, count(*)::integer, 0, 0, 0
      FROM users u WHERE u.created_at IS NOT NULL GROUP BY 1, 2, 3
      UNION ALL
      SELECT date_bin('15 minutes', s.started_at, timestamptz '2000-01-01 00:00:00+00'), s.channel_id,
        s.campaign_id, s.plan_id, NULL, 0, 0, 0, 0, 0, 0, 0, 0, count(*)::integer, 0, 0
      FROM subscriptions s WHERE s.started_at IS NOT NULL GROUP BY 1, 2, 3, 4
      UNION ALL
      SELECT date_bin('15 minutes', s.cancelled_at, timestamptz '2000-01-01 00:00:00+00'), s.channel_id,
        s.campaign_id, s.plan_id, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)::integer, 0
      FROM subscriptions s WHERE s.cancelled_at IS NOT NULL GROUP BY 1, 2, 3, 4
      UNION ALL
      SELECT date_bin('15 minutes', v.visited_at, timestamptz '2000-01-01 00:00:00+00'), v.channel_id,
        v.campaign_id, NULL, v.device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)::integer
      FROM visits v GROUP BY 1, 2, 3, 5
      UNION ALL
      -- What is queued is in the rows already but not yet in the rollups: the folding adds it later.
      SELECT p.bucket, p.channel_id, p.campaign_id, p.plan_id, p.device, -p.orders, -p.gross, -p.fees,
        -p.refund_count, -p.refunds, -p.chargeback_count, -p.chargebacks, -p.signups, -p.subscriptions,
        -p.cancellations, -p.visits
      FROM vod_rollup_pending() p
    ) AS sources
    GROUP BY 1, 2, 3, 4, 5
  ),
  -- A level's dimensions left out of its grouping set are "all" (-1, '*'); rows without a plan or device
  -- belong to no plan or device level.
  truth AS MATERIALIZED (
    SELECT * FROM (
      SELECT CASE WHEN grouping(channel_id) = 1 THEN -1 ELSE channel_id END AS channel_id,
        CASE WHEN grouping(campaign_id) = 1 THEN -1 ELSE campaign_id END AS campaign_id,
        CASE WHEN grouping(plan_id) = 1 THEN -1 ELSE plan_id END AS plan_id,
        CASE WHEN grouping(device) = 1 THEN '*' ELSE device END AS device,
        bucket, sum(orders) AS orders, sum(gross) AS gross, sum(fees) AS fees, sum(refund_count) AS refund_count,
        sum(refunds) AS refunds, sum(chargeback_count) AS chargeback_count, sum(chargebacks) AS chargebacks,
        sum(signups) AS signups, sum(subscriptions) AS subscriptions, sum(cancellations) AS cancellations,
        sum(visits) AS visits
      FROM base
      GROUP BY GROUPING SETS ((bucket), (bucket, channel_id), (bucket, channel_id, campaign_id), (bucket, plan_id),
        (bucket, channel_id, plan_id), (bucket, device), (bucket, channel_id, device))
    ) AS leveled
    WHERE plan_id IS NOT NULL AND device IS NOT NULL
  ),
  -- The quarter-hours as the rows give them (sign 1) and as kept (-1); kinds d (UTC days), z (the kept zone's
  -- business days, none in UTC) and m (its months) are added from these below.
  signed AS (
    SELECT 'q' AS kind, channel_id, campaign_id, plan_id, device, bucket, NULL::date AS day, orders, gross, fees,
      refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits
    FROM truth
    UNION ALL
    SELECT 'q', channel_id, campaign_id, plan_id, device, bucket, NULL, -orders, -gross, -fees, -refund_count,
      -refunds, -chargeback_count, -chargebacks, -signups, -subscriptions, -cancellations, -visits
    FROM rollup_quarters
  )
  SELECT kind, channel_id, campaign_id, plan_id, device, bucket, day, sum(orders)::integer AS orders,
    sum(gross) AS gross, sum(fees) AS fees, sum(refund_count)::integer AS refund_count, sum(refunds) AS refunds,
    sum(chargeback_count)::integer AS chargeback_count, sum(chargebacks) AS chargebacks,
    sum(signups)::integer AS signups, sum(subscriptions)::integer AS subscriptions,
    sum(cancellations)::integer AS cancellations, sum(visits)::integer AS visits
  FROM signed
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING (sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count),
    sum(chargebacks), sum(signups), sum(subscriptions), sum(cancellations), sum(visits))
    <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  -- The days, the kept zone's business days and its months differ by what their quarter-hours differ by.
  kept_zone := vod_zone_days_zone();
  INSERT INTO vod_rollup_fix
  SELECT k.kind, f.channel_id, f.campaign_id, f.plan_id, f.device, NULL, k.day, sum(f.orders), sum(f.gross), sum(f.fees),
    sum(f.refund_count), sum(f.refunds), sum(f.chargeback_count), sum(f.chargebacks), sum(f.signups),
    sum(f.subscriptions), sum(f.cancellations), sum(f.visits)
  FROM vod_rollup_fix f, (SELECT kept_zone AS zone) AS kept
  CROSS JOIN LATERAL (VALUES ('d', (f.bucket AT TIME ZONE 'UTC')::date),
    ('z', CASE WHEN kept.zone <> 'UTC' THEN (f.bucket AT TIME ZONE kept.zone)::date END),
    ('m', date_trunc('month', f.bucket AT TIME ZONE kept.zone)::date)) AS k(kind, day)
  WHERE f.kind = 'q' AND k.day IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 7;
  PERFORM vod_upkeep_hold('rollup rebuild');
  -- The differences added as the folding adds its changes (one at a time: its advisory lock, 0027), in key order.
  PERFORM pg_advisory_xact_lock(270027);
  WITH quarters AS (
    INSERT INTO rollup_quarters AS r (channel_id, campaign_id, plan_id, device, bucket, orders, gross, fees,
      refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
    SELECT channel_id, campaign_id, plan_id, device, bucket, orders, gross, fees, refund_count, refunds,
      chargeback_count, chargebacks, signups, subscriptions, cancellations, visits
    FROM vod_rollup_fix WHERE kind = 'q' ORDER BY 1, 2, 3, 4, 5
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
    SELECT channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count, refunds,
      chargeback_count, chargebacks, signups, subscriptions, cancellations, visits
    FROM vod_rollup_fix WHERE kind = 'z' ORDER BY 1, 2, 3, 4, 5
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
    SELECT channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count, refunds,
      chargeback_count, chargebacks, signups, subscriptions, cancellations, visits
    FROM vod_rollup_fix WHERE kind = 'm' ORDER BY 1, 2, 3, 4, 5
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
  SELECT channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count, refunds,
    chargeback_count, chargebacks, signups, subscriptions, cancellations, visits
  FROM vod_rollup_fix WHERE kind = 'd' ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, day) DO UPDATE SET
    orders = r.orders + excluded.orders, gross = r.gross + excluded.gross, fees = r.fees + excluded.fees,
    refund_count = r.refund_count + excluded.refund_count, refunds = r.refunds + excluded.refunds,
    chargeback_count = r.chargeback_count + excluded.chargeback_count,
    chargebacks = r.chargebacks + excluded.chargebacks, signups = r.signups + excluded.signups,
    subscriptions = r.subscriptions + excluded.subscriptions,
    cancellations = r.cancellations + excluded.cancellations, visits = r.visits + excluded.visits;
END
$$;
