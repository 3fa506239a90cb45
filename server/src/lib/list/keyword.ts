import { PHONE_PATTERN } from '@vod/contract'
import { getTableColumns, getTableName, ilike, is, type SQL, sql } from 'drizzle-orm'
import { getTableConfig, IndexedColumn, PgColumn } from 'drizzle-orm/pg-core'
import { emailDomain, reversedDigits } from '../../db/schema/columns.ts'
import type { KeywordColumn } from './list-spec.ts'

/** `%` and `_` in the user's text are literal characters, not LIKE wildcards. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
/** The ILIKE patterns of the words of a text searched anywhere: a value matches when it contains each. */
export const containsPatterns = (text: string): string[] => [
  ...new Set(
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => `%${literal(word)}%`),
  ),
]
const prefixPattern = (text: string): string => `${literal(text)}%`

/**
 * Whether a trigram index can find the values holding each word of a text: a word needs three letters or
 * digits in a row (pg_trgm's trigrams are of those), else the index hands over every row it holds (`ab`,
 * `--`, a two-character Chinese word), and beside other words it only narrows the rows they find (`zq
 * beaches`: every title holding beaches). Such a text is searched only where that reads few rows
 * (vod_contains_bounded, db/sql/keyword-words.sql): the table is never read whole for it.
 */
const trigramsServe = (text: string): boolean =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => /[\p{L}\p{N}]{3}/u.test(word))

/**
 * The most rows read to find a text with a word no trigram finds (trigramsServe): in a table this small, or
 * among the rows holding its rarest other word when the statistics find it in no more (vod_contains_bounded).
 */
export const CONTAINS_READ_MAX = 10_000

/** Fewer digits than this end too many numbers to be worth a search (`al` has none at all). */
const PHONE_DIGITS_MIN = 4

type Kind = 'contains' | 'prefix' | 'domain' | 'phone'
const kinds = ['prefix', 'domain', 'phone'] as const

/** What a keyword column declares: how it matches, and the column it reads. */
export function kindOf(column: KeywordColumn): { kind: Kind; column: PgColumn } {
  if (is(column, PgColumn)) return { kind: 'contains', column }
  const kind = kinds.find((k) => k in column) as (typeof kinds)[number]
  return { kind, column: (column as Record<typeof kind, PgColumn>)[kind] }
}

/** The columns of one kind in a list's keyword: each needs its own index (list-indexes.test.ts). */
export const columnsOf = (keyword: readonly KeywordColumn[] | undefined, kind: Kind): PgColumn[] =>
  (keyword ?? []).map(kindOf).flatMap((k) => (k.kind === kind ? [k.column] : []))

/** What the OpenAPI document says a keyword column does with the keyword. */
export function keywordRule(keywordColumn: KeywordColumn): string {
  const { kind, column } = kindOf(keywordColumn)
  const name = column.name
  switch (kind) {
    case 'contains':
      return `${name} contains each of its words`
    case 'prefix':
      return `${name} starts with it`
    case 'domain':
      return `the domain of ${name} (after its @) starts with it, a leading @ left out`
    case 'phone':
      return `the digits of ${name} end with its digits, when it is a phone number of ${PHONE_DIGITS_MIN} digits or more`
  }
}

/**
 * The keyword's condition on one column, or null when the keyword cannot match that kind (an address with
 * an @ in its middle is no domain, a word no phone number): leaving the kind out, never a pattern that
 * matches every row. Both sides of a pattern go through PostgreSQL's `lower`, so they agree on every letter;
 * the pattern is folded to a constant when the statement is planned for its values, which lets the planner
 * read the kind's index (db/schema/columns.ts) as a range.
 */
export function keywordMatch(keywordColumn: KeywordColumn, keyword: string): SQL | null {
  const { kind, column } = kindOf(keywordColumn)
  switch (kind) {
    case 'contains':
      return containsEvery(column, containsPatterns(keyword))
    case 'prefix':
      return sql`lower(${column}) like lower(${prefixPattern(keyword)})`
    case 'domain': {
      const domain = domainOf(keyword)
      return domain === null ? null : sql`${emailDomain(column)} like lower(${prefixPattern(domain)})`
    }
    case 'phone': {
      const digits = lastDigitsFirst(keyword)
      return digits === null ? null : sql`${reversedDigits(column)} like ${prefixPattern(digits)}`
    }
  }
}

/** The domain a keyword names (a leading @ left out), or null for text that is no domain's start. */
function domainOf(keyword: string): string | null {
  const domain = keyword.startsWith('@') ? keyword.slice(1) : keyword
  return !domain || domain.includes('@') ? null : domain
}

/**
 * A phone number's digits, last first (as reversedDigits holds them), or null for a keyword that is no
 * phone number of PHONE_DIGITS_MIN digits or more.
 */
export function lastDigitsFirst(keyword: string): string | null {
  const digits = keyword.replace(/\D/g, '')
  return PHONE_PATTERN.test(keyword) && digits.length >= PHONE_DIGITS_MIN
    ? [...digits].reverse().join('')
    : null
}

/**
 * For a kind read from its index as a range (all but `contains`): the column, the indexed expression,
 * lower-cased, whose value starts with the keyword, and the start it is read from (the keyword, or the part
 * of it the kind reads). Null when the keyword cannot match the kind (keywordMatch leaves it out then too),
 * or for text searched anywhere, which a trigram index hands over whole, never a few rows at a time.
 */
export function keywordStart(
  keywordColumn: KeywordColumn,
  keyword: string,
): { column: PgColumn; value: SQL; start: string } | null {
  const { kind, column } = kindOf(keywordColumn)
  switch (kind) {
    case 'contains':
      return null
    case 'prefix':
      return { column, value: sql`lower(${column})`, start: keyword }
    case 'domain': {
      const domain = domainOf(keyword)
      return domain === null ? null : { column, value: emailDomain(column), start: domain }
    }
    case 'phone': {
      const digits = lastDigitsFirst(keyword)
      return digits === null ? null : { column, value: reversedDigits(column), start: digits }
    }
  }
}

/**
 * A value of `column` containing each of the words' `patterns` (containsPatterns), in any order and letter
 * case. On a column with a trigram index, its ILIKE reads the index: by the one word, or, of several, by the
 * word its statistics find rarest (vod_rarest_pattern, db/sql/keyword-words.sql, folded to that word's
 * pattern as the statement is planned for its values; read by every word, the index would read every row
 * sharing a common word's trigrams), the others checked on the rows it finds. A column without one is read
 * whole, every word checked on each row (everyWord). `held`: the patterns reach the condition through
 * subqueries, which a plan made for no keyword in particular reads the index by all the same, working out
 * the rarest word once as the statement starts (keyword-first.ts). A text with a word no trigram finds is
 * looked for only where that reads few rows (boundedContains).
 */
function containsEvery(column: PgColumn, patterns: readonly string[], held = false): SQL {
  const reach = (value: SQL) => (held ? sql`(select ${value})` : value)
  const every = reach(sql`${sql.param(patterns)}::text[]`)
  if (!hasTrigramIndex(column)) return everyWord(column, every)
  if (!patterns.every((pattern) => trigramsServe(pattern))) return boundedContains(column, patterns, held)
  return indexedContains(column, patterns, held)
}

/** containsEvery on a column with a trigram index, the index read by the rarest word. */
function indexedContains(column: PgColumn, patterns: readonly string[], held: boolean): SQL {
  const reach = (value: SQL) => (held ? sql`(select ${value})` : value)
  const every = reach(sql`${sql.param(patterns)}::text[]`)
  const [only] = patterns
  if (only !== undefined && patterns.length === 1)
    return held ? sql`${column} ilike ${reach(sql`${only}::text`)}` : ilike(column, only)
  const rarest = reach(sql`vod_rarest_pattern(${getTableName(column.table)}, ${column.name}, ${every})`)
  return sql`(${column} ilike ${rarest} and ${everyWord(column, every)})`
}

/**
 * A text with a word its column's trigram index cannot find (trigramsServe): the ids of the rows holding
 * every word, read only when vod_contains_bounded finds that reads at most CONTAINS_READ_MAX rows (a
 * one-time check: otherwise none is read), so neither a plan for the text nor one for no text reads the
 * table whole.
 */
function boundedContains(column: PgColumn, patterns: readonly string[], held: boolean): SQL {
  const id = getTableColumns(column.table).id as PgColumn
  const bounded = sql`vod_contains_bounded(${getTableName(column.table)}, ${column.name}, (select ${sql.param(patterns)}::text[]), ${sql.raw(String(CONTAINS_READ_MAX))})`
  return sql`${id} = any(array(select ${id} from ${column.table} where (select ${bounded}) and ${indexedContains(column, patterns, held)}))`
}

/**
 * For text searched anywhere on a column with a trigram index: the keyword's condition with its patterns
 * held in subqueries (containsEvery), for a statement planned once, and whether its rarest word is in more
 * than `cap` rows by the column's statistics (vod_pattern_common, db/sql/keyword-words.sql; null for a text
 * with a word no trigram finds, which containsEvery bounds by the same). Null for any other kind or column.
 */
export function containsAnywhere(
  keywordColumn: KeywordColumn,
  keyword: string,
): { column: PgColumn; match: SQL; common: ((cap: SQL) => SQL) | null } | null {
  const { kind, column } = kindOf(keywordColumn)
  const patterns = containsPatterns(keyword)
  if (kind !== 'contains' || !hasTrigramIndex(column) || patterns.length === 0) return null
  const table = getTableName(column.table)
  const [only] = patterns
  const rarest =
    only !== undefined && patterns.length === 1
      ? sql`${only}::text`
      : sql`vod_rarest_pattern(${table}, ${column.name}, (select ${sql.param(patterns)}::text[]))`
  return {
    column,
    match: containsEvery(column, patterns, true),
    common: trigramsServe(keyword)
      ? (cap) => sql`vod_pattern_common(${table}, ${column.name}, ${rarest}, ${cap})`
      : null,
  }
}

/**
 * A value of `column` matching each of `patterns` (an SQL text[] of containsPatterns) in any letter case,
 * where the rows are checked one by one rather than found by an index. It is what ILIKE does in a
 * multi-byte encoding, both sides through `lower`, but ILIKE lowers the pattern again for every row: here the
 * patterns are lowered once (the array is a subquery, run before the rows) and each value once (200 campaign
 * names: 0.12 ms against 0.2).
 */
export function everyWord(column: PgColumn, patterns: SQL): SQL {
  return sql`lower(${column}) like all(array(select lower(p) from unnest(${patterns}) as p))`
}

const trigramIndexed = new WeakMap<PgColumn, boolean>()

/** Whether the schema gives `column` a trigram index of its own (`gin_trgm_ops`). */
export function hasTrigramIndex(column: PgColumn): boolean {
  let known = trigramIndexed.get(column)
  if (known === undefined) {
    known = getTableConfig(column.table).indexes.some(
      ({ config }) =>
        config.method === 'gin' &&
        config.columns.length === 1 &&
        config.columns.some(
          (indexed) =>
            indexed instanceof IndexedColumn &&
            indexed.name === column.name &&
            indexed.indexConfig.opClass === 'gin_trgm_ops',
        ),
    )
    trigramIndexed.set(column, known)
  }
  return known
}

/**
 * A value of `column` that starts with `text`, in any letter case, as a range of its `lower(column)
 * text_pattern_ops` index: the prefix kind's condition where the search box reads a few rows in the index's
 * order. Unlike `like $1`, a range keeps to the index even in a plan made for no value in particular, and
 * read in order with a limit it stops at the first rows past the prefix. The upper bound appends the last
 * code point, above every character a value can have next.
 */
export function prefixRange(column: PgColumn, text: string): SQL {
  return startsWith(sql`lower(${column})`, text)
}

/** `value` (an indexed expression, lower-cased) starting with `text` lower-cased, as prefixRange reads it. */
export function startsWith(value: SQL, text: unknown): SQL {
  return sql`${value} ~>=~ lower(${text}) and ${value} ~<~ (lower(${text}) || chr(1114111))`
}
