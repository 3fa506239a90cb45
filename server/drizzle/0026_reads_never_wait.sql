-- Reads never wait (README "Analytics", issue 35 item 3). Every upkeep step changes the rows readers read
-- row by row, never with TRUNCATE, ALTER, DROP or CREATE INDEX on them, so a reader's SELECT takes no lock
-- one of them holds and reads the figures as they were until the step commits. The member site's visits are
-- held back only for moments (taking the visits written so far; switching to the lists counted anew), not for
-- a recount's length. A zone change counts every day that holds kept visits, the oldest one too.

-- Where a test holds a step midway: waits only in a session whose vod.upkeep_hold names the step (or 'all'),
-- for the advisory lock 35026 the test holds; nothing anywhere else.
CREATE FUNCTION vod_upkeep_hold(step text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('vod.upkeep_hold', true) IN (step, 'all') THEN
    PERFORM pg_advisory_xact_lock_shared(35026);
  END IF;
END
$$;
--> statement-breakpoint
-- LOCK TABLE visits IN SHARE MODE, waiting at most half a second at a time: a request that waits holds every
-- later visit back behind it, so behind a long write it lets go and asks again.
CREATE FUNCTION vod_lock_visits() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was text := current_setting('lock_timeout');
BEGIN
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
-- Changes written to the raw rows but not yet added to the rollups (none while the triggers add them at once;
-- the queue's rows once they are queued, migration 0027), by quarter-hour: a rebuild adds them neither twice
-- nor never.
CREATE FUNCTION vod_rollup_pending() RETURNS TABLE (bucket timestamptz, channel_id integer, campaign_id integer,
  plan_id integer, device text, orders integer, gross numeric, fees numeric, refund_count integer, refunds numeric,
  chargeback_count integer, chargebacks numeric, signups integer, subscriptions integer, cancellations integer,
  visits integer) LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF to_regclass('figure_queue') IS NOT NULL THEN
    RETURN QUERY EXECUTE 'SELECT bucket, channel_id, campaign_id, plan_id, device, orders, gross::numeric,
      fees::numeric, refund_count, refunds::numeric, chargeback_count, chargebacks::numeric, signups,
      subscriptions, cancellations, visits FROM figure_queue';
  END IF;
END
$$;
--> statement-breakpoint
-- 0023's months, emptied row by row (readers keep reading the months as they were until the commit).
CREATE OR REPLACE FUNCTION vod_months_fill() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_zone_days_zone();
BEGIN
  DELETE FROM rollup_months;
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
-- 0023's business days, emptied row by row, not truncated (TRUNCATE's lock queued every reader behind it).
CREATE OR REPLACE FUNCTION vod_zone_days_fill() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_zone_days_zone();
BEGIN
  DELETE FROM rollup_zone_days;
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
-- 0021's build of a zone's business days. Readers never wait for it: until it commits they read the days as
-- they were (a reader in the new zone finds them kept for another and reads the UTC days and quarter-hours).
-- The rollups' writers (the folding of queued changes) wait for it (SHARE lock on rollup_quarters), so each
-- change is in the quarter-hours read here or added after, into the new zone's days. One build or rebuild at a
-- time (advisory lock 35001).
CREATE OR REPLACE FUNCTION vod_zone_days_rebuild(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF vod_zone_days_zone() IS NOT DISTINCT FROM zone THEN RETURN false; END IF;
  PERFORM pg_advisory_xact_lock(35001);
  LOCK TABLE rollup_quarters IN SHARE MODE;
  -- Another server may have built it while this one waited for the lock.
  IF vod_zone_days_zone() IS NOT DISTINCT FROM zone THEN RETURN false; END IF;
  PERFORM set_config('jit', 'off', true);
  PERFORM set_config('work_mem', '256MB', true);
  INSERT INTO app_settings (key, value) VALUES ('rollup_zone_days_zone', zone)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value;
  PERFORM vod_zone_days_fill();
  PERFORM vod_upkeep_hold('zone days');
  RETURN true;
END
$$;
--> statement-breakpoint
-- Builds the rollups anew from the rows (after a bulk load with the triggers off, or to repair) without
-- emptying them: in one statement, so in one snapshot, every quarter-hour row the rows give less the row kept
-- (and less what is queued, not yet added); the UTC days, the kept zone's business days and its months differ
-- by what their quarter-hours differ by (every writer changes them together; vod_zone_days_fill builds the
-- last two from the quarter-hours). Those differences are then added to the rows kept, as the folding adds
-- its changes. Readers read the rollups as they were until the commit; changes written meanwhile are added on top,
-- neither lost nor counted twice, and wait for nothing but the rows being corrected in the last statement.
CREATE OR REPLACE FUNCTION vod_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO vod_rollup_fix
  SELECT k.kind, f.channel_id, f.campaign_id, f.plan_id, f.device, NULL, k.day, sum(f.orders), sum(f.gross), sum(f.fees),
    sum(f.refund_count), sum(f.refunds), sum(f.chargeback_count), sum(f.chargebacks), sum(f.signups),
    sum(f.subscriptions), sum(f.cancellations), sum(f.visits)
  FROM vod_rollup_fix f, (SELECT vod_zone_days_zone() AS zone) AS kept
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
--> statement-breakpoint
-- Counts distinct visitors again from the visits kept, in the zone now set (app_settings business_time_zone):
-- after BUSINESS_TIME_ZONE changed, or after a bulk load. Every day that holds kept visits is counted, the
-- oldest one too (0021 began the day after, so that day kept the old zone's counts); older days keep theirs.
--
-- Nothing readers read waits: the new lists are built in visitor_days_next, a table of this step's own; the
-- counts readers read (visitor_day_counts, visitor_month_counts) are rewritten row by row at the end, and read
-- as they were until the commit. The member site's visits wait twice for moments only: once at the start (every
-- visit written so far is then committed and counted here: the ids up to `last`), and from the switch at the
-- end to the commit (the visits written meanwhile, ids above `last`, are counted, then the new lists take
-- visitor_days' place). The folding of queued visitors (0027) waits for the switch too. One recount (and one
-- pruning of the lists) at a time: advisory lock 35002.
CREATE OR REPLACE FUNCTION vod_visitors_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_business_zone();
  first_day date;
  last bigint;
  grant_row record;
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
  CREATE TABLE visitor_days_next (LIKE visitor_days INCLUDING DEFAULTS);
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
  ALTER TABLE visitor_days_next ADD CONSTRAINT visitor_days_next_pk PRIMARY KEY (channel_id, campaign_id, day, visitor);
  CREATE INDEX visitor_days_next_day_index ON visitor_days_next USING btree (day);
  DROP TABLE IF EXISTS vod_visitor_counts_next;
  CREATE TEMP TABLE vod_visitor_counts_next ON COMMIT DROP AS
  SELECT channel_id, campaign_id, day, count(*)::integer AS visitors FROM visitor_days_next GROUP BY 1, 2, 3;
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
    RETURNING channel_id, campaign_id, day
  )
  INSERT INTO vod_visitor_counts_next (channel_id, campaign_id, day, visitors)
  SELECT channel_id, campaign_id, day, count(*) FROM added GROUP BY 1, 2, 3;
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
  END IF;
  -- The new lists take visitor_days' place (only the visits' counting and the pruning read it, both held back
  -- here), with its names and grants.
  FOR grant_row IN
    SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END AS grantee, a.privilege_type
    FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a LEFT JOIN pg_roles r ON r.oid = a.grantee
    WHERE c.oid = 'visitor_days'::regclass
  LOOP
    EXECUTE format('GRANT %s ON visitor_days_next TO %s', grant_row.privilege_type, grant_row.grantee);
  END LOOP;
  DROP TABLE visitor_days;
  ALTER TABLE visitor_days_next RENAME TO visitor_days;
  ALTER INDEX visitor_days_next_pk RENAME TO visitor_days_channel_id_campaign_id_day_visitor_pk;
  ALTER INDEX visitor_days_next_day_index RENAME TO visitor_days_day_index;
  ANALYZE visitor_days;
END
$$;
