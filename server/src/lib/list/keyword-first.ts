import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { keywordStart, startsWith } from './keyword.ts'
import type { KeywordColumn } from './list-spec.ts'
import { readBy, type Source, selectFrom } from './source.ts'

/**
 * The ids of the rows a keyword matches, as an SQL array, read from each column's index as a range in that
 * index's order, one column after another and no more than `cap + 1` in all (page-plan.ts `keyword first`): more than
 * `cap` means there may be more than were read. The keyword reaches the ranges through a subquery, which the planner cannot
 * fold into its estimates, so a plan made for no keyword in particular is the plan of every keyword and
 * PostgreSQL keeps one: planning the list's keyword for its value cost ten times running it (members by
 * name, e-mail, domain and phone: 1,400 a second planned each time, 26,000 planned once).
 */
export function keywordHits(
  db: Db,
  source: Source & { id: PgColumn; keyword: readonly KeywordColumn[] },
  keyword: string,
  cap: number,
): SQL {
  const reads = source.keyword.flatMap((column) => {
    const found = keywordStart(column, keyword)
    if (!found) return []
    const matches = startsWith(found.value, sql`(select ${found.start}::text)`)
    const read = selectFrom(db, readBy(source, [matches]), { id: sql`${source.id}` })
      .where(matches)
      .orderBy(sql`${found.value} using ~<~`)
      // A number of the code's own, written in so that nothing bound sways the plan.
      .limit(sql.raw(String(cap + 1)) as unknown as number)
    return [sql`(${read})`]
  })
  if (reads.length === 0) return sql`array[]::${sql.raw(source.id.getSQLType())}[]`
  // Read in turn, and no further than one past the cap in all.
  return sql`array(select "id" from (${sql.join(reads, sql` union all `)}) as "matches" limit ${sql.raw(String(cap + 1))})`
}
