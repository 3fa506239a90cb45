-- What a row of the member site adds to the figures (docs/analytics.md): one vod_rollup_delta per figure it moves,
-- with its moment, channel, campaign, plan and device; sign 1 adds the row, -1 takes it away.

-- What one order adds (sign 1) or takes away (-1): paid orders count when they were paid.
CREATE OR REPLACE FUNCTION vod_order_delta(o orders, sign integer) RETURNS vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(o.paid_at, o.channel_id, o.campaign_id, o.plan_id, NULL, sign, sign * o.amount,
    sign * (o.transaction_fee + o.settlement_fee + o.reserve_fee), 0, 0, 0, 0, 0, 0, 0, 0)::vod_rollup_delta
$$;
--> statement-breakpoint
-- What one refund or chargeback adds or takes away, along its order's channel, campaign and plan.
CREATE OR REPLACE FUNCTION vod_event_delta(e order_events, o orders, sign integer) RETURNS vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(e.occurred_at, o.channel_id, o.campaign_id, o.plan_id, NULL, 0, 0, 0,
    CASE WHEN e.kind = 'refund' THEN sign ELSE 0 END, CASE WHEN e.kind = 'refund' THEN sign * e.amount ELSE 0 END,
    CASE WHEN e.kind = 'chargeback' THEN sign ELSE 0 END,
    CASE WHEN e.kind = 'chargeback' THEN sign * e.amount ELSE 0 END, 0, 0, 0, 0)::vod_rollup_delta
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_user_delta(u users, sign integer) RETURNS vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(u.created_at, u.channel_id, u.campaign_id, NULL, NULL, 0, 0, 0, 0, 0, 0, 0, sign, 0, 0, 0)::vod_rollup_delta
$$;
--> statement-breakpoint
-- A subscription counts once when it started and once more (as a cancellation) when it was cancelled.
CREATE OR REPLACE FUNCTION vod_subscription_deltas(s subscriptions, sign integer) RETURNS SETOF vod_rollup_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(s.started_at, s.channel_id, s.campaign_id, s.plan_id, NULL, 0, 0, 0, 0, 0, 0, 0, 0, sign, 0, 0)::vod_rollup_delta
  UNION ALL
  SELECT ROW(s.cancelled_at, s.channel_id, s.campaign_id, s.plan_id, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, sign, 0)::vod_rollup_delta
  WHERE s.cancelled_at IS NOT NULL
$$;
--> statement-breakpoint
-- What visits add (n of them) or take away (-n) (their visitors are counted apart, vod_visitors_add).
CREATE OR REPLACE FUNCTION vod_visit_delta(visited_at timestamptz, channel_id integer, campaign_id integer,
  device text, n integer) RETURNS vod_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(visited_at, channel_id, campaign_id, NULL, device, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, n)::vod_rollup_delta
$$;
