import { describeField, type FieldInfo } from '@vod/contract'
import { desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Db } from '../../src/db/client.ts'
import { declaredLists } from '../../src/lib/resource/define-resource.ts'
import { declaredRecords } from '../../src/lib/resource/field-access.ts'

/**
 * One record of every resource whose fields hold values nothing else holds (sentinels), for walks that look
 * for a field's value in every answer: made straight in the database from the tables' own declarations, every
 * column the record shows by name given a sentinel of its kind, each checked by the database's own rules (a
 * value a check refuses leaves that field without one, and the caller is told). No resource is named here but
 * the two whose checks keep a column the difference of others (`differences`).
 */

/** A field of a resource and the text its value is answered as. */
interface Sentinel {
  resource: string
  field: string
  id: number
  kind: FieldInfo['kind']
  /** As an answer writes it: JSON's text and a CSV cell alike contain it. */
  text: string
}

/** The kinds of field whose value can be one nothing else holds. */
const sentinelKinds = new Set<FieldInfo['kind']>([
  'text',
  'long_text',
  'rich_text',
  'money',
  'percent',
  'integer',
  'day',
  'instant',
  'media',
])

/** Whether a field of a record can hold a sentinel (its kind, and it is not a reference). */
export const takesSentinel = (info: FieldInfo) => sentinelKinds.has(info.kind) && !info.reference

/**
 * Columns a check keeps equal to one of them less the others (an order's total is its amount less its fees):
 * set in the same statement as any of those, so the check holds; their own sentinel is what results.
 */
const differences: Record<string, { column: string; from: string; less: string[] }> = {
  orders: {
    column: 'total_amount',
    from: 'amount',
    less: ['transaction_fee', 'settlement_fee', 'reserve_fee'],
  },
  segpay_payout_reports: { column: 'net', from: 'gross', less: ['fees', 'refunds', 'chargebacks'] },
}

let counter = 0
/**
 * The n-th sentinel of a kind. Money of a record's first money field is the largest (an amount), later ones
 * smaller and falling (fees under it, a discount under its price); a percent is past 59 and so never a time's
 * seconds (`:17.93`); days and instants rise with n (an end after its start); an instant is of the last hour,
 * so today's figures count an order's.
 */
export function sentinelOf(kind: FieldInfo['kind'], n: number, nthMoney = 0, now = Date.now()): string {
  const pad = (value: number, size: number) => String(value).padStart(size, '0')
  switch (kind) {
    case 'money':
      return nthMoney === 0 ? `87${pad(n, 3)}.31` : `${9 - Math.min(nthMoney, 8)}${pad(n, 3)}.57`
    case 'percent':
      return `${60 + (n % 40)}.93`
    case 'integer':
      return `91${pad(n, 4)}3`
    case 'day':
      return new Date(Date.UTC(2013, 0, 1) + n * 3 * 86_400_000).toISOString().slice(0, 10)
    case 'instant': {
      const base = Math.max(now - 3_600_000, now - (now % 86_400_000))
      return new Date(base - (base % 1000) + n * 1000 + 417).toISOString()
    }
    default:
      return `qz${n}x`
  }
}

/** The next sentinel number, shared by every call in the process (values stay unique across calls). */
export const nextSentinel = () => ++counter

/** A value a column takes when nothing better is known: the record's first enum value, else by its type. */
function fillerOf(column: PgColumn, record: z.ZodObject | undefined, at: number): unknown {
  const field = record?.shape[column.name] as z.ZodType | undefined
  const info = field ? describeField(field) : undefined
  if (info?.values?.[0]) return info.values[0]
  if (column.enumValues?.[0]) return column.enumValues[0]
  switch (column.columnType) {
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgBigInt53':
    case 'PgSerial':
      return 1
    case 'PgNumeric':
    case 'PgReal':
    case 'PgDoublePrecision':
      return '1'
    case 'PgBoolean':
      return false
    case 'PgTimestamp':
    case 'PgTimestampString': {
      // Tomorrow: after every sentinel instant, so that a start given one stays before its end.
      const at_ = new Date(Date.now() + 86_400_000 + at * 1000)
      return column.columnType === 'PgTimestamp' ? at_ : at_.toISOString()
    }
    case 'PgDateString':
    case 'PgDate':
      return column.columnType === 'PgDate' ? new Date(Date.UTC(2020, 0, 1 + at)) : `2020-01-${pad2(1 + at)}`
    case 'PgJsonb':
    case 'PgJson':
      return {}
    case 'PgArray':
      return []
    case 'PgInet':
      return `198.51.100.${nextSentinel() % 250}`
    default:
      return `f${nextSentinel()}y`
  }
}
const pad2 = (value: number) => String(Math.min(value, 28)).padStart(2, '0')

/** Every declared record whose resource lists a table of its own: what `plantSentinels` makes a row of. */
export function declaredResources() {
  const tables = new Map(declaredLists.map((list) => [list.path, list.table]))
  return [...declaredRecords].flatMap(([path, record]) => {
    const table = tables.get(path)
    return table ? [{ path, table, record }] : []
  })
}

export interface Planted {
  sentinels: Sentinel[]
  /** Fields that could take a sentinel and did not, with the database's reason. */
  refused: string[]
  /** The record made of each table (every resource's, and those they need). */
  rows: Map<string, number>
}

/**
 * Makes one row of each resource's table (and of each table one refers to), every foreign key at the row made
 * of its table, then gives each field of the record that is a column of the table its sentinel.
 */
export async function plantSentinels(
  db: Db,
  resources: readonly { path: string; table: PgTable; record: z.ZodObject }[],
): Promise<Planted> {
  const rows = new Map<string, number>()
  const recordOf = new Map(resources.map((r) => [getTableConfig(r.table).name, r.record]))
  const making = new Set<string>()

  async function rowOf(table: PgTable): Promise<number | undefined> {
    const config = getTableConfig(table)
    const known = rows.get(config.name)
    if (known !== undefined || making.has(config.name)) return known
    making.add(config.name)
    const targets = new Map<string, number | undefined>()
    for (const key of config.foreignKeys) {
      const ref = key.reference()
      const [column] = ref.columns
      if (column && ref.foreignTable !== table) targets.set(column.name, await rowOf(ref.foreignTable))
    }
    const record = recordOf.get(config.name)
    const columns = Object.entries(getTableColumns(table)).filter(
      ([, column]) => !(column as PgColumn & { generatedIdentity?: unknown }).generatedIdentity,
    ) as [string, PgColumn][]
    const values = (all: boolean) =>
      Object.fromEntries(
        columns.flatMap(([key, column], at) => {
          if (targets.has(column.name)) {
            const target = targets.get(column.name)
            return target === undefined ? [] : [[key, target]]
          }
          if (column.primary || column.hasDefault || (!all && !column.notNull)) return []
          return [[key, fillerOf(column, record, at)]]
        }),
      )
    let id: number | undefined
    for (const all of [true, false]) {
      try {
        const made = (await db.insert(table).values(values(all)).returning()) as Record<string, unknown>[]
        id = made[0]?.id as number
        break
      } catch {}
    }
    // A table whose rows are fixed (an ad slot per position, made by the migrations) lends its newest.
    if (id === undefined) {
      const [row] = (await db
        .select()
        .from(table)
        .orderBy(desc((getTableColumns(table) as Record<string, PgColumn>).id as PgColumn))
        .limit(1)) as Record<string, unknown>[]
      id = row?.id as number | undefined
      if (id === undefined) throw new Error(`could not make a row of ${config.name}`)
    }
    making.delete(config.name)
    if (id !== undefined) rows.set(config.name, id)
    return id
  }

  const sentinels: Sentinel[] = []
  const refused: string[] = []
  for (const { path, table, record } of resources) {
    const id = await rowOf(table)
    const config = getTableConfig(table)
    const difference = differences[config.name]
    const columns = getTableColumns(table) as Record<string, PgColumn>
    const byName = new Map(Object.entries(columns).map(([key, column]) => [column.name, key]))
    const idColumn = columns.id as PgColumn
    let nthMoney = 0
    for (const [field, schemaOf] of Object.entries(record.shape)) {
      const info = describeField(schemaOf as z.ZodType)
      if (field === 'id' || !takesSentinel(info) || id === undefined) continue
      const key = byName.get(field)
      if (!key) continue
      const text = sentinelOf(info.kind, nextSentinel(), info.kind === 'money' ? nthMoney++ : 0)
      const set: Record<string, unknown | SQL> = {
        [key]: info.kind === 'instant' && columns[key]?.columnType === 'PgTimestamp' ? new Date(text) : text,
      }
      if (difference && field === difference.column) continue
      if (difference && [difference.from, ...difference.less].includes(field)) {
        const part = (name: string) => (name === field ? sql`${text}::numeric` : sql.identifier(name))
        set[byName.get(difference.column) as string] = sql`${part(difference.from)} - ${sql.join(
          difference.less.map(part),
          sql` - `,
        )}`
      }
      try {
        await db.update(table).set(set).where(eq(idColumn, id))
        sentinels.push({ resource: path, field, id, kind: info.kind, text })
      } catch (error) {
        refused.push(`${path}.${field}: ${(error as Error).message.split('\n')[0]}`)
      }
    }
    if (difference && id !== undefined) {
      const column = columns[byName.get(difference.column) as string] as PgColumn
      const [row] = (await db.select({ value: column }).from(table).where(eq(idColumn, id))) as {
        value: string
      }[]
      sentinels.push({ resource: path, field: difference.column, id, kind: 'money', text: row?.value ?? '' })
    }
  }
  return { sentinels, refused, rows }
}
