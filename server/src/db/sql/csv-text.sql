-- Text cells of CSV exports, neutralised as lib/resource/csv-cells.ts does it.

-- vod_csv_text(x): a quote before text a spreadsheet would run as a formula, unless it is a plain number such
-- as -19.99. The first character is read as a number before any pattern, so most cells cost one integer
-- comparison (ascii() against left()'s six text comparisons: 4.4 s against 4.9 s for a tenth of a million
-- videos' export). ascii('') is 0 and a null stays null. The codes: - = + @ tab carriage return. Inlined for a
-- column; an argument that costs more (a subquery) is computed once, as a function's argument.
CREATE OR REPLACE FUNCTION vod_csv_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN ascii(value) IN (45, 61, 43, 64, 9, 13) AND value !~ '^-?[0-9]+(\.[0-9]+)?$'
    THEN '''' || value
    ELSE value
  END
$$;
