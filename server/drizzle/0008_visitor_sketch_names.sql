-- Live SQL whose parameters were named again (server/src/db/sql/visitor-sketches.sql, no one-letter names) and the
-- plane of one register no function uses any more: dropped here, made again by the live SQL after the migrations
-- (vod_hashes_union with the merge it is built on).
DROP FUNCTION IF EXISTS vod_hashes_merge(bigint[], bigint[]) CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS vod_hll_bit(integer);
