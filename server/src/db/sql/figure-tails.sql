-- The tails: new rows of visits, orders, order events, members and subscriptions, read by id by the fold.

-- How far a tail is folded and which of its ids below that are still out (gaps).
CREATE OR REPLACE FUNCTION vod_tail_state(tail_source text) RETURNS TABLE (folded bigint, gaps bigint[]) LANGUAGE sql STABLE AS $$
  SELECT tail_row.folded, ARRAY(SELECT DISTINCT gap_id FROM figure_tail_gaps gap, unnest(gap.ids) gap_id
    WHERE gap.source = tail_row.source)
  FROM figure_tails tail_row WHERE tail_row.source = tail_source
$$;
--> statement-breakpoint
-- A fold step's look at a tail, under the fold's lock: the ids handed out since the last step (at most
-- `batch`), read in this order, each after the one before: the sequence; then who writes the table now (a
-- transaction that took one of those ids holds its lock on the table until it ends); then, by the caller,
-- the rows. An id that does not show then is a gap: one of those writers may still commit it, and without
-- writers it never comes. Gaps whose writers have all ended are told here, before the rows are read: what of
-- them shows is added, the rest never comes. The tail's row stays locked to the commit (vod_tail_guard).
CREATE OR REPLACE FUNCTION vod_tail_open(tail_source text, batch integer) RETURNS vod_tail LANGUAGE plpgsql AS $$
DECLARE
  tail vod_tail;
  here oid := (SELECT this_database.oid FROM pg_database this_database
    WHERE this_database.datname = current_database());
  rel regclass := tail_source::regclass;
BEGIN
  tail.source := tail_source;
  tail.writers := '{}';
  SELECT tail_row.folded INTO tail.from_id FROM figure_tails tail_row WHERE tail_row.source = tail_source FOR UPDATE;
  tail.top_id := coalesce(pg_sequence_last_value(pg_get_serial_sequence(tail_source, 'id')::regclass), 0);
  tail.to_id := least(tail.top_id, tail.from_id + batch);
  IF tail.to_id > tail.from_id THEN
    tail.writers := ARRAY(SELECT DISTINCT held.virtualtransaction FROM pg_locks held
      WHERE held.database = here AND held.relation = rel AND held.mode = 'RowExclusiveLock'
        AND held.pid <> pg_backend_pid());
  END IF;
  tail.settled := ARRAY(SELECT gap.ctid FROM figure_tail_gaps gap WHERE gap.source = tail_source AND NOT EXISTS (
    SELECT 1 FROM pg_locks held WHERE held.database = here AND held.relation = rel
      AND held.virtualtransaction = ANY (gap.writers)));
  tail.gap_ids := (SELECT state.gaps FROM vod_tail_state(tail_source) state);
  RETURN tail;
END
$$;
--> statement-breakpoint
-- Ends a fold step's look at a tail, given the ids it found and added: the settled gaps go, the ids that
-- showed leave the others, the step's own gaps are kept with their writers, and the tail moves on.
CREATE OR REPLACE FUNCTION vod_tail_close(tail vod_tail, added_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(tail.settled) > 0 THEN DELETE FROM figure_tail_gaps WHERE ctid = ANY (tail.settled); END IF;
  IF cardinality(tail.gap_ids) > 0 THEN
    UPDATE figure_tail_gaps gap SET ids = ARRAY(SELECT unnest(gap.ids) EXCEPT SELECT unnest(added_ids))
    WHERE gap.source = tail.source AND gap.ids && added_ids;
    DELETE FROM figure_tail_gaps WHERE source = tail.source AND ids = '{}';
  END IF;
  IF tail.to_id > tail.from_id THEN
    IF cardinality(tail.writers) > 0 THEN
      INSERT INTO figure_tail_gaps (source, ids, writers)
      SELECT tail.source, missing.ids, tail.writers FROM (SELECT ARRAY(
        SELECT tail_id FROM generate_series(tail.from_id + 1, tail.to_id) tail_id
        EXCEPT SELECT unnest(added_ids)) AS ids) missing
      WHERE missing.ids <> '{}';
    END IF;
    UPDATE figure_tails SET folded = tail.to_id WHERE source = tail.source;
  END IF;
END
$$;
--> statement-breakpoint
-- For a trigger that corrects rows of a tail: which of them the figures hold already. It waits for a fold
-- step under way (its tail row stays locked to its commit) and holds the next one off to its own commit,
-- so a row is corrected by the trigger or read as corrected by the fold, never both or neither.
CREATE OR REPLACE FUNCTION vod_tail_guard(tail_source text) RETURNS TABLE (folded bigint, gaps bigint[]) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM figure_tails tail_row WHERE tail_row.source = tail_source FOR SHARE;
  RETURN QUERY SELECT * FROM vod_tail_state(tail_source);
END
$$;
--> statement-breakpoint
-- The visits not yet folded: past their tail, or in its gaps.
CREATE OR REPLACE FUNCTION vod_visits_unfolded() RETURNS SETOF visits LANGUAGE sql STABLE AS $$
  SELECT visit.* FROM vod_tail_state('visits') tail_state, visits visit WHERE visit.id > tail_state.folded
  UNION ALL
  SELECT visit.* FROM vod_tail_state('visits') tail_state, visits visit WHERE visit.id = ANY (tail_state.gaps)
$$;
--> statement-breakpoint
-- After a bulk load (docs/analytics.md "Loading"): the tails pass every row written so far without adding it, for
-- vod_rollup_rebuild and vod_visitors_recount to count (else the fold adds them, 50,000 visits and 20,000 other
-- rows a step). The
-- rows written so far are taken as the recount takes them (a lock let go at once: no writer is then open),
-- and the tails moved past them under the fold's lock.
CREATE OR REPLACE FUNCTION vod_tails_pass() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sources text[] := ARRAY(SELECT tail_row.source FROM figure_tails tail_row);
  upto bigint[];
BEGIN
  PERFORM pg_advisory_xact_lock(270027);
  BEGIN
    LOCK TABLE visits, orders, order_events, users, subscriptions IN SHARE MODE;
    upto := ARRAY(SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence(listed.source, 'id')::regclass), 0)
      FROM unnest(sources) WITH ORDINALITY AS listed(source, ordinal) ORDER BY listed.ordinal);
    RAISE EXCEPTION USING ERRCODE = 'VOD26';
  EXCEPTION WHEN SQLSTATE 'VOD26' THEN NULL;
  END;
  UPDATE figure_tails tail_row SET folded = greatest(tail_row.folded, passed.upto)
  FROM unnest(sources, upto) AS passed(source, upto) WHERE tail_row.source = passed.source;
  -- Every gap lies below them and no writer of one is open any more: the rebuild counts what of them shows.
  DELETE FROM figure_tail_gaps;
END
$$;
