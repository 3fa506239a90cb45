-- Subscription economics kept (docs/analytics.md "Subscription economics kept"): which members are to be worked
-- out again (economics_stale), noted on every way the figures are kept; modules/economics/keeping.ts works
-- them out in the background.

-- The members a set of subscriptions' rows belong to, and those of the subscriptions of plans whose prices or
-- periods changed, made stale.
CREATE OR REPLACE FUNCTION vod_economics_stale(user_ids integer[], plan_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO economics_stale (user_id)
  SELECT member_id FROM unnest(user_ids) member_id WHERE member_id IS NOT NULL
  UNION
  SELECT subscription.user_id FROM subscriptions subscription WHERE subscription.plan_id = ANY (plan_ids)
  ORDER BY 1
  ON CONFLICT (user_id) DO NOTHING
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
-- The change stream's way (vod_figures_apply): the members of a run's subscriptions, before and after, and of
-- the subscriptions of its plans whose prices or periods changed, made stale.
CREATE OR REPLACE FUNCTION vod_economics_touch(changes jsonb) RETURNS void LANGUAGE sql AS $$
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
