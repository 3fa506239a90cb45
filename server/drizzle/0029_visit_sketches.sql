ALTER TABLE "visitor_queue" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "visitor_queue" ADD COLUMN "visits" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The per-visitor lists go (README "Visitors of a period"): each visit's day, level and visitor was a row of
-- visitor_days, three rows and index entries a visit (a quarter of a fold's work, and 300 million rows at 100
-- million visits), kept only to count each day's visitors exactly. A day now counts from what it keeps for
-- its period's visitors anyway: its hashes while it has 1,024 visitors or fewer (exact), else its planes'
-- estimate (0.81% standard error). A recount still counts exactly, from lists of its own.
DROP TABLE "visitor_days" CASCADE;
--> statement-breakpoint
-- A visit statement's one insert (it wrote to figure_queue and visitor_queue, two: a one-row visit ran at 0.67-0.76
-- of the bare table's rate, the writes at 16 connections being mostly the trigger's). Its count goes with its
-- visitors, by device too; the fold adds the counts to the rollups with the visitors' step.
CREATE OR REPLACE FUNCTION vod_rollup_visits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visitor_queue (bucket, channel_id, campaign_id, device, visits, visitors)
  SELECT date_bin('15 minutes', n.visited_at, timestamptz '2000-01-01 00:00:00+00'), n.channel_id, n.campaign_id,
    n.device, count(*), array_agg(n.visitor)
  FROM new_rows n GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 0028's fold, which adds the visits queued with their visitors, and counts the days it touches from their
-- hashes or planes.
CREATE OR REPLACE FUNCTION vod_figures_fold(wait boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  deltas vod_rollup_delta[];
  taken bigint;
  counted bigint;
  visitors_taken bigint;
  visit_deltas vod_rollup_delta[];
  touched vod_visitor_day[];
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
  -- At most 2,000 arrays and, past the first, 50,000 visitors a step (a backlog of 1,000-visit arrays would
  -- otherwise make one step's new visitor-days millions).
  WITH gone AS (DELETE FROM visitor_queue WHERE ctid = ANY (ARRAY(
      SELECT q.ctid FROM (SELECT ctid, sum(cardinality(visitors)) OVER (ROWS UNBOUNDED PRECEDING)
        - cardinality(visitors) AS before FROM (SELECT ctid, visitors FROM visitor_queue LIMIT 2000) l) q
      WHERE q.before < 50000))
    RETURNING bucket, channel_id, campaign_id, device, visits, visitors),
  seen AS (
    SELECT DISTINCT (g.bucket AT TIME ZONE zone)::date AS day, l.c, l.m, v.visitor
    FROM gone g
    CROSS JOIN LATERAL unnest(g.visitors) AS v(visitor)
    CROSS JOIN LATERAL (VALUES (-1, -1), (coalesce(g.channel_id, 0), -1),
      (coalesce(g.channel_id, 0), coalesce(g.campaign_id, 0))) AS l(c, m)
  ),
  added AS (SELECT c AS channel_id, m AS campaign_id, day, visitor FROM seen),
  -- The new visitor-days in their days' and months' hashes and planes (README "Visitors of a period").
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
    ARRAY(SELECT DISTINCT ROW(channel_id, campaign_id, day, NULL)::vod_visitor_day FROM added)
  INTO counted, visitors_taken, visit_deltas, touched;
  -- The counts of the days and months it touched, from what they keep now: a day's hashes while it has them
  -- (exact), else its planes' estimate; a month's, the sum of its days' (README "Visitors of a period").
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
  RETURN CASE WHEN taken >= 20000 OR counted >= 2000 OR visitors_taken >= 50000 THEN 1 ELSE 0 END;
END
$$;
--> statement-breakpoint
-- What is queued but not yet in the rollups, for a rebuild to leave to the fold (0026): the visits queued with
-- their visitors too.
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
$$;
--> statement-breakpoint
-- 0028's recount, its lists in a table of its transaction's own.
CREATE OR REPLACE FUNCTION vod_visitors_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_business_zone();
  first_day date;
  last bigint;
  fresh vod_visitor_day[];
BEGIN
  PERFORM set_config('work_mem', '256MB', true);
  PERFORM set_config('maintenance_work_mem', '1GB', true);
  PERFORM pg_advisory_xact_lock(35002);
  -- A lock taken in a block that is then rolled back is let go at once: the visits under way finish, and the
  -- next ones wait only for this block.
  BEGIN
    PERFORM vod_lock_visits();
    SELECT coalesce(max(id), 0) INTO last FROM visits;
    RAISE EXCEPTION USING ERRCODE = 'VOD26';
  EXCEPTION WHEN SQLSTATE 'VOD26' THEN NULL;
  END;
  SELECT (min(visited_at) AT TIME ZONE zone)::date INTO first_day FROM visits;
  DROP TABLE IF EXISTS visitor_days_next;
  CREATE TEMP TABLE visitor_days_next (day date NOT NULL, channel_id integer NOT NULL, campaign_id integer NOT NULL,
    visitor text NOT NULL) ON COMMIT DROP;
  -- Each visitor's business days at the finest level first, then the two coarser levels from those (0021).
  IF first_day IS NOT NULL THEN
    DROP TABLE IF EXISTS vod_visitor_days_seen;
    CREATE TEMP TABLE vod_visitor_days_seen ON COMMIT DROP AS
    SELECT DISTINCT (v.visited_at AT TIME ZONE zone)::date AS day, coalesce(v.channel_id, 0) AS channel_id,
      coalesce(v.campaign_id, 0) AS campaign_id, v.visitor
    FROM visits v WHERE v.visited_at >= first_day::timestamp AT TIME ZONE zone AND v.id <= last;
    INSERT INTO visitor_days_next (day, channel_id, campaign_id, visitor)
    SELECT day, channel_id, campaign_id, visitor FROM vod_visitor_days_seen
    UNION ALL
    SELECT DISTINCT day, channel_id, -1, visitor FROM vod_visitor_days_seen
    UNION ALL
    SELECT DISTINCT day, -1, -1, visitor FROM vod_visitor_days_seen;
  END IF;
  -- For the visits written meanwhile, which the switch adds once each (ON CONFLICT).
  ALTER TABLE visitor_days_next ADD PRIMARY KEY (channel_id, campaign_id, day, visitor);
  DROP TABLE IF EXISTS vod_visitor_counts_next;
  CREATE TEMP TABLE vod_visitor_counts_next ON COMMIT DROP AS
  SELECT channel_id, campaign_id, day, count(*)::integer AS visitors FROM visitor_days_next GROUP BY 1, 2, 3;
  DROP TABLE IF EXISTS vod_visitor_planes_next;
  CREATE TEMP TABLE vod_visitor_planes_next ON COMMIT DROP AS SELECT * FROM vod_visitor_planes_of('visitor_days_next');
  DROP TABLE IF EXISTS vod_visitor_hashes_next;
  CREATE TEMP TABLE vod_visitor_hashes_next ON COMMIT DROP AS SELECT * FROM vod_visitor_hashes_of('visitor_days_next');
  PERFORM vod_upkeep_hold('recount');
  -- The switch: from here to the commit the visits wait, and the folding of queued visitors.
  PERFORM vod_lock_visits();
  PERFORM pg_advisory_xact_lock(270027);
  WITH seen AS (
    SELECT DISTINCT (v.visited_at AT TIME ZONE zone)::date AS day, l.c, l.m, v.visitor
    FROM visits v
    CROSS JOIN LATERAL (VALUES (-1, -1), (coalesce(v.channel_id, 0), -1),
      (coalesce(v.channel_id, 0), coalesce(v.campaign_id, 0))) AS l(c, m)
    WHERE v.id > last
  ),
  added AS (
    INSERT INTO visitor_days_next (day, channel_id, campaign_id, visitor)
    SELECT day, c, m, visitor FROM seen ON CONFLICT DO NOTHING
    RETURNING channel_id, campaign_id, day, visitor
  ),
  counted AS (
    INSERT INTO vod_visitor_counts_next (channel_id, campaign_id, day, visitors)
    SELECT channel_id, campaign_id, day, count(*) FROM added GROUP BY 1, 2, 3
  )
  SELECT ARRAY(SELECT ROW(channel_id, campaign_id, day, visitor)::vod_visitor_day FROM added) INTO fresh;
  INSERT INTO vod_visitor_planes_next SELECT * FROM vod_visitor_planes_of('unnest($1)', fresh);
  INSERT INTO vod_visitor_hashes_next SELECT * FROM vod_visitor_hashes_of('unnest($1)', fresh);
  first_day := coalesce(first_day, (SELECT min(day) FROM vod_visitor_counts_next));
  IF first_day IS NOT NULL THEN
    DELETE FROM visitor_day_counts d
    WHERE d.day >= first_day AND NOT EXISTS (SELECT 1 FROM vod_visitor_counts_next n
      WHERE (n.channel_id, n.campaign_id, n.day) = (d.channel_id, d.campaign_id, d.day));
    INSERT INTO visitor_day_counts AS d (channel_id, campaign_id, day, visitors)
    SELECT channel_id, campaign_id, day, sum(visitors) FROM vod_visitor_counts_next
    WHERE day >= first_day GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET visitors = excluded.visitors
    WHERE d.visitors <> excluded.visitors;
    PERFORM vod_visitor_months_fill(first_day);
    DELETE FROM visitor_day_planes d
    WHERE d.day >= first_day AND NOT EXISTS (SELECT 1 FROM vod_visitor_planes_next n
      WHERE (n.channel_id, n.campaign_id, n.day, n.plane) = (d.channel_id, d.campaign_id, d.day, d.plane));
    INSERT INTO visitor_day_planes AS d (channel_id, campaign_id, day, plane, bits)
    SELECT channel_id, campaign_id, day, plane, bit_or(bits) FROM vod_visitor_planes_next
    WHERE day >= first_day GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (channel_id, campaign_id, day, plane) DO UPDATE SET bits = excluded.bits
    WHERE d.bits <> excluded.bits;
    DELETE FROM visitor_day_hashes d
    WHERE d.day >= first_day AND NOT EXISTS (SELECT 1 FROM vod_visitor_hashes_next n
      WHERE (n.channel_id, n.campaign_id, n.day) = (d.channel_id, d.campaign_id, d.day));
    INSERT INTO visitor_day_hashes AS d (channel_id, campaign_id, day, hashes)
    SELECT channel_id, campaign_id, day, vod_hashes_union(hashes) FROM vod_visitor_hashes_next
    WHERE day >= first_day GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET hashes = excluded.hashes
    WHERE d.hashes IS DISTINCT FROM excluded.hashes;
    PERFORM vod_visitor_month_planes_fill(first_day);
  END IF;
END
$$;
