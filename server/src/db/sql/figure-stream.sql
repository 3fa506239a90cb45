-- The figures from PostgreSQL's change stream (docs/analytics.md "How the figures are kept"): what
-- modules/analytics/keeping reads from the product's replication slot, applied in commit order. Nothing here
-- runs in a member site's transaction.

-- vod_figures_apply's changes as rows (a function the planner inlines: no table of the session's own, whose
-- every emptying would make each statement that reads it planned again).
CREATE OR REPLACE FUNCTION vod_changes_of(changes jsonb) RETURNS TABLE (source text, old jsonb, new jsonb)
LANGUAGE sql IMMUTABLE AS $$
  SELECT c->>'table', nullif(c->'old', 'null'::jsonb), nullif(c->'new', 'null'::jsonb)
  FROM jsonb_array_elements(changes) c
$$;
--> statement-breakpoint
-- Changes of the member site's rows, in the order they were committed: a JSON array of {"table", "old",
-- "new"}, one per row a run of transactions changed (its image before the run and after it, as the
-- stream's text: keeping/changes.ts collapses them), with null for a row that was not there. Read once into
-- each table's rows; each row's old image is taken out of the figures and its new one put in; a refund or
-- chargeback goes out as it was counted (figure_events) and in along its order as the order is now, and an
-- order that moves takes its counted refunds and chargebacks along. A visit moved or deleted has its
-- business days' visitors counted again (sketches only grow). Under the fold's lock, which a recount's
-- switch to another zone takes too.
CREATE OR REPLACE FUNCTION vod_figures_apply(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  visits_out visits[];
  visits_added visits[];
  visits_moved visits[];
  orders_out orders[];
  orders_in orders[];
  users_out users[];
  users_in users[];
  subscriptions_out subscriptions[];
  subscriptions_in subscriptions[];
  events_changed boolean;
  moved_days date[];
BEGIN
  PERFORM pg_advisory_xact_lock(270027);
  SELECT
    array_agg(jsonb_populate_record(NULL::visits, change.old)) FILTER (WHERE change.source = 'visits' AND change.old IS NOT NULL),
    array_agg(jsonb_populate_record(NULL::visits, change.new)) FILTER (WHERE change.source = 'visits' AND change.old IS NULL),
    array_agg(jsonb_populate_record(NULL::visits, change.new))
      FILTER (WHERE change.source = 'visits' AND change.old IS NOT NULL AND change.new IS NOT NULL),
    array_agg(jsonb_populate_record(NULL::orders, change.old)) FILTER (WHERE change.source = 'orders' AND change.old IS NOT NULL),
    array_agg(jsonb_populate_record(NULL::orders, change.new)) FILTER (WHERE change.source = 'orders' AND change.new IS NOT NULL),
    array_agg(jsonb_populate_record(NULL::users, change.old)) FILTER (WHERE change.source = 'users' AND change.old IS NOT NULL),
    array_agg(jsonb_populate_record(NULL::users, change.new)) FILTER (WHERE change.source = 'users' AND change.new IS NOT NULL),
    array_agg(jsonb_populate_record(NULL::subscriptions, change.old))
      FILTER (WHERE change.source = 'subscriptions' AND change.old IS NOT NULL),
    array_agg(jsonb_populate_record(NULL::subscriptions, change.new))
      FILTER (WHERE change.source = 'subscriptions' AND change.new IS NOT NULL),
    coalesce(bool_or(change.source = 'order_events'), false)
  INTO visits_out, visits_added, visits_moved, orders_out, orders_in, users_out, users_in, subscriptions_out,
    subscriptions_in, events_changed
  FROM vod_changes_of(changes) change;
  PERFORM vod_rollup_merge(vod_deltas_summed(vod_stream_deltas(visits_out, visits_added || visits_moved,
    orders_out, orders_in, users_out, users_in, subscriptions_out, subscriptions_in)));
  PERFORM vod_visitors_add(ARRAY(
    SELECT ROW(visit.id, visit.visited_at, visit.channel_id, visit.campaign_id, visit.device, visit.visitor)::vod_new_visit
    FROM unnest(visits_added) visit));
  IF visits_out IS NOT NULL THEN
    moved_days := ARRAY(
      SELECT DISTINCT (visit.visited_at AT TIME ZONE vod_business_zone())::date
      FROM (SELECT * FROM unnest(visits_out) UNION ALL SELECT * FROM unnest(visits_moved)) visit);
    PERFORM vod_visitor_days_recount(moved_days);
  END IF;
  IF events_changed OR orders_in IS NOT NULL THEN
    PERFORM vod_events_apply(changes);
  END IF;
END
$$;
--> statement-breakpoint
-- What a run's rows take out of the rollups and put in; visits summed per quarter-hour first, so a run of
-- many visits is a few deltas.
CREATE OR REPLACE FUNCTION vod_stream_deltas(visits_out visits[], visits_in visits[], orders_out orders[],
  orders_in orders[], users_out users[], users_in users[], subscriptions_out subscriptions[],
  subscriptions_in subscriptions[]) RETURNS vod_rollup_delta[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(
    SELECT vod_order_delta(purchase, -1) FROM unnest(orders_out) purchase
    UNION ALL SELECT vod_order_delta(purchase, 1) FROM unnest(orders_in) purchase
    UNION ALL SELECT vod_user_delta(member, -1) FROM unnest(users_out) member
    UNION ALL SELECT vod_user_delta(member, 1) FROM unnest(users_in) member
    UNION ALL SELECT started_or_cancelled FROM unnest(subscriptions_out) subscription,
      vod_subscription_deltas(subscription, -1) started_or_cancelled
    UNION ALL SELECT started_or_cancelled FROM unnest(subscriptions_in) subscription,
      vod_subscription_deltas(subscription, 1) started_or_cancelled
    UNION ALL
    SELECT vod_visit_delta(quartered.quarter, quartered.channel_id, quartered.campaign_id, quartered.device,
      sum(quartered.visits)::integer)
    FROM (
      SELECT date_bin('15 minutes', visit.visited_at, timestamptz '2000-01-01 00:00:00+00') AS quarter, visit.channel_id,
        visit.campaign_id, visit.device, -1 AS visits
      FROM unnest(visits_out) visit
      UNION ALL
      SELECT date_bin('15 minutes', visit.visited_at, timestamptz '2000-01-01 00:00:00+00'), visit.channel_id,
        visit.campaign_id, visit.device, 1
      FROM unnest(visits_in) visit) quartered
    GROUP BY quartered.quarter, quartered.channel_id, quartered.campaign_id, quartered.device)
$$;
--> statement-breakpoint
-- Deltas summed per quarter-hour and finest key: many rows' deltas are a few for the rollups.
CREATE OR REPLACE FUNCTION vod_deltas_summed(deltas vod_rollup_delta[]) RETURNS vod_rollup_delta[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY(
    SELECT ROW(date_bin('15 minutes', delta.moment, timestamptz '2000-01-01 00:00:00+00'), delta.channel_id, delta.campaign_id,
      delta.plan_id, delta.device, sum(delta.orders), sum(delta.gross), sum(delta.fees), sum(delta.refund_count), sum(delta.refunds),
      sum(delta.chargeback_count), sum(delta.chargebacks), sum(delta.signups), sum(delta.subscriptions), sum(delta.cancellations),
      sum(delta.visits))::vod_rollup_delta
    FROM unnest(deltas) delta
    WHERE delta.moment IS NOT NULL
    GROUP BY date_bin('15 minutes', delta.moment, timestamptz '2000-01-01 00:00:00+00'), delta.channel_id, delta.campaign_id,
      delta.plan_id, delta.device)
$$;
--> statement-breakpoint
-- vod_figures_apply's refunds and chargebacks: out as counted, the changed ones and those of
-- orders that moved; in as they are now, along their orders as the run left them (or as the table holds
-- them, for an order the run did not change).
CREATE OR REPLACE FUNCTION vod_events_apply(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone figure_events[];
  deltas vod_rollup_delta[];
BEGIN
  WITH orders_now AS (
    SELECT o.id, o.channel_id, o.campaign_id, o.plan_id
    FROM vod_changes_of(changes) c, jsonb_populate_record(NULL::orders, c.new) o WHERE c.source = 'orders' AND c.new IS NOT NULL
  ),
  changed AS (
    SELECT coalesce(c.old->>'id', c.new->>'id')::integer AS id FROM vod_changes_of(changes) c WHERE c.source = 'order_events'
  ),
  moving AS (
    SELECT f.id FROM orders_now o JOIN figure_events f ON f.order_id = o.id
    WHERE (o.channel_id, o.campaign_id, o.plan_id) IS DISTINCT FROM (f.channel_id, f.campaign_id, f.plan_id)
  ),
  taken AS (
    DELETE FROM figure_events f
    WHERE f.id = ANY (ARRAY(SELECT id FROM changed UNION SELECT id FROM moving))
    RETURNING f.*
  )
  SELECT ARRAY(SELECT ROW(t.*)::figure_events FROM taken t) INTO gone;
  WITH orders_now AS (
    SELECT o.id, o.channel_id, o.campaign_id, o.plan_id
    FROM vod_changes_of(changes) c, jsonb_populate_record(NULL::orders, c.new) o WHERE c.source = 'orders' AND c.new IS NOT NULL
  ),
  counted AS (
    SELECT e.id, e.order_id, e.kind, e.amount, e.occurred_at
    FROM vod_changes_of(changes) c, jsonb_populate_record(NULL::order_events, c.new) e
    WHERE c.source = 'order_events' AND c.new IS NOT NULL
    UNION ALL
    SELECT g.id, g.order_id, g.kind, g.amount, g.occurred_at FROM unnest(gone) g
    WHERE NOT EXISTS (SELECT 1 FROM vod_changes_of(changes) c WHERE c.source = 'order_events'
      AND g.id IN ((c.old->>'id')::integer, (c.new->>'id')::integer))
  ),
  put AS (
    INSERT INTO figure_events (id, order_id, kind, amount, occurred_at, channel_id, campaign_id, plan_id)
    SELECT e.id, e.order_id, e.kind, e.amount, e.occurred_at, o.channel_id, o.campaign_id, o.plan_id
    FROM counted e
    LEFT JOIN LATERAL (
      SELECT n.channel_id, n.campaign_id, n.plan_id FROM orders_now n WHERE n.id = e.order_id
      UNION ALL
      SELECT t.channel_id, t.campaign_id, t.plan_id FROM orders t
      WHERE t.id = e.order_id AND NOT EXISTS (SELECT 1 FROM orders_now n WHERE n.id = e.order_id)
    ) o ON true
    RETURNING *
  )
  SELECT ARRAY(
    SELECT vod_counted_event_delta(g, -1) FROM unnest(gone) g
    UNION ALL
    SELECT vod_counted_event_delta(ROW(p.*)::figure_events, 1) FROM put p) INTO deltas;
  PERFORM vod_rollup_merge(deltas);
END
$$;
--> statement-breakpoint
-- What a refund or chargeback adds (sign 1) or takes away (-1) as figure_events counted it.
CREATE OR REPLACE FUNCTION vod_counted_event_delta(e figure_events, sign integer) RETURNS vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT vod_event_delta(jsonb_populate_record(NULL::order_events, to_jsonb(e)),
    jsonb_populate_record(NULL::orders, jsonb_build_object('channel_id', e.channel_id, 'campaign_id', e.campaign_id,
      'plan_id', e.plan_id)), sign)
$$;
--> statement-breakpoint
-- Tables the member site emptied (TRUNCATE): the rollup columns their rows add to (the figure registry's, from
-- keeping/apply.ts) back to nothing, where the stream had them.
CREATE OR REPLACE FUNCTION vod_figures_truncate(sources text[], columns text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  rollup text;
BEGIN
  PERFORM pg_advisory_xact_lock(270027);
  FOREACH rollup IN ARRAY ARRAY['rollup_quarters', 'rollup_days', 'rollup_zone_days', 'rollup_months'] LOOP
    EXIT WHEN cardinality(columns) = 0;
    EXECUTE format('UPDATE %I SET %s WHERE %s', rollup,
      (SELECT string_agg(format('%I = 0', c), ', ') FROM unnest(columns) c),
      (SELECT string_agg(format('%I <> 0', c), ' OR ') FROM unnest(columns) c));
  END LOOP;
  IF 'order_events' = ANY (sources) THEN
    DELETE FROM figure_events;
  END IF;
  IF 'visits' = ANY (sources) THEN
    DELETE FROM visitor_day_counts;
    DELETE FROM visitor_month_counts;
    DELETE FROM visitor_day_planes;
    DELETE FROM visitor_month_planes;
    DELETE FROM visitor_day_hashes;
    DELETE FROM visitor_month_hashes;
  END IF;
END
$$;
--> statement-breakpoint
-- The figures built from the rows as the stream's start sees them (in the transaction that took its
-- snapshot, keeping/setup.ts), and the way they were kept before left behind: the triggers' queue and the
-- tails, which nothing reads from then on.
CREATE OR REPLACE FUNCTION vod_figures_build_as_of_stream() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('vod.as_of_stream', 'on', true);
  DELETE FROM figure_queue;
  DELETE FROM figure_tail_gaps;
  UPDATE figure_tails SET folded = 9223372036854775807;
  PERFORM vod_rollup_rebuild();
  PERFORM vod_visitors_recount();
  DELETE FROM figure_events;
  INSERT INTO figure_events (id, order_id, kind, amount, occurred_at, channel_id, campaign_id, plan_id)
  SELECT e.id, e.order_id, e.kind, e.amount, e.occurred_at, o.channel_id, o.campaign_id, o.plan_id
  FROM order_events e LEFT JOIN orders o ON o.id = e.order_id;
  DELETE FROM figure_set_aside;
END
$$;
--> statement-breakpoint
-- The member site's tables made ready for the stream: in the product's publication, each change carrying
-- its row's whole old image (REPLICA IDENTITY FULL: what it takes out of the figures), and without the
-- embedded way's correction triggers (figure-corrections.sql), so nothing of ours runs in its transactions.
-- Each step waits at most a second for its table (false: try again later), so no member write queues
-- behind it for longer.
CREATE OR REPLACE FUNCTION vod_stream_tables_prepare() RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  source text;
  t record;
BEGIN
  PERFORM set_config('lock_timeout', '1s', true);
  IF NOT EXISTS (SELECT 1 FROM pg_publication WHERE pubname = 'vod_figures') THEN
    CREATE PUBLICATION vod_figures FOR TABLE visits, orders, order_events, users, subscriptions;
  END IF;
  FOREACH source IN ARRAY ARRAY['visits', 'orders', 'order_events', 'users', 'subscriptions'] LOOP
    IF (SELECT c.relreplident FROM pg_class c WHERE c.oid = source::regclass) <> 'f' THEN
      EXECUTE format('ALTER TABLE %I REPLICA IDENTITY FULL', source);
    END IF;
  END LOOP;
  FOR t IN SELECT g.tgname, g.tgrelid::regclass AS rel FROM pg_trigger g
    WHERE NOT g.tgisinternal AND g.tgname LIKE '%\_rollup\_%'
      AND g.tgrelid = ANY (ARRAY['orders', 'order_events', 'users', 'subscriptions']::regclass[]) LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', t.tgname, t.rel);
  END LOOP;
  RETURN true;
EXCEPTION WHEN lock_not_available THEN
  RETURN false;
END
$$;
