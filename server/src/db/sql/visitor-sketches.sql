-- Distinct visitors (docs/analytics.md "Visitors of a period"): counts per day and month, HyperLogLog planes and, for small
-- pieces, the visitors' hashes; counted again from the visits by vod_visitors_recount.

-- Distinct visitors of a period (docs/analytics.md "Visitors of a period"): a HyperLogLog sketch (precision 14: 16,384
-- registers, standard error 0.81%) of each business day's and month's visitors per level, kept as planes (plane
-- k: a bit for each register of value k or more; uncompressed, PLAIN, as the readers OR them by the thousand).
-- A visitor's 64-bit hash picks its register with its low 14 bits; its value is the place of the first one in
-- the other 50 (51 when they are all zero).
CREATE OR REPLACE FUNCTION vod_hll_register_of(hash bigint) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (hash & 16383)::integer
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_hll_value_of(hash bigint) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(position(B'1' IN substring(hash::bit(64) FROM 1 FOR 50)), 0), 51)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_hll_register(visitor text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT vod_hll_register_of(hashtextextended(visitor, 0))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_hll_value(visitor text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT vod_hll_value_of(hashtextextended(visitor, 0))
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
-- A plane from the 64-register words that have a bit set, in order (their bits as bigints): the words written
-- as text with a run of zeros for each word left empty, so no copy of the plane is made a bit.
CREATE OR REPLACE FUNCTION vod_plane_of_words(words integer[], bits bigint[]) RETURNS bit varying
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT rpad(string_agg(repeat('0', (w.word - coalesce(w.before, -1) - 1) * 64) || w.bits::bit(64)::text, ''
    ORDER BY w.word), 16384, '0')::bit varying
  FROM (SELECT u.word, u.bits, lag(u.word) OVER (ORDER BY u.word) AS before FROM unnest(words, bits) AS u(word, bits)) w
$$;
--> statement-breakpoint
-- The planes of the registers of `source` (a relation with channel_id, campaign_id, day, register and value, a
-- row a register set, which may read unnest($1) of `rows`): each plane's bits ORed 64 registers at a time as
-- bigints, then the plane made from its words.
CREATE OR REPLACE FUNCTION vod_register_planes(source text, rows vod_visitor_day[] DEFAULT NULL)
RETURNS TABLE (channel_id integer, campaign_id integer, day date, plane smallint, bits bit varying)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT w.channel_id, w.campaign_id, w.day, w.plane,
       vod_plane_of_words(array_agg(w.word ORDER BY w.word), array_agg(w.bits ORDER BY w.word))
     FROM (SELECT r.channel_id, r.campaign_id, r.day, k::smallint AS plane, r.register >> 6 AS word,
         bit_or(1::bigint << (63 - (r.register & 63))) AS bits
       FROM %s r CROSS JOIN generate_series(1, r.value) k GROUP BY 1, 2, 3, 4, 5) w
     GROUP BY 1, 2, 3, 4', source) USING rows;
END
$$;
--> statement-breakpoint
-- The planes of the visitors of `source` (a relation with channel_id, campaign_id, day and visitor, which may
-- be unnest($1) of `rows`): each register's highest value per level and day, then its planes.
CREATE OR REPLACE FUNCTION vod_visitor_planes_of(source text, rows vod_visitor_day[] DEFAULT NULL)
RETURNS TABLE (channel_id integer, campaign_id integer, day date, plane smallint, bits bit varying)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT * FROM vod_register_planes(format(
    '(SELECT s.channel_id, s.campaign_id, s.day, vod_hll_register(s.visitor) AS register,
       max(vod_hll_value(s.visitor)) AS value FROM %s s GROUP BY 1, 2, 3, 4)', source), rows);
END
$$;
--> statement-breakpoint
-- The visits of ids in (after, upto], or with `days` those of these business days, as the recount reads
-- them: business day, finest level (0 = none) and the visitor's 64-bit hash.
CREATE OR REPLACE FUNCTION vod_visit_hashes(zone text, after bigint, upto bigint, days date[])
RETURNS TABLE (day date, channel_id integer, campaign_id integer, hash bigint) LANGUAGE sql STABLE AS $$
  SELECT (v.visited_at AT TIME ZONE zone)::date, coalesce(v.channel_id, 0), coalesce(v.campaign_id, 0),
    hashtextextended(v.visitor, 0)
  FROM visits v WHERE days IS NULL AND v.id > after AND v.id <= upto
  UNION ALL
  SELECT d.day, coalesce(v.channel_id, 0), coalesce(v.campaign_id, 0), hashtextextended(v.visitor, 0)
  FROM unnest(days) AS d(day)
  JOIN visits v ON v.visited_at >= d.day::timestamp AT TIME ZONE zone
    AND v.visited_at < (d.day + 1)::timestamp AT TIME ZONE zone
$$;
--> statement-breakpoint
-- The sketches of the visits of ids in (after, upto] (or of `days`, vod_visit_hashes), added to the recount's tables: each finest piece's
-- (business day, channel, campaign) registers from the visitors' hashes, never a list of visitor-days; a
-- finest piece's hashes where it may have 1,024 visitors or fewer (no more registers set), exactly, else none
-- (null); then the two coarser levels from the finest: a register's highest value, the hashes' union (null
-- when a piece has none or together they are more than 1,024).
CREATE OR REPLACE FUNCTION vod_visits_sketch(zone text, after bigint, upto bigint, days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DROP TABLE IF EXISTS vod_registers_taken;
  CREATE TEMP TABLE vod_registers_taken ON COMMIT DROP AS
  SELECT s.day, s.channel_id, s.campaign_id, vod_hll_register_of(s.hash) AS register,
    max(vod_hll_value_of(s.hash)) AS value
  FROM vod_visit_hashes(zone, after, upto, days) s GROUP BY 1, 2, 3, 4;
  ANALYZE vod_registers_taken;
  DROP TABLE IF EXISTS vod_hashes_taken;
  CREATE TEMP TABLE vod_hashes_taken ON COMMIT DROP AS
  WITH pieces AS (SELECT r.day, r.channel_id, r.campaign_id, count(*) <= 1024 AS few
      FROM vod_registers_taken r GROUP BY 1, 2, 3),
    listed AS (SELECT s.day, s.channel_id, s.campaign_id,
        CASE WHEN count(DISTINCT s.hash) <= 1024 THEN array_agg(DISTINCT s.hash ORDER BY s.hash) END AS hashes
      FROM vod_visit_hashes(zone, after, upto, days) s
      JOIN pieces p ON (p.day, p.channel_id, p.campaign_id) = (s.day, s.channel_id, s.campaign_id) AND p.few
      GROUP BY 1, 2, 3)
  SELECT p.channel_id, p.campaign_id, p.day, l.hashes FROM pieces p
  LEFT JOIN listed l ON (l.day, l.channel_id, l.campaign_id) = (p.day, p.channel_id, p.campaign_id);
  INSERT INTO vod_registers_taken SELECT r.day, r.channel_id, -1, r.register, max(r.value)
  FROM vod_registers_taken r GROUP BY 1, 2, 4;
  INSERT INTO vod_registers_taken SELECT r.day, -1, -1, r.register, max(r.value)
  FROM vod_registers_taken r WHERE r.channel_id >= 0 AND r.campaign_id = -1 GROUP BY 1, 4;
  INSERT INTO vod_hashes_taken SELECT h.channel_id, -1, h.day, vod_hashes_union(h.hashes)
  FROM vod_hashes_taken h GROUP BY 1, 3;
  INSERT INTO vod_hashes_taken SELECT -1, -1, h.day, vod_hashes_union(h.hashes)
  FROM vod_hashes_taken h WHERE h.channel_id >= 0 AND h.campaign_id = -1 GROUP BY 3;
  INSERT INTO vod_visitor_planes_next SELECT * FROM vod_register_planes('vod_registers_taken');
  INSERT INTO vod_visitor_hashes_next SELECT * FROM vod_hashes_taken;
  ANALYZE vod_visitor_planes_next, vod_visitor_hashes_next;
END
$$;
--> statement-breakpoint
-- The recount's visitors of `pieces` (a query of channel_id, campaign_id and day): a piece's hashes counted
-- while it has them, else its planes' estimate, as the fold counts them.
CREATE OR REPLACE FUNCTION vod_recounted(pieces text) RETURNS TABLE (channel_id integer, campaign_id integer, day date,
  visitors integer) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'WITH p AS (%s),
       h AS (SELECT n.channel_id, n.campaign_id, n.day, vod_hashes_union(n.hashes) AS hashes
         FROM vod_visitor_hashes_next n JOIN p USING (channel_id, campaign_id, day) GROUP BY 1, 2, 3),
       e AS (SELECT b.channel_id, b.campaign_id, b.day,
           vod_hll_estimate(array_agg(bit_count(b.bits)::integer ORDER BY b.plane)) AS estimate
         FROM (SELECT n.channel_id, n.campaign_id, n.day, n.plane, bit_or(n.bits) AS bits
           FROM vod_visitor_planes_next n JOIN h USING (channel_id, campaign_id, day)
           WHERE h.hashes IS NULL GROUP BY 1, 2, 3, 4) b
         GROUP BY 1, 2, 3)
     SELECT h.channel_id, h.campaign_id, h.day, coalesce(cardinality(h.hashes), e.estimate)::integer
     FROM h LEFT JOIN e USING (channel_id, campaign_id, day)', pieces);
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
-- The visitors counted again from the visits (after a bulk load or a change of zone): the kept visits' sketches
-- made in tables of the transaction's own (vod_visits_sketch), then the day and month counts, planes and hashes
-- switched to the new ones row by row. Registers and hashes only grow as visitors are added, so the visits
-- written meanwhile are added at the switch by the same steps.
CREATE OR REPLACE FUNCTION vod_visitors_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_business_zone();
  first_day date;
  last bigint;
  newest bigint;
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
  DROP TABLE IF EXISTS vod_visitor_planes_next;
  CREATE TEMP TABLE vod_visitor_planes_next (channel_id integer, campaign_id integer, day date, plane smallint,
    bits bit varying) ON COMMIT DROP;
  DROP TABLE IF EXISTS vod_visitor_hashes_next;
  CREATE TEMP TABLE vod_visitor_hashes_next (channel_id integer, campaign_id integer, day date, hashes bigint[])
    ON COMMIT DROP;
  PERFORM vod_visits_sketch(zone, 0, last, NULL);
  DROP TABLE IF EXISTS vod_visitor_counts_next;
  CREATE TEMP TABLE vod_visitor_counts_next ON COMMIT DROP AS
  SELECT * FROM vod_recounted('SELECT channel_id, campaign_id, day FROM vod_visitor_hashes_next');
  PERFORM vod_upkeep_hold('recount');
  -- The switch: from here to the commit the visits wait, and the folding of queued visitors.
  PERFORM vod_lock_visits();
  PERFORM pg_advisory_xact_lock(270027);
  SELECT coalesce(max(id), 0) INTO newest FROM visits;
  IF newest > last THEN
    PERFORM vod_visits_sketch(zone, last, newest, NULL);
    -- The pieces the visits written meanwhile reach, counted again with them.
    DELETE FROM vod_visitor_counts_next n USING vod_hashes_taken t
    WHERE (n.channel_id, n.campaign_id, n.day) = (t.channel_id, t.campaign_id, t.day);
    INSERT INTO vod_visitor_counts_next
    SELECT * FROM vod_recounted('SELECT channel_id, campaign_id, day FROM vod_hashes_taken');
  END IF;
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
--> statement-breakpoint
-- New visits' visitors, each once a business day (in the zone set now) per level (all, its channel, its
-- campaign): into their days' and months' hashes and planes, then the counts of the days and months they
-- touched (docs/analytics.md "Visitors of a period"). Adding a visitor a day already holds changes nothing, so a
-- visit added twice (read ahead by a recount, then applied) counts once.
CREATE OR REPLACE FUNCTION vod_visitors_add(new_visits vod_new_visit[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_business_zone();
  touched vod_visitor_day[];
BEGIN
  -- Each visit at its three levels, its visitor hashed once; a visitor seen twice a day only raises a register
  -- to the same value, so only the hashes kept for small days need them distinct.
  WITH added AS (
    SELECT l.c AS channel_id, l.m AS campaign_id, t.day, t.hash
    FROM (SELECT (v.visited_at AT TIME ZONE zone)::date AS day, coalesce(v.channel_id, 0) AS channel_id,
        coalesce(v.campaign_id, 0) AS campaign_id, hashtextextended(v.visitor, 0) AS hash
      FROM unnest(new_visits) v) t
    CROSS JOIN LATERAL (VALUES (-1, -1), (t.channel_id, -1), (t.channel_id, t.campaign_id)) AS l(c, m)
  ),
  -- The new visitor-days in their days' and months' hashes and planes (docs/analytics.md "Visitors of a period").
  r AS (
    SELECT a.channel_id, a.campaign_id, a.day, vod_hll_register_of(a.hash) AS register,
      max(vod_hll_value_of(a.hash)) AS value
    FROM added a GROUP BY 1, 2, 3, 4
  ),
  -- Only registers the day's planes do not hold yet (its plane of that value has the bit: so have those below).
  changed AS (
    SELECT r.* FROM r LEFT JOIN visitor_day_planes d
      ON (d.channel_id, d.campaign_id, d.day, d.plane) = (r.channel_id, r.campaign_id, r.day, r.value)
    WHERE d.bits IS NULL OR get_bit(d.bits, r.register) = 0
  ),
  p AS (
    SELECT w.channel_id, w.campaign_id, w.day, w.plane,
      vod_plane_of_words(array_agg(w.word ORDER BY w.word), array_agg(w.bits ORDER BY w.word)) AS bits
    FROM (SELECT c.channel_id, c.campaign_id, c.day, k::smallint AS plane, c.register >> 6 AS word,
        bit_or(1::bigint << (63 - (c.register & 63))) AS bits
      FROM changed c CROSS JOIN generate_series(1, c.value) k GROUP BY 1, 2, 3, 4, 5) w
    GROUP BY 1, 2, 3, 4
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
      CASE WHEN count(DISTINCT a.hash) <= 1024 THEN array_agg(DISTINCT a.hash) END AS hashes
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
  SELECT ARRAY(SELECT DISTINCT ROW(channel_id, campaign_id, day, NULL)::vod_visitor_day FROM added) INTO touched;
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
END
$$;
--> statement-breakpoint
-- The visitors of business days counted again from their visits, where a visit was moved or deleted (a
-- sketch cannot take a visitor away): the days' counts, planes and hashes replaced, then their months'.
CREATE OR REPLACE FUNCTION vod_visitor_days_recount(days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := ARRAY(SELECT DISTINCT date_trunc('month', d)::date FROM unnest(days) d);
BEGIN
  DROP TABLE IF EXISTS vod_visitor_planes_next;
  CREATE TEMP TABLE vod_visitor_planes_next (channel_id integer, campaign_id integer, day date, plane smallint,
    bits bit varying) ON COMMIT DROP;
  DROP TABLE IF EXISTS vod_visitor_hashes_next;
  CREATE TEMP TABLE vod_visitor_hashes_next (channel_id integer, campaign_id integer, day date, hashes bigint[])
    ON COMMIT DROP;
  PERFORM vod_visits_sketch(vod_business_zone(), 0, 0, days);
  DELETE FROM visitor_day_counts WHERE day = ANY (days);
  INSERT INTO visitor_day_counts (channel_id, campaign_id, day, visitors)
  SELECT channel_id, campaign_id, day, sum(visitors)
  FROM vod_recounted('SELECT channel_id, campaign_id, day FROM vod_visitor_hashes_next') GROUP BY 1, 2, 3;
  DELETE FROM visitor_day_planes WHERE day = ANY (days);
  INSERT INTO visitor_day_planes (channel_id, campaign_id, day, plane, bits)
  SELECT channel_id, campaign_id, day, plane, bit_or(bits) FROM vod_visitor_planes_next GROUP BY 1, 2, 3, 4;
  DELETE FROM visitor_day_hashes WHERE day = ANY (days);
  INSERT INTO visitor_day_hashes (channel_id, campaign_id, day, hashes)
  SELECT channel_id, campaign_id, day, vod_hashes_union(hashes) FROM vod_visitor_hashes_next GROUP BY 1, 2, 3;
  DELETE FROM visitor_month_counts WHERE month = ANY (months);
  INSERT INTO visitor_month_counts (channel_id, campaign_id, month, visitors)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, sum(visitors) FROM visitor_day_counts
  WHERE date_trunc('month', day)::date = ANY (months) GROUP BY 1, 2, 3;
  DELETE FROM visitor_month_hashes WHERE month = ANY (months);
  INSERT INTO visitor_month_hashes (channel_id, campaign_id, month, hashes)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, vod_hashes_union(hashes) FROM visitor_day_hashes
  WHERE date_trunc('month', day)::date = ANY (months) GROUP BY 1, 2, 3;
  DELETE FROM visitor_month_planes WHERE month = ANY (months);
  INSERT INTO visitor_month_planes (channel_id, campaign_id, month, plane, bits)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, plane, bit_or(bits) FROM visitor_day_planes
  WHERE date_trunc('month', day)::date = ANY (months) GROUP BY 1, 2, 3, 4;
END
$$;
