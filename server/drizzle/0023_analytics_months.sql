CREATE TABLE "rollup_months" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"device" text NOT NULL,
	"month" date NOT NULL,
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
	CONSTRAINT "rollup_months_channel_id_campaign_id_plan_id_device_month_pk" PRIMARY KEY("channel_id","campaign_id","plan_id","device","month")
);
--> statement-breakpoint
CREATE TABLE "visitor_month_counts" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"month" date NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visitor_month_counts_channel_id_campaign_id_month_pk" PRIMARY KEY("channel_id","campaign_id","month")
);
--> statement-breakpoint
-- Months of business days (README "Analytics"): a period's figures per channel or campaign over a year summed
-- 365 day rows a key; they now sum a row a whole month and a row a day at the edges. rollup_months holds the
-- months of the zone rollup_zone_days are kept in (UTC's when that is UTC), visitor_month_counts the
-- visitor_day_counts of each month.
--
-- 0021's merge, adding the deltas to their month of the kept zone as well.
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
-- Empties rollup_months and sums the kept zone's business days into it by month (nothing while no zone is kept).
CREATE FUNCTION vod_months_fill() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_zone_days_zone();
BEGIN
  TRUNCATE rollup_months;
  INSERT INTO rollup_months (channel_id, campaign_id, plan_id, device, month, orders, gross, fees, refund_count,
    refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
  SELECT channel_id, campaign_id, plan_id, device, date_trunc('month', day)::date, sum(orders), sum(gross),
    sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks), sum(signups),
    sum(subscriptions), sum(cancellations), sum(visits)
  FROM (
    SELECT * FROM rollup_days WHERE zone = 'UTC'
    UNION ALL
    SELECT * FROM rollup_zone_days WHERE zone <> 'UTC'
  ) AS days
  GROUP BY 1, 2, 3, 4, 5;
  ANALYZE rollup_months;
END
$$;
--> statement-breakpoint
-- 0021's fill, with the months of the days it builds (vod_rollup_rebuild and vod_zone_days_rebuild call it).
CREATE OR REPLACE FUNCTION vod_zone_days_fill() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_zone_days_zone();
BEGIN
  TRUNCATE rollup_zone_days;
  IF zone IS NOT NULL AND zone <> 'UTC' THEN
    INSERT INTO rollup_zone_days (channel_id, campaign_id, plan_id, device, day, orders, gross, fees, refund_count,
      refunds, chargeback_count, chargebacks, signups, subscriptions, cancellations, visits)
    SELECT channel_id, campaign_id, plan_id, device, (bucket AT TIME ZONE zone)::date, sum(orders), sum(gross),
      sum(fees), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks), sum(signups),
      sum(subscriptions), sum(cancellations), sum(visits)
    FROM rollup_quarters GROUP BY 1, 2, 3, 4, 5;
    ANALYZE rollup_zone_days;
  END IF;
  PERFORM vod_months_fill();
END
$$;
--> statement-breakpoint
-- 0019's visits trigger, counting each visitor's first visit of a business day into its month as well.
CREATE OR REPLACE FUNCTION vod_rollup_visits() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ),
  days AS (
    INSERT INTO visitor_day_counts AS v (channel_id, campaign_id, day, visitors)
    SELECT channel_id, campaign_id, day, count(*) FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET visitors = v.visitors + excluded.visitors
  )
  INSERT INTO visitor_month_counts AS v (channel_id, campaign_id, month, visitors)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, count(*) FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (channel_id, campaign_id, month) DO UPDATE SET visitors = v.visitors + excluded.visitors;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- visitor_day_counts summed by month, from the month of `first` on.
CREATE FUNCTION vod_visitor_months_fill(first date) RETURNS void LANGUAGE sql AS $$
  DELETE FROM visitor_month_counts WHERE month >= date_trunc('month', first);
  INSERT INTO visitor_month_counts (channel_id, campaign_id, month, visitors)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, sum(visitors)
  FROM visitor_day_counts WHERE day >= date_trunc('month', first) GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
-- 0021's recount, with the months of the days it counted again.
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
  PERFORM vod_visitor_months_fill(first_day);
  ANALYZE visitor_days;
END
$$;
--> statement-breakpoint
SELECT vod_months_fill();
--> statement-breakpoint
SELECT vod_visitor_months_fill('-infinity');
