CREATE TABLE "figure_tail_gaps" (
	"source" text NOT NULL,
	"ids" bigint[] NOT NULL,
	"writers" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "figure_tails" (
	"source" text PRIMARY KEY NOT NULL,
	"folded" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- New rows cost the member site what they cost in the bare table (README "How the figures are kept"): no
-- insert trigger of ours on visits, orders, order events, members or subscriptions. A statement's one queue
-- row held one-row inserts at 0.75-0.82 of the bare table's rate at 16 connections. New rows only ever get
-- higher ids (identities, cache 1), so the fold reads them by id instead: figure_tails says how far,
-- figure_tail_gaps which ids a writer then still open may yet commit. A row the fold has read is corrected
-- by the triggers as before; one it has not is read as it is then.
CREATE TYPE vod_tail AS (source text, from_id bigint, to_id bigint, top_id bigint, writers text[], settled tid[],
  gap_ids bigint[]);
--> statement-breakpoint
-- A new visit as the fold reads it (not the table's row type: a session's first look at that takes a lock on
-- visits, and a fold would wait on one for nothing).
CREATE TYPE vod_new_visit AS (id bigint, visited_at timestamptz, channel_id integer, campaign_id integer,
  device text, visitor text);
--> statement-breakpoint
-- How far a tail is folded and which of its ids below that are still out (gaps).
CREATE FUNCTION vod_tail_state(tail_source text) RETURNS TABLE (folded bigint, gaps bigint[]) LANGUAGE sql STABLE AS $$
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
CREATE FUNCTION vod_tail_open(tail_source text, batch integer) RETURNS vod_tail LANGUAGE plpgsql AS $$
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
CREATE FUNCTION vod_tail_close(t vod_tail, added_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
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
CREATE FUNCTION vod_tail_guard(tail_source text) RETURNS TABLE (folded bigint, gaps bigint[]) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM figure_tails f WHERE f.source = tail_source FOR SHARE;
  RETURN QUERY SELECT * FROM vod_tail_state(tail_source);
END
$$;
--> statement-breakpoint
-- What a tail's rows with ids in (after, upto] or among `gap_ids` add to the figures, each row's id with each
-- of its deltas (once, with none, if it adds nothing yet: an order not paid), read in one statement.
CREATE FUNCTION vod_tail_deltas(tail_source text, after bigint, upto bigint, gap_ids bigint[])
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
-- Dropping the insert triggers waits for the rows being written, so every id handed out before is queued
-- (or never committed); the tails start after it.
DROP TRIGGER visits_rollup_insert ON visits;
--> statement-breakpoint
DROP FUNCTION vod_rollup_visits();
--> statement-breakpoint
DROP TRIGGER orders_rollup_insert ON orders;
--> statement-breakpoint
DROP TRIGGER order_events_rollup_insert ON order_events;
--> statement-breakpoint
DROP TRIGGER users_rollup_insert ON users;
--> statement-breakpoint
DROP TRIGGER subscriptions_rollup_insert ON subscriptions;
--> statement-breakpoint
INSERT INTO figure_tails (source, folded)
SELECT source, coalesce(pg_sequence_last_value(pg_get_serial_sequence(source, 'id')::regclass), 0)
FROM unnest(ARRAY['visits', 'orders', 'order_events', 'users', 'subscriptions']) AS source;
--> statement-breakpoint
-- The triggers that are left correct only rows the fold has read (vod_tail_guard); it reads the others as
-- they are then. A refund or chargeback corrected or deleted:
CREATE OR REPLACE FUNCTION vod_rollup_order_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
  gaps bigint[];
BEGIN
  SELECT g.folded, g.gaps INTO folded, gaps FROM vod_tail_guard('order_events') g;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_event_delta(e, o, -1) FROM old_rows e JOIN orders o ON o.id = e.order_id
      WHERE e.id <= folded AND e.id <> ALL (gaps)));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT vod_event_delta(e, o, -1) FROM old_rows e JOIN orders o ON o.id = e.order_id
      WHERE e.id <= folded AND e.id <> ALL (gaps)
      UNION ALL
      SELECT vod_event_delta(e, o, 1) FROM new_rows e JOIN orders o ON o.id = e.order_id
      WHERE e.id <= folded AND e.id <> ALL (gaps)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order corrected or deleted; moved, it takes along the refunds and chargebacks the figures hold.
CREATE OR REPLACE FUNCTION vod_rollup_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
  gaps bigint[];
  events_folded bigint;
  events_gaps bigint[];
BEGIN
  -- An update of nothing the figures read (a status, a note) neither queues nor waits on the tail.
  -- (Nested: a delete has no new_rows to plan the test against.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.paid_at, o.amount, o.transaction_fee, o.settlement_fee, o.reserve_fee, o.channel_id, o.campaign_id, o.plan_id)
          IS DISTINCT FROM (n.paid_at, n.amount, n.transaction_fee, n.settlement_fee, n.reserve_fee, n.channel_id, n.campaign_id, n.plan_id)) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT g.folded, g.gaps INTO folded, gaps FROM vod_tail_guard('orders') g;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_order_delta(o, -1) FROM old_rows o
      WHERE o.id <= folded AND o.id <> ALL (gaps)));
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.channel_id, o.campaign_id, o.plan_id) IS DISTINCT FROM (n.channel_id, n.campaign_id, n.plan_id)) THEN
    SELECT g.folded, g.gaps INTO events_folded, events_gaps FROM vod_tail_guard('order_events') g;
  END IF;
  -- A corrected amount or fee, a payment moved in time, another channel, campaign or plan: out with the
  -- old, in with the new; the order's refunds and chargebacks follow its channel, campaign and plan.
  PERFORM vod_figures_enqueue(ARRAY(
    SELECT d FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (vod_order_delta(o, -1)), (vod_order_delta(n, 1))) AS x(d)
    WHERE (o.paid_at, o.amount, o.transaction_fee, o.settlement_fee, o.reserve_fee, o.channel_id, o.campaign_id, o.plan_id)
      IS DISTINCT FROM (n.paid_at, n.amount, n.transaction_fee, n.settlement_fee, n.reserve_fee, n.channel_id, n.campaign_id, n.plan_id)
      AND o.id <= folded AND o.id <> ALL (gaps)
    UNION ALL
    SELECT d FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN order_events e ON e.order_id = o.id
    CROSS JOIN LATERAL (VALUES (vod_event_delta(e, o, -1)), (vod_event_delta(e, n, 1))) AS x(d)
    WHERE (o.channel_id, o.campaign_id, o.plan_id) IS DISTINCT FROM (n.channel_id, n.campaign_id, n.plan_id)
      AND e.id <= events_folded AND e.id <> ALL (events_gaps)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A member's sign-up moved in time, channel or campaign, or the member deleted.
CREATE OR REPLACE FUNCTION vod_rollup_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
  gaps bigint[];
BEGIN
  -- An update of nothing the figures read (a login's, a profile's) neither queues nor waits on the tail.
  -- (Nested: a delete has no new_rows to plan the test against.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.created_at, o.channel_id, o.campaign_id) IS DISTINCT FROM (n.created_at, n.channel_id, n.campaign_id)) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT g.folded, g.gaps INTO folded, gaps FROM vod_tail_guard('users') g;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT vod_user_delta(o, -1) FROM old_rows o
      WHERE o.id <= folded AND o.id <> ALL (gaps)));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT d FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (vod_user_delta(o, -1)), (vod_user_delta(n, 1))) AS x(d)
      WHERE (o.created_at, o.channel_id, o.campaign_id) IS DISTINCT FROM (n.created_at, n.channel_id, n.campaign_id)
        AND o.id <= folded AND o.id <> ALL (gaps)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A subscription started, cancelled or moved otherwise, or deleted.
CREATE OR REPLACE FUNCTION vod_rollup_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
  gaps bigint[];
BEGIN
  -- An update of nothing the figures read neither queues nor waits on the tail.
  -- (Nested: a delete has no new_rows to plan the test against.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.started_at, o.cancelled_at, o.channel_id, o.campaign_id, o.plan_id)
          IS DISTINCT FROM (n.started_at, n.cancelled_at, n.channel_id, n.campaign_id, n.plan_id)) THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT g.folded, g.gaps INTO folded, gaps FROM vod_tail_guard('subscriptions') g;
  IF TG_OP = 'DELETE' THEN
    PERFORM vod_figures_enqueue(ARRAY(SELECT d FROM old_rows o, vod_subscription_deltas(o, -1) d
      WHERE o.id <= folded AND o.id <> ALL (gaps)));
  ELSE
    PERFORM vod_figures_enqueue(ARRAY(
      SELECT z.d FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (SELECT x FROM vod_subscription_deltas(o, -1) x UNION ALL SELECT y FROM vod_subscription_deltas(n, 1) y) AS z(d)
      WHERE (o.started_at, o.cancelled_at, o.channel_id, o.campaign_id, o.plan_id)
        IS DISTINCT FROM (n.started_at, n.cancelled_at, n.channel_id, n.campaign_id, n.plan_id)
        AND o.id <= folded AND o.id <> ALL (gaps)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 0029's fold, which reads the tails beside the queues.
CREATE OR REPLACE FUNCTION vod_figures_fold(wait boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  deltas vod_rollup_delta[];
  taken bigint;
  counted bigint;
  visitors_taken bigint;
  visit_deltas vod_rollup_delta[];
  touched vod_visitor_day[];
  tail vod_tail;
  added_ids bigint[];
  more boolean;
  source text;
  new_visits vod_new_visit[] := '{}';
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
  -- Each visitor once a business day per level (all, its channel, its campaign), in the zone set now: the
  -- new visits, at most 50,000 a step, and what visitor_queue still holds of the visits written before 0030
  -- (at most 2,000 arrays and, past the first, 50,000 visitors: a backlog of 1,000-visit arrays would
  -- otherwise make one step's new visitor-days millions).
  tail := vod_tail_open('visits', 50000);
  IF tail.to_id > tail.from_id OR cardinality(tail.gap_ids) > 0 THEN
    new_visits := ARRAY(
      SELECT ROW(v.id, v.visited_at, v.channel_id, v.campaign_id, v.device, v.visitor)::vod_new_visit FROM visits v
      WHERE v.id > tail.from_id AND v.id <= tail.to_id
      UNION ALL
      SELECT ROW(v.id, v.visited_at, v.channel_id, v.campaign_id, v.device, v.visitor)::vod_new_visit FROM visits v
      WHERE v.id = ANY (tail.gap_ids));
  END IF;
  WITH queued AS (DELETE FROM visitor_queue WHERE ctid = ANY (ARRAY(
      SELECT q.ctid FROM (SELECT ctid, sum(cardinality(visitors)) OVER (ROWS UNBOUNDED PRECEDING)
        - cardinality(visitors) AS before FROM (SELECT ctid, visitors FROM visitor_queue LIMIT 2000) l) q
      WHERE q.before < 50000))
    RETURNING bucket, channel_id, campaign_id, device, visits, visitors),
  t AS (SELECT x.id, x.visited_at, x.channel_id, x.campaign_id, x.device, x.visitor FROM unnest(new_visits) x),
  gone AS (
    SELECT * FROM queued
    UNION ALL
    SELECT date_bin('15 minutes', t.visited_at, timestamptz '2000-01-01 00:00:00+00'), t.channel_id, t.campaign_id,
      t.device, count(*)::integer, array_agg(t.visitor::text)
    FROM t GROUP BY 1, 2, 3, 4
  ),
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
    ARRAY(SELECT DISTINCT ROW(channel_id, campaign_id, day, NULL)::vod_visitor_day FROM added),
    ARRAY(SELECT id FROM t)
  INTO counted, visitors_taken, visit_deltas, touched, added_ids;
  PERFORM vod_tail_close(tail, added_ids);
  more := tail.to_id < tail.top_id;
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
  -- New orders, refunds and chargebacks, members and subscriptions, read from their tables' tails (a refund
  -- along its order as the order is now). Last, for the corrections of those tables wait on a tail's row
  -- from here to the commit (vod_tail_guard).
  FOREACH source IN ARRAY ARRAY['orders', 'order_events', 'users', 'subscriptions'] LOOP
    tail := vod_tail_open(source, 20000);
    added_ids := '{}';
    -- Only then is the table read at all (a fold never waits on a lock on it for nothing).
    IF tail.to_id > tail.from_id OR cardinality(tail.gap_ids) > 0 THEN
      WITH x AS MATERIALIZED (SELECT * FROM vod_tail_deltas(source, tail.from_id, tail.to_id, tail.gap_ids)),
      summed AS (
        SELECT date_bin('15 minutes', (x.d).moment, timestamptz '2000-01-01 00:00:00+00') AS bucket,
          (x.d).channel_id, (x.d).campaign_id, (x.d).plan_id, sum((x.d).orders) AS orders, sum((x.d).gross) AS gross,
          sum((x.d).fees) AS fees, sum((x.d).refund_count) AS refund_count, sum((x.d).refunds) AS refunds,
          sum((x.d).chargeback_count) AS chargeback_count, sum((x.d).chargebacks) AS chargebacks,
          sum((x.d).signups) AS signups, sum((x.d).subscriptions) AS subscriptions,
          sum((x.d).cancellations) AS cancellations
        FROM x WHERE (x.d).moment IS NOT NULL GROUP BY 1, 2, 3, 4
      )
      SELECT ARRAY(SELECT DISTINCT x.id FROM x), ARRAY(SELECT ROW(bucket, channel_id, campaign_id, plan_id, NULL,
        orders, gross, fees, refund_count, refunds, chargeback_count, chargebacks, signups, subscriptions,
        cancellations, 0)::vod_rollup_delta FROM summed)
      INTO added_ids, deltas;
      IF cardinality(deltas) > 0 THEN PERFORM vod_rollup_merge(deltas); END IF;
    END IF;
    PERFORM vod_tail_close(tail, added_ids);
    more := more OR tail.to_id < tail.top_id;
  END LOOP;
  RETURN CASE WHEN taken >= 20000 OR counted >= 2000 OR visitors_taken >= 50000 OR more THEN 1 ELSE 0 END;
END
$$;
--> statement-breakpoint
-- The visits not yet folded: past their tail, or in its gaps.
CREATE FUNCTION vod_visits_unfolded() RETURNS SETOF visits LANGUAGE sql STABLE AS $$
  SELECT v.* FROM vod_tail_state('visits') s, visits v WHERE v.id > s.folded
  UNION ALL
  SELECT v.* FROM vod_tail_state('visits') s, visits v WHERE v.id = ANY (s.gaps)
$$;
--> statement-breakpoint
-- How many changes wait for the fold (what the tests and benches wait on): queued rows and unfolded rows.
CREATE FUNCTION vod_figures_unfolded() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT (SELECT count(*) FROM figure_queue) + (SELECT count(*) FROM visitor_queue)
    + (SELECT count(*) FROM vod_visits_unfolded())
    + (SELECT count(DISTINCT (src, x.id)) FROM unnest(ARRAY['orders', 'order_events', 'users', 'subscriptions']) src,
        vod_tail_state(src) t, vod_tail_deltas(src, t.folded, 9223372036854775807, t.gaps) x)
$$;
--> statement-breakpoint
-- What is written but not yet in the rollups, for a rebuild to leave to the fold: the queues, and the tails'
-- unfolded rows.
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
  UNION ALL
  SELECT date_bin('15 minutes', v.visited_at, timestamptz '2000-01-01 00:00:00+00'), v.channel_id, v.campaign_id,
    NULL, v.device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*)::integer
  FROM vod_visits_unfolded() v GROUP BY 1, 2, 3, 5
  UNION ALL
  SELECT date_bin('15 minutes', (x.d).moment, timestamptz '2000-01-01 00:00:00+00'), (x.d).channel_id,
    (x.d).campaign_id, (x.d).plan_id, NULL, (x.d).orders, (x.d).gross, (x.d).fees, (x.d).refund_count, (x.d).refunds,
    (x.d).chargeback_count, (x.d).chargebacks, (x.d).signups, (x.d).subscriptions, (x.d).cancellations, 0
  FROM unnest(ARRAY['orders', 'order_events', 'users', 'subscriptions']) src, vod_tail_state(src) t,
    vod_tail_deltas(src, t.folded, 9223372036854775807, t.gaps) x
  WHERE (x.d).moment IS NOT NULL
$$;
--> statement-breakpoint
-- After a bulk load (README "Loading"): the tails pass every row written so far without adding it, for
-- vod_rollup_rebuild and vod_visitors_recount to count (else the fold adds them, 50,000 visits and 20,000 other
-- rows a step). The
-- rows written so far are taken as the recount takes them (a lock let go at once: no writer is then open),
-- and the tails moved past them under the fold's lock.
CREATE FUNCTION vod_tails_pass() RETURNS void LANGUAGE plpgsql AS $$
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
