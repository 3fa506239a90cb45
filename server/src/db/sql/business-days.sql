-- Business days and months in the zone the figures are counted in (BUSINESS_TIME_ZONE): rollup_zone_days and
-- rollup_months, filled from the quarter-hours.

-- The zone business days are counted in (BUSINESS_TIME_ZONE, written here at each start).
CREATE OR REPLACE FUNCTION vod_business_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value FROM app_settings WHERE key = 'business_time_zone'), 'UTC')
$$;
--> statement-breakpoint
-- The zone rollup_zone_days is kept in (null: none yet, the quarter-hours answer).
CREATE OR REPLACE FUNCTION vod_zone_days_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT value FROM app_settings WHERE key = 'rollup_zone_days_zone'
$$;
--> statement-breakpoint
-- The kept figures' columns: the figure registry's (contract/src/figures.ts), which db/schema/analytics.ts makes
-- every rollup table's columns of, read here from rollup_quarters: all of its columns but the keys. What iterates
-- them (vod_kept_list) keeps a figure added to the registry without naming it.
CREATE OR REPLACE FUNCTION vod_kept_columns() RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT array_agg(attribute.attname::text ORDER BY attribute.attnum)
  FROM pg_attribute attribute
  WHERE attribute.attrelid = 'rollup_quarters'::regclass AND attribute.attnum > 0 AND NOT attribute.attisdropped
    AND attribute.attname NOT IN ('channel_id', 'campaign_id', 'plan_id', 'device', 'bucket')
$$;
--> statement-breakpoint
-- Each kept figure's column written by a format() template (%1$I: the column's name), joined by `separator`:
-- the one place the upkeep's statements are made from text, and only from the columns' names.
CREATE OR REPLACE FUNCTION vod_kept_list(template text, separator text DEFAULT ', ') RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT string_agg(format(template, kept_column), separator) FROM unnest(vod_kept_columns()) kept_column
$$;
--> statement-breakpoint
-- rollup_months from the business days, emptied row by row (readers keep reading the months as they were
-- until the commit).
CREATE OR REPLACE FUNCTION vod_months_fill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rollup_months;
  EXECUTE format('INSERT INTO rollup_months (channel_id, campaign_id, plan_id, device, month, %1$s)
    SELECT channel_id, campaign_id, plan_id, device, date_trunc(''month'', day)::date, %2$s
    FROM (SELECT * FROM rollup_days WHERE $1 = ''UTC'' UNION ALL SELECT * FROM rollup_zone_days WHERE $1 <> ''UTC'') days
    GROUP BY 1, 2, 3, 4, 5', vod_kept_list('%1$I'), vod_kept_list('sum(%1$I)'))
  USING vod_zone_days_zone();
  ANALYZE rollup_months;
END
$$;
--> statement-breakpoint
-- rollup_zone_days from the quarter-hours (none when the zone is UTC: rollup_days are its days), then the
-- months; emptied row by row, not truncated (TRUNCATE's lock queued every reader behind it).
CREATE OR REPLACE FUNCTION vod_zone_days_fill() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := vod_zone_days_zone();
BEGIN
  DELETE FROM rollup_zone_days;
  IF zone IS NOT NULL AND zone <> 'UTC' THEN
    EXECUTE format('INSERT INTO rollup_zone_days (channel_id, campaign_id, plan_id, device, day, %1$s)
      SELECT channel_id, campaign_id, plan_id, device, (bucket AT TIME ZONE $1)::date, %2$s
      FROM rollup_quarters GROUP BY 1, 2, 3, 4, 5', vod_kept_list('%1$I'), vod_kept_list('sum(%1$I)'))
    USING zone;
    ANALYZE rollup_zone_days;
  END IF;
  PERFORM vod_months_fill();
END
$$;
--> statement-breakpoint
-- The build of a zone's business days. Readers never wait for it: until it commits they read the days as
-- they were (a reader in the new zone finds them kept for another and reads the UTC days and quarter-hours).
-- The rollups' writers (the folding of queued changes) wait for it (SHARE lock on rollup_quarters), so each
-- change is in the quarter-hours read here or added after, into the new zone's days. One build or rebuild at a
-- time (advisory lock 35001).
CREATE OR REPLACE FUNCTION vod_zone_days_rebuild(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF vod_zone_days_zone() IS NOT DISTINCT FROM zone THEN RETURN false; END IF;
  PERFORM pg_advisory_xact_lock(35001);
  LOCK TABLE rollup_quarters IN SHARE MODE;
  -- Another server may have built it while this one waited for the lock.
  IF vod_zone_days_zone() IS NOT DISTINCT FROM zone THEN RETURN false; END IF;
  PERFORM set_config('jit', 'off', true);
  PERFORM set_config('work_mem', '256MB', true);
  INSERT INTO app_settings (key, value) VALUES ('rollup_zone_days_zone', zone)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value;
  -- Another zone's months: none is closed in this one yet, and what was noted of the others is of no month here.
  DELETE FROM figure_restatements;
  DELETE FROM economics_restatements;
  PERFORM vod_zone_days_fill();
  PERFORM vod_upkeep_hold('zone days');
  RETURN true;
END
$$;
--> statement-breakpoint
-- Where the closed months of the kept zone end: the first moment of the first month still open, in the
-- setting 'figures_closed_before' ('<month> <zone>'); null while none is closed in that zone. What the rollups
-- take dated before it is noted (vod_restatements_note, docs/analytics.md "Closed months and restatements").
CREATE OR REPLACE FUNCTION vod_figures_closed_before(kept_zone text) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT split_part(value, ' ', 1)::date::timestamp AT TIME ZONE kept_zone
  FROM app_settings WHERE key = 'figures_closed_before' AND split_part(value, ' ', 2) = kept_zone
$$;
--> statement-breakpoint
-- Closes every month of the kept zone that ended at or before `fresh`, the newest moment the figures hold
-- every change committed before (modules/analytics/fold-status.ts): a month closes once it is whole, not
-- while a late change is still on its way. Never reopens one. Answers the first month still open (null: no
-- zone kept yet).
CREATE OR REPLACE FUNCTION vod_figures_close(fresh timestamptz) RETURNS date LANGUAGE plpgsql AS $$
DECLARE
  kept_zone text := vod_zone_days_zone();
  open_month date;
BEGIN
  IF kept_zone IS NULL OR fresh IS NULL THEN
    RETURN NULL;
  END IF;
  open_month := date_trunc('month', fresh AT TIME ZONE kept_zone)::date;
  INSERT INTO app_settings AS setting (key, value) VALUES ('figures_closed_before', open_month::text || ' ' || kept_zone)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value
  WHERE split_part(setting.value, ' ', 2) <> kept_zone OR split_part(setting.value, ' ', 1)::date < open_month;
  RETURN (SELECT split_part(value, ' ', 1)::date FROM app_settings WHERE key = 'figures_closed_before');
END
$$;
