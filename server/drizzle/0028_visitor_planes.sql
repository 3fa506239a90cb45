CREATE TABLE "visitor_day_hashes" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"hashes" bigint[],
	CONSTRAINT "visitor_day_hashes_channel_id_campaign_id_day_pk" PRIMARY KEY("channel_id","campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "visitor_day_planes" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"plane" smallint NOT NULL,
	"bits" bit varying(16384) NOT NULL,
	CONSTRAINT "visitor_day_planes_channel_id_campaign_id_day_plane_pk" PRIMARY KEY("channel_id","campaign_id","day","plane")
);
--> statement-breakpoint
CREATE TABLE "visitor_month_hashes" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"month" date NOT NULL,
	"hashes" bigint[],
	CONSTRAINT "visitor_month_hashes_channel_id_campaign_id_month_pk" PRIMARY KEY("channel_id","campaign_id","month")
);
--> statement-breakpoint
CREATE TABLE "visitor_month_planes" (
	"channel_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"month" date NOT NULL,
	"plane" smallint NOT NULL,
	"bits" bit varying(16384) NOT NULL,
	CONSTRAINT "visitor_month_planes_channel_id_campaign_id_month_plane_pk" PRIMARY KEY("channel_id","campaign_id","month","plane")
);
--> statement-breakpoint
CREATE TYPE vod_visitor_day AS (channel_id integer, campaign_id integer, day date, visitor text);
--> statement-breakpoint
-- A piece's visitors' hashes while they are 1,024 or fewer (README "Visitors of a period"): two pieces' together,
-- sorted, or null when either is null or together they are more.
CREATE FUNCTION vod_hashes_merge(a bigint[], b bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN a IS NOT NULL AND b IS NOT NULL THEN (
    SELECT CASE WHEN count(*) <= 1024 THEN coalesce(array_agg(x ORDER BY x), '{}') END
    FROM (SELECT DISTINCT unnest(a || b) AS x) s) END
$$;
--> statement-breakpoint
CREATE AGGREGATE vod_hashes_union(bigint[]) (SFUNC = vod_hashes_merge, STYPE = bigint[], INITCOND = '{}');
--> statement-breakpoint
ALTER TABLE "visitor_day_planes" ALTER COLUMN "bits" SET STORAGE PLAIN;
--> statement-breakpoint
ALTER TABLE "visitor_month_planes" ALTER COLUMN "bits" SET STORAGE PLAIN;
--> statement-breakpoint
-- Distinct visitors of a period (README "Visitors of a period"): a HyperLogLog sketch (precision 14: 16,384
-- registers, standard error 0.81%) of each business day's and month's visitors per level, kept as planes (plane
-- k: a bit for each register of value k or more; uncompressed, PLAIN, as the readers OR them by the thousand).
-- A visitor's 64-bit hash picks its register with its low 14 bits; its value is the place of the first one in
-- the other 50 (51 when they are all zero).
CREATE FUNCTION vod_hll_register(visitor text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (hashtextextended(visitor, 0) & 16383)::integer
$$;
--> statement-breakpoint
CREATE FUNCTION vod_hll_value(visitor text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(position(B'1' IN substring(hashtextextended(visitor, 0)::bit(64) FROM 1 FOR 50)), 0), 51)
$$;
--> statement-breakpoint
-- A plane with one register's bit set (the constant is folded once a statement).
CREATE FUNCTION vod_hll_bit(register integer) RETURNS bit varying LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (B'1' || repeat('0', 16383)::bit varying) >> register
$$;
--> statement-breakpoint
-- The hashes of each level's and day's visitors in `source` (distinct there), while 1,024 or fewer.
CREATE FUNCTION vod_visitor_hashes_of(source text, rows vod_visitor_day[] DEFAULT NULL)
RETURNS TABLE (channel_id integer, campaign_id integer, day date, hashes bigint[])
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT s.channel_id, s.campaign_id, s.day,
       CASE WHEN count(*) <= 1024 THEN array_agg(hashtextextended(s.visitor, 0) ORDER BY hashtextextended(s.visitor, 0)) END
     FROM %s s GROUP BY 1, 2, 3', source) USING rows;
END
$$;
--> statement-breakpoint
-- The planes of the visitors of `source` (a relation with channel_id, campaign_id, day and visitor, which may
-- be unnest($1) of `rows`), for a build from many rows: each register's highest value per level and day, then
-- each plane written as text, a run of zeros and a one a register set in it (a plane costs its length once,
-- not a copy of it a bit, as the fold's OR of single bits does).
CREATE FUNCTION vod_visitor_planes_of(source text, rows vod_visitor_day[] DEFAULT NULL)
RETURNS TABLE (channel_id integer, campaign_id integer, day date, plane smallint, bits bit varying)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT b.channel_id, b.campaign_id, b.day, b.plane,
       rpad(string_agg(lpad(''1'', b.gap, ''0''), '''' ORDER BY b.register), 16384, ''0'')::bit varying
     FROM (SELECT r.channel_id, r.campaign_id, r.day, k::smallint AS plane, r.register,
         r.register - coalesce(lag(r.register) OVER (PARTITION BY r.channel_id, r.campaign_id, r.day, k
           ORDER BY r.register), -1) AS gap
       FROM (SELECT s.channel_id, s.campaign_id, s.day, vod_hll_register(s.visitor) AS register,
         max(vod_hll_value(s.visitor)) AS value FROM %s s GROUP BY 1, 2, 3, 4) r
       CROSS JOIN generate_series(1, r.value) k) b
     GROUP BY 1, 2, 3, 4', source) USING rows;
END
$$;
--> statement-breakpoint
-- The month planes and hashes from the days', from the month of `first` on (after a recount).
CREATE FUNCTION vod_visitor_month_planes_fill(first date) RETURNS void LANGUAGE sql AS $$
  DELETE FROM visitor_month_hashes WHERE month >= date_trunc('month', first);
  INSERT INTO visitor_month_hashes (channel_id, campaign_id, month, hashes)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, vod_hashes_union(hashes)
  FROM visitor_day_hashes WHERE day >= date_trunc('month', first) GROUP BY 1, 2, 3;
  DELETE FROM visitor_month_planes WHERE month >= date_trunc('month', first);
  INSERT INTO visitor_month_planes (channel_id, campaign_id, month, plane, bits)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, plane, bit_or(bits)
  FROM visitor_day_planes WHERE day >= date_trunc('month', first) GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
-- Ertl's estimate of the distinct values of a sketch ("New cardinality estimation algorithms for HyperLogLog
-- sketches", 2017, algorithm 6) from its planes' counts of ones: at_least[k] registers are k or more. Unbiased
-- from one visitor to billions without tables of corrections; rounded to a whole visitor.
CREATE FUNCTION vod_hll_estimate(at_least integer[]) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  m constant double precision := 16384;
  q constant integer := 50;
  top integer := coalesce(cardinality(at_least), 0);
  z double precision;
  x double precision;
  y double precision;
  before double precision;
  count_of double precision;
BEGIN
  IF top = 0 OR at_least[1] = 0 THEN RETURN 0; END IF;
  -- tau(1 - C[q+1]/m): registers at the top value (none below 2^64 visitors in practice).
  x := 1 - coalesce(at_least[q + 1], 0) / m;
  z := 0;
  IF x > 0 AND x < 1 THEN
    y := 1;
    z := 1 - x;
    LOOP
      x := sqrt(x);
      before := z;
      y := y * 0.5;
      z := z - (1 - x) ^ 2 * y;
      EXIT WHEN z = before;
    END LOOP;
    z := z / 3;
  END IF;
  z := m * z;
  FOR k IN REVERSE q..1 LOOP
    count_of := coalesce(at_least[k], 0) - coalesce(at_least[k + 1], 0);
    z := 0.5 * (z + count_of);
  END LOOP;
  -- sigma(C[0]/m): the registers still zero.
  x := (m - at_least[1]) / m;
  y := 1;
  before := x;
  count_of := x;
  LOOP
    x := x * x;
    before := count_of;
    count_of := count_of + x * y;
    y := y + y;
    EXIT WHEN count_of = before;
  END LOOP;
  z := z + m * count_of;
  RETURN round(m * m / (2 * ln(2)) / z)::integer;
END
$$;
--> statement-breakpoint
-- 0027's fold, which also keeps the new visitors' hashes and planes, and takes at most 50,000 visitors a step.
CREATE OR REPLACE FUNCTION vod_figures_fold(wait boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  deltas vod_rollup_delta[];
  taken bigint;
  counted bigint;
  visitors_taken bigint;
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
    RETURNING channel_id, campaign_id, day, visitor
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
  ),
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
  SELECT (SELECT count(*) FROM gone), (SELECT coalesce(sum(cardinality(visitors)), 0) FROM gone)
  INTO counted, visitors_taken;
  RETURN CASE WHEN taken >= 20000 OR counted >= 2000 OR visitors_taken >= 50000 THEN 1 ELSE 0 END;
END
$$;
--> statement-breakpoint
-- 0026's recount, which also builds the hashes and planes of the days it counts again (beside the lists, before
-- the switch).
CREATE OR REPLACE FUNCTION vod_visitors_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_business_zone();
  first_day date;
  last bigint;
  grant_row record;
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
--> statement-breakpoint
-- 0026's rebuild with the kept zone read once: read in the statement that dates each quarter-hour's day, the
-- planner put the settings lookup in every row (3 a row: 341 of 511 s for 4.6 million quarter-hours).
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
--> statement-breakpoint
-- The hashes and planes of the visitors kept; days before them have counts only (README "Visitors of a period").
INSERT INTO visitor_day_hashes (channel_id, campaign_id, day, hashes)
SELECT channel_id, campaign_id, day, hashes FROM vod_visitor_hashes_of('visitor_days');
--> statement-breakpoint
INSERT INTO visitor_day_planes (channel_id, campaign_id, day, plane, bits)
SELECT channel_id, campaign_id, day, plane, bits FROM vod_visitor_planes_of('visitor_days');
--> statement-breakpoint
SELECT vod_visitor_month_planes_fill('-infinity');
