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
-- do (vod_rollup_fix_dated), and the differences written row by row (readers never wait; vod_rollup_fix_add). What is written but not yet folded is left to the fold
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
  PERFORM vod_rollup_fix_add('quarter', 'rollup_quarters', 'bucket');
  PERFORM vod_rollup_fix_add('zone_day', 'rollup_zone_days', 'day');
  PERFORM vod_rollup_fix_add('month', 'rollup_months', 'month');
  PERFORM vod_rollup_fix_add('day', 'rollup_days', 'day');
END
$$;
--> statement-breakpoint
-- vod_rollup_fix (a table of this transaction): the quarter-hours as the rows give them (vod_rollup_sources at
-- the seven levels, sign 1) less as kept (-1), where they differ; kind 'quarter'. A level's dimensions left out
-- of its grouping set are "all" (-1, '*'); rows without a plan or device belong to no plan or device level.
CREATE OR REPLACE FUNCTION vod_rollup_fix_quarters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DROP TABLE IF EXISTS vod_rollup_fix;
  EXECUTE format('CREATE TEMP TABLE vod_rollup_fix ON COMMIT DROP AS
  WITH base AS MATERIALIZED (
    SELECT moment AS bucket, channel_id, campaign_id, plan_id, device, %2$s FROM vod_rollup_sources()),
  truth AS MATERIALIZED (
    SELECT * FROM (
      SELECT CASE WHEN grouping(channel_id) = 1 THEN -1 ELSE channel_id END AS channel_id,
        CASE WHEN grouping(campaign_id) = 1 THEN -1 ELSE campaign_id END AS campaign_id,
        CASE WHEN grouping(plan_id) = 1 THEN -1 ELSE plan_id END AS plan_id,
        CASE WHEN grouping(device) = 1 THEN ''*'' ELSE device END AS device, bucket, %1$s
      FROM base
      GROUP BY GROUPING SETS ((bucket), (bucket, channel_id), (bucket, channel_id, campaign_id), (bucket, plan_id),
        (bucket, channel_id, plan_id), (bucket, device), (bucket, channel_id, device))
    ) AS leveled
    WHERE plan_id IS NOT NULL AND device IS NOT NULL
  ),
  signed AS (
    SELECT channel_id, campaign_id, plan_id, device, bucket, %2$s FROM truth
    UNION ALL
    SELECT channel_id, campaign_id, plan_id, device, bucket, %3$s FROM rollup_quarters
  )
  SELECT ''quarter'' AS kind, channel_id, campaign_id, plan_id, device, bucket, NULL::date AS day, %1$s
  FROM signed
  GROUP BY 2, 3, 4, 5, 6
  HAVING %4$s',
    vod_kept_list('sum(%1$I) AS %1$I'), vod_kept_list('%1$I'), vod_rollup_kept_negated(),
    vod_kept_list('sum(%1$I) <> 0', ' OR '));
END
$$;
--> statement-breakpoint
-- Since when retention has kept no visits (-infinity: it has deleted none): pruneVisits, a quarter-hour's start.
CREATE OR REPLACE FUNCTION vod_visits_pruned_before() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value::timestamptz FROM app_settings WHERE key = 'visits_pruned_before'), '-infinity')
$$;
--> statement-breakpoint
-- The rebuild's kept side, each figure negated, but for the figures of visits in the quarter-hours retention
-- emptied (their rows gone, their figures kept): those stand, as the rows no longer tell them.
CREATE OR REPLACE FUNCTION vod_rollup_kept_negated() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(CASE WHEN kept_column = ANY (vod_pruned_columns())
      THEN format('CASE WHEN bucket < %L::timestamptz THEN 0 ELSE -%I END', vod_visits_pruned_before(), kept_column)
      ELSE format('-%I', kept_column) END, ', ')
  FROM unnest(vod_kept_columns()) kept_column
$$;
--> statement-breakpoint
-- The UTC days (kind 'day'), the kept zone's business days ('zone_day', none in UTC) and its months ('month')
-- differ by what their quarter-hours in vod_rollup_fix differ by.
CREATE OR REPLACE FUNCTION vod_rollup_fix_dated(kept_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO vod_rollup_fix
  SELECT dated.kind, fix.channel_id, fix.campaign_id, fix.plan_id, fix.device, NULL, dated.day, %1$s
  FROM vod_rollup_fix fix
  CROSS JOIN LATERAL (VALUES (''day'', (fix.bucket AT TIME ZONE ''UTC'')::date),
    (''zone_day'', CASE WHEN $1 <> ''UTC'' THEN (fix.bucket AT TIME ZONE $1)::date END),
    (''month'', date_trunc(''month'', fix.bucket AT TIME ZONE $1)::date)) AS dated(kind, day)
  WHERE fix.kind = ''quarter'' AND dated.day IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 7', vod_kept_list('sum(fix.%1$I)'))
  USING kept_zone;
END
$$;
--> statement-breakpoint
-- vod_rollup_fix's rows of a kind added to their rollup table (dated by `time_column`), in key order.
CREATE OR REPLACE FUNCTION vod_rollup_fix_add(fix_kind text, target text, time_column text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO %1$I AS kept (channel_id, campaign_id, plan_id, device, %2$I, %3$s)
    SELECT channel_id, campaign_id, plan_id, device, %4$s, %3$s
    FROM vod_rollup_fix WHERE kind = $1 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (channel_id, campaign_id, plan_id, device, %2$I) DO UPDATE SET %5$s',
    target, time_column, vod_kept_list('%1$I'), CASE WHEN time_column = 'bucket' THEN 'bucket' ELSE 'day' END,
    vod_kept_list('%1$I = kept.%1$I + excluded.%1$I'))
  USING fix_kind;
END
$$;
