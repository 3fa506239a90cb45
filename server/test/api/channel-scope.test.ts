import { type PermissionName, permissionNames } from '@vod/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../../../test/support/time.ts'
import { queryRows } from '../../src/db/client.ts'
import { foldFigures } from '../../src/modules/analytics/keeping/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestAdmin, type TestApp } from '../support/harness.ts'

/**
 * The channel-scoping rule (docs/security.md "Channel scoping"), walked over the API document: every GET
 * operation whose answer carries a channel id, every channel route, and every figure (dashboard, analytics,
 * their exports), asked by admins holding every permission but `all-channels`: one that administers
 * channel A, one that administers none, one removed from channel B meanwhile, and one whose channel was
 * deleted. None may see a channel outside its scope, nor the records of no channel; the last three see
 * what an admin of no channel sees, which is never what `all-channels` sees.
 */

const everyButAll = permissionNames.filter((name) => name !== 'all-channels') as PermissionName[]

interface World {
  A: number
  B: number
  campaignA: number
  campaignB: number
  /** A record of each channel-carrying resource in channel A, in channel B, and of no channel. */
  records: Record<'users' | 'orders' | 'subscriptions', { A: number; B: number; direct: number }>
}

async function fill(t: TestApp): Promise<World> {
  const one = async (text: string) => (await queryRows<{ id: number }>(t.db, sql.raw(text)))[0]?.id as number
  const A = await one(`insert into channels (utm_source, type) values ('alpha', 'affiliate') returning id`)
  const B = await one(`insert into channels (utm_source, type) values ('beta', 'social') returning id`)
  const campaignA = await one(`insert into campaigns (channel_id, name) values (${A}, 'A1') returning id`)
  const campaignB = await one(`insert into campaigns (channel_id, name) values (${B}, 'B1') returning id`)
  const plan = await one(
    `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Scoped', 1, 'month', '9.99') returning id`,
  )
  const now = new Date()
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3600_000).toISOString()
  const records = { users: {}, orders: {}, subscriptions: {} } as World['records']
  for (const [key, channel, campaign] of [
    ['A', A, campaignA],
    ['B', B, campaignB],
    ['direct', null, null],
  ] as const) {
    const ch = channel ?? 'null'
    const cm = campaign ?? 'null'
    const user = await one(
      `insert into users (username, channel_id, campaign_id, created_at) values ('scoped-${key}', ${ch}, ${cm}, '${at(2)}') returning id`,
    )
    records.users[key] = user
    records.subscriptions[key] = await one(
      `insert into subscriptions (user_id, plan_id, channel_id, campaign_id, started_at, status) values (${user}, ${plan}, ${ch}, ${cm}, '${at(2)}', 'active') returning id`,
    )
    records.orders[key] = await one(
      `insert into orders (order_no, user_id, plan_id, channel_id, campaign_id, amount, payment_method, paid_at, transaction_fee, total_amount) values ('SC-${key}', ${user}, ${plan}, ${ch}, ${cm}, 19.99, 'segpay', '${at(1)}', 0.60, 19.39) returning id`,
    )
    await t.db.execute(
      sql.raw(
        `insert into order_events (order_id, kind, amount, occurred_at) values (${records.orders[key]}, 'refund', 2.50, '${at(0.5)}')`,
      ),
    )
    await t.db.execute(
      sql.raw(
        `insert into visits (visitor, device, channel_id, campaign_id, visited_at) values ('v-${key}', 'desktop', ${ch}, ${cm}, '${at(1)}'), ('w-${key}', 'mobile', ${ch}, ${cm}, '${at(3)}')`,
      ),
    )
  }
  // The member site's writes reach the figures through the fold (analytics/fold.ts); here at once.
  await foldFigures(t.db)
  return { A, B, campaignA, campaignB, records }
}

/** Every value under a key named `key`, anywhere in an answer. */
function valuesOf(answer: Json, key: string): unknown[] {
  const found: unknown[] = []
  const walk = (value: Json) => {
    if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object')
      for (const [name, inner] of Object.entries(value)) {
        if (name === key) found.push(inner)
        walk(inner)
      }
  }
  walk(answer)
  return found
}

/** Whether a JSON schema of the document names a `channel_id` property anywhere. */
function carriesChannel(doc: Json, schema: Json, seen = new Set<string>()): boolean {
  if (!schema || typeof schema !== 'object') return false
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() as string
    if (seen.has(name)) return false
    return carriesChannel(doc, doc.components.schemas[name], new Set([...seen, name]))
  }
  if (schema.properties && 'channel_id' in schema.properties) return true
  const inner = [
    ...Object.values(schema.properties ?? {}),
    schema.items,
    typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined,
    ...(schema.allOf ?? []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
  ]
  return inner.some((part) => carriesChannel(doc, part, seen))
}

describeEachEngine('channel scoping', (engine) => {
  let t: TestApp
  let world: World
  let superToken: string
  let doc: Json
  const admins: Record<'one' | 'none' | 'removed' | 'orphaned', TestAdmin> = {} as never
  const today = new Date().toISOString().slice(0, 10)
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)

  const get = (path: string, token: string) => t.request(path, { token })
  const asSuper = (path: string, init: { method?: string; body?: unknown } = {}) =>
    t.request(path, { token: superToken, ...init })

  /** GET operations of the document, their paths with `{...}` parameters, and whether they carry channel data. */
  const operations = () =>
    Object.entries(doc.paths as Record<string, Json>)
      .filter(([, item]) => item.get)
      .map(([path, item]) => {
        const content = item.get.responses?.['200']?.content ?? {}
        const json = content['application/json']?.schema
        const required = (item.get.parameters ?? [])
          .filter((p: Json) => p.in === 'query' && p.required)
          .map((p: Json) => p.name as string)
        return {
          path: path as string,
          csv: 'text/csv' in content,
          required,
          records: json !== undefined && carriesChannel(doc, json),
          figures: /^\/api\/(dashboard|analytics)(\/|$)/.test(path),
          channels: path.startsWith('/api/channels'),
        }
      })

  /** The query a figure needs: the last week, as the screens ask. */
  const queryOf = (required: string[]) =>
    required.length === 0
      ? ''
      : `?${required
          .map((name) => {
            if (name === 'start_date') return `start_date=${weekAgo}`
            if (name === 'end_date') return `end_date=${today}`
            throw new Error(`the walk has no value for the required query parameter ${name}`)
          })
          .join('&')}`

  /** A path's parameters filled with a record of channel A (`A`) or of channel B (`B`). */
  function filled(path: string, side: 'A' | 'B'): string {
    const resource = path.split('/')[2] as string
    return path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (name === 'id' && (resource === 'channels' || resource === 'analytics')) return String(world[side])
      if (name === 'childId' && path.includes('/campaigns/'))
        return String(side === 'A' ? world.campaignA : world.campaignB)
      const ids = world.records[resource as keyof World['records']]
      if (name === 'id' && ids) return String(ids[side])
      throw new Error(`the walk has no ${name} for ${path}: add this operation's records to the test`)
    })
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await t.superToken()
    world = await fill(t)
    doc = (await t.request('/api/openapi.json')).body
    for (const kind of ['one', 'none', 'removed', 'orphaned'] as const)
      admins[kind] = await t.createAdmin(everyButAll)
    // Reports by e-mail of each channel: the one admin's of A, another's of B (listed to holders of list-admins).
    await t.db.execute(
      sql.raw(`insert into report_subscriptions (admin_id, report, channel_id, frequency, hour, language)
        values (${admins.one.id}, 'daily-channel', ${world.A}, 'daily', 7, 'en'),
          (${admins.removed.id}, 'daily-channel', ${world.B}, 'daily', 7, 'en')`),
    )
    const attach = async (channel: number, admin: TestAdmin) =>
      expect(
        (await asSuper(`/api/channels/${channel}/admins`, { method: 'POST', body: { admin_id: admin.id } }))
          .status,
      ).toBe(200)
    await attach(world.A, admins.one)
    // Removed from B after it had seen B's figures.
    await attach(world.B, admins.removed)
    expect((await get(`/api/analytics/channel/${world.B}/todayRecord`, admins.removed.token)).status).toBe(
      200,
    )
    expect(
      (await asSuper(`/api/channels/${world.B}/admins/${admins.removed.id}`, { method: 'DELETE' })).status,
    ).toBe(204)
    // Its only channel deleted.
    const gone = await asSuper('/api/channels', {
      method: 'POST',
      body: { utm_source: 'gone', type: 'other' },
    })
    await attach(gone.body.data.id, admins.orphaned)
    expect((await asSuper(`/api/channels/${gone.body.data.id}`, { method: 'DELETE' })).status).toBe(204)
  }, scaled(120_000))
  afterAll(() => t?.close())

  it('finds the operations that carry channel data in the API document', () => {
    const paths = operations()
      .filter((op) => op.records || op.figures || op.channels)
      .map((op) => op.path)
    for (const expected of [
      '/api/users',
      '/api/orders/{id}',
      '/api/subscriptions/channelStatistic',
      '/api/channels/{id}/campaigns/{childId}',
      '/api/dashboard/channelList',
      '/api/analytics/channel/{id}/records',
    ])
      expect(paths).toContain(expected)
  })

  describe('records', () => {
    it('shows an admin of channel A its records and no other channel, and the others nothing', async () => {
      for (const op of operations().filter((o) => (o.records || o.channels) && !o.figures && !o.csv)) {
        const query = queryOf(op.required)
        const named = op.path.includes('{')
        for (const [kind, admin] of Object.entries(admins)) {
          const scope = kind === 'one' ? [world.A] : []
          if (named) {
            // Outside the scope a record is not there, however it is named.
            const outside = await get(filled(op.path, 'B') + query, admin.token)
            expect(outside.status, `${kind} ${op.path} of channel B`).toBe(404)
            const inside = await get(filled(op.path, 'A') + query, admin.token)
            expect(inside.status, `${kind} ${op.path} of channel A`).toBe(kind === 'one' ? 200 : 404)
            if (inside.status === 200)
              for (const id of valuesOf(inside.body, 'channel_id')) expect(scope).toContain(id)
            continue
          }
          const answer = await get(`${op.path}${query}${query ? '&' : '?'}`, admin.token)
          expect(answer.status, `${kind} ${op.path}`).toBe(200)
          const ids =
            op.path === '/api/channels'
              ? valuesOf(answer.body.data, 'id')
              : valuesOf(answer.body, 'channel_id')
          for (const id of ids) expect(scope, `${kind} ${op.path} answered channel ${id}`).toContain(id)
          if (kind === 'one') expect(ids, `${op.path} shows channel A's records`).toContain(world.A)
          else expect(answer.body.data, `${kind} ${op.path}`).toEqual([])
        }
      }
    })

    it("filters by another channel to nothing, and exports only the scope's rows", async () => {
      for (const path of ['/api/orders', '/api/users', '/api/subscriptions']) {
        const other = await get(`${path}?channel_id=${world.B}`, admins.one.token)
        expect(other.status).toBe(200)
        expect(other.body.data).toEqual([])
        expect(other.body.meta.total).toBe(0)
      }
      const csv = (token: string) =>
        t.request('/api/orders/exportCsv', { token }).then((answer) => String(answer.body).trim().split('\n'))
      expect((await csv(admins.one.token)).length).toBe(2)
      expect((await csv(admins.none.token)).length).toBe(1)
      expect((await csv(superToken)).length).toBe(4)
    })

    it('lets no scoped admin write to, refund or attach itself to a channel outside its scope', async () => {
      const as = (path: string, method: string, body?: unknown) =>
        t.request(path, { token: admins.one.token, method, body }).then((answer) => answer.status)
      expect(await as(`/api/channels/${world.B}/admins`, 'POST', { admin_id: admins.one.id })).toBe(404)
      expect(await as(`/api/channels/${world.B}`, 'PUT', { utm_id: 'x' })).toBe(404)
      expect(await as(`/api/channels/${world.B}/archive`, 'POST')).toBe(404)
      expect(await as(`/api/orders/${world.records.orders.B}/refund`, 'POST', { amount: '1.00' })).toBe(404)
      expect(await as(`/api/orders/${world.records.orders.direct}`, 'PUT', { transaction_number: 'x' })).toBe(
        404,
      )
      expect(await as(`/api/users/${world.records.users.B}/disable`, 'POST')).toBe(404)
    })

    it('answers 404 and does nothing on every operation naming a member, order or subscription of another channel', async () => {
      /** Bodies the operations take, by the path's last part; the rest are sent `{}` (the walk says which). */
      const bodies: Record<string, unknown> = {
        refund: { amount: '1.00' },
        chargeback: { amount: '1.00' },
        'allocated-members': { ids: [world.records.users.B] },
        reorder: { ids: [world.records.users.B] },
      }
      const named = (path: string) =>
        /^\/api\/(users|orders|subscriptions)\/\{id\}/.test(path) ||
        path.includes('/allocated-members/{childId}')
      const walked: string[] = []
      const counts = async () =>
        (
          await queryRows<Record<string, number>>(
            t.db,
            sql`select (select count(*) from audit_logs)::int as audit, (select count(*) from member_mails)::int as mails,
              (select count(*) from order_events)::int as events, (select count(*) from admin_users)::int as allocated`,
          )
        )[0]
      const before = await counts()
      for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
        const allocated = path.startsWith('/api/admins/{id}/allocated-members')
        if (!named(path) && !allocated) continue
        for (const method of ['get', 'post', 'put', 'patch', 'delete'].filter((m) => item[m])) {
          // An admin's own members: the admin is one of channel A's (itself), the member one of channel B's.
          const at = path
            .replace('{id}', String(allocated ? admins.one.id : filled(path, 'B').split('/')[3]))
            .replace('{childId}', String(world.records.users.B))
          const last = path.split('/').pop() as string
          const body = method === 'get' || method === 'delete' ? undefined : (bodies[last] ?? {})
          const answer = await t.request(at, { token: admins.one.token, method: method.toUpperCase(), body })
          walked.push(`${method} ${path}`)
          if (allocated && method === 'get') {
            // Listed: none of channel B's members among them.
            expect(answer.status, `${method} ${path}`).toBe(200)
            expect(valuesOf(answer.body, 'id'), `${method} ${path}`).not.toContain(world.records.users.B)
          } else expect(answer.status, `${method} ${path}`).toBe(404)
        }
      }
      expect(walked).toEqual(
        expect.arrayContaining(['get /api/users/{id}/mails', 'post /api/orders/{id}/refund']),
      )
      expect(await counts()).toEqual(before)
    })

    it('keeps a channel a scoped admin creates in its sight', async () => {
      const made = await t.request('/api/channels', {
        token: admins.none.token,
        method: 'POST',
        body: { utm_source: 'mine', type: 'other' },
      })
      expect(made.status).toBe(201)
      expect(made.body.data.admin_count).toBe(1)
      expect((await get(`/api/channels/${made.body.data.id}`, admins.none.token)).status).toBe(200)
      expect((await asSuper(`/api/channels/${made.body.data.id}`, { method: 'DELETE' })).status).toBe(204)
    })
  })

  describe('figures', () => {
    it("answers an admin of channel A channel A's figures, and an admin of none the figures of nothing", async () => {
      const figures = operations().filter((o) => o.figures && !o.path.includes('{'))
      expect(figures.length).toBeGreaterThan(20)
      let differing = 0
      for (const op of figures) {
        const query = queryOf(op.required)
        const path = op.path + query
        /** The answer as text, so CSV and JSON compare alike. */
        const read = (token: string, at = path) =>
          t.request(at, { token }).then((answer) => ({
            status: answer.status,
            // `as_of` is the moment asked, which no two calls share.
            body:
              typeof answer.body === 'string'
                ? answer.body
                : JSON.stringify(answer.body, (key, value) =>
                    key === 'as_of' || key === 'fresh_as_of' ? undefined : value,
                  ),
          }))
        const channelsIn = (body: string) => (op.csv ? [] : valuesOf(JSON.parse(body), 'channel_id'))
        const all = await read(superToken)
        const one = await read(admins.one.token)
        expect(one.status, path).toBe(200)
        for (const id of channelsIn(one.body))
          expect([world.A], `${path} answered channel ${id}`).toContain(id)
        // Where the document has the same figure for one channel, the scoped answer is channel A's (a split
        // by channel is by campaign there).
        const perChannel = op.path.replace('/api/analytics/channel/', '/api/analytics/channel/{id}/')
        if (perChannel !== op.path && doc.paths[perChannel] && !op.records)
          expect(one.body, path).toEqual((await read(superToken, filled(perChannel, 'A') + query)).body)
        const none = await read(admins.none.token)
        expect(none.status, path).toBe(200)
        expect(channelsIn(none.body), path).toEqual([])
        for (const kind of ['removed', 'orphaned'] as const)
          expect((await read(admins[kind].token)).body, `${kind} ${path}`).toEqual(none.body)
        if (none.body !== all.body) differing++
      }
      // What an admin of no channel sees is not what all-channels sees: the data has figures everywhere.
      expect(differing).toBeGreaterThan(figures.length / 2)
    })

    it('refuses a channel outside the scope by its id, in the path or the query', async () => {
      for (const path of [
        `/api/analytics/channel/${world.B}/todayRecord`,
        `/api/analytics/channel/exportCsv?start_date=${weekAgo}&end_date=${today}&channel_id=${world.B}`,
      ]) {
        expect((await get(path, admins.one.token)).status, path).toBe(404)
        expect((await get(path, admins.removed.token)).status, path).toBe(404)
      }
    })
  })
})
