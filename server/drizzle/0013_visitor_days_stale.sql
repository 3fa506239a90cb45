CREATE TABLE "visitor_days_stale" (
	"day" date PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
