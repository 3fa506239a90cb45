CREATE TABLE "figure_stream_applying" (
	"reader" text NOT NULL,
	"xid" bigint NOT NULL,
	"commit_lsn" "pg_lsn" NOT NULL,
	"committed_at" timestamp with time zone NOT NULL,
	"aborted" bigint[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "figure_stream_applying_reader_xid_pk" PRIMARY KEY("reader","xid")
);
--> statement-breakpoint
CREATE TABLE "figure_stream_staged" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "figure_stream_staged_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reader" text NOT NULL,
	"xid" bigint NOT NULL,
	"changes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "figure_stream_staged_reader_xid_index" ON "figure_stream_staged" USING btree ("reader","xid","id");--> statement-breakpoint
-- Deflated already (keeping/staged.ts), written once and read once: stored as it is.
ALTER TABLE "figure_stream_staged" ALTER COLUMN "changes" SET STORAGE EXTERNAL;
