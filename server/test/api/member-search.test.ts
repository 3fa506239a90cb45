import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.ts'
import { users } from '../../src/db/schema/index.ts'
import type { ListQuery } from '../../src/lib/list/index.ts'
import { declaredLists } from '../../src/lib/resource/define-resource.ts'
import { describeEachEngine } from '../support/databases.ts'
import { type Json, startTestApp, type TestApp } from '../support/harness.ts'

/** Members among many whom one keyword picks out: the plan must find them through an index, not a scan. */
const CROWD = 5000

/**
 * The member keyword beyond the start of a username, e-mail or phone (docs/resources.md "Members"): an e-mail
 * by its domain, a phone number by its last digits whatever it was typed with, each on an index of its own.
 */
describeEachEngine('member search', (engine) => {
  let t: TestApp
  let token: string

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    await t.db.insert(users).values([
      { username: 'ann', email: 'ann@Example.org', phone: '+86 138 0013 8000' },
      { username: 'ben', email: 'ben@example.com', phone: '+1 (555) 010-0000' },
      { username: 'alan', email: 'alan@mail.test', phone: null },
      { username: 'cid', email: null, phone: '555.010.9999' },
      { username: 'dora', email: null, phone: '+1 555 1006' },
    ])
  })
  afterAll(() => t?.close())

  const usernames = async (keyword: string) => {
    const res = await t.request(`/api/users?sort=username&keyword=${encodeURIComponent(keyword)}`, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data.map((u: Json) => u.username)
  }

  it('finds a phone number by its last digits, typed without its country code or its spacing', async () => {
    expect(await usernames('13800138000')).toEqual(['ann'])
    expect(await usernames('138 0013 8000')).toEqual(['ann'])
    expect(await usernames('(555) 010-0000')).toEqual(['ben'])
    expect(await usernames('0100000')).toEqual(['ben'])
    expect(await usernames('555 010')).toEqual([])
    // The start still finds it, as before.
    expect(await usernames('+86 138')).toEqual(['ann'])
  })

  it('finds an e-mail address by its domain, with or without the @, in any letter case', async () => {
    expect(await usernames('example.org')).toEqual(['ann'])
    expect(await usernames('@example.org')).toEqual(['ann'])
    expect(await usernames('EXAMPLE.O')).toEqual(['ann'])
    expect(await usernames('example')).toEqual(['ann', 'ben'])
    expect(await usernames('ann@example')).toEqual(['ann'])
    // An @ in its middle makes it an address, found from its start only.
    expect(await usernames('x@example.org')).toEqual([])
    expect(await usernames('ample.org')).toEqual([])
  })

  it('adds no condition for a kind the keyword cannot be: never every row', async () => {
    // Not a number, and under four digits: the phone kind leaves it alone.
    expect(await usernames('al')).toEqual(['alan'])
    expect(await usernames('000')).toEqual([])
    expect(await usernames('@')).toEqual([])
    expect(await usernames('--')).toEqual([])
    // LIKE's wildcards are the characters they are.
    expect(await usernames('%')).toEqual([])
    expect(await usernames('_xample.org')).toEqual([])
    expect(await usernames('@%')).toEqual([])
  })

  /** The members the header's search box finds for `q`, as `as` may see them. */
  const boxed = async (q: string, as = token) => {
    const res = await t.request(`/api/search?q=${encodeURIComponent(q)}`, { token: as })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const group = res.body.data.find((g: Json) => g.kind === 'users')
    return { labels: (group?.records ?? []).map((r: Json) => r.label), text: JSON.stringify(res.body) }
  }

  it('finds a member by phone in the search box as the list does: its last digits, in any formatting', async () => {
    for (const q of ['+1 555 1006', '15551006', '1006', '555-1006']) {
      expect((await boxed(q)).labels, q).toEqual(['dora'])
      expect(await usernames(q), q).toEqual(['dora'])
    }
    expect((await boxed('(555) 010-0000')).labels).toEqual(['ben'])
    // Under four digits, or digits the number does not end with: no phone match.
    expect((await boxed('006')).labels).toEqual([])
    expect((await boxed('5551')).labels).toEqual([])
  })

  it('never finds a member by a phone its caller may not read whole, nor tells the number', async () => {
    for (const rule of ['none', 'masked'] as const) {
      const agent = await t.createAdmin(['list-users', 'all-channels'])
      const [role] = await queryRows<{ role_id: number }>(
        t.db,
        sql`select role_id from admin_roles where admin_id = ${agent.id}`,
      )
      const set = await t.request(`/api/roles/${role?.role_id}`, {
        method: 'PUT',
        token,
        body: { field_rules: { users: { phone: rule } } },
      })
      expect(set.status, JSON.stringify(set.body)).toBe(200)
      for (const q of ['+1 555 1006', '15551006', '1006']) {
        const found = await boxed(q, agent.token)
        expect(found.labels, `${rule} ${q}`).toEqual([])
        expect(found.text).not.toContain('555 1006')
        // As the members list keyword: the same rule, the same answer.
        const listed = await t.request(`/api/users?keyword=${encodeURIComponent(q)}`, { token: agent.token })
        expect(listed.body.data, `${rule} ${q}`).toEqual([])
      }
      // The username is still searched.
      expect((await boxed('dora', agent.token)).labels).toEqual(['dora'])
    }
  })

  it('says what the keyword searches in the API document', async () => {
    const doc = (await t.request('/api/openapi.json', { token })).body
    const keyword = doc.paths['/api/users'].get.parameters.find((p: Json) => p.name === 'keyword')
    expect(keyword.description).toMatch(/domain of email/)
    expect(keyword.description).toMatch(/digits of phone end with its digits/)
  })

  it('reads one member among thousands through the domain and phone indexes', async () => {
    await t.db.execute(sql`
      insert into users (username, email, phone)
      select 'member' || i, 'member' || i || '@mail' || (i % 40) || '.test', '+1 555 ' || lpad(i::text, 7, '0')
      from generate_series(1, ${CROWD}) as i`)
    await t.db.execute(sql`analyze users`)
    const list = declaredLists.find((l) => l.path === 'users')
    const plan = async (keyword: string) => {
      const q: ListQuery = { page: 1, perPage: 20, sort: [], keyword, ids: null, filters: {}, ranges: {} }
      const rows = await queryRows<{ 'QUERY PLAN': unknown }>(
        t.db,
        sql`explain (format json) select id from users where ${list?.where(q)}`,
      )
      return JSON.stringify(rows[0]?.['QUERY PLAN'])
    }
    const byDomain = await plan('example.org')
    expect(byDomain).toContain('users_email_domain_index')
    expect(byDomain).not.toContain('Seq Scan')
    const byPhone = await plan('13800138000')
    expect(byPhone).toContain('users_phone_digits_index')
    expect(byPhone).not.toContain('Seq Scan')
    expect(await usernames('13800138000')).toEqual(['ann'])
    expect(await usernames('0004321')).toEqual(['member4321'])
  })
})
