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
-- quarter-hour and finest key (vod_rollup_sources), fanned out to the seven levels and set against the kept
-- quarter-hours (vod_rollup_fix_quarters), the days, business days and months differing as their quarter-hours
-- do (vod_rollup_fix_dated), and the differences written row by row (readers never wait;
-- vod_rollup_fix_quarters_add, vod_rollup_fix_dated_add). What is written but not yet folded is left to the fold
-- (vod_rollup_pending). The kept zone is read once: read in the statement that dates each quarter-hour's day,
-- the planner put the settings lookup in every row (341 of 511 s for 4.6 million quarter-hours).
CREATE OR REPLACE FUNCTION vod_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- JIT compiles each of these statements for a second or more and saves less.
  PERFORM set_config('jit', 'off', true);
  PERFORM set_config('work_mem', '256MB', true);
  PERFORM pg_advisory_xact_lock(35001);
  PERFORM vod_rollup_fix_quarters();
  PERFORM vod_rollup_fix_dated(vod_zone_days_zone());
  PERFORM vod_upkeep_hold('rollup rebuild');
  -- The differences added as the folding adds its changes (one at a time: its advisory lock), in key order.
  PERFORM pg_advisory_xact_lock(270027);
  PERFORM vod_rollup_fix_quarters_add();
  PERFORM vod_rollup_fix_dated_add();
END
$$;
--> statement-breakpoint
-- Each raw source summed per quarter-hour and finest key (no channel or campaign: 0), less what is written
-- but not yet folded (vod_rollup_pending: the fold adds it later).
CREATE OR REPLACE FUNCTION vod_rollup_sources() RETURNS TABLE (bucket timestamptz, channel_id integer,
  campaign_id integer, plan_id integer, device text, orders bigint, gross numeric, fees numeric,
  refund_count bigint, refunds numeric, chargeback_count bigint, chargebacks numeric, signups bigint,
  subscriptions bigint, cancellations bigint, visits bigint) LANGUAGE sql STABLE AS $$
  SELECT bucket, coalesce(channel_id, 0), coalesce(campaign_id, 0), plan_id, device, sum(orders)::bigint, sum(gross),
    sum(fees), sum(refund_count)::bigint, sum(refunds), sum(chargeback_count)::bigint, sum(chargebacks),
    sum(signups)::bigint, sum(subscriptions)::bigint, sum(cancellations)::bigint, sum(visits)::bigint
  FROM (
    SELECT date_bin('15 minutes', purchase.paid_at, timestamptz '2000-01-01 00:00:00+00') AS bucket,
      purchase.channel_id, purchase.campaign_id, purchase.plan_id, NULL::text AS device, count(*)::integer AS orders,
      sum(purchase.amount) AS gross, sum(purchase.transaction_fee + purchase.settlement_fee + purchase.reserve_fee) AS fees,
      0 AS refund_count, 0::numeric AS refunds, 0 AS chargeback_count, 0::numeric AS chargebacks, 0 AS signups,
      0 AS subscriptions, 0 AS cancellations, 0 AS visits
    FROM orders purchase WHERE purchase.paid_at IS NOT NULL GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT date_bin('15 minutes', event.occurred_at, timestamptz '2000-01-01 00:00:00+00'), purchase.channel_id,
      purchase.campaign_id, purchase.plan_id, NULL, 0, 0, 0, (count(*) FILTER (WHERE event.kind = 'refund'))::integer,
      coalesce(sum(event.amount) FILTER (WHERE event.kind = 'refund'), 0),
      (count(*) FILTER (WHERE event.kind = 'chargeback'))::integer,
      coalesce(sum(event.amount) FILTER (WHERE event.kind = 'chargeback'), 0), 0, 0, 0, 0
    FROM order_events event JOIN orders purchase ON purchase.id = event.order_id GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT date_bin('15 minutes', member.created_at, timestamptz '2000-01-01 00:00:00+00'), member.channel_id,
      member.campaign_id, NULL, NULL, 0, 0, 0, 0, 0, 0, 0, count(*)::integer, 0, 0, 0
    FROM users member WHERE member.created_at IS NOT NULL GROUP BY 1, 2, 3
    UNION ALL
    SELECT date_bin('15 minutes', subscription.started_at, timestamptz '2000-01-01 00:00:00+00'),
      subscription.channel_id, subscription.campaign_id, subscription.plan_id, NULL, 0, 0, 0, 0, 0, 0, 0, 0,
      count(*)::integer, 0, 0
    FROM subscriptions subscription WHERE subscription.started_at IS NOT NULL GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT date_bin('15 minutes', subscription.cancelled_at, timestamptz '2000-01-01 00:00:00+00'),
      subscription.channel_id, subscription.campaign_id, subscription.plan_id, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      count(*)::integer, 0
    FROM subscriptions subscription WHERE subscription.cancelled_at IS NOT NULL GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT date_bin('15 minutes', visit.visited_at, timestamptz '2000-01-01 00:00:00+00'), visit.channel_id,
      visit.campaign_id, NULL, visit.device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)::integer
    FROM visits visit GROUP BY 1, 2, 3, 5
    UNION ALL
    SELECT pending.bucket, pending.channel_id, pending.campaign_id, pending.plan_id, pending.device, -pending.orders,
      -pending.gross, -pending.fees, -pending.refund_count, -pending.refunds, -pending.chargeback_count,
      -pending.chargebacks, -pending.signups, -pending.subscriptions, -pending.cancellations, -pending.visits
    FROM vod_rollup_pending() pending
  ) AS sources
  GROUP BY 1, 2, 3, 4, 5
$$;
--> statement-breakpoint
-- vod_rollup_fix (a table of this transaction): the quarter-hours as the rows give them (vod_rollup_sources at
-- the seven levels, sign 1) less as kept (-1), where they differ; kind 'quarter'.
CREATE OR REPLACE FUNCTION vod_rollup_fix_quarters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DROP TABLE IF EXISTS vod_rollup_fix;
  CREATE TEMP TABLE vod_rollup_fix ON COMMIT DROP AS
  WITH base AS MATERIALIZED (SELECT * FROM vod_rollup_sources()),
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
  signed AS (
    SELECT channel_id, campaign_id, plan_id, device, bucket, orders, gross, fees, refund_count, refunds,
    chargeback_count, chargebacks, signups, subscriptions, cancellations, visits
    FROM truth
    UNION ALL
    SELECT channel_id, campaign_id, plan_id, device, bucket, -orders, -gross, -fees, -refund_count, -refunds,
      -chargeback_count, -chargebacks, -signups, -subscriptions, -cancellations, -visits
    FROM rollup_quarters
  )
  SELECT 'quarter' AS kind, channel_id, campaign_id, plan_id, device, bucket, NULL::date AS day,
    sum(orders)::integer AS orders, sum(gross) AS gross, sum(fees) AS fees, sum(refund_count)::integer AS refund_count,
    sum(refunds) AS refunds, sum(chargeback_count)::integer AS chargeback_count, sum(chargebacks) AS chargebacks,
    sum(signups)::integer AS signups, sum(subscriptions)::integer AS subscriptions,
    sum(cancellations)::integer AS cancellations, sum(visits)::integer AS visits
  FROM signed
  GROUP BY 2, 3, 4, 5, 6
  HAVING (sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count),
    sum(chargebacks), sum(signups), sum(subscriptions), sum(cancellations), sum(visits))
    <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
END
$$;
--> statement-breakpoint
-- The UTC days (kind 'day'), the kept zone's business days ('zone_day', none in UTC) and its months ('month')
-- differ by what their quarter-hours in vod_rollup_fix differ by.
CREATE OR REPLACE FUNCTION vod_rollup_fix_dated(kept_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vod_rollup_fix
  SELECT dated.kind, fix.channel_id, fix.campaign_id, fix.plan_id, fix.device, NULL, dated.day, sum(fix.orders),
    sum(fix.gross), sum(fix.fees), sum(fix.refund_count), sum(fix.refunds), sum(fix.chargeback_count),
    sum(fix.chargebacks), sum(fix.signups), sum(fix.subscriptions), sum(fix.cancellations), sum(fix.visits)
  FROM vod_rollup_fix fix
  CROSS JOIN LATERAL (VALUES ('day', (fix.bucket AT TIME ZONE 'UTC')::date),
    ('zone_day', CASE WHEN kept_zone <> 'UTC' THEN (fix.bucket AT TIME ZONE kept_zone)::date END),
    ('month', date_trunc('month', fix.bucket AT TIME ZONE kept_zone)::date)) AS dated(kind, day)
  WHERE fix.kind = 'quarter' AND dated.day IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 7;
END
$$;
--> statement-breakpoint
-- vod_rollup_fix's quarter-hours added to rollup_quarters, in key order.
CREATE OR REPLACE FUNCTION vod_rollup_fix_quarters_add() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_quarters AS kept (channel_id, campaign_id, plan_id, device, bucket, orders, gross, fees, refund_count, refunds,
    chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, bucket, orders, gross, fees, refund_count, refunds,
    chargeback_count, chargebacks, signups, subscriptions, cancellations, visits
  FROM vod_rollup_fix WHERE kind = 'quarter' ORDER BY 1, 2, 3, 4, 5
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
-- vod_rollup_fix's days, business days and months added to rollup_days, rollup_zone_days and rollup_months.
CREATE OR REPLACE FUNCTION vod_rollup_fix_dated_add() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rollup_zone_days AS kept (channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count, refunds,
    chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count, refunds,
    chargeback_count, chargebacks, signups, subscriptions, cancellations, visits
  FROM vod_rollup_fix WHERE kind = 'zone_day' ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, day) DO UPDATE SET
    orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees,
    refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds,
    chargeback_count = kept.chargeback_count + excluded.chargeback_count,
    chargebacks = kept.chargebacks + excluded.chargebacks, signups = kept.signups + excluded.signups,
    subscriptions = kept.subscriptions + excluded.subscriptions,
    cancellations = kept.cancellations + excluded.cancellations, visits = kept.visits + excluded.visits;
  INSERT INTO rollup_months AS kept (channel_id, campaign_id, plan_id, device, month, orders, gross, fees, refund_count, refunds,
    chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count, refunds,
    chargeback_count, chargebacks, signups, subscriptions, cancellations, visits
  FROM vod_rollup_fix WHERE kind = 'month' ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, month) DO UPDATE SET
    orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees,
    refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds,
    chargeback_count = kept.chargeback_count + excluded.chargeback_count,
    chargebacks = kept.chargebacks + excluded.chargebacks, signups = kept.signups + excluded.signups,
    subscriptions = kept.subscriptions + excluded.subscriptions,
    cancellations = kept.cancellations + excluded.cancellations, visits = kept.visits + excluded.visits;
  INSERT INTO rollup_days AS kept (channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count, refunds,
    chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count, refunds,
    chargeback_count, chargebacks, signups, subscriptions, cancellations, visits
  FROM vod_rollup_fix WHERE kind = 'day' ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (channel_id, campaign_id, plan_id, device, day) DO UPDATE SET
    orders = kept.orders + excluded.orders, gross = kept.gross + excluded.gross, fees = kept.fees + excluded.fees,
    refund_count = kept.refund_count + excluded.refund_count, refunds = kept.refunds + excluded.refunds,
    chargeback_count = kept.chargeback_count + excluded.chargeback_count,
    chargebacks = kept.chargebacks + excluded.chargebacks, signups = kept.signups + excluded.signups,
    subscriptions = kept.subscriptions + excluded.subscriptions,
    cancellations = kept.cancellations + excluded.cancellations, visits = kept.visits + excluded.visits;
END
$$;
