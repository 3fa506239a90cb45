-- The figures from PostgreSQL's change stream (docs/analytics.md "How the figures are kept"): what
-- modules/analytics/keeping reads from the product's replication slot, applied in commit order. Nothing here
-- runs in a member site's transaction.

-- vod_figures_apply's changes as rows (a function the planner inlines: no table of the session's own, whose
-- every emptying would make each statement that reads it planned again).
CREATE OR REPLACE FUNCTION vod_changes_of(changes jsonb) RETURNS TABLE (source text, old jsonb, new jsonb)
LANGUAGE sql IMMUTABLE AS $$
  SELECT change->>'table', nullif(change->'old', 'null'::jsonb), nullif(change->'new', 'null'::jsonb)
  FROM jsonb_array_elements(changes) change
$$;
--> statement-breakpoint
-- Changes of the member site's rows, in the order they were committed: a JSON array of {"table", "old",
-- "new"}, one per row a run of transactions changed (its image before the run and after it, as the
-- stream's text: keeping/changes.ts collapses them), with null for a row that was not there. Read once into
-- each table's rows; each row's old image is taken out of the figures and its new one put in; a refund or
-- chargeback goes out as it was counted (figure_events) and in along its order as the order is now, and an
-- order that moves takes its counted refunds and chargebacks along. A visit moved or deleted has its
-- business days noted to have their visitors counted again (sketches only grow; vod_stale_days_recount, in the
-- background). Under the fold's lock, which a recount's
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
      FROM (SELECT * FROM unnest(visits_out) UNION ALL SELECT * FROM unnest(visits_moved)) visit
      WHERE vod_datable(visit.visited_at) IS NOT NULL);
    INSERT INTO visitor_days_stale (day) SELECT unnest(moved_days) ON CONFLICT (day) DO NOTHING;
  END IF;
  IF events_changed OR orders_in IS NOT NULL THEN
    PERFORM vod_events_apply(changes);
  END IF;
  PERFORM vod_economics_touch(changes);
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
    UNION ALL SELECT visit_delta FROM vod_visits_deltas(visits_out, -1) visit_delta
    UNION ALL SELECT visit_delta FROM vod_visits_deltas(visits_in, 1) visit_delta)
$$;
--> statement-breakpoint
-- The orders a run of changes left (their new images), by id, with what their refunds and chargebacks go along.
CREATE OR REPLACE FUNCTION vod_orders_now(changes jsonb) RETURNS TABLE (id integer, channel_id integer,
  campaign_id integer, plan_id integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT purchase.id, purchase.channel_id, purchase.campaign_id, purchase.plan_id
  FROM vod_changes_of(changes) change, jsonb_populate_record(NULL::orders, change.new) purchase
  WHERE change.source = 'orders' AND change.new IS NOT NULL
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
  WITH orders_now AS (SELECT * FROM vod_orders_now(changes)),
  changed AS (
    SELECT coalesce(change.old->>'id', change.new->>'id')::integer AS id
    FROM vod_changes_of(changes) change WHERE change.source = 'order_events'
  ),
  moving AS (
    SELECT counted.id FROM orders_now JOIN figure_events counted ON counted.order_id = orders_now.id
    WHERE (orders_now.channel_id, orders_now.campaign_id, orders_now.plan_id)
      IS DISTINCT FROM (counted.channel_id, counted.campaign_id, counted.plan_id)
  ),
  taken AS (
    DELETE FROM figure_events counted
    WHERE counted.id = ANY (ARRAY(SELECT id FROM changed UNION SELECT id FROM moving))
    RETURNING counted.*
  )
  SELECT ARRAY(SELECT ROW(taken.*)::figure_events FROM taken) INTO gone;
  WITH orders_now AS (SELECT * FROM vod_orders_now(changes)),
  to_count AS (
    SELECT event.id, event.order_id, event.kind, event.amount, event.occurred_at
    FROM vod_changes_of(changes) change, jsonb_populate_record(NULL::order_events, change.new) event
    WHERE change.source = 'order_events' AND change.new IS NOT NULL
    UNION ALL
    SELECT gone_event.id, gone_event.order_id, gone_event.kind, gone_event.amount, gone_event.occurred_at
    FROM unnest(gone) gone_event
    WHERE NOT EXISTS (SELECT 1 FROM vod_changes_of(changes) change WHERE change.source = 'order_events'
      AND gone_event.id IN ((change.old->>'id')::integer, (change.new->>'id')::integer))
  ),
  put AS (
    INSERT INTO figure_events (id, order_id, kind, amount, occurred_at, channel_id, campaign_id, plan_id)
    SELECT to_count.id, to_count.order_id, to_count.kind, to_count.amount, to_count.occurred_at,
      its_order.channel_id, its_order.campaign_id, its_order.plan_id
    FROM to_count
    LEFT JOIN LATERAL (
      SELECT orders_now.channel_id, orders_now.campaign_id, orders_now.plan_id
      FROM orders_now WHERE orders_now.id = to_count.order_id
      UNION ALL
      SELECT stored.channel_id, stored.campaign_id, stored.plan_id FROM orders stored
      WHERE stored.id = to_count.order_id
        AND NOT EXISTS (SELECT 1 FROM orders_now WHERE orders_now.id = to_count.order_id)
    ) its_order ON true
    RETURNING *
  )
  SELECT ARRAY(
    SELECT vod_counted_event_delta(gone_event, -1) FROM unnest(gone) gone_event
    UNION ALL
    SELECT vod_counted_event_delta(ROW(put.*)::figure_events, 1) FROM put) INTO deltas;
  PERFORM vod_rollup_merge(deltas);
END
$$;
--> statement-breakpoint
-- What a refund or chargeback adds (sign 1) or takes away (-1) as figure_events counted it.
CREATE OR REPLACE FUNCTION vod_counted_event_delta(counted figure_events, sign integer) RETURNS vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT vod_event_delta(jsonb_populate_record(NULL::order_events, to_jsonb(counted)),
    jsonb_populate_record(NULL::orders, jsonb_build_object('channel_id', counted.channel_id,
      'campaign_id', counted.campaign_id, 'plan_id', counted.plan_id)), sign)
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
      (SELECT string_agg(format('%I = 0', column_name), ', ') FROM unnest(columns) column_name),
      (SELECT string_agg(format('%I <> 0', column_name), ' OR ') FROM unnest(columns) column_name));
  END LOOP;
  IF 'order_events' = ANY (sources) THEN
    DELETE FROM figure_events;
  END IF;
  IF sources && ARRAY['subscriptions', 'plans'] THEN
    PERFORM vod_economics_anew();
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
  SELECT event.id, event.order_id, event.kind, event.amount, event.occurred_at, purchase.channel_id,
    purchase.campaign_id, purchase.plan_id
  FROM order_events event LEFT JOIN orders purchase ON purchase.id = event.order_id;
  DELETE FROM figure_set_aside;
  DELETE FROM visitor_days_stale;
  PERFORM vod_economics_anew();
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
BEGIN
  PERFORM set_config('lock_timeout', '1s', true);
  IF NOT EXISTS (SELECT 1 FROM pg_publication WHERE pubname = 'vod_figures') THEN
    CREATE PUBLICATION vod_figures FOR TABLE visits, orders, order_events, users, subscriptions, plans;
  END IF;
  -- Plans came later (their prices price the subscriptions' MRR, economics-kept.sql).
  IF NOT EXISTS (SELECT 1 FROM pg_publication_tables WHERE pubname = 'vod_figures' AND tablename = 'plans') THEN
    ALTER PUBLICATION vod_figures ADD TABLE plans;
  END IF;
  FOREACH source IN ARRAY ARRAY['visits', 'orders', 'order_events', 'users', 'subscriptions', 'plans'] LOOP
    IF (SELECT class_row.relreplident FROM pg_class class_row WHERE class_row.oid = source::regclass) <> 'f' THEN
      EXECUTE format('ALTER TABLE %I REPLICA IDENTITY FULL', source);
    END IF;
  END LOOP;
  PERFORM vod_correction_triggers_drop();
  RETURN true;
EXCEPTION WHEN lock_not_available THEN
  RETURN false;
END
$$;
--> statement-breakpoint
-- The embedded way's correction triggers (figure-corrections.sql) taken off the member site's tables.
CREATE OR REPLACE FUNCTION vod_correction_triggers_drop() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  rollup_trigger record;
BEGIN
  FOR rollup_trigger IN SELECT listed.tgname, listed.tgrelid::regclass AS rel FROM pg_trigger listed
    WHERE NOT listed.tgisinternal AND listed.tgname LIKE '%\_rollup\_%'
      AND listed.tgrelid = ANY (ARRAY['orders', 'order_events', 'users', 'subscriptions', 'plans']::regclass[]) LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', rollup_trigger.tgname, rollup_trigger.rel);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A PostgreSQL that gives no change stream, where the figures are not kept (FIGURES_WITHOUT_STREAM=none):
-- nothing of ours runs in the member site's transactions, and the database is marked ('figures_unkept':
-- why, what the database has, since when), so the triggers' way never takes it up later with the corrections
-- made meanwhile missing (only the stream, which builds the figures anew from its snapshot, does), and the
-- report mails say why. False: a table was busy for a second (try again later).
CREATE OR REPLACE FUNCTION vod_figures_unkeep(gap_why text, gap_value text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('lock_timeout', '1s', true);
  PERFORM vod_correction_triggers_drop();
  INSERT INTO app_settings AS setting (key, value)
  VALUES ('figures_unkept', jsonb_build_object('why', gap_why, 'value', gap_value, 'since', now())::text)
  ON CONFLICT (key) DO UPDATE SET value = jsonb_build_object('why', gap_why, 'value', gap_value,
    'since', setting.value::jsonb -> 'since')::text;
  RETURN true;
EXCEPTION WHEN lock_not_available THEN
  RETURN false;
END
$$;
