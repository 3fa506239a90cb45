-- A transaction applying when this runs has no first change on record: its commit stands in for it.
ALTER TABLE "figure_stream_applying" ADD COLUMN "first_lsn" "pg_lsn";--> statement-breakpoint
UPDATE "figure_stream_applying" SET "first_lsn" = "commit_lsn";--> statement-breakpoint
ALTER TABLE "figure_stream_applying" ALTER COLUMN "first_lsn" SET NOT NULL;
