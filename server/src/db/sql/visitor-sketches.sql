-- Distinct visitors (docs/analytics.md "Visitors of a period"): counts per day and month, HyperLogLog planes and, for small
-- pieces, the visitors' hashes; counted again from the visits by vod_visitors_recount.

-- Distinct visitors of a period (docs/analytics.md "Visitors of a period"): a HyperLogLog sketch (precision 14: 16,384
-- registers, standard error 0.81%) of each business day's and month's visitors per level, kept as planes (plane
-- k: a bit for each register of value k or more; uncompressed, PLAIN, as the readers OR them by the thousand).
-- A visitor's 64-bit hash picks its register with its low 14 bits; its value is the place of the first one in
-- the other 50 (51 when they are all zero).
CREATE OR REPLACE FUNCTION vod_hll_register(visitor text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (hashtextextended(visitor, 0) & 16383)::integer
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_hll_value(visitor text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(position(B'1' IN substring(hashtextextended(visitor, 0)::bit(64) FROM 1 FOR 50)), 0), 51)
$$;
--> statement-breakpoint
-- A plane with one register's bit set (the constant is folded once a statement).
CREATE OR REPLACE FUNCTION vod_hll_bit(register integer) RETURNS bit varying LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (B'1' || repeat('0', 16383)::bit varying) >> register
$$;
--> statement-breakpoint
-- Ertl's estimate of the distinct values of a sketch ("New cardinality estimation algorithms for HyperLogLog
-- sketches", 2017, algorithm 6) from its planes' counts of ones: at_least[k] registers are k or more. Unbiased
-- from one visitor to billions without tables of corrections; rounded to a whole visitor.
CREATE OR REPLACE FUNCTION vod_hll_estimate(at_least integer[]) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
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
-- A piece's visitors' hashes while they are 1,024 or fewer (docs/analytics.md "Visitors of a period"): two pieces' together,
-- sorted, or null when either is null or together they are more.
CREATE OR REPLACE FUNCTION vod_hashes_merge(a bigint[], b bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN a IS NOT NULL AND b IS NOT NULL THEN (
    SELECT CASE WHEN count(*) <= 1024 THEN coalesce(array_agg(x ORDER BY x), '{}') END
    FROM (SELECT DISTINCT unnest(a || b) AS x) s) END
$$;
--> statement-breakpoint
CREATE OR REPLACE AGGREGATE vod_hashes_union(bigint[]) (SFUNC = vod_hashes_merge, STYPE = bigint[], INITCOND = '{}');
--> statement-breakpoint
-- The hashes of each level's and day's visitors in `source` (distinct there), while 1,024 or fewer.
CREATE OR REPLACE FUNCTION vod_visitor_hashes_of(source text, rows vod_visitor_day[] DEFAULT NULL)
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
CREATE OR REPLACE FUNCTION vod_visitor_planes_of(source text, rows vod_visitor_day[] DEFAULT NULL)
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
-- visitor_day_counts summed by month, from the month of `first` on.
CREATE OR REPLACE FUNCTION vod_visitor_months_fill(first date) RETURNS void LANGUAGE sql AS $$
  DELETE FROM visitor_month_counts WHERE month >= date_trunc('month', first);
  INSERT INTO visitor_month_counts (channel_id, campaign_id, month, visitors)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, sum(visitors)
  FROM visitor_day_counts WHERE day >= date_trunc('month', first) GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
-- The month planes and hashes from the days', from the month of `first` on (after a recount).
CREATE OR REPLACE FUNCTION vod_visitor_month_planes_fill(first date) RETURNS void LANGUAGE sql AS $$
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
-- The visitors counted again from the visits (after a bulk load or a change of zone): each visitor's business
-- days per level listed in a table of the transaction's own, then the day and month counts, planes and hashes
-- switched to the new ones row by row, adding the visits written meanwhile.
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
