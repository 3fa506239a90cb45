-- Values as the API's JSON shows them, computed in the database (lists answer JSON PostgreSQL builds).

-- vod_wire(x): a value as the API's JSON shows it (API.md, contract/src/values.ts), computed by the database so
-- lists are answered as JSON PostgreSQL builds: flags 1/0, instants ISO 8601 in UTC with milliseconds, money
-- and other numerics as exact decimal strings, calendar days YYYY-MM-DD, everything else as it is. One
-- function per type, so PostgreSQL picks by the expression's own type (an exact match always wins);
-- each is a single expression, which the planner inlines.
CREATE OR REPLACE FUNCTION vod_wire(value boolean) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value::integer $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value timestamp with time zone) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value::text $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value date) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT to_char(value, 'YYYY-MM-DD') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value smallint) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value double precision) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value character varying) RETURNS character varying LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value inet) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT abbrev(value) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value json) RETURNS json LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vod_wire(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value $$;
