-- Text searched anywhere in a large table's column (one with a trigram index): the lists' keyword of several
-- words (lib/list/keyword.ts severalWords) and the search box's titles (lib/search/statement.ts).

-- vod_rarest_pattern(table, column, patterns): of the words' ILIKE patterns (%word%), the one whose word the
-- column's statistics (its most common values and histogram, the sample the planner reads) hold least often,
-- among the words a trigram index can find (three letters or digits in a row); ties go to the longest word.
-- The keyword's condition reads the trigram index by this word alone and checks every word on the rows it
-- finds: an index read by all the words at once reads every row sharing the common word's trigrams
-- (`silent 123456` over a million titles: 4.5 ms, against 0.4 ms by `123456` alone).
-- The sample is searched as one lower-cased text (occurrences, not rows: close enough to rank words), since an
-- ILIKE a sampled value cost 1 µs each (0.3 ms a keyword, against 0.16 ms).
-- IMMUTABLE on purpose, though it reads the statistics: a statement planned for its keyword then folds it into
-- a constant, which the planner estimates and reads the index by. A plan kept across an ANALYZE may read a
-- commoner word's index; the rows are the same, since every word is still required.
CREATE OR REPLACE FUNCTION vod_rarest_pattern(table_name text, column_name text, patterns text[])
RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  rarest text;
BEGIN
  IF cardinality(patterns) < 2 THEN RETURN patterns[1]; END IF;
  -- PL/pgSQL keeps this statement's plan for the session; an SQL function's body would be planned again at
  -- each keyword's planning, pg_stats' joins and all (2.5 ms against 0.2).
  WITH sample AS (
    SELECT lower(array_to_string(coalesce(stats.most_common_vals::text::text[], '{}')
                                 || coalesce(stats.histogram_bounds::text::text[], '{}'), chr(1))) AS text
    FROM pg_stats AS stats
    WHERE stats.schemaname = current_schema() AND stats.tablename = table_name AND stats.attname = column_name
  ),
  words AS (
    -- The word of a pattern: between its wildcards, LIKE's escapes undone.
    SELECT numbered.pattern, numbered.ordinal,
           lower(regexp_replace(substr(numbered.pattern, 2, length(numbered.pattern) - 2), '\\(.)', '\1', 'g')) AS word
    FROM unnest(patterns) WITH ORDINALITY AS numbered(pattern, ordinal)
  )
  SELECT words.pattern INTO rarest
  FROM words LEFT JOIN sample ON true
  ORDER BY words.word !~ '[[:alnum:]]{3}',
           length(sample.text) - length(replace(sample.text, words.word, '')),
           length(words.word) DESC, words.ordinal
  LIMIT 1;
  RETURN rarest;
END
$$;
--> statement-breakpoint
-- vod_pattern_common(table, column, pattern, cap): whether more than `cap` of the table's rows likely hold the
-- pattern's word, by the column's statistics, the sample the planner reads: the frequencies of its most common
-- values that match, and the share of its histogram's bounds that match for the other rows, times the rows
-- the table holds. A keyword read among its matches first (lib/list/keyword-first.ts) does not read such a
-- word's trigram index, which hands over every row holding it before any comes back (a quarter of a million
-- tags for `charlie`: 200 ms to find the cap's worth); its page is read the way planned for the word, in the
-- list's order (a few rows). A word the sample misses is read from the index as before, at most the cap's.
CREATE OR REPLACE FUNCTION vod_pattern_common(table_name text, column_name text, pattern text, cap integer)
RETURNS boolean LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  share float8;
  total float4;
BEGIN
  SELECT coalesce((SELECT sum(common.frequency)
                    FROM unnest(stats.most_common_vals::text::text[], stats.most_common_freqs)
                      AS common(common_value, frequency)
                   WHERE common.common_value ILIKE pattern), 0)
         + greatest(0, 1 - stats.null_frac - coalesce((SELECT sum(frequency) FROM unnest(stats.most_common_freqs) AS frequency), 0))
           * coalesce((SELECT avg((bound ILIKE pattern)::integer) FROM unnest(stats.histogram_bounds::text::text[]) AS bound), 0)
    INTO share
  FROM pg_stats AS stats
  WHERE stats.schemaname = current_schema() AND stats.tablename = table_name AND stats.attname = column_name;
  SELECT class_row.reltuples INTO total
  FROM pg_class AS class_row WHERE class_row.oid = to_regclass(quote_ident(table_name));
  RETURN coalesce(share, 0) * greatest(coalesce(total, 0), 0) > cap;
END
$$;
--> statement-breakpoint
-- vod_pattern_word(pattern): the word of an ILIKE pattern (%word%), between its wildcards, LIKE's escapes undone.
CREATE OR REPLACE FUNCTION vod_pattern_word(pattern text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(regexp_replace(substr(pattern, 2, length(pattern) - 2), '\\(.)', '\1', 'g'))
$$;
--> statement-breakpoint
-- vod_contains_bounded(table, column, patterns, most): whether the values of the column holding every word of
-- `patterns` can be found reading about `most` rows at most. A word without three letters or digits in a row
-- has no trigram, so the column's trigram index cannot find it (`ab`, `--`, a two-character Chinese word): it
-- hands over every row it holds, and beside other words such a word only narrows the rows those find (`zq
-- beaches`: every title holding beaches). So a text with such a word is searched in a table of `most` rows or
-- fewer, or where its rarest word with a trigram is in no more than `most` rows by the column's statistics
-- (vod_pattern_common); else not at all, and the table is never read whole for it. A text whose every word has
-- a trigram is found by the index as ever.
CREATE OR REPLACE FUNCTION vod_contains_bounded(table_name text, column_name text, patterns text[], most integer)
RETURNS boolean LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  rarest text;
  total float4;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM unnest(patterns) AS each_pattern
      WHERE vod_pattern_word(each_pattern) !~ '[[:alnum:]]{3}') THEN
    RETURN true;
  END IF;
  -- -1 for a table never analyzed: as small as it is new.
  SELECT class_row.reltuples INTO total
  FROM pg_class AS class_row WHERE class_row.oid = to_regclass(quote_ident(table_name));
  IF coalesce(total, 0) <= most THEN RETURN true; END IF;
  rarest := vod_rarest_pattern(table_name, column_name, patterns);
  RETURN vod_pattern_word(rarest) ~ '[[:alnum:]]{3}' AND NOT vod_pattern_common(table_name, column_name, rarest, most);
END
$$;
--> statement-breakpoint
-- vod_contains_statement(table, id column, column): the statement vod_contains_ids runs, its values $1 (the
-- index's word), $2 (the other words) and $3 (how many). The names are the machinery's own (declared columns),
-- quoted as identifiers.
CREATE OR REPLACE FUNCTION vod_contains_statement(table_name text, id_name text, column_name text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT format('SELECT %1$I FROM %2$I WHERE %3$I ILIKE $1 AND %3$I ILIKE ALL($2) LIMIT $3',
                id_name, table_name, column_name)
$$;
--> statement-breakpoint
-- vod_contains_ids(table, id column, column, patterns, wanted, most): the ids of up to `wanted` rows whose
-- column contains every word of `patterns` (ILIKE patterns, %word%), none when finding them could read more
-- than about `most` rows (vod_contains_bounded), for the search box (lib/search/statement.ts),
-- whose one statement is prepared and so planned for no text in particular. This reads them by a statement
-- planned for these words as it runs (EXECUTE plans with the values): a word in a fifth of a million titles
-- is found fastest by reading the table until five have it, a rare one from the trigram index, and only a plan
-- for the word tells them apart; one made for no word reads the index every time (120 ms for a common word at
-- 200,000 videos). Of several words the index is read by the rarest (vod_rarest_pattern), the others checked
-- on the rows it finds. Planning is most of the cost for a rare word (the planner tries each pattern on the
-- column's histogram), so a word is not handed over twice: one word alone leaves nothing else to check
-- (0.27 ms of the database's CPU against 0.37 for a code in no title).
CREATE OR REPLACE FUNCTION vod_contains_ids(
  table_name text, id_name text, column_name text, patterns text[], wanted integer, most integer
) RETURNS integer[] LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  rarest text := vod_rarest_pattern(table_name, column_name, patterns);
  found integer[];
BEGIN
  IF NOT vod_contains_bounded(table_name, column_name, patterns, most) THEN RETURN '{}'; END IF;
  EXECUTE 'SELECT array(' || vod_contains_statement(table_name, id_name, column_name) || ')'
    INTO found
    USING rarest, array_remove(patterns, rarest), wanted;
  RETURN found;
END
$$;
