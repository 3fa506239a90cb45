-- The fold (docs/analytics.md "How the figures are kept"): queued deltas and the tails' new rows moved into the rollups
-- in the background, by modules/analytics/fold.ts.

-- The member site's writes do not fold their figures in: a correction's triggers append its deltas, summed by
-- quarter-hour, to figure_queue (vod_figures_enqueue), and vod_figures_fold moves them into the rollups in the
-- background. A write pays one small insert and never waits on a hot rollup row, which every other write of the
-- same quarter-hour and channel also updates. What a change adds is decided when it is written (an event follows
-- its order's channel then); only the adding waits. Queued rows and the rows they come from commit together, and
-- a fold deletes what it adds in its own transaction: nothing is lost or counted twice, whoever dies when.
-- What names a kept figure's column (the deltas, the queue, the rollups' adds, the fold's sums) is written from
-- the figure registry into kept-figures.sql (server/src/db/kept-figures.ts); this file calls it by name.
-- Adds deltas to the rollups at each of their levels (vod_rollup_levels): their quarter-hour (rollup_quarters),
-- their UTC day (rollup_days), and their business day and month in the kept zone (rollup_zone_days unless that
-- is UTC, whose days are rollup_days; rollup_months). Each table's rows are written in key order. What of
-- them is dated in a closed month is noted (vod_restatements_note).
-- In plpgsql: its statements' plans are kept for the session, where a SQL function's are made at every call.
CREATE OR REPLACE FUNCTION vod_rollup_merge(deltas vod_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  leveled vod_rollup_delta[] := ARRAY(SELECT each_level FROM vod_rollup_levels(deltas) each_level);
  kept_zone text := vod_zone_days_zone();
  closed_before timestamptz := vod_figures_closed_before(kept_zone);
BEGIN
  IF closed_before IS NOT NULL AND EXISTS (SELECT FROM unnest(deltas) delta WHERE delta.moment < closed_before) THEN
    PERFORM vod_restatements_note(leveled, kept_zone, closed_before);
  END IF;
  PERFORM vod_rollup_quarters_add(leveled);
  -- UTC's business days are rollup_days' (sums.ts reads those), so a UTC server writes no third hot row.
  IF kept_zone IS NOT NULL AND kept_zone <> 'UTC' THEN
    PERFORM vod_rollup_zone_days_add(leveled, kept_zone);
  END IF;
  IF kept_zone IS NOT NULL THEN
    PERFORM vod_rollup_months_add(leveled, kept_zone);
  END IF;
  PERFORM vod_rollup_days_add(leveled);
END
$$;
--> statement-breakpoint
-- One step of the fold, under its lock (advisory 270027; without `wait`, -1 when another holds it): at most
-- `batch` rows of figure_queue merged (vod_fold_queue), and of each tail's new rows read and merged (two and a
-- half times that of visits: vod_fold_visits, vod_fold_tail; figure-tails.sql); 1 when more is left. The
-- embedded database runs a statement in the server's own thread, so it folds in smaller steps (fold.ts).
CREATE OR REPLACE FUNCTION vod_figures_fold_step(wait boolean, batch integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
  more boolean;
  tail_more boolean;
  source text;
BEGIN
  IF vod_figures_idle() THEN
    RETURN 0;
  END IF;
  IF wait THEN
    PERFORM pg_advisory_xact_lock(270027);
  ELSIF NOT pg_try_advisory_xact_lock(270027) THEN
    RETURN -1;
  END IF;
  taken := vod_fold_queue(batch);
  more := vod_fold_visits(batch * 5 / 2);
  -- New orders, refunds and chargebacks, members and subscriptions, read from their tables' tails (a refund
  -- along its order as the order is now). Last, for the corrections of those tables wait on a tail's row
  -- from here to the commit (vod_tail_guard).
  FOREACH source IN ARRAY ARRAY['orders', 'order_events', 'users', 'subscriptions'] LOOP
    tail_more := vod_fold_tail(source, batch);
    more := more OR tail_more;
  END LOOP;
  RETURN CASE WHEN taken >= batch OR more THEN 1 ELSE 0 END;
END
$$;
--> statement-breakpoint
-- Nothing for a step to fold: no queued row, no gap, no id handed out past a tail's end. Read without the fold's
-- lock: a step under way elsewhere has its rows still in sight until it commits, so it is never taken for idle.
-- Every process steps four times a second, mostly idle: on PGlite an idle step takes 1.0 ms with this look first,
-- 2.9 ms through the lock and the tails (a bare `select 1`: 0.24 ms).
CREATE OR REPLACE FUNCTION vod_figures_idle() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM figure_queue) AND NOT EXISTS (SELECT 1 FROM figure_tail_gaps)
    AND NOT EXISTS (SELECT 1 FROM figure_tails tail_row
      WHERE coalesce(pg_sequence_last_value(pg_get_serial_sequence(tail_row.source, 'id')::regclass), 0)
        > tail_row.folded)
$$;
--> statement-breakpoint
-- One step at PostgreSQL's size (what tests and tools call to fold what is queued).
CREATE OR REPLACE FUNCTION vod_figures_fold(wait boolean DEFAULT false) RETURNS integer LANGUAGE sql AS $$
  SELECT vod_figures_fold_step(wait, 20000)
$$;
--> statement-breakpoint
-- The visits' tail: at most `batch` new visits, each visitor counted once a business day per level
-- (vod_visitors_add), the visits summed per quarter-hour first (vod_visits_deltas) (50,000 visits are a few rows for the
-- rollups); whether more are left.
CREATE OR REPLACE FUNCTION vod_fold_visits(batch integer) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  tail vod_tail := vod_tail_open('visits', batch);
  new_visits visits[] := '{}';
BEGIN
  IF tail.to_id > tail.from_id OR cardinality(tail.gap_ids) > 0 THEN
    new_visits := ARRAY(
      SELECT visit FROM visits visit WHERE visit.id > tail.from_id AND visit.id <= tail.to_id
      UNION ALL
      SELECT visit FROM visits visit WHERE visit.id = ANY (tail.gap_ids));
    PERFORM vod_visitors_add(ARRAY(
      SELECT ROW(visit.id, visit.visited_at, visit.channel_id, visit.campaign_id, visit.device,
        visit.visitor)::vod_new_visit FROM unnest(new_visits) visit));
    PERFORM vod_rollup_merge(ARRAY(SELECT visit_delta FROM vod_visits_deltas(new_visits, 1) visit_delta));
  END IF;
  PERFORM vod_tail_close(tail, ARRAY(SELECT visit.id FROM unnest(new_visits) visit));
  RETURN tail.to_id < tail.top_id;
END
$$;
--> statement-breakpoint
-- How many changes wait for the fold (what the tests and benches wait on): queued rows and unfolded rows.
CREATE OR REPLACE FUNCTION vod_figures_unfolded() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT (SELECT count(*) FROM figure_queue)
    + (SELECT count(*) FROM vod_visits_unfolded())
    + (SELECT count(DISTINCT (source, unfolded.id))
        FROM unnest(ARRAY['orders', 'order_events', 'users', 'subscriptions']) source,
          vod_tail_state(source) tail_state,
          vod_tail_deltas(source, tail_state.folded, 9223372036854775807, tail_state.gaps) unfolded)
$$;
