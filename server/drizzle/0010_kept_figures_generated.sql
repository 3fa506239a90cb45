-- The functions that name every kept figure are written from the figure registry (server/src/db/kept-figures.ts)
-- and give or take the delta type, which the start makes again from the registry when it differs (dropping
-- what takes or gives it). These two gave a table of their own columns, and vod_visit_delta is no more: gone
-- here, the start makes vod_rollup_pending and vod_rollup_sources again, giving deltas.
DROP FUNCTION IF EXISTS vod_rollup_pending();
--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_rollup_sources();
--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_visit_delta(timestamptz, integer, integer, text, integer);
