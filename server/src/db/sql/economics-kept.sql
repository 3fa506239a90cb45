-- Subscription economics kept (docs/analytics.md "Subscription economics kept"): which members are to be worked
-- out again (economics_stale), noted on every way the figures are kept; modules/economics/keeping.ts works
-- them out in the background.

-- The members a set of subscriptions' rows belong to, and those of the subscriptions of plans whose prices or
-- periods changed, made stale, each with the table whose change did.
CREATE OR REPLACE FUNCTION vod_economics_stale(user_ids integer[], plan_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO economics_stale (user_id, source)
  SELECT member_id, 'subscriptions' FROM unnest(user_ids) member_id WHERE member_id IS NOT NULL
  UNION
  SELECT subscription.user_id, 'plans' FROM subscriptions subscription WHERE subscription.plan_id = ANY (plan_ids)
  ORDER BY 1, 2
  ON CONFLICT (user_id, source) DO NOTHING
$$;
--> statement-breakpoint
-- The members of subscriptions a paid order of which came, changed or went, made stale for their conversion.
CREATE OR REPLACE FUNCTION vod_economics_renewed(subscription_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO economics_stale (user_id, source)
  SELECT DISTINCT subscription.user_id, 'orders' FROM subscriptions subscription
  WHERE subscription.id = ANY (subscription_ids)
  ORDER BY 1
  ON CONFLICT (user_id, source) DO NOTHING
$$;
--> statement-breakpoint
-- What of an order a subscription's conversion follows from: its subscription and when it was paid, if it was
-- paid above 0 (null: it converts nothing).
CREATE OR REPLACE FUNCTION vod_economics_paid(purchase orders) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN purchase.subscription_id IS NOT NULL AND purchase.paid_at IS NOT NULL AND purchase.amount > 0
    THEN concat_ws('|', purchase.subscription_id, purchase.paid_at) END
$$;
--> statement-breakpoint
-- What of a subscription its MRR and scopes follow from.
CREATE OR REPLACE FUNCTION vod_economics_of(subscription subscriptions) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws('|', subscription.user_id, subscription.plan_id, subscription.channel_id,
    subscription.campaign_id, subscription.started_at, subscription.ended_at)
$$;
--> statement-breakpoint
-- What of a plan its subscriptions' MRR follows from.
CREATE OR REPLACE FUNCTION vod_economics_priced(plan plans) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws('|', plan.initial_period_count, plan.initial_period_unit, plan.initial_original_price,
    plan.initial_discount_price, plan.recurring_period_count, plan.recurring_period_unit,
    plan.recurring_original_price, plan.recurring_discount_price)
$$;
--> statement-breakpoint
-- The embedded way (and FIGURES_WITHOUT_STREAM=triggers): a statement's subscriptions, new, changed in what
-- their MRR follows from, or gone, make their members stale.
CREATE OR REPLACE FUNCTION vod_economics_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vod_economics_stale(ARRAY(SELECT new_one.user_id FROM new_rows new_one), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vod_economics_stale(ARRAY(SELECT old_one.user_id FROM old_rows old_one), '{}');
  ELSE
    PERFORM vod_economics_stale(ARRAY(
      SELECT moved.user_id FROM old_rows old_one JOIN new_rows new_one ON new_one.id = old_one.id,
        LATERAL (VALUES (old_one.user_id), (new_one.user_id)) AS moved(user_id)
      WHERE vod_economics_of(old_one) IS DISTINCT FROM vod_economics_of(new_one)), '{}');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The embedded way: a statement's plans changed in their prices or periods make their members stale.
CREATE OR REPLACE FUNCTION vod_economics_plans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vod_economics_stale('{}', ARRAY(
    SELECT old_one.id FROM old_rows old_one JOIN new_rows new_one ON new_one.id = old_one.id
    WHERE vod_economics_priced(old_one) IS DISTINCT FROM vod_economics_priced(new_one)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The embedded way: a statement's paid orders, new, changed in what a conversion follows from, or gone, make
-- their subscriptions' members stale.
CREATE OR REPLACE FUNCTION vod_economics_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vod_economics_renewed(ARRAY(
      SELECT new_one.subscription_id FROM new_rows new_one WHERE vod_economics_paid(new_one) IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vod_economics_renewed(ARRAY(
      SELECT old_one.subscription_id FROM old_rows old_one WHERE vod_economics_paid(old_one) IS NOT NULL));
  ELSE
    PERFORM vod_economics_renewed(ARRAY(
      SELECT moved.subscription_id FROM old_rows old_one JOIN new_rows new_one ON new_one.id = old_one.id,
        LATERAL (VALUES (old_one.subscription_id), (new_one.subscription_id)) AS moved(subscription_id)
      WHERE vod_economics_paid(old_one) IS DISTINCT FROM vod_economics_paid(new_one)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_rollup_economics_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vod_economics_orders();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_rollup_economics_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vod_economics_orders();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_rollup_economics_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vod_economics_orders();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscriptions_rollup_economics_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vod_economics_subscriptions();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscriptions_rollup_economics_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vod_economics_subscriptions();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscriptions_rollup_economics_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vod_economics_subscriptions();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER plans_rollup_economics_update AFTER UPDATE ON plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vod_economics_plans();
--> statement-breakpoint
-- The change stream's way (vod_figures_apply): the members of a run's subscriptions, before and after, of
-- the subscriptions of its plans whose prices or periods changed, and of those of its paid orders, made stale.
CREATE OR REPLACE FUNCTION vod_economics_touch(changes jsonb) RETURNS void LANGUAGE sql AS $$
  SELECT vod_economics_renewed(ARRAY(
    SELECT (image->>'subscription_id')::integer
    FROM vod_changes_of(changes) change, LATERAL (VALUES (change.old), (change.new)) AS images(image)
    WHERE change.source = 'orders' AND image IS NOT NULL
      AND vod_economics_paid(jsonb_populate_record(NULL::orders, image)) IS NOT NULL
      AND vod_economics_paid(jsonb_populate_record(NULL::orders, change.old))
        IS DISTINCT FROM vod_economics_paid(jsonb_populate_record(NULL::orders, change.new))));
  SELECT vod_economics_stale(
    ARRAY(SELECT (image->>'user_id')::integer
      FROM vod_changes_of(changes) change, LATERAL (VALUES (change.old), (change.new)) AS images(image)
      WHERE change.source = 'subscriptions' AND image IS NOT NULL
        AND vod_economics_of(jsonb_populate_record(NULL::subscriptions, change.old))
          IS DISTINCT FROM vod_economics_of(jsonb_populate_record(NULL::subscriptions, change.new))),
    ARRAY(SELECT coalesce(change.new->>'id', change.old->>'id')::integer
      FROM vod_changes_of(changes) change
      WHERE change.source = 'plans'
        AND vod_economics_priced(jsonb_populate_record(NULL::plans, change.old))
          IS DISTINCT FROM vod_economics_priced(jsonb_populate_record(NULL::plans, change.new))))
$$;
--> statement-breakpoint
-- Every member to be worked out anew (a truncation, the figures built again from the stream's snapshot): the
-- keeping drops what it kept at its next step and answers come from the raw rows until it is whole again.
CREATE OR REPLACE FUNCTION vod_economics_anew() RETURNS void LANGUAGE sql AS $$
  UPDATE economics_kept SET zone = NULL, built = false
$$;
--> statement-breakpoint
-- A figure of a restatement of subscription economics (its wire name) of a month in a scope, as kept now:
-- its month row's value, or for closing MRR and members the MRR moved and members joined up to it.
CREATE OR REPLACE FUNCTION vod_economics_value(kind text, id integer, month date, figure text) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce(CASE figure
    WHEN 'closing_mrr' THEN (SELECT sum(kept.mrr_moved) FROM economics_periods kept
      WHERE kept.scope_kind = kind AND kept.scope_id = id AND kept.grain = 'month' AND kept.period <= month)
    WHEN 'closing_members' THEN (SELECT sum(kept.joined) FROM economics_periods kept
      WHERE kept.scope_kind = kind AND kept.scope_id = id AND kept.grain = 'month' AND kept.period <= month)
    ELSE (SELECT CASE figure WHEN 'new' THEN kept.new_mrr WHEN 'reactivation' THEN kept.reactivation
        WHEN 'expansion' THEN kept.expansion WHEN 'contraction' THEN kept.contraction WHEN 'churn' THEN kept.churn
        WHEN 'new_members' THEN kept.new_members WHEN 'reactivated_members' THEN kept.reactivated_members
        WHEN 'expanded_members' THEN kept.expanded_members WHEN 'contracted_members' THEN kept.contracted_members
        WHEN 'churned_members' THEN kept.churned_members END
      FROM economics_periods kept
      WHERE kept.scope_kind = kind AND kept.scope_id = id AND kept.grain = 'month' AND kept.period = month)
  END, 0)
$$;
--> statement-breakpoint
-- What a keeping step changed of closed months (docs/analytics.md "Restatements of subscription economics"):
-- its members' month rows before and after (`old_sums`, `new_sums`: economics_periods' columns summed per
-- source, scope and month before `closed_before`), told apart per figure (closing MRR and members for every
-- closed month from the first one whose MRR moved or members joined changed (a reworked member's unchanged
-- months, back to their first, generate none), as MRR moved and members joined add up to them) and noted in
-- economics_restatements by minute with the value after (as kept now, less what the step's other source
-- changed after this one, in the sources' order) and before. Runs once the step's rows are in.
CREATE OR REPLACE FUNCTION vod_economics_note(old_sums jsonb, new_sums jsonb, closed_before date) RETURNS void
LANGUAGE sql AS $$
  WITH sides AS (
    SELECT side.sign, summed.value->>'source' AS source, period_row.*
    FROM (VALUES (1, new_sums), (-1, old_sums)) AS side(sign, sums)
    CROSS JOIN LATERAL jsonb_array_elements(side.sums) AS summed(value)
    CROSS JOIN LATERAL jsonb_populate_record(NULL::economics_periods, summed.value) AS period_row
  ),
  moved AS (
    SELECT source, scope_kind, scope_id, period, sum(sign * mrr_moved) AS mrr_moved, sum(sign * joined) AS joined,
      sum(sign * new_mrr) AS new_mrr, sum(sign * reactivation) AS reactivation, sum(sign * expansion) AS expansion,
      sum(sign * contraction) AS contraction, sum(sign * churn) AS churn, sum(sign * new_members) AS new_members,
      sum(sign * reactivated_members) AS reactivated_members, sum(sign * expanded_members) AS expanded_members,
      sum(sign * contracted_members) AS contracted_members, sum(sign * churned_members) AS churned_members
    FROM sides GROUP BY 1, 2, 3, 4
  ),
  changes AS (
    SELECT moved.period AS month, moved.scope_kind, moved.scope_id, moved.source, figure.name, figure.change
    FROM moved CROSS JOIN LATERAL (VALUES ('new', new_mrr), ('reactivation', reactivation),
      ('expansion', expansion), ('contraction', contraction), ('churn', churn), ('new_members', new_members),
      ('reactivated_members', reactivated_members), ('expanded_members', expanded_members),
      ('contracted_members', contracted_members), ('churned_members', churned_members)) AS figure(name, change)
    UNION ALL
    SELECT month_start::date, scoped.scope_kind, scoped.scope_id, scoped.source, figure.name, figure.change
    FROM (SELECT source, scope_kind, scope_id, min(period) FILTER (WHERE mrr_moved <> 0 OR joined <> 0) AS first_month
      FROM moved GROUP BY 1, 2, 3) scoped
    CROSS JOIN LATERAL generate_series(scoped.first_month, closed_before - interval '1 month', interval '1 month')
      AS month_start
    CROSS JOIN LATERAL (SELECT sum(earlier.mrr_moved) AS mrr, sum(earlier.joined) AS members FROM moved earlier
      WHERE (earlier.source, earlier.scope_kind, earlier.scope_id) = (scoped.source, scoped.scope_kind, scoped.scope_id)
        AND earlier.period <= month_start) AS upto
    CROSS JOIN LATERAL (VALUES ('closing_mrr', upto.mrr), ('closing_members', upto.members)) AS figure(name, change)
  ),
  valued AS (
    SELECT changes.*, vod_economics_value(changes.scope_kind, changes.scope_id, changes.month, changes.name)
      - coalesce(sum(changes.change) OVER (PARTITION BY changes.scope_kind, changes.scope_id, changes.month,
        changes.name ORDER BY changes.source DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS after
    FROM changes WHERE changes.change <> 0
  )
  INSERT INTO economics_restatements AS noted (month, scope_kind, scope_id, figure, source, before, after, noted_at)
  SELECT month, scope_kind, scope_id, name, source, after - change, after, date_trunc('minute', now()) FROM valued
  ORDER BY 2, 3, 1, 4, 5
  ON CONFLICT (scope_kind, scope_id, month, cohort, figure, source, noted_at) DO UPDATE SET after = excluded.after
$$;
--> statement-breakpoint
-- A figure of a retention cohort's restatement (its wire name) of a month in a scope, as kept now: the cohort's
-- members (the month its own), or its members paying and their MRR at the month's end, the members joined and
-- MRR moved of its months up to it.
CREATE OR REPLACE FUNCTION vod_economics_cohort_value(kind text, id integer, of_cohort date, month date, figure text)
RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce(CASE figure
      WHEN 'cohort_members' THEN sum(kept.entered)
      WHEN 'cohort_paying_members' THEN sum(kept.joined)
      WHEN 'cohort_mrr' THEN sum(kept.mrr_moved) END, 0)
  FROM economics_cohorts kept
  WHERE kept.scope_kind = kind AND kept.scope_id = id AND kept.cohort = of_cohort AND kept.period <= month
$$;
--> statement-breakpoint
-- What a keeping step changed of closed months' retention cohorts, as vod_economics_note does of their months:
-- its members' cohort and month rows before and after (`old_sums`, `new_sums`: economics_cohorts' columns summed
-- per source, scope, cohort and month before `closed_before`), told apart per figure (a cohort's members in its
-- own month; its members paying and their MRR in every closed month from the first one changed, as the members
-- joined and MRR moved of its months add up to them) and noted by minute with the value after and before.
CREATE OR REPLACE FUNCTION vod_economics_note_cohorts(old_sums jsonb, new_sums jsonb, closed_before date)
RETURNS void LANGUAGE sql AS $$
  WITH sides AS (
    SELECT side.sign, summed.value->>'source' AS source, cohort_row.*
    FROM (VALUES (1, new_sums), (-1, old_sums)) AS side(sign, sums)
    CROSS JOIN LATERAL jsonb_array_elements(side.sums) AS summed(value)
    CROSS JOIN LATERAL jsonb_populate_record(NULL::economics_cohorts, summed.value) AS cohort_row
  ),
  moved AS (
    SELECT source, scope_kind, scope_id, cohort, period, sum(sign * entered) AS entered, sum(sign * joined) AS joined,
      sum(sign * mrr_moved) AS mrr_moved
    FROM sides GROUP BY 1, 2, 3, 4, 5
  ),
  changes AS (
    SELECT moved.cohort AS month, moved.cohort, moved.scope_kind, moved.scope_id, moved.source,
      'cohort_members' AS name, moved.entered AS change
    FROM moved WHERE moved.period = moved.cohort
    UNION ALL
    SELECT month_start::date, scoped.cohort, scoped.scope_kind, scoped.scope_id, scoped.source, figure.name,
      figure.change
    FROM (SELECT source, scope_kind, scope_id, cohort,
        min(period) FILTER (WHERE joined <> 0 OR mrr_moved <> 0) AS first_month
      FROM moved GROUP BY 1, 2, 3, 4) scoped
    CROSS JOIN LATERAL generate_series(scoped.first_month, closed_before - interval '1 month', interval '1 month')
      AS month_start
    CROSS JOIN LATERAL (SELECT sum(earlier.joined) AS members, sum(earlier.mrr_moved) AS mrr FROM moved earlier
      WHERE (earlier.source, earlier.scope_kind, earlier.scope_id, earlier.cohort)
          = (scoped.source, scoped.scope_kind, scoped.scope_id, scoped.cohort)
        AND earlier.period <= month_start) AS upto
    CROSS JOIN LATERAL (VALUES ('cohort_paying_members', upto.members), ('cohort_mrr', upto.mrr))
      AS figure(name, change)
  ),
  valued AS (
    SELECT changes.*,
      vod_economics_cohort_value(changes.scope_kind, changes.scope_id, changes.cohort, changes.month, changes.name)
      - coalesce(sum(changes.change) OVER (PARTITION BY changes.scope_kind, changes.scope_id, changes.cohort,
        changes.month, changes.name ORDER BY changes.source DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING),
        0) AS after
    FROM changes WHERE changes.change <> 0
  )
  INSERT INTO economics_restatements AS noted (month, cohort, scope_kind, scope_id, figure, source, before, after,
    noted_at)
  SELECT month, cohort, scope_kind, scope_id, name, source, after - change, after, date_trunc('minute', now())
  FROM valued
  ORDER BY 3, 4, 1, 2, 5, 6
  ON CONFLICT (scope_kind, scope_id, month, cohort, figure, source, noted_at) DO UPDATE SET after = excluded.after
$$;
