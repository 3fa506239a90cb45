import { userStatuses } from '@vod/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channels, users } from '../src/db/schema/index.ts'
import { defineList } from '../src/lib/list/index.ts'
import { joinedSorts } from '../src/lib/list/joined-sort.ts'
import { createTestDatabase, describeEachEngine, type TestDatabase } from './support/databases.ts'

/**
 * Members sorted by their channel's name (a left join: some have none, and two channels share a name). With
 * many matching rows a page is taken group by group (lib/list/joined-sort.ts), with few by sorting them all;
 * both must give the order PostgreSQL's ORDER BY gives, on every page.
 */
const declare = (countCap: number) =>
  defineList({
    table: users,
    joins: [{ table: channels, on: eq(channels.id, users.channelId) }],
    columns: { id: users.id, channel_name: channels.utmSource },
    sortable: { id: users.id, username: users.username, channel_name: channels.utmSource },
    filters: { status: { column: users.status, type: 'enum', values: userStatuses } },
    keyword: [{ prefix: users.username }],
    defaultSort: 'id',
    countCap,
  })
// countCap 0: every page group by group; a cap past any size: every page sorted whole.
const groupwise = declare(0)
const sorted = declare(1_000_000)

interface Member {
  id: number
  username: string
  status: string
  channel: string | null
}

describeEachEngine('lists sorted by a joined column', (engine) => {
  let test: TestDatabase
  let members: Member[] = []

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    const db = test.database.db
    const made = await db
      .insert(channels)
      .values(['beta', 'alpha', 'beta'].map((utmSource) => ({ utmSource, type: 'other' as const })))
      .returning({ id: channels.id, name: channels.utmSource })
    // Members spread over the three channels and none, in an order unlike their ids.
    const rows = Array.from({ length: 47 }, (_, n) => ({
      username: `m${String((n * 17) % 47).padStart(2, '0')}`,
      status: n % 4 === 0 ? ('disabled' as const) : ('enabled' as const),
      channelId: n % 5 === 4 ? null : (made[(n * 7) % 3]?.id ?? null),
    }))
    const inserted = await db
      .insert(users)
      .values(rows)
      .returning({ id: users.id, username: users.username, status: users.status, channelId: users.channelId })
    members = inserted.map((m) => ({
      id: m.id,
      username: m.username,
      status: m.status,
      channel: made.find((c) => c.id === m.channelId)?.name ?? null,
    }))
    await db.execute(sql`analyze users`)
  })
  afterAll(() => test?.drop())

  /** PostgreSQL's order: nulls last ascending and first descending, then the remaining terms. */
  function expected(only: (m: Member) => boolean, desc: boolean, then: (a: Member, b: Member) => number) {
    const rank = (m: Member) => (m.channel === null ? (desc ? -1 : 1) : 0)
    return members
      .filter(only)
      .sort((a, b) => {
        const nulls = rank(a) - rank(b)
        if (nulls !== 0 || a.channel === null || b.channel === null) return nulls || then(a, b)
        const byName = a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : 0
        return (desc ? -byName : byName) || then(a, b)
      })
      .map((m) => m.id)
  }
  const byId = (a: Member, b: Member) => a.id - b.id
  const byUsernameDesc = (a: Member, b: Member) => (a.username < b.username ? 1 : -1)

  async function pages(list: typeof groupwise, query: Record<string, string>) {
    const ids: number[] = []
    for (let page = 1; page <= 8; page++) {
      const result = await list.run(
        test.database.db,
        list.query.parse({ ...query, page: String(page), per_page: '7' }),
      )
      ids.push(...(JSON.parse(result.json) as { id: number }[]).map((row) => row.id))
    }
    return ids
  }

  for (const [label, query, only, desc, then] of [
    ['ascending', { sort: 'channel_name' }, () => true, false, byId],
    ['descending', { sort: '-channel_name' }, () => true, true, byId],
    ['then by another field', { sort: 'channel_name,-username' }, () => true, false, byUsernameDesc],
    [
      'filtered',
      { sort: '-channel_name', status: 'disabled' },
      (m: Member) => m.status === 'disabled',
      true,
      byId,
    ],
    [
      'with a keyword',
      { sort: 'channel_name', keyword: 'M1' },
      (m: Member) => m.username.startsWith('m1'),
      false,
      byId,
    ],
  ] as const)
    it(`pages through the whole order, ${label}, the same either way`, async () => {
      const want = expected(only, desc, then)
      expect(want.length).toBeGreaterThan(0)
      expect(await pages(groupwise, query)).toEqual(want)
      expect(await pages(sorted, query)).toEqual(want)
    })
})

describe('joined sorts', () => {
  it('are the sortable columns of a table the list refers to; its own columns and expressions are not', () => {
    const found = joinedSorts(
      { table: users, joins: [{ table: channels, on: eq(channels.id, users.channelId) }] },
      { id: users.id, channel_name: channels.utmSource, shout: sql`upper(${users.username})` },
    )
    expect([...found.keys()]).toEqual(['channel_name'])
    expect(found.get('channel_name')).toMatchObject({ reference: users.channelId, referenced: channels.id })
  })
})
