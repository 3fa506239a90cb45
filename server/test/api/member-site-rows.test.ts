import {
  commentsContract,
  cooperationsContract,
  describeField,
  listValueSchema,
  operationsOf,
  ordersContract,
  questionsContract,
  type ResourceContract,
  subscriptionsContract,
  supportsContract,
  usersContract,
} from '@vod/contract'
import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled } from '../../../test/support/time.ts'
import {
  comments,
  cooperations,
  orderEvents,
  orders,
  plans,
  questions,
  subscriptions,
  supports,
  users,
  videos,
  visits,
} from '../../src/db/schema/index.ts'
import { heldValues } from '../../src/lib/resource/answers.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/**
 * Texts the member site (or anyone with SQL) may leave in a column this API would refuse on input: a bare
 * file name and a script address where a URL belongs, empty, control characters, markup, a lone emoji, an
 * unknown enum value, and the column's whole length in letters and in emoji (twice as many UTF-16 units).
 */
const texts = (length: number | undefined) => [
  'invoice.pdf',
  'javascript:alert(1)',
  '',
  '\u0001\u0007\u001b[31m\t\r\n\u007f',
  '<script>alert(1)</script>',
  '😀',
  'not-a-known-value',
  ' padded ',
  'x'.repeat(length ?? 70_000),
  '😀'.repeat(length ?? 5000),
]

/**
 * Every value worth trying in a column of this type; the database decides which it stores (a check, a
 * length, a foreign key refuses the rest). A column type without values here fails the test, so a new one
 * is thought about.
 */
function hostileValues(column: PgColumn): unknown[] {
  const nulls = column.notNull ? [] : [null]
  const { length, precision, scale } = column as unknown as {
    length?: number
    precision?: number
    scale?: number
  }
  switch (column.columnType) {
    case 'PgVarchar':
    case 'PgText':
      return [...nulls, ...texts(length)]
    case 'PgInteger':
      return [...nulls, -2_147_483_648, 2_147_483_647, -1, 0]
    case 'PgBigInt53':
      return [...nulls, 0, Number.MAX_SAFE_INTEGER]
    case 'PgNumeric': {
      const whole = '9'.repeat((precision ?? 12) - (scale ?? 2))
      const most = scale ? `${whole}.${'9'.repeat(scale)}` : whole
      return [...nulls, most, `-${most}`, '0', scale ? `0.${'0'.repeat(scale - 1)}1` : '1']
    }
    case 'PgBoolean':
      return [...nulls, true, false]
    case 'PgDateString':
      return [...nulls, '0001-01-01', '9999-12-31', 'infinity', '-infinity']
    case 'PgTimestamp':
      return [...nulls, '0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', 'infinity', '-infinity']
    default:
      throw new Error(`${column.name}: no hostile values for a ${column.columnType} column`)
  }
}

/** What the wire shows for a stored value, where the test can say it outright (else undefined: not compared). */
function shown(column: PgColumn, value: unknown): unknown {
  if (value === null) return null
  // No day or instant to show: answered null (contract/src/answers.ts).
  if (value === 'infinity' || value === '-infinity') return null
  if (['PgVarchar', 'PgText', 'PgDateString', 'PgTimestamp'].includes(column.columnType)) return value
  if (column.columnType === 'PgBoolean') return value ? 1 : 0
  if (['PgInteger', 'PgBigInt53'].includes(column.columnType)) return value
  return undefined
}

/** The widest range a list takes, by the kind of its field. */
const rangeEdges: Partial<Record<string, [string, string]>> = {
  day: ['0001-01-01', '9999-12-31'],
  instant: ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
  money: ['-9999999999.99', '9999999999.99'],
  integer: ['-2147483648', '2147483647'],
}

interface Written {
  table: string
  id: number
  column: PgColumn
  value: unknown
}

/**
 * Issue 34, item 3: the tables the member site writes hold whatever their columns can store, and every
 * record and list of them still opens. Each column of each table (read from the drizzle tables, so a new
 * column is covered) gets each hostile value the database takes, in a row of its own; then each record is
 * read (the value comes back as stored), each list page by page, filtered, searched, summed and exported.
 */
describeEachEngine('member-site rows', (engine) => {
  let t: TestApp
  let token: string
  const api = (path: string) => t.request(path, { token })
  let seq = 0
  const fixed: Record<string, number> = {}

  /** A valid row of each table, numbered so its unique columns stay unique. */
  const bases: { table: PgTable; base: () => Record<string, unknown> }[] = [
    { table: users, base: () => ({ username: `member-${++seq}` }) },
    {
      table: subscriptions,
      base: () => ({ userId: fixed.user, planId: fixed.plan, startedAt: new Date('2026-11-01T00:00:00Z') }),
    },
    {
      table: orders,
      base: () => ({
        orderNo: `ORD-${++seq}`,
        userId: fixed.user,
        planId: fixed.plan,
        amount: '10.00',
        totalAmount: '10.00',
        paymentMethod: 'segpay',
        paidAt: new Date('2026-11-01T00:00:00Z'),
      }),
    },
    { table: orderEvents, base: () => ({ orderId: fixed.order, kind: 'refund', amount: '0.01' }) },
    { table: visits, base: () => ({ visitor: `visitor-${++seq}`, device: 'desktop' }) },
    { table: comments, base: () => ({ userId: fixed.user, videoId: fixed.video, comment: 'Fine' }) },
    {
      table: supports,
      base: () => ({ type: 'billing', subject: 'Help', email: 'm@example.com', message: 'Help' }),
    },
    {
      table: cooperations,
      base: () => ({ subject: 'Hello', name: 'Studio', email: 's@example.com', message: 'Hello' }),
    },
    { table: questions, base: () => ({ question: 'Why?', answer: 'Because.' }) },
  ]
  /** Where a table's rows are read: its resource, or the record that shows them (an order's events). */
  const readers: Record<string, { contract: ResourceContract; record?: (row: Written) => Promise<Json> }> = {
    users: { contract: usersContract },
    subscriptions: { contract: subscriptionsContract },
    orders: { contract: ordersContract },
    comments: { contract: commentsContract },
    supports: { contract: supportsContract },
    cooperations: { contract: cooperationsContract },
    questions: { contract: questionsContract },
  }
  const written: Written[] = []
  const refused: string[] = []

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const insert = async (table: PgTable, values: Record<string, unknown>) => {
      const [row] = (await t.db
        .insert(table)
        .values(values as never)
        .returning()) as { id: number }[]
      return row?.id as number
    }
    fixed.plan = await insert(plans, {
      name: 'Monthly',
      initialPeriodCount: 1,
      initialPeriodUnit: 'month',
      initialOriginalPrice: '19.99',
    })
    fixed.user = await insert(users, { username: 'member-site' })
    fixed.video = await insert(videos, { title: 'Night Train', serialNumber: 'SN-M1' })
    fixed.order = await insert(orders, bases[2]?.base() as Record<string, unknown>)

    for (const { table, base } of bases) {
      const name = getTableName(table)
      let id = await insert(table, base())
      for (const column of Object.values(getTableColumns(table))) {
        if (column.primary) continue
        for (const value of hostileValues(column)) {
          try {
            await t.db.execute(
              sql`update ${table} set ${sql.identifier(column.name)} = ${value} where id = ${id}`,
            )
          } catch {
            refused.push(`${name}.${column.name}`)
            continue
          }
          written.push({ table: name, id, column, value })
          id = await insert(table, base())
        }
      }
    }
  }, scaled(120_000))
  afterAll(() => t?.close())

  it('stores the hostile values the columns take, in every table the member site writes', () => {
    for (const { table } of bases) {
      const name = getTableName(table)
      const columns = new Set(written.filter((row) => row.table === name).map((row) => row.column.name))
      // Every text column not held to an enum's values takes some (a key or a sum's check may hold others).
      for (const column of Object.values(getTableColumns(table)))
        if (['PgVarchar', 'PgText'].includes(column.columnType) && !heldValues(table, column))
          expect(columns, `${name}.${column.name}`).toContain(column.name)
    }
    // The attachment the issue names: a file name and a script address, both stored.
    for (const value of ['invoice.pdf', 'javascript:alert(1)'])
      expect(
        written.some(
          (row) => row.table === 'supports' && row.column.name === 'attachment' && row.value === value,
        ),
      ).toBe(true)
  })

  it('opens every record and shows each value as stored', { timeout: scaled(120_000) }, async () => {
    const failures: string[] = []
    const compare = (label: string, column: PgColumn, value: unknown, record: Json) => {
      const expected = shown(column, value)
      if (!record) failures.push(`${label}: not shown`)
      else if (column.name in record && expected !== undefined && record[column.name] !== expected)
        failures.push(`${label}: shown as ${JSON.stringify(record[column.name])?.slice(0, 40)}`)
    }
    for (const row of written) {
      const { column, value } = row
      const label = `${row.table}.${column.name}=${JSON.stringify(value)?.slice(0, 40)}`
      if (row.table === 'visits') continue
      // An order's refunds and chargebacks show in the order (all of them in the one order here).
      const path =
        row.table === 'order_events'
          ? `/api/orders/${fixed.order}`
          : `/api/${readers[row.table]?.contract.path}/${row.id}`
      const contract = readers[row.table]?.contract as ResourceContract
      if (row.table !== 'order_events' && !operationsOf(contract).includes('show')) {
        // Read only as a list (subscriptions): its row there.
        const listed = (await api(`/api/${contract.path}?per_page=100`)).body.data as Json[]
        const record = listed.find((item) => item.id === row.id)
        if (!record) failures.push(`${label}: not in the list`)
        else compare(label, column, value, record)
        continue
      }
      const res = await api(path)
      if (res.status !== 200) {
        failures.push(`${label}: GET ${path} ${res.status}`)
        continue
      }
      const record: Json =
        row.table === 'order_events'
          ? res.body.data.events.find((event: Json) => event.id === row.id)
          : res.body.data
      compare(label, column, value, record)
    }
    expect(failures).toEqual([])
  })

  it('opens every list, page by page, filtered, searched, summed and exported', {
    timeout: scaled(180_000),
  }, async () => {
    const failures: string[] = []
    const get = async (path: string) => {
      const res = await api(path)
      if (res.status !== 200)
        failures.push(`GET ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
      return res
    }
    for (const { contract } of Object.values(readers)) {
      const lists = [contract.path, ...(contract.views ?? []).map((view) => `${contract.path}/${view}`)]
      for (const list of lists) {
        let rows: Json[] = []
        for (let page = 1; ; page++) {
          const res = await get(`/api/${list}?per_page=100&page=${page}`)
          rows = rows.concat(res.body.data ?? [])
          if (res.status !== 200 || page >= res.body.meta.last_page) break
        }
        for (const filter of Object.keys(contract.list.filters ?? {})) {
          const value = rows.find((row) => row[filter] !== null && row[filter] !== undefined)?.[filter]
          if (value !== undefined) await get(`/api/${list}?${filter}=${encodeURIComponent(String(value))}`)
        }
        if (contract.list.keyword)
          for (const keyword of ['javascript:alert(1)', '😀', '<script>', 'invoice.pdf'])
            await get(`/api/${list}?keyword=${encodeURIComponent(keyword)}`)
        for (const [range, given] of Object.entries(contract.list.ranges ?? {})) {
          const edges = rangeEdges[describeField(listValueSchema(contract, range, given)).kind]
          if (!edges) throw new Error(`${list}: no edges for the range ${range}`)
          await get(`/api/${list}?${range}_from=${edges[0]}&${range}_to=${edges[1]}`)
        }
      }
      if (contract.list.totals?.length) await get(`/api/${contract.path}/totals`)
      if (contract.export) {
        try {
          const res = await fetch(`${t.url}/api/${contract.path}/exportCsv`, {
            headers: { authorization: `Bearer ${token}` },
          })
          const text = await res.text()
          if (res.status !== 200) failures.push(`export ${contract.path}: ${res.status}`)
          else if (!text.includes('javascript:alert(1)'))
            failures.push(`export ${contract.path}: values missing`)
        } catch (error) {
          // A failure after the first rows went out cuts the download short.
          failures.push(`export ${contract.path}: ${String(error)}`)
        }
      }
    }
    // The visits are read only as figures: the periods they were dated in, and today.
    for (const [start, end] of [
      ['0002-01-01', '0002-12-31'],
      ['9999-01-01', '9999-12-31'],
    ])
      await get(`/api/analytics/channel/records?start_date=${start}&end_date=${end}`)
    await get('/api/analytics/channel/todayRecord')
    expect(failures).toEqual([])
  })

  it('refuses, by the database, only what the columns cannot hold', () => {
    // Not a check of the API: a guard that the values above mostly reach the tables.
    expect(written.length).toBeGreaterThan(refused.length)
  })
})
