-- The recount makes its sketches from the visits' registers (server/src/db/sql/visitor-sketches.sql,
-- vod_visits_sketch): the per-level lists of hashes it read are gone with the list of visitor-days.
DROP FUNCTION IF EXISTS vod_visitor_hashes_of(text, vod_visitor_day[]);
