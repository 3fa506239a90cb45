import { describeField, permissionNames } from '@vod/contract'
import { eq, getTableColumns } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled } from '../../../test/support/time.ts'
import { adminRoles, roles } from '../../src/db/schema/index.ts'
import { declaredLists } from '../../src/lib/resource/define-resource.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { describeOnOneEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'
import {
  declaredResources,
  nextSentinel,
  type Planted,
  plantSentinels,
  sentinelOf,
  takesSentinel,
} from '../support/sentinel-rows.ts'

/**
 * Field rules hide a field everywhere (docs/security.md "Field rules", issue 65): walked field by field over
 * every resource whose fields a role may name (the records the server declares, which its check of rule
 * names reads). For each field that can hold a value nothing else holds, an admin holding every permission
 * (all channels included) whose one role hides that field reads every GET operation of the API document whose
 * answer to the super-admin holds the value (lists, records, histories, totals, CSV exports, figures, the
 * search box asked for the value), sends each write of the record a body that must fail on a comparison with
 * its stored values (money over any amount, a time before any), and reads the audit trail after the
 * super-admin changed the field: the value is in no answer, under no key, in no message. The super-admin's
 * same walk finds every value, so a value the walk could never reach fails the test rather than passing it.
 */

const everything = [...permissionNames]

/** The fields a role's rules may name, of each declared record, that a sentinel can be given in its table. */
function narrowable() {
  return declaredResources().flatMap(({ path, table, record }) => {
    const columns = new Set(Object.values(getTableColumns(table)).map((column) => (column as PgColumn).name))
    return Object.entries(record.shape)
      .filter(
        ([field, schema]) => field !== 'id' && columns.has(field) && takesSentinel(describeField(schema)),
      )
      .map(([field]) => ({ resource: path, field }))
  })
}

const key = (s: { resource: string; field: string }) => `${s.resource}.${s.field}`
const textOf = (body: Json) => (typeof body === 'string' ? body : JSON.stringify(body))

/** A schema of the document, its `$ref` followed. */
const resolved = (doc: Json, schema: Json): Json =>
  schema?.$ref ? resolved(doc, doc.components.schemas[schema.$ref.split('/').pop()]) : schema
/** The JSON body an operation takes. */
const bodyOf = (doc: Json, operation: Json): Json =>
  resolved(doc, operation.requestBody?.content?.['application/json']?.schema)

/** A write's body that fails on a comparison with the stored record: money past any amount, a time before any. */
function hostileBody(doc: Json, operation: Json): Record<string, string> | undefined {
  const resolve = (schema: Json): Json => resolved(doc, schema)
  const body = bodyOf(doc, operation)
  const hostile = Object.entries((body?.properties ?? {}) as Record<string, Json>).flatMap(([name, raw]) => {
    const schema = resolve(raw)
    const options = [schema, ...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].map(resolve)
    if (options.some((o) => o?.format === 'date-time')) return [[name, '2000-01-01T00:00:00.000Z']]
    if (options.some((o) => typeof o?.pattern === 'string' && o.pattern.includes('\\d{1,10}(\\.')))
      return [[name, '9999999999.99']]
    return []
  })
  return hostile.length > 0 ? Object.fromEntries(hostile) : undefined
}

/** Why the suite runs on one engine (describeOnOneEngine). */
const inNode = 'which values an answer lets out is decided in Node'

describeOnOneEngine('field rules walked field by field', inNode, (engine) => {
  let t: TestApp
  let superToken: string
  let doc: Json
  let planted: Planted
  /** The admin whose role hides one field at a time, and its role. */
  let token: string
  let role: number
  /** Each GET operation the walk can name, filled with the planted records, and its answer to the super-admin. */
  let reads: { path: string; at: string; perValue: boolean; whole: string }[]
  const skipped: string[] = []
  const today = new Date().toISOString().slice(0, 10)
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)

  const hide = (field: { resource: string; field: string } | undefined) =>
    t.db
      .update(roles)
      .set({ fieldRules: field ? { [field.resource]: { [field.field]: 'none' } } : {} })
      .where(eq(roles.id, role))

  /** The SQL table of each resource path. */
  const tableNames = () =>
    new Map(declaredLists.map((list) => [list.path, getTableConfig(list.table).name] as const))

  /** A path's parameters filled with the planted records: `{id}` the resource's, `{childId}` the child's. */
  function filled(path: string): string | undefined {
    const names = tableNames()
    const parts = path.split('/')
    let missing = false
    const at = parts
      .map((part, i) => {
        const param = /^\{(\w+)\}$/.exec(part)?.[1]
        if (!param) return part
        // The record before it names the resource (`/videos/{id}/photos/{childId}`); the analytics' is a channel.
        const named = parts[i - 1] === 'channel' ? 'channels' : (parts[i - 1] as string)
        const table = names.get(named) ?? named.replaceAll('-', '_')
        const id = planted.rows.get(table)
        if (id === undefined) missing = true
        return String(id)
      })
      .join('/')
    return missing ? undefined : at
  }

  /** The query the operation requires: the last week for a figure, the value looked for in the search box. */
  function queryOf(item: Json): { query: string; perValue: boolean } | undefined {
    const required = ((item.get.parameters ?? []) as Json[]).filter((p) => p.in === 'query' && p.required)
    let perValue = false
    const parts: string[] = []
    for (const { name } of required) {
      if (name === 'start_date') parts.push(`start_date=${weekAgo}`)
      else if (name === 'end_date') parts.push(`end_date=${today}`)
      else if (name === 'q') {
        perValue = true
        parts.push('q=')
      } else return undefined
    }
    return { query: parts.length > 0 ? `?${parts.join('&')}` : '', perValue }
  }

  const read = async (at: string, as: string) => {
    const answer = await t.request(at, { token: as })
    return { status: answer.status, text: textOf(answer.body) }
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await t.superToken()
    doc = (await t.request('/api/openapi.json')).body
    // One admin holding everything, its one role narrowed field by field straight in the database: the access
    // triggers tell every session at the next request, and the audit trail the walk reads stays the records'.
    const admin = await t.createAdmin(everything)
    const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, admin.id))
    role = held?.roleId as number
    token = admin.token
    planted = await plantSentinels(t.db, declaredResources())
    // The member site's payments reach the figures through the fold (analytics/fold.ts); here at once.
    await foldFigures(t.db)
    reads = []
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      if (!item.get) continue
      const query = queryOf(item)
      const at = filled(path)
      if (!query || at === undefined) {
        skipped.push(path)
        continue
      }
      const whole = query.perValue ? '' : (await read(at + query.query, superToken)).text
      reads.push({ path, at: at + query.query, perValue: query.perValue, whole })
    }
  }, scaled(300_000))
  afterAll(() => t?.close())

  it('walks every narrowable field that can hold a value of its own', () => {
    const fields = narrowable()
    const planted_ = new Set(planted.sentinels.map(key))
    // Every field is planted but those the database's checks refuse a sentinel (a count between 1 and 3).
    expect(fields.filter((field) => !planted_.has(key(field))).length).toBeLessThan(fields.length / 20)
    expect(planted.sentinels.length).toBeGreaterThan(150)
    expect(new Set(planted.sentinels.map((s) => s.resource)).size).toBeGreaterThan(25)
    expect(reads.length).toBeGreaterThan(100)
    // The operations the walk has no value for: the file checks, of no record, and the presence stream (it names
    // a record by its resource's path, answers admins' names only and stays open: presence.test.ts).
    expect(skipped.filter((path) => !/^\/api\/(files|presence)\//.test(path))).toEqual([])
    // No value is part of another, so finding one never finds another.
    const texts = planted.sentinels.map((s) => s.text)
    for (const a of texts) expect(texts.filter((b) => b.includes(a))).toEqual([a])
  })

  it(
    "finds no hidden value in any answer, export, figure or error, and the super-admin's walk finds each",
    async () => {
      const started = Date.now()
      const unseen: string[] = []
      const leaks: string[] = []
      let walked = 0
      let errors = 0
      let toldTheSuperAdmin = 0
      const writes = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
        ['post', 'put', 'patch']
          .filter((method) => item[method])
          .map((method) => ({ path, method, operation: item[method] as Json })),
      )
      for (const sentinel of planted.sentinels) {
        const name = key(sentinel)
        const value = sentinel.text
        const search = (at: string) => at.replace('q=', `q=${encodeURIComponent(value)}`)
        const showing: string[] = []
        for (const op of reads) {
          const at = op.perValue ? search(op.at) : op.at
          const whole = op.perValue ? (await read(at, superToken)).text : op.whole
          if (whole.includes(value)) showing.push(at)
        }
        if (showing.length === 0) unseen.push(name)
        await hide(sentinel)
        for (const at of showing) {
          const answer = await read(at, token)
          walked++
          expect(answer.status, `${name}: GET ${at}`).toBeLessThan(500)
          if (answer.text.includes(value)) leaks.push(`${name}: GET ${at}`)
        }
        // The record's writes: a stale version (412, the record as it is now) and a body that fails on a
        // comparison with it; the row is put back as it was, whatever a write that took changed.
        const table = declaredLists.find((list) => list.path === sentinel.resource)?.table as PgTable
        const idColumn = (getTableColumns(table) as Record<string, PgColumn>).id as PgColumn
        const [before] = await t.db.select().from(table).where(eq(idColumn, sentinel.id))
        for (const write of writes.filter((w) => w.path.startsWith(`/api/${sentinel.resource}/{id}`))) {
          const at = filled(write.path)
          if (at === undefined) continue
          const hostile = hostileBody(doc, write.operation)
          const tries: { headers: Record<string, string>; body: unknown }[] = [
            { headers: { 'if-match': '"stale"' }, body: hostile ?? {} },
            ...(hostile ? [{ headers: {}, body: hostile }] : []),
          ]
          for (const attempt of tries) {
            for (const as of [token, superToken]) {
              const answer = await t.request(at, {
                token: as,
                method: write.method.toUpperCase(),
                ...attempt,
              })
              const text = textOf(answer.body)
              if (as === superToken) {
                if (answer.status >= 400 && text.includes(value)) toldTheSuperAdmin++
                continue
              }
              errors++
              expect(answer.status, `${name}: ${write.method} ${at}`).toBeLessThan(500)
              if (text.includes(value))
                leaks.push(`${name}: ${write.method} ${at} ${JSON.stringify(attempt)}`)
            }
          }
        }
        const { id: _, ...row } = before as Record<string, unknown>
        await t.db.update(table).set(row).where(eq(idColumn, sentinel.id))
      }
      await hide(undefined)
      console.info(
        `[${engine}] ${planted.sentinels.length} fields, ${reads.length} GET operations, ${walked} reads and ${errors} writes walked in ${Date.now() - started} ms`,
      )
      expect.soft(leaks).toEqual([])
      expect.soft(unseen).toEqual([])
      expect(walked).toBeGreaterThan(planted.sentinels.length * 2)
      // A stale write answers the record as it is, an over-amount refund names the amount: to who may read it.
      expect(toldTheSuperAdmin).toBeGreaterThan(planted.sentinels.length / 2)
    },
    scaled(600_000),
  )

  it(
    'shows neither the old nor the new value of a hidden field in the audit of a change the super-admin made',
    async () => {
      const leaks: string[] = []
      const unseen: string[] = []
      let changed = 0
      for (const sentinel of planted.sentinels) {
        const put = doc.paths[`/api/${sentinel.resource}/{id}`]?.put
        const property = put && bodyOf(doc, put)?.properties?.[sentinel.field]
        if (!property) continue
        const n = nextSentinel()
        const core = sentinelOf(sentinel.kind, n, sentinel.kind === 'money' ? 7 : 0)
        const numeric = ['number', 'integer'].includes(resolved(doc, property)?.type)
        // A text field may want an address or a link: the value is inside each.
        const candidates =
          sentinel.kind.endsWith('text') || sentinel.kind === 'media'
            ? [core, `${core}@example.com`, `https://example.com/${core}`]
            : [numeric ? Number(core) : core]
        let took = false
        for (const value of candidates) {
          const answer = await t.request(`/api/${sentinel.resource}/${sentinel.id}`, {
            token: superToken,
            method: 'PUT',
            body: { [sentinel.field]: value },
          })
          if (answer.status === 200) {
            took = true
            break
          }
        }
        if (!took) continue
        changed++
        const trail = [
          `/api/audit-logs?resource=${sentinel.resource}&record_id=${sentinel.id}`,
          ...(doc.paths[`/api/${sentinel.resource}/{id}/history`]
            ? [`/api/${sentinel.resource}/${sentinel.id}/history`]
            : []),
        ]
        const name = key(sentinel)
        if (!(await read(trail[0] as string, superToken)).text.includes(core)) unseen.push(name)
        await hide(sentinel)
        for (const at of trail) {
          const answer = await read(at, token)
          expect(answer.status, `${name}: GET ${at}`).toBe(200)
          for (const value of [sentinel.text, core])
            if (answer.text.includes(value)) leaks.push(`${name}: ${value} in GET ${at}`)
        }
      }
      await hide(undefined)
      console.info(`[${engine}] ${changed} fields changed and their audit trail read`)
      expect.soft(leaks).toEqual([])
      expect.soft(unseen).toEqual([])
      expect(changed).toBeGreaterThan(planted.sentinels.length / 4)
    },
    scaled(600_000),
  )
})
