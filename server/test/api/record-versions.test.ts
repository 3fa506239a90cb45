import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../e2e/support/server.ts'
import { scaled } from '../../../test/support/time.ts'
import { admins, orders, plans, users } from '../../src/db/schema/index.ts'
import { describeEachEngine, describeOnPostgres } from '../support/databases.ts'
import { type Answer, type Json, startTestApp, type TestAdmin, type TestApp } from '../support/harness.ts'

const quoted = (version: string) => `"${version}"`

/** A member, an order (with its plan) and a video, each made for one test. */
async function records(t: TestApp, token: string, tag: string) {
  const [member] = await t.db
    .insert(users)
    .values({ username: `member-${tag}` })
    .returning({ id: users.id })
  const [plan] = await t.db
    .insert(plans)
    .values({
      name: `Plan ${tag}`,
      initialPeriodCount: 1,
      initialPeriodUnit: 'month',
      initialOriginalPrice: '19.99',
    })
    .returning({ id: plans.id })
  const [order] = await t.db
    .insert(orders)
    .values({
      orderNo: `ORD-${tag}`,
      userId: member?.id as number,
      planId: plan?.id as number,
      amount: '19.99',
      paymentMethod: 'segpay',
      paidAt: new Date('2026-11-01T10:00:00Z'),
      totalAmount: '19.99',
    })
    .returning({ id: orders.id })
  const video = await t.request('/api/videos', {
    method: 'POST',
    token,
    body: { title: `Film ${tag}`, serial_number: `SN-${tag}` },
  })
  expect(video.status).toBe(201)
  return {
    member: `/api/users/${member?.id}`,
    order: `/api/orders/${order?.id}`,
    video: `/api/videos/${video.body.data.id}`,
  }
}

/** Two fields of each record that two staff may each change: the first person's, the second's. */
const edits = {
  member: [{ first_name: 'Ann' }, { phone: '+1 555 0100' }],
  order: [{ transaction_number: 'TX-FIXED' }, { transaction_fee: '1.50' }],
  video: [{ description: 'Cut for length' }, { likes: 12 }],
} as const

describeEachEngine('record versions', (engine) => {
  let t: TestApp
  let token: string
  let other: TestAdmin
  let seq = 0
  const api = (
    path: string,
    options: { method?: string; body?: unknown; as?: string; version?: string } = {},
  ) =>
    t.request(path, {
      method: options.method ?? 'GET',
      token: options.as ?? token,
      body: options.body,
      headers: options.version === undefined ? {} : { 'if-match': options.version },
    })
  const read = async (path: string, as = token) => (await api(path, { as })).body.data

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    other = await t.createAdmin(['all-channels', 'list-users', 'edit-users', 'disable-users', 'enable-users'])
    // A display name apart from the login, as staff have: the 412 names the other editor by both.
    await t.db.update(admins).set({ name: 'Olga Other' }).where(eq(admins.id, other.id))
  })
  afterAll(() => t?.close())

  it('every record answer carries a version, which each write moves on and no other read does', async () => {
    const { member } = await records(t, token, `v${++seq}`)
    const shown = await read(member)
    expect(shown.version).toMatch(/^\d+$/)
    const listed = await api(`/api/users?ids=${shown.id}`)
    expect(listed.body.data[0].version).toBe(shown.version)
    expect((await read(member)).version).toBe(shown.version)
    const saved = await api(member, {
      method: 'PUT',
      body: { first_name: 'Ann' },
      version: quoted(shown.version),
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data.version).not.toBe(shown.version)
    expect((await read(member)).version).toBe(saved.body.data.version)
    // A version is no change of the record's own: the trail does not list it.
    const history = await api(`${member}/history`)
    expect(history.body.data[0].changes).toEqual({ first_name: [null, 'Ann'] })
  })

  it('a stale update answers 412 naming who changed the record and when, and writes nothing', async () => {
    const { member } = await records(t, token, `v${++seq}`)
    const seen = await read(member)
    const theirs = await api(member, {
      method: 'PUT',
      as: other.token,
      body: { first_name: 'Theirs' },
      version: quoted(seen.version),
    })
    expect(theirs.status).toBe(200)
    const mine = await api(member, {
      method: 'PUT',
      body: { last_name: 'Mine' },
      version: quoted(seen.version),
    })
    expect(mine.status).toBe(412)
    expect(mine.body).toEqual({
      message: expect.stringContaining(`${other.username} changed this record at `),
      version: theirs.body.data.version,
      changed_by: other.username,
      changed_by_name: 'Olga Other',
      changed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: theirs.body.data,
    })
    const now = await read(member)
    expect([now.first_name, now.last_name]).toEqual(['Theirs', null])
    // Made again from the version the 412 gave, it goes through: both changes are kept.
    const again = await api(member, {
      method: 'PUT',
      body: { last_name: 'Mine' },
      version: quoted(mine.body.version),
    })
    expect(again.status).toBe(200)
    expect([again.body.data.first_name, again.body.data.last_name]).toEqual(['Theirs', 'Mine'])
  })

  it('says so in Chinese too, and accepts weak, bare, listed and wildcard tags', async () => {
    const { member } = await records(t, token, `v${++seq}`)
    const { version } = await read(member)
    await api(member, { method: 'PUT', as: other.token, body: { first_name: 'X' } })
    const zh = await t.request(member, {
      method: 'PUT',
      token,
      body: { first_name: 'Y' },
      headers: { 'if-match': quoted(version), 'accept-language': 'zh-CN' },
    })
    expect(zh.status).toBe(412)
    expect(zh.body.message).toContain(`${other.username} 已于`)
    let now = (await read(member)).version
    for (const tagOf of [(v: string) => `W/"${v}"`, (v: string) => v, (v: string) => `"1", "${v}"`]) {
      const res = await api(member, { method: 'PUT', body: { first_name: 'Same' }, version: tagOf(now) })
      expect(res.status, tagOf(now)).toBe(200)
      expect(res.body.data.version).not.toBe(now)
      expect(
        (await api(member, { method: 'PUT', body: { first_name: 'Z' }, version: tagOf(now) })).status,
      ).toBe(412)
      now = res.body.data.version
    }
    expect((await api(member, { method: 'PUT', body: { first_name: 'Any' }, version: '*' })).status).toBe(200)
    // No If-Match: written as before (a client that does not know versions).
    expect((await api(member, { method: 'PUT', body: { first_name: 'Plain' } })).status).toBe(200)
    // A version that names nothing is stale, never a 500.
    const garbage = await api(member, {
      method: 'PUT',
      body: { first_name: 'G' },
      version: '"not-a-version"',
    })
    expect(garbage.status).toBe(412)
  })

  it('a change made elsewhere (the member site, SQL) is stale too, naming no one', async () => {
    const { member } = await records(t, token, `v${++seq}`)
    const seen = await read(member)
    await t.db.update(users).set({ firstName: 'From the site' }).where(eq(users.id, seen.id))
    const mine = await api(member, {
      method: 'PUT',
      body: { last_name: 'Mine' },
      version: quoted(seen.version),
    })
    expect(mine.status).toBe(412)
    expect(mine.body).toMatchObject({
      changed_by: null,
      changed_by_name: null,
      changed_at: null,
      data: { first_name: 'From the site' },
    })
    expect(mine.body.message).toBe(
      'This record was changed elsewhere after the version this change was made from; nothing was saved.',
    )
    expect((await read(member)).last_name).toBeNull()
  })

  it('a stale action or delete is refused; a caller who may not read gets no record in the 412', async () => {
    const { member } = await records(t, token, `v${++seq}`)
    const seen = await read(member)
    await api(member, { method: 'PUT', body: { first_name: 'Moved' } })
    const disable = await api(`${member}/disable`, { method: 'POST', version: quoted(seen.version) })
    expect(disable.status).toBe(412)
    expect((await read(member)).status).toBe('enabled')
    const fresh = (await read(member)).version
    const done = await api(`${member}/disable`, { method: 'POST', version: quoted(fresh) })
    expect(done.status).toBe(200)
    expect(done.body.data.version).not.toBe(fresh)

    const actor = await t.createAdmin(['all-channels', 'enable-users'])
    const blind = await api(`${member}/enable`, { method: 'POST', as: actor.token, version: quoted(fresh) })
    expect(blind.status).toBe(412)
    expect(blind.body.data).toBeUndefined()
    expect(blind.body.changed_by).toBe('admin')

    const { video } = await records(t, token, `v${++seq}`)
    const film = await read(video)
    await api(video, { method: 'PUT', body: { likes: 3 } })
    expect((await api(video, { method: 'DELETE', version: quoted(film.version) })).status).toBe(412)
    expect((await api(video)).status).toBe(200)
  })

  it('a restore made from another version than the one deleted last is refused', async () => {
    const { video } = await records(t, token, `v${++seq}`)
    const first = (await read(video)).version
    expect((await api(video, { method: 'DELETE', version: quoted(first) })).status).toBe(204)
    const restored = await api(`${video}/restore`, { method: 'POST', version: quoted(first) })
    expect(restored.status).toBe(200)
    // Changed, then deleted again: an undo made from the first delete's version is stale.
    const changed = await api(video, {
      method: 'PUT',
      body: { description: 'Later' },
      version: quoted(restored.body.data.version),
    })
    expect((await api(video, { method: 'DELETE', version: quoted(changed.body.data.version) })).status).toBe(
      204,
    )
    // The undo notice reads the version each record was deleted at from the caller's deletes, and sends it.
    const id = video.split('/').pop() as string
    const pending = (await api('/api/deletions')).body.data as Json[]
    expect(pending.find((deletion) => deletion.ids.includes(Number(id)))?.versions).toEqual({
      [id]: changed.body.data.version,
    })
    const stale = await api(`${video}/restore`, { method: 'POST', version: quoted(first) })
    expect(stale.status).toBe(412)
    expect(stale.body.changed_by).toBe('admin')
    expect((await api(video)).status).toBe(404)
    const right = await api(`${video}/restore`, {
      method: 'POST',
      version: quoted(changed.body.data.version),
    })
    expect(right.status).toBe(200)
    expect(right.body.data.description).toBe('Later')
  })

  it("a refund or chargeback moves the order's version: a second one, or a save, from the version before is 412", async () => {
    const { order } = await records(t, token, `v${++seq}`)
    const seen = await read(order)
    const money = (kind: string) =>
      api(`${order}/${kind}`, { method: 'POST', body: { amount: '1.00' }, version: quoted(seen.version) })
    // Two at once from the same version: one is written, the other refused with the record as it is now.
    const racing = await Promise.all([money('refund'), money('chargeback')])
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 412])
    const done = racing.find((answer) => answer.status === 200) as Answer
    const refused = racing.find((answer) => answer.status === 412) as Answer
    expect(done.body.data.version).not.toBe(seen.version)
    expect(refused.body.version).toBe(done.body.data.version)
    expect(refused.body.data.events).toHaveLength(1)
    const now = await read(order)
    expect(now.version).toBe(done.body.data.version)
    expect(now.events).toHaveLength(1)
    // A correction made from the order as it was before the refund is refused too, and writes nothing.
    const stale = await api(order, { method: 'PUT', body: edits.order[0], version: quoted(seen.version) })
    expect(stale.status).toBe(412)
    expect((await read(order)).transaction_number).toBe(now.transaction_number)
    // From the version after it, both go through.
    expect((await money('refund')).status).toBe(412)
    const again = await api(`${order}/refund`, {
      method: 'POST',
      body: { amount: '1.00' },
      version: quoted(now.version),
    })
    expect(again.status).toBe(200)
    expect(again.body.data.version).not.toBe(now.version)
    expect(again.body.data.refunded).toBe(now.refunded === '1.00' ? '2.00' : '1.00')
  })

  it('a bulk action refuses a stale row with 412 and does the others', async () => {
    const a = await records(t, token, `v${++seq}`)
    const b = await records(t, token, `v${++seq}`)
    const [ma, mb] = [await read(a.member), await read(b.member)]
    await api(b.member, { method: 'PUT', as: other.token, body: { first_name: 'Moved' } })
    const res = await api('/api/users/bulk/disable', {
      method: 'POST',
      body: { ids: [ma.id, mb.id], versions: { [ma.id]: ma.version, [mb.id]: mb.version } },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      { id: ma.id, result: 'done' },
      {
        id: mb.id,
        result: 'refused',
        status: 412,
        message: expect.stringContaining(`${other.username} changed this record at `),
      },
    ])
    expect([(await read(a.member)).status, (await read(b.member)).status]).toEqual(['disabled', 'enabled'])
    const bad = await api('/api/users/bulk/disable', {
      method: 'POST',
      body: { ids: [ma.id], versions: { x: '1' } },
    })
    expect(bad.status).toBe(422)
    // A key is the id as the API writes it: one with a leading zero would match no row and check nothing.
    for (const key of [`0${mb.id}`, '0', '2147483648']) {
      const unwritten = await api('/api/users/bulk/disable', {
        method: 'POST',
        body: { ids: [mb.id], versions: { [key]: '1' } },
      })
      expect(unwritten.status, key).toBe(422)
      expect(Object.keys(unwritten.body.errors), key).toEqual([expect.stringMatching(/^versions/)])
    }
    expect((await read(b.member)).status).toBe('enabled')
  })

  describe('an owned child', () => {
    it('has a version of its own, checked on its update', async () => {
      const channel = await api('/api/channels', {
        method: 'POST',
        body: { utm_source: `child-${++seq}`, type: 'advertising' },
      })
      expect(channel.status).toBe(201)
      const base = `/api/channels/${channel.body.data.id}/campaigns`
      const campaign = await api(base, { method: 'POST', body: { name: 'Spring' } })
      expect(campaign.status).toBe(201)
      const { id, version } = campaign.body.data
      expect(version).toMatch(/^\d+$/)
      expect((await api(`${base}/${id}`, { method: 'PUT', body: { name: 'Summer' } })).status).toBe(200)
      const stale = await api(`${base}/${id}`, {
        method: 'PUT',
        body: { name: 'Autumn' },
        version: quoted(version),
      })
      expect(stale.status).toBe(412)
      expect(stale.body).toMatchObject({ changed_by: 'admin', data: { name: 'Summer' } })
    })
  })

  it('the API document declares If-Match and the 412 on the write routes', async () => {
    const res = await t.request('/api/openapi.json')
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200)
    const doc = res.body
    const put = doc.paths['/api/users/{id}'].put
    expect(put.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'if-match' }))
    expect(Object.keys(put.responses)).toContain('412')
    expect(Object.keys(doc.paths['/api/users/{id}/disable'].post.responses)).toContain('412')
    expect(doc.paths['/api/users/{id}'].get.responses['200'].content['application/json'].schema).toBeDefined()
  })
})

/**
 * Two server processes on one PostgreSQL database (this test's app and the real server's bundle started as a
 * process of its own, with the same keys), two staff each editing the same member, order and video
 * from what they read: whichever saves second is told (412) and, saving again from the version it was given,
 * keeps the first one's change. Saving at the same moment from the same version, one wins and one is told.
 */
describeOnPostgres('two processes editing one record', () => {
  let a: TestApp
  let b: RunningServer
  let bUrl: string
  let tokenA: string
  let tokenB: string
  let editor: TestAdmin

  const onB = async (path: string, method: string, body: unknown, version: string): Promise<Answer<Json>> => {
    const res = await fetch(`${bUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tokenB}`,
        'content-type': 'application/json',
        'if-match': quoted(version),
      },
      body: JSON.stringify(body),
    })
    return { status: res.status, headers: res.headers, body: await res.json() }
  }
  const onA = (path: string, body: unknown, version: string) =>
    a.request(path, { method: 'PUT', token: tokenA, body, headers: { 'if-match': quoted(version) } })
  const read = async (path: string) => (await a.request(path, { token: tokenA })).body.data

  beforeAll(async () => {
    const keys = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    }
    a = await startTestApp('postgres', { env: keys })
    b = await startServer({ ...keys, DATABASE_URL: a.testDatabase.url as string, SEED_DEMO: '0' })
    bUrl = b.url
    tokenA = await a.superToken()
    editor = await a.createAdmin([
      'all-channels',
      'list-users',
      'edit-users',
      'list-orders',
      'edit-orders',
      'list-videos',
      'edit-videos',
    ])
    tokenB = editor.token
  }, scaled(240_000))
  afterAll(async () => {
    await b?.stop()
    await a?.close()
  })

  for (const kind of ['member', 'order', 'video'] as const)
    it(`one ${kind}: the second save is told who saved first, and neither change is lost`, async () => {
      const path = (await records(a, tokenA, `p-${kind}`))[kind]
      const [firstEdit, secondEdit] = edits[kind]
      const seenByA = await read(path)
      const seenByB = await read(path)
      const theirs = await onB(path, 'PUT', firstEdit, seenByB.version)
      expect(theirs.status).toBe(200)
      const mine = await onA(path, secondEdit, seenByA.version)
      expect(mine.status).toBe(412)
      expect(mine.body.changed_by).toBe(editor.username)
      expect(mine.body.data).toMatchObject(firstEdit)
      const again = await onA(path, secondEdit, mine.body.version)
      expect(again.status).toBe(200)
      expect(await read(path)).toMatchObject({ ...firstEdit, ...secondEdit })
    })

  it('two saves from one version at the same moment: one is written, the other told, nothing lost', async () => {
    const { member } = await records(a, tokenA, 'p-race')
    const { version } = await read(member)
    for (let round = 0; round < 5; round++) {
      const current = round === 0 ? version : (await read(member)).version
      const [x, y] = await Promise.all([
        onA(member, { first_name: `A${round}` }, current),
        onB(member, 'PUT', { last_name: `B${round}` }, current),
      ])
      expect([x.status, y.status].sort()).toEqual([200, 412])
      const now = await read(member)
      if (x.status === 200) expect(now.first_name).toBe(`A${round}`)
      else expect(now.last_name).toBe(`B${round}`)
    }
  })
})
