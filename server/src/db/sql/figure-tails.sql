-- The tails: new rows of visits, orders, order events, members and subscriptions, read by id by the fold.

-- How far a tail is folded and which of its ids below that are still out (gaps).
CREATE OR REPLACE FUNCTION vod_tail_state(tail_source text) RETURNS TABLE (folded bigint, gaps bigint[]) LANGUAGE sql STABLE AS $$
  SELECT f.folded, ARRAY(SELECT DISTINCT i FROM figure_tail_gaps g, unnest(g.ids) i WHERE g.source = f.source)
  FROM figure_tails f WHERE f.source = tail_source
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
  t vod_tail;
  here oid := (SELECT d.oid FROM pg_database d WHERE d.datname = current_database());
  rel regclass := tail_source::regclass;
BEGIN
  t.source := tail_source;
  t.writers := '{}';
  SELECT f.folded INTO t.from_id FROM figure_tails f WHERE f.source = tail_source FOR UPDATE;
  t.top_id := coalesce(pg_sequence_last_value(pg_get_serial_sequence(tail_source, 'id')::regclass), 0);
  t.to_id := least(t.top_id, t.from_id + batch);
  IF t.to_id > t.from_id THEN
    t.writers := ARRAY(SELECT DISTINCT l.virtualtransaction FROM pg_locks l
      WHERE l.database = here AND l.relation = rel AND l.mode = 'RowExclusiveLock' AND l.pid <> pg_backend_pid());
  END IF;
  t.settled := ARRAY(SELECT g.ctid FROM figure_tail_gaps g WHERE g.source = tail_source AND NOT EXISTS (
    SELECT 1 FROM pg_locks l WHERE l.database = here AND l.relation = rel AND l.virtualtransaction = ANY (g.writers)));
  t.gap_ids := (SELECT s.gaps FROM vod_tail_state(tail_source) s);
  RETURN t;
END
$$;
--> statement-breakpoint
-- Ends a fold step's look at a tail, given the ids it found and added: the settled gaps go, the ids that
-- showed leave the others, the step's own gaps are kept with their writers, and the tail moves on.
CREATE OR REPLACE FUNCTION vod_tail_close(t vod_tail, added_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(t.settled) > 0 THEN DELETE FROM figure_tail_gaps WHERE ctid = ANY (t.settled); END IF;
  IF cardinality(t.gap_ids) > 0 THEN
    UPDATE figure_tail_gaps g SET ids = ARRAY(SELECT unnest(g.ids) EXCEPT SELECT unnest(added_ids))
    WHERE g.source = t.source AND g.ids && added_ids;
    DELETE FROM figure_tail_gaps WHERE source = t.source AND ids = '{}';
  END IF;
  IF t.to_id > t.from_id THEN
    IF cardinality(t.writers) > 0 THEN
      INSERT INTO figure_tail_gaps (source, ids, writers)
      SELECT t.source, m.ids, t.writers FROM (SELECT ARRAY(
        SELECT g FROM generate_series(t.from_id + 1, t.to_id) g EXCEPT SELECT unnest(added_ids)) AS ids) m
      WHERE m.ids <> '{}';
    END IF;
    UPDATE figure_tails SET folded = t.to_id WHERE source = t.source;
  END IF;
END
$$;
--> statement-breakpoint
-- For a trigger that corrects rows of a tail: which of them the figures hold already. It waits for a fold
-- step under way (its tail row stays locked to its commit) and holds the next one off to its own commit,
-- so a row is corrected by the trigger or read as corrected by the fold, never both or neither.
CREATE OR REPLACE FUNCTION vod_tail_guard(tail_source text) RETURNS TABLE (folded bigint, gaps bigint[]) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM figure_tails f WHERE f.source = tail_source FOR SHARE;
  RETURN QUERY SELECT * FROM vod_tail_state(tail_source);
END
$$;
--> statement-breakpoint
-- What a tail's rows with ids in (after, upto] or among `gap_ids` add to the figures, each row's id with each
-- of its deltas (once, with none, if it adds nothing yet: an order not paid), read in one statement.
CREATE OR REPLACE FUNCTION vod_tail_deltas(tail_source text, after bigint, upto bigint, gap_ids bigint[])
RETURNS TABLE (id bigint, d vod_rollup_delta) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT (r.t).id::bigint, x.d FROM (SELECT t FROM %1$I t WHERE t.id > $1 AND t.id <= $2
       UNION ALL SELECT t FROM %1$I t WHERE t.id = ANY ($3)) r
     LEFT JOIN LATERAL (%2$s) x(d) ON (x.d).moment IS NOT NULL',
    tail_source, CASE tail_source
      WHEN 'orders' THEN 'SELECT vod_order_delta(r.t, 1)'
      WHEN 'order_events' THEN 'SELECT vod_event_delta(r.t, o, 1) FROM orders o WHERE o.id = (r.t).order_id'
      WHEN 'users' THEN 'SELECT vod_user_delta(r.t, 1)'
      WHEN 'subscriptions' THEN 'SELECT s FROM vod_subscription_deltas(r.t, 1) s'
    END) USING after, upto, gap_ids;
END
$$;
--> statement-breakpoint
-- The visits not yet folded: past their tail, or in its gaps.
CREATE OR REPLACE FUNCTION vod_visits_unfolded() RETURNS SETOF visits LANGUAGE sql STABLE AS $$
  SELECT v.* FROM vod_tail_state('visits') s, visits v WHERE v.id > s.folded
  UNION ALL
  SELECT v.* FROM vod_tail_state('visits') s, visits v WHERE v.id = ANY (s.gaps)
$$;
--> statement-breakpoint
-- After a bulk load (docs/analytics.md "Loading"): the tails pass every row written so far without adding it, for
-- vod_rollup_rebuild and vod_visitors_recount to count (else the fold adds them, 50,000 visits and 20,000 other
-- rows a step). The
-- rows written so far are taken as the recount takes them (a lock let go at once: no writer is then open),
-- and the tails moved past them under the fold's lock.
CREATE OR REPLACE FUNCTION vod_tails_pass() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sources text[] := ARRAY(SELECT f.source FROM figure_tails f);
  upto bigint[];
BEGIN
  PERFORM pg_advisory_xact_lock(270027);
  BEGIN
    LOCK TABLE visits, orders, order_events, users, subscriptions IN SHARE MODE;
    upto := ARRAY(SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence(s.source, 'id')::regclass), 0)
      FROM unnest(sources) WITH ORDINALITY AS s(source, n) ORDER BY s.n);
    RAISE EXCEPTION USING ERRCODE = 'VOD26';
  EXCEPTION WHEN SQLSTATE 'VOD26' THEN NULL;
  END;
  UPDATE figure_tails f SET folded = greatest(f.folded, p.upto)
  FROM unnest(sources, upto) AS p(source, upto) WHERE f.source = p.source;
  -- Every gap lies below them and no writer of one is open any more: the rebuild counts what of them shows.
  DELETE FROM figure_tail_gaps;
END
$$;
