import { type PermissionName, permissionNames } from '@vod/contract'
import { searchAnswer } from '@vod/contract/search'
import { type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaled } from '../../../test/support/time.ts'
import { queryRows, type Statement } from '../../src/db/client.ts'
import { videos } from '../../src/db/schema/index.ts'
import { keywordMatch } from '../../src/lib/list/keyword.ts'
import { declareSearch, searchables } from '../../src/lib/search/searchable.ts'
import { searchStatement } from '../../src/lib/search/statement.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestAdmin, type TestApp } from '../support/harness.ts'
import { type PlanNode, rowsRead } from '../support/plans.ts'

/** Rows enough that a scan would cost: the plans must read the lists' indexes instead. */
const CROWD = 3000

const everyButAll = permissionNames.filter((name) => name !== 'all-channels') as PermissionName[]

/**
 * The one search box, GET /api/search (docs/resources.md "Search"): each kind by each of its fields, exact
 * values first, within what the caller's lists show (permission, channel scope), and refusals of what is
 * no search.
 */
describeEachEngine('search', (engine) => {
  let t: TestApp
  let token: string
  const ids: Record<string, number> = {}
  let channelAdmin: TestAdmin
  let ordersOnly: TestAdmin
  let nothing: TestAdmin

  const one = async (text: string) => (await queryRows<{ id: number }>(t.db, sql.raw(text)))[0]?.id as number

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    ids.alpha = await one(
      `insert into channels (utm_source, utm_medium, type) values ('alphasource', 'cpc', 'affiliate') returning id`,
    )
    ids.beta = await one(
      `insert into channels (utm_source, type) values ('betasource', 'social') returning id`,
    )
    ids.campaignA = await one(
      `insert into campaigns (channel_id, name) values (${ids.alpha}, 'Spring sale') returning id`,
    )
    ids.campaignB = await one(
      `insert into campaigns (channel_id, name) values (${ids.beta}, 'Spring push') returning id`,
    )
    const plan = await one(
      `insert into plans (name, initial_period_count, initial_period_unit, initial_original_price) values ('Searched', 1, 'month', '9.99') returning id`,
    )
    const member = async (key: string, username: string, email: string | null, channel: number | null) => {
      ids[key] = await one(
        `insert into users (username, email, channel_id) values ('${username}', ${email ? `'${email}'` : 'null'}, ${channel ?? 'null'}) returning id`,
      )
    }
    await member('ann', 'ann', 'ann.lee@Example.org', ids.alpha)
    await member('anna', 'anna', 'ann@mail.test', ids.beta)
    await member('annabel', 'annabel', null, null)
    await member('zed', 'zed', 'zed_x@mail.test', ids.alpha)
    const order = async (key: string, no: string, tx: string, user: number, channel: number | null) => {
      ids[key] = await one(
        `insert into orders (order_no, transaction_number, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
         values ('${no}', '${tx}', ${user}, ${plan}, ${channel ?? 'null'}, 19.99, 'segpay', now(), 19.99) returning id`,
      )
    }
    await order('orderA', 'ORD-7001', 'TX-AAA1', ids.ann as number, ids.alpha)
    await order('orderB', 'ORD-7002', 'TX-BBB2', ids.anna as number, ids.beta)
    await order('orderDirect', 'ORD-70021', 'TX-CCC3', ids.annabel as number, null)
    ids.video = await one(
      `insert into videos (title, serial_number) values ('The Quiet Harbour', 'SN-9001') returning id`,
    )
    ids.video2 = await one(
      `insert into videos (title, serial_number) values ('Harbour', 'SN-90011') returning id`,
    )
    // A crowd the lists' indexes must see through.
    await t.db.execute(sql`
      insert into users (username, email) select 'crowd' || i, 'crowd' || i || '@crowd.test'
      from generate_series(1, ${CROWD}) as i`)
    await t.db.execute(sql`
      insert into orders (order_no, transaction_number, user_id, plan_id, amount, payment_method, paid_at, total_amount)
      select 'CR' || lpad(i::text, 8, '0'), 'CTX' || i, ${ids.ann}, ${plan}, 9.99, 'epoch', now(), 9.99
      from generate_series(1, ${CROWD}) as i`)
    await t.db.execute(sql`
      insert into videos (title, serial_number) select 'Crowd video ' || md5(i::text), 'CV-' || i
      from generate_series(1, ${CROWD}) as i`)
    // A herd of another channel's members and orders sharing a start with a few of the first channel's.
    await t.db.execute(sql`
      insert into users (username, email, channel_id) select 'herd' || i, 'herd' || i || '@herd.test', ${ids.beta}::integer
      from generate_series(1, ${CROWD}) as i`)
    await t.db.execute(sql`
      insert into users (username, email, channel_id) select 'herdmine' || i, 'mine' || i || '@herd.test', ${ids.alpha}::integer
      from generate_series(1, 7) as i`)
    await t.db.execute(sql`
      insert into orders (order_no, transaction_number, user_id, plan_id, channel_id, amount, payment_method, paid_at, total_amount)
      select 'HERD' || i, 'HTX' || i, ${ids.anna}::integer, ${plan}::integer, ${ids.beta}::integer, 9.99, 'epoch', now(), 9.99
      from generate_series(1, ${CROWD}) as i
      union all
      select 'HERDMINE' || i, 'HMTX' || i, ${ids.ann}::integer, ${plan}::integer, ${ids.alpha}::integer, 9.99, 'epoch', now(), 9.99
      from generate_series(1, 3) as i`)
    for (const table of ['users', 'orders', 'videos']) await t.db.execute(sql.raw(`analyze ${table}`))

    channelAdmin = await t.createAdmin(everyButAll)
    const attached = await t.request(`/api/channels/${ids.alpha}/admins`, {
      method: 'POST',
      token,
      body: { admin_id: channelAdmin.id },
    })
    expect(attached.status).toBe(200)
    ordersOnly = await t.createAdmin(['list-orders', 'all-channels'])
    nothing = await t.createAdmin([])
    await t.db.execute(sql`update admins set name = 'Harriet Searcher' where id = ${nothing.id}`)
  }, scaled(120_000))
  afterAll(() => t?.close())

  /** The answer, held to the contract's schema. */
  const search = async (q: string, as = token) => {
    const res = await t.request(`/api/search?q=${encodeURIComponent(q)}`, { token: as })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return searchAnswer.parse(res.body).data
  }
  const idsOf = async (q: string, kind: string, as = token) =>
    ((await search(q, as)).find((group) => group.kind === kind)?.records ?? []).map((hit) => hit.id)

  it('finds members by the start of a username or an e-mail address, in any letter case', async () => {
    expect(await idsOf('annab', 'users')).toEqual([ids.annabel])
    expect(await idsOf('ANN.LEE@example.ORG', 'users')).toEqual([ids.ann])
    expect(await idsOf('ann.l', 'users')).toEqual([ids.ann])
    const [group] = (await search('ann.lee@example.org')).filter((g) => g.kind === 'users')
    expect(group?.records).toEqual([
      { id: ids.ann, label: 'ann', detail: 'ann.lee@Example.org', parent_id: null, exact: 1 },
    ])
  })

  it('puts the record whose value is the query itself first, then the closest', async () => {
    // `ann` is a username, `ann@mail.test` anna's e-mail starts with it, `annabel` too.
    const hits = (await search('ann')).find((g) => g.kind === 'users')?.records ?? []
    expect(hits.map((hit) => [hit.label, hit.exact])).toEqual([
      ['ann', 1],
      ['anna', 0],
      ['annabel', 0],
    ])
  })

  it('finds orders by the start of the order number or the transaction number', async () => {
    expect(await idsOf('ord-7002', 'orders')).toEqual([ids.orderB, ids.orderDirect])
    expect(await idsOf('ORD-7001', 'orders')).toEqual([ids.orderA])
    expect(await idsOf('tx-ccc3', 'orders')).toEqual([ids.orderDirect])
    const hit = (await search('TX-AAA1')).find((g) => g.kind === 'orders')?.records[0]
    expect(hit).toEqual({ id: ids.orderA, label: 'ORD-7001', detail: 'TX-AAA1', parent_id: null, exact: 1 })
  })

  it('finds videos by their title anywhere in it or the start of their serial number', async () => {
    // The title itself first, then one containing it.
    expect(await idsOf('harbour', 'videos')).toEqual([ids.video2, ids.video])
    expect(await idsOf('quiet harb', 'videos')).toEqual([ids.video])
    // Several words: each anywhere in the title, in any order.
    expect(await idsOf('harbour  QUIET', 'videos')).toEqual([ids.video])
    expect(await idsOf('harbour crowd', 'videos')).toEqual([])
    expect(await idsOf('sn-9001', 'videos')).toEqual([ids.video, ids.video2])
    // Under three characters a title is not searched anywhere in it (no trigram to find it by).
    expect(await idsOf('ar', 'videos')).toEqual([])
  })

  it('finds channels, campaigns (with the channel they open under) and admins', async () => {
    expect(await idsOf('alphaso', 'channels')).toEqual([ids.alpha])
    const campaigns = (await search('spring')).find((g) => g.kind === 'campaigns')?.records ?? []
    expect(campaigns.map((hit) => [hit.id, hit.parent_id])).toEqual([
      [ids.campaignB, ids.beta],
      [ids.campaignA, ids.alpha],
    ])
    expect(await idsOf('riet searc', 'admins')).toEqual([nothing.id])
    // Words in any order and letter case, the query's own too, on names read row by row (no trigram index).
    expect(await idsOf('PUSH spring', 'campaigns')).toEqual([ids.campaignB])
    expect(await idsOf('HARRIET', 'admins')).toEqual([nothing.id])
  })

  it('answers a few records a kind and leaves out kinds without any', async () => {
    const answer = await search('crowd')
    expect(answer.map((group) => group.kind)).toEqual(['users', 'videos'])
    for (const group of answer) expect(group.records).toHaveLength(5)
    expect(answer[0]?.records.map((hit) => hit.label)).toEqual([
      'crowd1',
      'crowd10',
      'crowd100',
      'crowd1000',
      'crowd1001',
    ])
    expect(await search('no such thing at all')).toEqual([])
  })

  it('takes LIKE wildcards as the characters they are', async () => {
    expect(await idsOf('zed_', 'users')).toEqual([ids.zed])
    expect(await idsOf('ze%', 'users')).toEqual([])
    expect(await search('%%')).toEqual([])
    expect(await search('__')).toEqual([])
  })

  it('searches only the kinds whose list the caller may read', async () => {
    const kinds = async (q: string, as: string) => (await search(q, as)).map((group) => group.kind)
    expect(await kinds('ORD-700', ordersOnly.token)).toEqual(['orders'])
    expect(await kinds('ann', ordersOnly.token)).toEqual([])
    // No list permission at all: nothing, not even its own name.
    expect(await kinds('harriet', nothing.token)).toEqual([])
  })

  it("finds a channel admin's channels' records only, as its lists show them", async () => {
    const as = channelAdmin.token
    expect(await idsOf('ann', 'users', as)).toEqual([ids.ann])
    expect(await idsOf('ORD-700', 'orders', as)).toEqual([ids.orderA])
    expect(await idsOf('ORD-7002', 'orders', as)).toEqual([])
    expect(await idsOf('TX-BBB2', 'orders', as)).toEqual([])
    expect(await idsOf('source', 'channels', as)).toEqual([ids.alpha])
    expect(await idsOf('spring', 'campaigns', as)).toEqual([ids.campaignA])
    // Its lists agree.
    const listed = await t.request('/api/orders?keyword=ORD-700', { token: as })
    expect(listed.body.data.map((o: Json) => o.id)).toEqual([ids.orderA])
  })

  it('refuses what is no search with 422 naming q, and a caller without a token with 401', async () => {
    // A NUL cannot reach PostgreSQL's text (SQLSTATE 22021): refused as the lists' keyword refuses it.
    for (const query of ['', '?q=', '?q=a', '?q=%20a%20', `?q=${'x'.repeat(101)}`, '?q=%00ab', '?q=ann%00']) {
      const res = await t.request(`/api/search${query}`, { token })
      expect(res.status, query).toBe(422)
      expect(Object.keys(res.body.errors), query).toEqual(['q'])
    }
    const unknown = await t.request('/api/search?q=ann&kind=users', { token })
    expect(unknown.status).toBe(422)
    expect(unknown.body.message).toEqual(expect.any(String))
    const repeated = await t.request('/api/search?q=ann&q=bob', { token })
    expect(repeated.status).toBe(422)
    expect((await t.request('/api/search?q=ann')).status).toBe(401)
  })

  it('is declared in the API document with its answer', async () => {
    const res = await t.request('/api/openapi.json', { token })
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    const doc = res.body
    const operation = doc.paths['/api/search'].get
    expect(operation.parameters.find((p: Json) => p.name === 'q').required).toBe(true)
    expect(JSON.stringify(operation.responses['200'])).toContain('SearchAnswer')
    // The whole document is generated on the first ask: seconds on a busy machine.
  })

  // A few thousand rows are too few for the planner to prefer an index over a scan (bench/search-scale.ts
  // shows its choices at a million); with scans priced out, a plan that still scans has a part no index can
  // serve. What is found anywhere is planned for its text, as it runs; the records statement is prepared, so
  // both its plan for the values and one made for no value in particular (a range, not a LIKE of a
  // parameter, keeps the index usable there).
  /** EXPLAIN of a statement prepared with `$n` values, planned as `mode` says. */
  const explain = async ({ text, params }: Statement, mode: string, values?: string[]) => {
    const written = (value: unknown) =>
      Array.isArray(value) ? `'{${value.join(',')}}'` : `'${String(value).replaceAll("'", "''")}'`
    await t.db.execute(sql.raw(`prepare searched as ${text}`))
    try {
      await t.db.execute(sql.raw(`set plan_cache_mode = ${mode}`))
      const rows = await queryRows<Record<string, string>>(
        t.db,
        sql.raw(`explain execute searched(${(values ?? params.map(written)).join(', ')})`),
      )
      return rows.map((row) => Object.values(row)[0]).join('\n')
    } finally {
      await t.db.execute(sql.raw('deallocate searched'))
      await t.db.execute(sql.raw('reset plan_cache_mode'))
    }
  }
  /** EXPLAIN ANALYZE of a statement prepared with its values, planned as `mode` says. */
  const analyzed = async ({ text, params }: Statement, mode: string): Promise<PlanNode> => {
    await t.db.execute(sql.raw(`prepare counted as ${text}`))
    try {
      await t.db.execute(sql.raw(`set plan_cache_mode = ${mode}`))
      const values = params.map((value) => `'${String(value).replaceAll("'", "''")}'`).join(', ')
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
        t.db,
        sql.raw(`explain (analyze, format json) execute counted(${values})`),
      )
      const raw = row?.['QUERY PLAN']
      return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }])[0].Plan
    } finally {
      await t.db.execute(sql.raw('deallocate counted'))
      await t.db.execute(sql.raw('reset plan_cache_mode'))
    }
  }
  const scans = (plan: string) =>
    ['users', 'orders', 'videos'].filter((table) => plan.includes(`Seq Scan on ${table}`))
  /** The trigram index conditions of a plan: each names the word it reads the titles by. */
  const titleIndexReads = (plan: string) => plan.match(/Index Cond: .*title.*/g)

  it('can read every large table through the lists’ indexes, even in a plan made for no value', async () => {
    const statement = searchStatement(
      searchables.map((found) => ({ found, scope: undefined })),
      'crowd12',
    )
    if (!statement) throw new Error('nothing searched')
    await t.db.execute(sql.raw('set enable_seqscan = off'))
    try {
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        const plan = await explain(statement, mode)
        expect(scans(plan), mode).toEqual([])
        expect(plan, mode).toContain('users_username_prefix_index')
        expect(plan, mode).toContain('orders_order_no_prefix_index')
        expect(plan, mode).toContain('videos_serial_number_lower_unique')
        // Titles by the ids vod_contains_ids reads, planned for the words as it runs (below).
        expect(plan, mode).toContain('vod_contains_ids')
      }
      // What vod_contains_ids runs, planned for its values: the trigram index by the rarest word
      // (`crowd` is in most titles), every word checked on the rows it finds.
      const [contains] = await queryRows<{ text: string }>(
        t.db,
        sql`select vod_contains_statement('videos', 'id', 'title') as text`,
      )
      const words = "'{%crowd%,%harbour%}'"
      const plan = await explain({ text: contains?.text as string, params: [] }, 'force_custom_plan', [
        `vod_rarest_pattern('videos', 'title', ${words})`,
        words,
        '5',
      ])
      expect(titleIndexReads(plan)).toEqual([expect.stringContaining("'%harbour%'")])
      expect(titleIndexReads(plan)?.[0]).not.toContain('crowd')
    } finally {
      await t.db.execute(sql.raw('reset enable_seqscan'))
    }
  })

  it("reads a channel admin's members and orders a channel at a time: other channels' rows unread, its own found", async () => {
    // Three thousand members and orders of another channel start with `herd`, as seven and three of its own do.
    const request = {
      admin: { id: channelAdmin.id, permissions: new Set(everyButAll) },
    } as unknown as FastifyRequest
    const kinds = searchables
      .filter((found) => found.kind === 'users' || found.kind === 'orders')
      .map((found) => ({ found, scope: found.scopeOf(request) }))
    const statement = searchStatement(kinds, 'herd')
    if (!statement) throw new Error('nothing searched')
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      const plan = await analyzed(statement, mode)
      // Each column's range of each of its channels, five rows at most: 2 columns of members, 2 of orders.
      expect(rowsRead(plan, 'users'), mode).toBeLessThanOrEqual(2 * 5)
      expect(rowsRead(plan, 'orders'), mode).toBeLessThanOrEqual(2 * 5)
    }
    const found = await search('herd', channelAdmin.token)
    expect(found.map((group) => group.kind)).toEqual(['users', 'orders'])
    const labels = (kind: string) =>
      found.find((group) => group.kind === kind)?.records.map((hit: Json) => hit.label) ?? []
    expect(labels('users')).toHaveLength(5)
    expect(labels('users').every((label: string) => label.startsWith('herdmine'))).toBe(true)
    expect(labels('orders').sort()).toEqual(['HERDMINE1', 'HERDMINE2', 'HERDMINE3'])
  })

  it('looks for a word no trigram finds only where few rows are read: never reads a table whole for it', async () => {
    // Bound at 100 rows here (10,000 in the product): the 3,000 crowd titles are more.
    const bounded = async (words: string[], most = 100) => {
      const [row] = await queryRows<{ bounded: boolean }>(
        t.db,
        sql`select vod_contains_bounded('videos', 'title', ${sql.param(words)}::text[], ${most}) as bounded`,
      )
      return row?.bounded
    }
    // Every word has a trigram: the index finds it, however common.
    expect(await bounded(['%crowd%'])).toBe(true)
    // `zq` has none: beside a word in most titles it would only narrow them all.
    expect(await bounded(['%zq%', '%crowd%'])).toBe(false)
    expect(await bounded(['%ab%'])).toBe(false)
    expect(await bounded(['%--%', '%crowd%'])).toBe(false)
    // Beside a rare word it is checked on the few rows that one finds; a small table is read as it is.
    expect(await bounded(['%zq%', '%harbour%'])).toBe(true)
    expect(await bounded(['%zq%', '%crowd%'], 10_000)).toBe(true)
    const contained = async (words: string[], most: number) => {
      const [row] = await queryRows<{ ids: number[] }>(
        t.db,
        sql`select vod_contains_ids('videos', 'id', 'title', ${sql.param(words)}::text[], 5, ${most}) as ids`,
      )
      return row?.ids
    }
    expect(await contained(['%ui%', '%crowd%'], 100)).toEqual([])
    expect(await contained(['%ui%', '%harbour%'], 100)).toEqual([ids.video])
    expect(await idsOf('zq harbour', 'videos')).toEqual([])
    expect(await idsOf('ui harbour', 'videos')).toEqual([ids.video])
  })

  it('refuses a kind with a scope whose titles would be read whole by vod_contains_ids', () => {
    expect(() =>
      declareSearch({
        kind: 'videos',
        table: videos,
        columns: [videos.title],
        label: 'title',
        scope: () => undefined,
      }),
    ).toThrow(/vod_contains_ids/)
  })

  it('reads the titles’ trigram index by the rarest of several words in the lists’ keyword too', async () => {
    const query = t.db
      .select({ id: videos.id })
      .from(videos)
      .where(keywordMatch(videos.title, 'crowd harbour') as SQL)
      .limit(20)
      .toSQL()
    await t.db.execute(sql.raw('set enable_seqscan = off'))
    const plan = await explain({ text: query.sql, params: query.params }, 'force_custom_plan').finally(() =>
      t.db.execute(sql.raw('reset enable_seqscan')),
    )
    expect(titleIndexReads(plan), plan).toEqual([expect.stringContaining("'%harbour%'")])
    expect(titleIndexReads(plan)?.[0]).not.toContain('crowd')
  })
})
