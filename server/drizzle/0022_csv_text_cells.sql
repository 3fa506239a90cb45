-- vod_csv_text(x): a text cell of a CSV export as lib/resource/csv-cells.ts's neutralised() writes it: a
-- quote before text a spreadsheet would run as a formula, unless it is a plain number such as -19.99. The
-- first character is looked at before any pattern, so most cells cost one comparison (a regexp_replace with
-- lookaheads on every cell was an eighth of the videos' export). Inlined for a column; an argument that
-- costs more (a subquery) is computed once, as a function's argument.
CREATE FUNCTION vod_csv_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN left(value, 1) IN ('-', '=', '+', '@', E'\t', E'\r') AND value !~ '^-?[0-9]+(\.[0-9]+)?$'
    THEN '''' || value
    ELSE value
  END
$$;
