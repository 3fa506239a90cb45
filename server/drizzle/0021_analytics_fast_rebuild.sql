-- Analytics at ten million orders (README "Analytics"): the rollups rebuilt and the visitors recounted
-- set-based (0019's versions called a function per row and summed every row at seven levels: hours), and
-- the sums kept per business day of one zone as well, so a daily series in a zone whose days start off a UTC
-- midnight reads a row a day instead of its days' edges in quarter-hours.

CREATE TABLE "rollup_zone_days" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"device" text NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross" numeric(16, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(16, 2) DEFAULT '0' NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"refunds" numeric(16, 2) DEFAULT '0' NOT NULL,
	"chargeback_count" integer DEFAULT 0 NOT NULL,
	"chargebacks" numeric(16, 2) DEFAULT '0' NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"subscriptions" integer DEFAULT 0 NOT NULL,
	"cancellations" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_zone_days_channel_id_campaign_id_plan_id_device_day_pk" PRIMARY KEY("channel_id","campaign_id","plan_id","device","day")
);

--> statement-breakpoint
-- The zone rollup_zone_days is kept in (null: none yet, the quarter-hours answer).
CREATE FUNCTION vod_zone_days_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT value FROM app_settings WHERE key = 'rollup_zone_days_zone'
$$;
--> statement-breakpoint
-- 0019's merge, adding the deltas to their business day of the kept zone as well.
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
    SELECT c, m, p, v, (moment AT TIME ZONE z.zone)::date, sum(orders), sum(gross), sum(fees), sum(refund_count),
      sum(refunds), sum(chargeback_count), sum(chargebacks), sum(signups), sum(subscriptions),
      sum(cancellations), sum(visits)
    FROM leveled, (SELECT vod_zone_days_zone() AS zone) AS z
    -- UTC's business days are rollup_days' (sums.ts reads those), so a UTC server writes no third hot row.
    WHERE z.zone IS NOT NULL AND z.zone <> 'UTC'
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (channel_id, campaign_id, plan_id, device, day) DO UPDATE SET
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
-- The business days of `zone` summed from the quarter-hours (never the raw rows), and the triggers told to
-- keep that zone from now on. Writers of the rollups wait meanwhile (SHARE lock on rollup_quarters): each
-- delta is then either in the quarter-hours read here or written after, into the new zone's days. Answers
-- whether anything was built (nothing when the days are kept in that zone already).
CREATE FUNCTION vod_zone_days_rebuild(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF vod_zone_days_zone() IS NOT DISTINCT FROM zone THEN RETURN false; END IF;
  LOCK TABLE rollup_quarters IN SHARE MODE;
  -- Another server may have built it while this one waited for the lock.
  IF vod_zone_days_zone() IS NOT DISTINCT FROM zone THEN RETURN false; END IF;
  PERFORM set_config('jit', 'off', true);
  PERFORM set_config('work_mem', '256MB', true);
  INSERT INTO app_settings (key, value) VALUES ('rollup_zone_days_zone', zone)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value;
  PERFORM vod_zone_days_fill();
  RETURN true;
END
$$;
--> statement-breakpoint
-- Empties rollup_zone_days and sums rollup_quarters into it by business day of the kept zone (none for UTC,
-- whose days rollup_days holds).
CREATE FUNCTION vod_zone_days_fill() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_zone_days_zone();
BEGIN
  TRUNCATE rollup_zone_days;
  IF zone IS NULL OR zone = 'UTC' THEN RETURN; END IF;
  INSERT INTO rollup_zone_days (channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count,
    refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, (bucket AT TIME ZONE zone)::date, sum(orders), sum(gross),
    sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks), sum(signups),
    sum(subscriptions), sum(cancellations), sum(visits)
  FROM rollup_quarters GROUP BY 1, 2, 3, 4, 5;
  ANALYZE rollup_zone_days;
END
$$;
--> statement-breakpoint
-- Each source is summed per quarter-hour and finest key first (far fewer rows than the events), and only that
-- is fanned out to the seven levels, in one pass of grouping sets. The rollups are emptied with TRUNCATE
-- and their keys indexed after the load (one sort instead of tens of millions of insertions), so readers and
-- the triggers wait for the rebuild instead of reading half of it.
CREATE OR REPLACE FUNCTION vod_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- JIT compiles each of these statements for a second or more and saves less.
  PERFORM set_config('jit', 'off', true);
  PERFORM set_config('work_mem', '256MB', true);
  PERFORM set_config('maintenance_work_mem', '1GB', true);
  TRUNCATE rollup_quarters, rollup_days;
  ALTER TABLE rollup_quarters DROP CONSTRAINT rollup_quarters_channel_id_campaign_id_plan_id_device_bucket_pk;
  ALTER TABLE rollup_days DROP CONSTRAINT rollup_days_channel_id_campaign_id_plan_id_device_day_pk;
  -- Counts as integer (one source's count in a quarter-hour and key fits), so their sums run in bigint,
  -- not numeric.
  DROP TABLE IF EXISTS vod_rollup_base;
  CREATE TEMP TABLE vod_rollup_base ON COMMIT DROP AS
  SELECT bucket, coalesce(channel_id, 0) AS channel_id, coalesce(campaign_id, 0) AS campaign_id, plan_id, device,
    sum(orders)::integer AS orders, sum(gross) AS gross, sum(fees) AS fees, sum(refund_count)::integer AS refund_count,
    sum(refunds) AS refunds, sum(chargeback_count)::integer AS chargeback_count, sum(chargebacks) AS chargebacks,
    sum(signups)::integer AS signups, sum(subscriptions)::integer AS subscriptions,
    sum(cancellations)::integer AS cancellations, sum(visits)::integer AS visits
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
  ) AS sources
  GROUP BY 1, 2, 3, 4, 5;
  -- Sorted, not hashed: every level's groups are per quarter-hour, so three sorts led by the bucket serve
  -- all seven levels, where hash tables would hold every level's groups at once and spill.
  PERFORM set_config('enable_hashagg', 'off', true);
  -- A level's dimensions left out of its grouping set are "all" (-1, '*'); rows without a plan or device
  -- belong to no plan or device level (as in 0019's vod_rollup_merge).
  INSERT INTO rollup_quarters (channel_id, campaign_id, plan_id, device, bucket, orders, gross, fees,
    refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT * FROM (
    SELECT CASE WHEN grouping(channel_id) = 1 THEN -1 ELSE channel_id END AS channel_id,
      CASE WHEN grouping(campaign_id) = 1 THEN -1 ELSE campaign_id END AS campaign_id,
      CASE WHEN grouping(plan_id) = 1 THEN -1 ELSE plan_id END AS plan_id,
      CASE WHEN grouping(device) = 1 THEN '*' ELSE device END AS device,
      bucket, sum(orders), sum(gross), sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count),
      sum(chargebacks), sum(signups), sum(subscriptions), sum(cancellations), sum(visits)
    FROM vod_rollup_base
    GROUP BY GROUPING SETS ((bucket), (bucket, channel_id), (bucket, channel_id, campaign_id), (bucket, plan_id),
      (bucket, channel_id, plan_id), (bucket, device), (bucket, channel_id, device))
  ) AS leveled
  WHERE plan_id IS NOT NULL AND device IS NOT NULL;
  -- A day's groups do fit in memory.
  PERFORM set_config('enable_hashagg', 'on', true);
  INSERT INTO rollup_days (channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count,
    refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, (bucket AT TIME ZONE 'UTC')::date, sum(orders), sum(gross),
    sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks), sum(signups),
    sum(subscriptions), sum(cancellations), sum(visits)
  FROM rollup_quarters GROUP BY 1, 2, 3, 4, 5;
  ALTER TABLE rollup_quarters ADD CONSTRAINT rollup_quarters_channel_id_campaign_id_plan_id_device_bucket_pk
    PRIMARY KEY (channel_id, campaign_id, plan_id, device, bucket);
  ALTER TABLE rollup_days ADD CONSTRAINT rollup_days_channel_id_campaign_id_plan_id_device_day_pk
    PRIMARY KEY (channel_id, campaign_id, plan_id, device, day);
  ANALYZE rollup_quarters;
  ANALYZE rollup_days;
  PERFORM vod_zone_days_fill();
END
$$;
--> statement-breakpoint
-- Each visitor's business days at the finest level first (day, channel, campaign), then the two coarser
-- levels from those, each one DISTINCT; visitor_days is emptied with TRUNCATE and indexed after. Only the
-- visits' trigger and the pruning read visitor_days, and the SHARE lock on visits already holds the
-- trigger back; readers read visitor_day_counts, whose old counts they keep seeing until the commit.
CREATE OR REPLACE FUNCTION vod_visitors_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_business_zone();
  first_day date;
BEGIN
  PERFORM set_config('work_mem', '256MB', true);
  PERFORM set_config('maintenance_work_mem', '1GB', true);
  LOCK TABLE visits IN SHARE MODE;
  SELECT (min(visited_at) AT TIME ZONE zone)::date + 1 INTO first_day FROM visits;
  TRUNCATE visitor_days;
  IF first_day IS NULL THEN RETURN; END IF;
  DELETE FROM visitor_day_counts WHERE day >= first_day;
  ALTER TABLE visitor_days DROP CONSTRAINT visitor_days_channel_id_campaign_id_day_visitor_pk;
  DROP INDEX visitor_days_day_index;
  -- From the first kept day's start on, so the visited_at index can bound the scan.
  DROP TABLE IF EXISTS vod_visitor_days_seen;
  CREATE TEMP TABLE vod_visitor_days_seen ON COMMIT DROP AS
  SELECT DISTINCT (v.visited_at AT TIME ZONE zone)::date AS day, coalesce(v.channel_id, 0) AS channel_id,
    coalesce(v.campaign_id, 0) AS campaign_id, v.visitor
  FROM visits v WHERE v.visited_at >= first_day::timestamp AT TIME ZONE zone;
  INSERT INTO visitor_days (day, channel_id, campaign_id, visitor)
  SELECT day, channel_id, campaign_id, visitor FROM vod_visitor_days_seen
  UNION ALL
  SELECT DISTINCT day, channel_id, -1, visitor FROM vod_visitor_days_seen
  UNION ALL
  SELECT DISTINCT day, -1, -1, visitor FROM vod_visitor_days_seen;
  ALTER TABLE visitor_days ADD CONSTRAINT visitor_days_channel_id_campaign_id_day_visitor_pk
    PRIMARY KEY (channel_id, campaign_id, day, visitor);
  CREATE INDEX visitor_days_day_index ON visitor_days USING btree (day);
  INSERT INTO visitor_day_counts (channel_id, campaign_id, day, visitors)
  SELECT channel_id, campaign_id, day, count(*) FROM visitor_days GROUP BY 1, 2, 3;
  ANALYZE visitor_days;
END
$$;
