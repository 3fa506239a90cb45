import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import {
  type FigureName,
  figureNames,
  figureRegistry,
  figureTable,
  keptFigures,
  MONEY_SUM_SQL,
  rawFigureSql,
} from '@vod/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.ts'
import { KEPT_FIGURES_FILE, keptFiguresSql } from '../src/db/kept-figures.ts'
import { foldFigures } from '../src/modules/analytics/keeping/index.ts'
import { describeEachEngine } from './support/databases.ts'
import { startTestApp, type TestApp } from './support/harness.ts'

/**
 * Each figure is defined once, in the figure registry (contract/src/figures.ts): the rollups' columns, the
 * answers, the CSV columns, the web's labels and docs/figures.md are made from it. This test fails when a
 * figure's formula is written anywhere else in the code, when docs/figures.md is not the registry's table,
 * when server/src/db/sql/kept-figures.sql is not what the registry writes, and when the database's live fold
 * (the hand-written files of server/src/db/sql, PL/pgSQL the database runs, checked against the registry here
 * rather than generated) adds something else than the registry says.
 */

const root = join(import.meta.dirname, '..', '..')
const REGISTRY = 'contract/src/figures.ts'
const LIVE_SQL = 'server/src/db/sql/'

/** What writing a figure looks like: its formula, or a figure's column made by hand. */
const written: { what: string; pattern: RegExp }[] = [
  {
    what: 'net revenue (gross - refunds - chargebacks)',
    pattern: /\bgross\b[^;\n]{0,60}[-−][^;\n]{0,60}\brefunds\b/i,
  },
  { what: 'net payout (gross - fees - ...)', pattern: /\bgross\b[^;\n]{0,60}[-−][^;\n]{0,60}\bfees\b/i },
  {
    what: 'fees (transaction + settlement + reserve)',
    pattern: /transaction_fee\s*\+\s*[\w.]*settlement_fee/,
  },
  { what: 'conversion (signups / visitors)', pattern: /\bsignups\b[^;\n]{0,40}\/[^;\n]{0,40}\bvisitors\b/i },
  {
    what: 'a figure named in SQL by hand (`as net`)',
    pattern:
      /\bas (?:net|conversion|new_subscriptions|gross|fees|refunds|chargebacks|refund_count|chargeback_count)\b/,
  },
  {
    what: 'a rollup column declared by hand',
    pattern:
      /\b(?:integer|numeric)\('(?:orders|refund_count|chargeback_count|signups|subscriptions|cancellations|visits|gross|fees|refunds|chargebacks)'/,
  },
  { what: 'a conversion cents by hand (cents(...gross) - ...)', pattern: /cents\([^)]*\bgross\b\)\s*-/ },
]

/**
 * The code that could write a figure: every source file but the registry and what it writes (tests are the
 * independent check).
 */
const sourceDirs = ['contract/src', 'server/src', 'web/src', 'scripts']

async function sources(dirs = sourceDirs): Promise<string[]> {
  const files: string[] = []
  for (const dir of dirs) {
    const entries = await readdir(join(root, dir), { recursive: true, withFileTypes: true })
    for (const entry of entries)
      if (entry.isFile() && /\.(ts|tsx|mts|mjs|sql)$/.test(entry.name))
        files.push(relative(root, join(entry.parentPath, entry.name)))
  }
  return files.filter((file) => file !== REGISTRY && file !== KEPT_FIGURES_FILE).sort()
}

describe('the figure registry', () => {
  it('is the only place a figure is written (contract/src/figures.ts)', async () => {
    const found: string[] = []
    for (const file of await sources()) {
      const lines = (await readFile(join(root, file), 'utf8')).split('\n')
      lines.forEach((line, index) => {
        for (const { what, pattern } of written)
          if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim()}`)
      })
    }
    expect(found, `write these from the figure registry (${REGISTRY}) instead`).toEqual([])
  })

  it('writes docs/figures.md (npx tsx scripts/figures-doc.ts)', async () => {
    // Cells compared without the padding biome gives a table.
    const flat = (text: string) =>
      text
        .split('\n')
        .map((line) => line.replace(/\s*\|\s*/g, '|').replace(/-{3,}/g, '---'))
        .join('\n')
    const doc = flat(await readFile(join(root, 'docs', 'figures.md'), 'utf8'))
    expect(
      doc.includes(flat(figureTable())),
      "docs/figures.md is not the registry's table: run npx tsx scripts/figures-doc.ts",
    ).toBe(true)
  })

  it('names every figure in both languages and gives it a unit', () => {
    for (const name of figureNames) {
      const figure = figureRegistry[name]
      expect(figure.label.en, name).not.toBe('')
      expect(figure.label['zh-cn'], name).not.toBe('')
      expect(['count', 'money', 'ratio']).toContain(figure.unit)
    }
  })
})

/** The kept figures' columns that are not also a table's name (`orders`, `visits`), as a word. */
const keptColumnWords = new RegExp(
  `\\b(?:${keptFigures
    .map((figure) => figure.column)
    .filter((column) => !keptFigures.some((figure) => figure.from.startsWith(`${column} `)))
    .join('|')})\\b`,
)

describe('the live SQL sources (server/src/db/sql)', () => {
  it(`hold the registry's own in ${KEPT_FIGURES_FILE} (npx tsx scripts/kept-figures-sql.ts)`, async () => {
    const committed = await readFile(join(root, KEPT_FIGURES_FILE), 'utf8')
    expect(
      committed === keptFiguresSql(),
      `${KEPT_FIGURES_FILE} is not what the registry writes: run npx tsx scripts/kept-figures-sql.ts`,
    ).toBe(true)
  })

  it("name no kept figure's column: server/src/db/kept-figures.ts writes those from the registry", async () => {
    const found: string[] = []
    for (const file of (await sources(['server/src/db/sql'])).filter((name) => name.startsWith(LIVE_SQL))) {
      const lines = (await readFile(join(root, file), 'utf8')).split('\n')
      lines.forEach((line, index) => {
        const code = line.replace(/--.*$/, '')
        if (keptColumnWords.test(code)) found.push(`${file}:${index + 1}: ${line.trim()}`)
      })
    }
    expect(found).toEqual([])
  })
})

describeEachEngine('the figure registry against the live database', (engine) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const q = (text: string) => t.db.execute(sql.raw(text))
    await q(`insert into channels (utm_source, type) values ('registry', 'advertising')`)
    await q(
      `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Registry', 1, 'month', '9.99')`,
    )
    const channel = '(select max(id) from channels)'
    const plan = '(select max(id) from plans)'
    await q(`insert into users (username, channel_id, created_at) values
      ('registry1', ${channel}, '2026-04-02T10:00:00Z'), ('registry2', null, '2026-04-03T23:50:00Z'),
      ('registry3', ${channel}, '2026-03-30T10:00:00Z')`)
    await q(`insert into subscriptions (user_id, plan_id, channel_id, started_at, cancelled_at, status) values
      ((select min(id) from users where username like 'registry%'), ${plan}, ${channel}, '2026-04-02T11:00:00Z', '2026-04-04T09:00:00Z', 'cancelled'),
      ((select max(id) from users where username like 'registry%'), ${plan}, null, '2026-04-03T11:00:00Z', null, 'active')`)
    await q(`insert into orders (order_no, user_id, plan_id, channel_id, amount, payment_method, paid_at,
        transaction_fee, settlement_fee, reserve_fee, total_amount) values
      ('REG1', (select min(id) from users where username like 'registry%'), ${plan}, ${channel}, 19.99, 'segpay', '2026-04-02T12:00:00Z', 0.61, 0.25, 1.00, 18.13),
      ('REG2', (select min(id) from users where username like 'registry%'), ${plan}, null, 120.00, 'segpay', '2026-04-03T12:00:00Z', 3.10, 0.50, 6.00, 110.40),
      ('REG3', (select min(id) from users where username like 'registry%'), ${plan}, null, 7.77, 'segpay', '2026-04-20T12:00:00Z', 0.10, 0, 0, 7.67)`)
    await q(`insert into order_events (order_id, kind, amount, occurred_at) values
      ((select id from orders where order_no = 'REG1'), 'refund', 4.99, '2026-04-03T08:00:00Z'),
      ((select id from orders where order_no = 'REG2'), 'chargeback', 120.00, '2026-04-04T08:00:00Z'),
      ((select id from orders where order_no = 'REG2'), 'refund', 0.01, '2026-04-21T08:00:00Z')`)
    await q(`insert into visits (visitor, device, channel_id, visited_at) values
      ('a', 'desktop', ${channel}, '2026-04-02T09:00:00Z'), ('a', 'mobile', ${channel}, '2026-04-03T09:00:00Z'),
      ('b', 'tablet', null, '2026-04-03T10:00:00Z'), ('c', 'desktop', null, '2026-04-04T22:00:00Z'),
      ('d', 'desktop', null, '2026-04-22T22:00:00Z')`)
    await foldFigures(t.db)
  })
  afterAll(() => t?.close())

  it.each([
    ['2026-04-01', '2026-04-05'],
    ['2026-03-01', '2026-04-30'],
    ['2026-04-04', '2026-04-04'],
  ])(
    "answers %s to %s as the registry's plain SQL over the raw rows gives each figure",
    async (start, end) => {
      const answer = await t.request(`/api/analytics/data/daily?start_date=${start}&end_date=${end}`, {
        token,
      })
      expect(answer.status).toBe(200)
      const zone = answer.body.meta.time_zone as string
      const lo = `(date '${start}'::timestamp at time zone '${zone}')`
      const hi = `((date '${end}' + 1)::timestamp at time zone '${zone}')`
      const wire = (name: FigureName) => {
        const value = rawFigureSql(name, lo, hi)
        const unit = figureRegistry[name].unit
        return `${unit === 'money' ? `(${value})::${MONEY_SUM_SQL}::text` : unit === 'count' ? `(${value})::integer` : value} as ${name}`
      }
      const [plain] = await queryRows<Record<FigureName, unknown>>(
        t.db,
        sql.raw(`select ${figureNames.map(wire).join(', ')}`),
      )
      expect(answer.body.meta.totals).toEqual(plain)
    },
  )
})
