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
  registers constant double precision := 16384;
  most constant integer := 50;
  top integer := coalesce(cardinality(at_least), 0);
  total double precision;
  ratio double precision;
  weight double precision;
  before double precision;
  count_of double precision;
BEGIN
  IF top = 0 OR at_least[1] = 0 THEN RETURN 0; END IF;
  -- tau(1 - C[q+1]/m): registers at the top value (none below 2^64 visitors in practice).
  ratio := 1 - coalesce(at_least[most + 1], 0) / registers;
  total := 0;
  IF ratio > 0 AND ratio < 1 THEN
    weight := 1;
    total := 1 - ratio;
    LOOP
      ratio := sqrt(ratio);
      before := total;
      weight := weight * 0.5;
      total := total - (1 - ratio) ^ 2 * weight;
      EXIT WHEN total = before;
    END LOOP;
    total := total / 3;
  END IF;
  total := registers * total;
  FOR value IN REVERSE most..1 LOOP
    count_of := coalesce(at_least[value], 0) - coalesce(at_least[value + 1], 0);
    total := 0.5 * (total + count_of);
  END LOOP;
  -- sigma(C[0]/m): the registers still zero.
  ratio := (registers - at_least[1]) / registers;
  weight := 1;
  before := ratio;
  count_of := ratio;
  LOOP
    ratio := ratio * ratio;
    before := count_of;
    count_of := count_of + ratio * weight;
    weight := weight + weight;
    EXIT WHEN count_of = before;
  END LOOP;
  total := total + registers * count_of;
  RETURN round(registers * registers / (2 * ln(2)) / total)::integer;
END
$$;
--> statement-breakpoint
-- A piece's visitors' hashes while they are 1,024 or fewer (docs/analytics.md "Visitors of a period"): two pieces' together,
-- sorted, or null when either is null or together they are more.
CREATE OR REPLACE FUNCTION vod_hashes_merge(kept bigint[], added bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN kept IS NOT NULL AND added IS NOT NULL THEN (
    SELECT CASE WHEN count(*) <= 1024 THEN coalesce(array_agg(merged.hash ORDER BY merged.hash), '{}') END
    FROM (SELECT DISTINCT unnest(kept || added) AS hash) merged) END
$$;
--> statement-breakpoint
CREATE OR REPLACE AGGREGATE vod_hashes_union(bigint[]) (SFUNC = vod_hashes_merge, STYPE = bigint[], INITCOND = '{}');
--> statement-breakpoint
-- A plane from the 64-register words that have a bit set (their bits as bigints): each word put in its place in
-- an empty plane, the planes ORed. A word costs a few copies of the plane's 2 KB; against writing the plane as
-- 16,384 characters of text, 40 times faster for the one word a visit applied alone raises, 1.4 times slower
-- for a plane with every word set (PostgreSQL 15; docs/speed.md, "Where the CPU
-- goes").
CREATE OR REPLACE FUNCTION vod_plane_of_words(words integer[], bits bigint[]) RETURNS bit varying
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT bit_or((word_set.bits::bit(64) || B'0'::bit(16320)) >> (word_set.word * 64))::bit varying
  FROM unnest(words, bits) AS word_set(word, bits)
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
    'SELECT word_bits.channel_id, word_bits.campaign_id, word_bits.day, word_bits.plane,
       vod_plane_of_words(array_agg(word_bits.word), array_agg(word_bits.bits))
     FROM (SELECT register_set.channel_id, register_set.campaign_id, register_set.day, plane::smallint AS plane,
         register_set.register >> 6 AS word, bit_or(1::bigint << (63 - (register_set.register & 63))) AS bits
       FROM %s register_set CROSS JOIN generate_series(1, register_set.value) plane GROUP BY 1, 2, 3, 4, 5) word_bits
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
    '(SELECT visitor_day.channel_id, visitor_day.campaign_id, visitor_day.day,
       vod_hll_register(visitor_day.visitor) AS register, max(vod_hll_value(visitor_day.visitor)) AS value
     FROM %s visitor_day GROUP BY 1, 2, 3, 4)', source), rows);
END
$$;
--> statement-breakpoint
-- The visits of ids in (after, upto], or with `days` those of these business days, as the recount reads
-- them: business day, finest level (0 = none) and the visitor's 64-bit hash.
CREATE OR REPLACE FUNCTION vod_visit_hashes(zone text, after bigint, upto bigint, days date[])
RETURNS TABLE (day date, channel_id integer, campaign_id integer, hash bigint) LANGUAGE sql STABLE AS $$
  SELECT (visit.visited_at AT TIME ZONE zone)::date, coalesce(visit.channel_id, 0), coalesce(visit.campaign_id, 0),
    hashtextextended(visit.visitor, 0)
  FROM visits visit WHERE days IS NULL AND visit.id > after AND visit.id <= upto
    AND vod_datable(visit.visited_at) IS NOT NULL
  UNION ALL
  SELECT wanted.day, coalesce(visit.channel_id, 0), coalesce(visit.campaign_id, 0), hashtextextended(visit.visitor, 0)
  FROM unnest(days) AS wanted(day)
  JOIN visits visit ON visit.visited_at >= wanted.day::timestamp AT TIME ZONE zone
    AND visit.visited_at < (wanted.day + 1)::timestamp AT TIME ZONE zone
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
  SELECT visit.day, visit.channel_id, visit.campaign_id, vod_hll_register_of(visit.hash) AS register,
    max(vod_hll_value_of(visit.hash)) AS value
  FROM vod_visit_hashes(zone, after, upto, days) visit GROUP BY 1, 2, 3, 4;
  ANALYZE vod_registers_taken;
  DROP TABLE IF EXISTS vod_hashes_taken;
  CREATE TEMP TABLE vod_hashes_taken ON COMMIT DROP AS
  WITH pieces AS (SELECT taken.day, taken.channel_id, taken.campaign_id, count(*) <= 1024 AS few
      FROM vod_registers_taken taken GROUP BY 1, 2, 3),
    listed AS (SELECT visit.day, visit.channel_id, visit.campaign_id,
        CASE WHEN count(DISTINCT visit.hash) <= 1024 THEN array_agg(DISTINCT visit.hash ORDER BY visit.hash) END AS hashes
      FROM vod_visit_hashes(zone, after, upto, days) visit
      JOIN pieces piece ON (piece.day, piece.channel_id, piece.campaign_id) = (visit.day, visit.channel_id, visit.campaign_id)
        AND piece.few
      GROUP BY 1, 2, 3)
  SELECT piece.channel_id, piece.campaign_id, piece.day, listed.hashes FROM pieces piece
  LEFT JOIN listed ON (listed.day, listed.channel_id, listed.campaign_id) = (piece.day, piece.channel_id, piece.campaign_id);
  INSERT INTO vod_registers_taken SELECT taken.day, taken.channel_id, -1, taken.register, max(taken.value)
  FROM vod_registers_taken taken GROUP BY 1, 2, 4;
  INSERT INTO vod_registers_taken SELECT taken.day, -1, -1, taken.register, max(taken.value)
  FROM vod_registers_taken taken WHERE taken.channel_id >= 0 AND taken.campaign_id = -1 GROUP BY 1, 4;
  INSERT INTO vod_hashes_taken SELECT taken.channel_id, -1, taken.day, vod_hashes_union(taken.hashes)
  FROM vod_hashes_taken taken GROUP BY 1, 3;
  INSERT INTO vod_hashes_taken SELECT -1, -1, taken.day, vod_hashes_union(taken.hashes)
  FROM vod_hashes_taken taken WHERE taken.channel_id >= 0 AND taken.campaign_id = -1 GROUP BY 3;
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
    'WITH asked AS (%s),
       listed AS (SELECT next_hashes.channel_id, next_hashes.campaign_id, next_hashes.day,
           vod_hashes_union(next_hashes.hashes) AS hashes
         FROM vod_visitor_hashes_next next_hashes JOIN asked USING (channel_id, campaign_id, day) GROUP BY 1, 2, 3),
       estimated AS (SELECT piece.channel_id, piece.campaign_id, piece.day,
           vod_hll_estimate(array_agg(bit_count(piece.bits)::integer ORDER BY piece.plane)) AS estimate
         FROM (SELECT next_planes.channel_id, next_planes.campaign_id, next_planes.day, next_planes.plane,
             bit_or(next_planes.bits) AS bits
           FROM vod_visitor_planes_next next_planes JOIN listed USING (channel_id, campaign_id, day)
           WHERE listed.hashes IS NULL GROUP BY 1, 2, 3, 4) piece
         GROUP BY 1, 2, 3)
     SELECT listed.channel_id, listed.campaign_id, listed.day,
       coalesce(cardinality(listed.hashes), estimated.estimate)::integer
     FROM listed LEFT JOIN estimated USING (channel_id, campaign_id, day)', pieces);
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
  SELECT (visited_at AT TIME ZONE zone)::date INTO first_day FROM visits
  WHERE vod_datable(visited_at) IS NOT NULL ORDER BY visited_at LIMIT 1;
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
    DELETE FROM vod_visitor_counts_next counted USING vod_hashes_taken taken
    WHERE (counted.channel_id, counted.campaign_id, counted.day) = (taken.channel_id, taken.campaign_id, taken.day);
    INSERT INTO vod_visitor_counts_next
    SELECT * FROM vod_recounted('SELECT channel_id, campaign_id, day FROM vod_hashes_taken');
  END IF;
  first_day := coalesce(first_day, (SELECT min(day) FROM vod_visitor_counts_next));
  IF first_day IS NOT NULL THEN
    PERFORM vod_visitor_days_switch(first_day);
  END IF;
END
$$;
--> statement-breakpoint
-- The recount's days from `first_day` on switched to what it counted (vod_visitor_counts_next and the planes and
-- hashes next), row by row: only rows that differ are written; then their months'.
CREATE OR REPLACE FUNCTION vod_visitor_days_switch(first_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM visitor_day_counts kept
  WHERE kept.day >= first_day AND NOT EXISTS (SELECT 1 FROM vod_visitor_counts_next counted
    WHERE (counted.channel_id, counted.campaign_id, counted.day) = (kept.channel_id, kept.campaign_id, kept.day));
  INSERT INTO visitor_day_counts AS kept (channel_id, campaign_id, day, visitors)
  SELECT channel_id, campaign_id, day, sum(visitors) FROM vod_visitor_counts_next
  WHERE day >= first_day GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET visitors = excluded.visitors
  WHERE kept.visitors <> excluded.visitors;
  PERFORM vod_visitor_months_fill(first_day);
  DELETE FROM visitor_day_planes kept
  WHERE kept.day >= first_day AND NOT EXISTS (SELECT 1 FROM vod_visitor_planes_next counted
    WHERE (counted.channel_id, counted.campaign_id, counted.day, counted.plane)
      = (kept.channel_id, kept.campaign_id, kept.day, kept.plane));
  INSERT INTO visitor_day_planes AS kept (channel_id, campaign_id, day, plane, bits)
  SELECT channel_id, campaign_id, day, plane, bit_or(bits) FROM vod_visitor_planes_next
  WHERE day >= first_day GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (channel_id, campaign_id, day, plane) DO UPDATE SET bits = excluded.bits
  WHERE kept.bits <> excluded.bits;
  DELETE FROM visitor_day_hashes kept
  WHERE kept.day >= first_day AND NOT EXISTS (SELECT 1 FROM vod_visitor_hashes_next counted
    WHERE (counted.channel_id, counted.campaign_id, counted.day) = (kept.channel_id, kept.campaign_id, kept.day));
  INSERT INTO visitor_day_hashes AS kept (channel_id, campaign_id, day, hashes)
  SELECT channel_id, campaign_id, day, vod_hashes_union(hashes) FROM vod_visitor_hashes_next
  WHERE day >= first_day GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET hashes = excluded.hashes
  WHERE kept.hashes IS DISTINCT FROM excluded.hashes;
  PERFORM vod_visitor_month_planes_fill(first_day);
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
BEGIN
  PERFORM vod_visitor_planes_add(new_visits, zone);
  PERFORM vod_visitor_hashes_add(new_visits, zone);
  PERFORM vod_visitor_counts_refresh(ARRAY(
    SELECT DISTINCT ROW(added.channel_id, added.campaign_id, added.day, NULL)::vod_visitor_day
    FROM vod_visitor_levels(new_visits, zone) added));
END
$$;
--> statement-breakpoint
-- Each new visit at its three levels (all, its channel, its campaign) on its business day, its visitor hashed.
CREATE OR REPLACE FUNCTION vod_visitor_levels(new_visits vod_new_visit[], zone text)
RETURNS TABLE (channel_id integer, campaign_id integer, day date, hash bigint) LANGUAGE sql STABLE AS $$
  SELECT level.channel_id, level.campaign_id, visit.day, visit.hash
  FROM (SELECT (new_visit.visited_at AT TIME ZONE zone)::date AS day, coalesce(new_visit.channel_id, 0) AS channel_id,
      coalesce(new_visit.campaign_id, 0) AS campaign_id, hashtextextended(new_visit.visitor, 0) AS hash
    FROM unnest(new_visits) new_visit WHERE vod_datable(new_visit.visited_at) IS NOT NULL) visit
  CROSS JOIN LATERAL (VALUES (-1, -1), (visit.channel_id, -1), (visit.channel_id, visit.campaign_id))
    AS level(channel_id, campaign_id)
$$;
--> statement-breakpoint
-- New visitors' registers into their days' and months' planes: only registers a day's planes do not hold yet
-- (its plane of that value has the bit: so have those below), set 64 at a time. A visitor seen twice a day
-- only raises its register to the same value, so nothing here needs them distinct.
CREATE OR REPLACE FUNCTION vod_visitor_planes_add(new_visits vod_new_visit[], zone text) RETURNS void
LANGUAGE sql AS $$
  WITH registers AS (
    SELECT added.channel_id, added.campaign_id, added.day, vod_hll_register_of(added.hash) AS register,
      max(vod_hll_value_of(added.hash)) AS value
    FROM vod_visitor_levels(new_visits, zone) added GROUP BY 1, 2, 3, 4
  ),
  raised AS (
    SELECT registers.* FROM registers LEFT JOIN visitor_day_planes kept
      ON (kept.channel_id, kept.campaign_id, kept.day, kept.plane)
        = (registers.channel_id, registers.campaign_id, registers.day, registers.value)
    WHERE kept.bits IS NULL OR get_bit(kept.bits, registers.register) = 0
  ),
  new_planes AS (
    SELECT word_bits.channel_id, word_bits.campaign_id, word_bits.day, word_bits.plane,
      vod_plane_of_words(array_agg(word_bits.word), array_agg(word_bits.bits)) AS bits
    FROM (SELECT raised.channel_id, raised.campaign_id, raised.day, plane::smallint AS plane,
        raised.register >> 6 AS word, bit_or(1::bigint << (63 - (raised.register & 63))) AS bits
      FROM raised CROSS JOIN generate_series(1, raised.value) plane GROUP BY 1, 2, 3, 4, 5) word_bits
    GROUP BY 1, 2, 3, 4
  ),
  day_planes AS (
    INSERT INTO visitor_day_planes AS kept (channel_id, campaign_id, day, plane, bits)
    SELECT * FROM new_planes ORDER BY 1, 2, 3, 4
    ON CONFLICT (channel_id, campaign_id, day, plane) DO UPDATE SET bits = kept.bits | excluded.bits
    WHERE kept.bits | excluded.bits <> kept.bits
  )
  INSERT INTO visitor_month_planes AS kept (channel_id, campaign_id, month, plane, bits)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, plane, bit_or(bits) FROM new_planes
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (channel_id, campaign_id, month, plane) DO UPDATE SET bits = kept.bits | excluded.bits
  WHERE kept.bits | excluded.bits <> kept.bits
$$;
--> statement-breakpoint
-- New visitors' hashes into their days' and months', only where a day keeps them (a day past 1,024 visitors
-- has none, nor then its month).
CREATE OR REPLACE FUNCTION vod_visitor_hashes_add(new_visits vod_new_visit[], zone text) RETURNS void
LANGUAGE sql AS $$
  WITH listed AS (
    SELECT added.channel_id, added.campaign_id, added.day,
      CASE WHEN count(DISTINCT added.hash) <= 1024 THEN array_agg(DISTINCT added.hash) END AS hashes
    FROM vod_visitor_levels(new_visits, zone) added LEFT JOIN visitor_day_hashes kept
      ON (kept.channel_id, kept.campaign_id, kept.day) = (added.channel_id, added.campaign_id, added.day)
    WHERE kept.day IS NULL OR kept.hashes IS NOT NULL
    GROUP BY 1, 2, 3
  ),
  day_hashes AS (
    INSERT INTO visitor_day_hashes AS kept (channel_id, campaign_id, day, hashes)
    SELECT * FROM listed ORDER BY 1, 2, 3
    ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET hashes = vod_hashes_merge(kept.hashes, excluded.hashes)
    WHERE kept.hashes IS NOT NULL
  )
  INSERT INTO visitor_month_hashes AS kept (channel_id, campaign_id, month, hashes)
  SELECT channel_id, campaign_id, date_trunc('month', day)::date, vod_hashes_union(hashes) FROM listed
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (channel_id, campaign_id, month) DO UPDATE SET hashes = vod_hashes_merge(kept.hashes, excluded.hashes)
  WHERE kept.hashes IS NOT NULL
$$;
--> statement-breakpoint
-- The counts of the days and months `touched`, from what they keep now: a day's hashes while it has them
-- (exact), else its planes' estimate; a month's, the sum of its days' (docs/analytics.md "Visitors of a period").
CREATE OR REPLACE FUNCTION vod_visitor_counts_refresh(touched vod_visitor_day[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO visitor_day_counts AS kept (channel_id, campaign_id, day, visitors)
  SELECT piece.channel_id, piece.campaign_id, piece.day, coalesce(
    (SELECT cardinality(listed.hashes) FROM visitor_day_hashes listed
      WHERE (listed.channel_id, listed.campaign_id, listed.day) = (piece.channel_id, piece.campaign_id, piece.day)),
    (SELECT vod_hll_estimate(array_agg(bit_count(planes.bits)::integer ORDER BY planes.plane))
      FROM visitor_day_planes planes
      WHERE (planes.channel_id, planes.campaign_id, planes.day) = (piece.channel_id, piece.campaign_id, piece.day)))
  FROM unnest(touched) piece ORDER BY 1, 2, 3
  ON CONFLICT (channel_id, campaign_id, day) DO UPDATE SET visitors = excluded.visitors
  WHERE kept.visitors <> excluded.visitors;
  INSERT INTO visitor_month_counts AS kept (channel_id, campaign_id, month, visitors)
  SELECT piece.channel_id, piece.campaign_id, piece.month, sum(counted.visitors)
  FROM (SELECT DISTINCT channel_id, campaign_id, date_trunc('month', day)::date AS month FROM unnest(touched)) piece
  JOIN visitor_day_counts counted ON (counted.channel_id, counted.campaign_id) = (piece.channel_id, piece.campaign_id)
    AND counted.day >= piece.month AND counted.day < piece.month + 31 AND date_trunc('month', counted.day) = piece.month
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (channel_id, campaign_id, month) DO UPDATE SET visitors = excluded.visitors
  WHERE kept.visitors <> excluded.visitors;
$$;
--> statement-breakpoint
-- The visitors of business days counted again from their visits, where a visit was moved or deleted (a
-- sketch cannot take a visitor away): the days' counts, planes and hashes replaced, then their months'.
CREATE OR REPLACE FUNCTION vod_visitor_days_recount(days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  months date[] := ARRAY(SELECT DISTINCT date_trunc('month', touched_day)::date FROM unnest(days) touched_day);
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
--> statement-breakpoint
-- The stale days (visitor_days_stale: the stream saw a visit of theirs moved or deleted) counted again, the
-- `batch` noted first, in the background: under the fold's lock, so no run of the stream adds to their
-- sketches meanwhile; a visit a later run adds that the recount already read is added again, which changes
-- nothing (a visitor's hash and register are kept once). 1 when more are left, 0 when none.
CREATE OR REPLACE FUNCTION vod_stale_days_recount(batch integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  days date[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM visitor_days_stale) THEN
    RETURN 0;
  END IF;
  PERFORM vod_upkeep_hold('stale days');
  PERFORM pg_advisory_xact_lock(270027);
  WITH taken AS (
    DELETE FROM visitor_days_stale
    WHERE day = ANY (ARRAY(SELECT noted.day FROM visitor_days_stale noted ORDER BY noted.since LIMIT batch))
    RETURNING day)
  SELECT array_agg(taken.day) INTO days FROM taken;
  IF days IS NOT NULL THEN
    PERFORM vod_visitor_days_recount(days);
  END IF;
  RETURN CASE WHEN EXISTS (SELECT 1 FROM visitor_days_stale) THEN 1 ELSE 0 END;
END
$$;
