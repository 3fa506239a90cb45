import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { groupedKeyNames, keyNames, OWNER, qualified } from './relations.ts'
import type { Resolved } from './types.ts'

/**
 * Export columns named after the import's keys (a video's `genres`, `directors`), as that import reads them,
 * in place of a record field of the same name (`directors` as names, not objects), each a CSV cell already
 * (formulas defused where the names are joined, so records without names pay nothing): text columns of one join
 * per relation, which reads the links once for all its columns. `lateral` reads each record's links by
 * itself (a few records); `grouped` groups every record's links once, in the records' id order (many records).
 */
export function keyColumns(spec: Resolved, fields: readonly string[]) {
  const byRelation = new Map<string, Record<string, { key: PgColumn; where?: SQL }>>()
  for (const field of fields) {
    const named = spec.import?.keys?.[field]
    if (!named) continue
    byRelation.set(named.relation, { ...byRelation.get(named.relation), [field]: named })
  }
  const columns: Record<string, SQL> = {}
  const lateral: SQL[] = []
  const grouped: { join: (descending: boolean) => SQL; on: SQL }[] = []
  for (const [name, named] of byRelation) {
    const relation = spec.relations[name]
    if (!relation) throw new Error(`${spec.path}: import key of unknown relation "${name}".`)
    const alias = sql.identifier(`${name}_names`)
    lateral.push(sql`${keyNames(relation, spec.table, named)} ${alias}`)
    const names = groupedKeyNames(relation, named)
    grouped.push({
      join: (descending) => sql`${names(descending)} ${alias}`,
      on: sql`${alias}.${sql.identifier(OWNER)} = ${qualified(spec.table.id)}`,
    })
    for (const field of Object.keys(named))
      columns[field] = sql`coalesce(${alias}.${sql.identifier(field)}, '')`
  }
  return { columns, lateral, grouped }
}
