-- What a row of the member site adds to the figures (docs/analytics.md): one vod_rollup_delta per figure it moves,
-- with its moment, channel, campaign, plan and device; sign 1 adds the row, -1 takes it away. Each figure's value
-- is the figure registry's (contract/src/figures.ts `kept.value`, over these parameters' names).

-- What one order adds (sign 1) or takes away (-1): paid orders count when they were paid.
CREATE OR REPLACE FUNCTION vod_order_delta(purchase orders, sign integer) RETURNS vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(purchase.paid_at, purchase.channel_id, purchase.campaign_id, purchase.plan_id, NULL, sign,
    sign * purchase.amount, sign * (purchase.transaction_fee + purchase.settlement_fee + purchase.reserve_fee),
    0, 0, 0, 0, 0, 0, 0, 0)::vod_rollup_delta
$$;
--> statement-breakpoint
-- What one refund or chargeback adds or takes away, along its order's channel, campaign and plan.
CREATE OR REPLACE FUNCTION vod_event_delta(event order_events, purchase orders, sign integer) RETURNS vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(event.occurred_at, purchase.channel_id, purchase.campaign_id, purchase.plan_id, NULL, 0, 0, 0,
    CASE WHEN event.kind = 'refund' THEN sign ELSE 0 END,
    CASE WHEN event.kind = 'refund' THEN sign * event.amount ELSE 0 END,
    CASE WHEN event.kind = 'chargeback' THEN sign ELSE 0 END,
    CASE WHEN event.kind = 'chargeback' THEN sign * event.amount ELSE 0 END, 0, 0, 0, 0)::vod_rollup_delta
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_user_delta(member users, sign integer) RETURNS vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(member.created_at, member.channel_id, member.campaign_id, NULL, NULL, 0, 0, 0, 0, 0, 0, 0, sign, 0, 0,
    0)::vod_rollup_delta
$$;
--> statement-breakpoint
-- A subscription counts once when it started and once more (as a cancellation) when it was cancelled.
CREATE OR REPLACE FUNCTION vod_subscription_deltas(subscription subscriptions, sign integer)
RETURNS SETOF vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(subscription.started_at, subscription.channel_id, subscription.campaign_id, subscription.plan_id, NULL,
    0, 0, 0, 0, 0, 0, 0, 0, sign, 0, 0)::vod_rollup_delta
  UNION ALL
  SELECT ROW(subscription.cancelled_at, subscription.channel_id, subscription.campaign_id, subscription.plan_id, NULL,
    0, 0, 0, 0, 0, 0, 0, 0, 0, sign, 0)::vod_rollup_delta
  WHERE subscription.cancelled_at IS NOT NULL
$$;
--> statement-breakpoint
-- What visits add (visit_count of them) or take away (negative) (their visitors are counted apart,
-- vod_visitors_add).
CREATE OR REPLACE FUNCTION vod_visit_delta(visited_at timestamptz, channel_id integer, campaign_id integer,
  device text, visit_count integer) RETURNS vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(visited_at, channel_id, campaign_id, NULL, device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    visit_count)::vod_rollup_delta
$$;
