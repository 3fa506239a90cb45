CREATE TABLE "figure_queue" (
	"bucket" timestamp with time zone NOT NULL,
	"channel_id" integer,
	"campaign_id" integer,
	"plan_id" integer,
	"device" text,
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
	"visits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_queue" (
	"bucket" timestamp with time zone NOT NULL,
	"channel_id" integer,
	"campaign_id" integer,
	"visitors" text[] NOT NULL
);

--> statement-breakpoint
-- The member site's writes no longer fold their figures in: each statement's triggers append its deltas,
-- summed by quarter-hour and level, to figure_queue (and a new visit's visitor to visitor_queue), and
-- vod_figures_fold moves them into the rollups in the background (README "Analytics", "How the figures are
-- kept"). A write pays one small insert and never waits on a hot rollup row, which every other write of the
-- same quarter-hour and channel also updates. What a change adds is decided when it is written, as before
-- (an event follows its order's channel then); only the adding waits. Queued rows and the rows they come
-- from commit together, and a fold deletes what it adds in its own transaction: nothing is lost or counted
-- twice, whoever dies when.
CREATE FUNCTION vod_figures_enqueue(deltas vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
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
-- New rows, the member site's every write, are summed straight from the columns they count (as
-- vod_order_delta, vod_event_delta, vod_user_delta and vod_subscription_deltas count them): building a
-- whole row and a delta for each cost a thousand-row insert a fifth of its rate. Corrections go through the
-- delta functions.
CREATE OR REPLACE FUNCTION vod_rollup_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO figure_queue (bucket, channel_id, campaign_id, plan_id, orders, gross, fees)
    SELECT date_bin('15 minutes', n.paid_at, timestamptz '2000-01-01 00:00:00+00'), n.channel_id, n.campaign_id,
      n.plan_id, count(*), sum(n.amount), sum(n.transaction_fee + n.settlement_fee + n.reserve_fee)
    FROM new_rows n WHERE n.paid_at IS NOT NULL GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_order_delta(o, -1) FROM old_rows o));
  ELSE
    -- A corrected amount or fee, a payment moved in time, another channel, campaign or plan: out with the
    -- old, in with the new; the order's refunds and chargebacks follow its channel, campaign and plan.
    PERFORM vod_figures_enqueue(ARRAY(
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
CREATE OR REPLACE FUNCTION vod_rollup_order_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO figure_queue (bucket, channel_id, campaign_id, plan_id, refund_count, refunds, chargeback_count,
      chargebacks)
    SELECT date_bin('15 minutes', e.occurred_at, timestamptz '2000-01-01 00:00:00+00'), o.channel_id, o.campaign_id,
      o.plan_id, count(*) FILTER (WHERE e.kind = 'refund'), coalesce(sum(e.amount) FILTER (WHERE e.kind = 'refund'), 0),
      count(*) FILTER (WHERE e.kind = 'chargeback'), coalesce(sum(e.amount) FILTER (WHERE e.kind = 'chargeback'), 0)
    FROM new_rows e JOIN orders o ON o.id = e.order_id GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_event_delta(e, o, -1) FROM old_rows e JOIN orders o ON o.id = e.order_id));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT vod_event_delta(e, o, -1) FROM old_rows e JOIN orders o ON o.id = e.order_id
      UNION ALL
      SELECT vod_event_delta(e, o, 1) FROM new_rows e JOIN orders o ON o.id = e.order_id
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_rollup_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO figure_queue (bucket, channel_id, campaign_id, signups)
    SELECT date_bin('15 minutes', n.created_at, timestamptz '2000-01-01 00:00:00+00'), n.channel_id, n.campaign_id,
      count(*)
    FROM new_rows n WHERE n.created_at IS NOT NULL GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_user_delta(o, -1) FROM old_rows o));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT d FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (vod_user_delta(o, -1)), (vod_user_delta(n, 1))) AS x(d)
      WHERE (o.created_at, o.channel_id, o.campaign_id) IS DISTINCT FROM (n.created_at, n.channel_id, n.campaign_id)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_rollup_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO figure_queue (bucket, channel_id, campaign_id, plan_id, subscriptions, cancellations)
    SELECT date_bin('15 minutes', v.moment, timestamptz '2000-01-01 00:00:00+00'), n.channel_id, n.campaign_id,
      n.plan_id, sum(v.started), sum(v.cancelled)
    FROM new_rows n
    CROSS JOIN LATERAL (VALUES (n.started_at, 1, 0), (n.cancelled_at, 0, 1)) AS v(moment, started, cancelled)
    WHERE v.moment IS NOT NULL GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT d FROM old_rows o, vod_subscription_deltas(o, -1) d));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
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
-- The hottest path: a visit's figures straight from the statement's rows, and its visitors as one array a
-- quarter-hour, channel and campaign (a thousand visits write a row or two, not a thousand), repeats and all:
-- the fold counts each once, and sorting them here cost the writer a tenth of its rate.
CREATE OR REPLACE FUNCTION vod_rollup_visits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO figure_queue (bucket, channel_id, campaign_id, device, visits)
  SELECT date_bin('15 minutes', n.visited_at, timestamptz '2000-01-01 00:00:00+00'), n.channel_id, n.campaign_id,
    n.device, count(*)
  FROM new_rows n GROUP BY 1, 2, 3, 4;
  INSERT INTO visitor_queue (bucket, channel_id, campaign_id, visitors)
  SELECT date_bin('15 minutes', n.visited_at, timestamptz '2000-01-01 00:00:00+00'), n.channel_id, n.campaign_id,
    array_agg(n.visitor)
  FROM new_rows n GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Moves what is queued into the rollups and the visitor counts, and deletes it, in one transaction, at most
-- 20,000 summed rows and 2,000 visitor arrays a time (a backlog after an outage goes in steps, each short);
-- one folder at a time (an advisory lock: another process's fold answers -1 and leaves the queue to it,
-- unless `wait`; a folder that dies lets go with its connection). Answers 1 when more is left, else 0. A
-- quarter-hour's start stands for its moments: every zone in use starts its days on one.
CREATE FUNCTION vod_figures_fold(wait boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  deltas vod_rollup_delta[];
  taken bigint;
  counted bigint;
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
  -- Each visitor once a business day per level (all, its channel, its campaign), in the zone set now.
  WITH gone AS (DELETE FROM visitor_queue WHERE ctid = ANY (ARRAY(SELECT ctid FROM visitor_queue LIMIT 2000))
    RETURNING bucket, channel_id, campaign_id, visitors),
  seen AS (
    SELECT DISTINCT (g.bucket AT TIME ZONE zone)::date AS day, l.c, l.m, v.visitor
    FROM gone g
    CROSS JOIN LATERAL unnest(g.visitors) AS v(visitor)
    CROSS JOIN LATERAL (VALUES (-1, -1), (coalesce(g.channel_id, 0), -1),
      (coalesce(g.channel_id, 0), coalesce(g.campaign_id, 0))) AS l(c, m)
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
  ),
  months AS (
    INSERT INTO visitor_month_counts AS v (channel_id, campaign_id, month, visitors)
    SELECT channel_id, campaign_id, date_trunc('month', day)::date, count(*) FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (channel_id, campaign_id, month) DO UPDATE SET visitors = v.visitors + excluded.visitors
  )
  SELECT count(*) INTO counted FROM gone;
  RETURN CASE WHEN taken >= 20000 OR counted >= 2000 THEN 1 ELSE 0 END;
END
$$;
