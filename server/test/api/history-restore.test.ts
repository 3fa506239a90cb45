import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, plans, roles, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

interface Entry {
  id: number
  resource: string
  record_id: number
  action: string
  changes: Record<string, unknown> | null
}

/**
 * Every record's history and restoring from it (issue 67 item 2): a resource with an edit answers its
 * history to who may edit it; a PUT naming an entry (X-Restored-From) writes the entry's earlier values
 * through every rule of an edit, is audited as `restore-values`, and never touches a field the role may not
 * read or write.
 */
describeEachEngine('history and restore', (engine) => {
  let t: TestApp
  let token: string
  const unique = () => randomBytes(3).toString('hex')

  const as = (who: string, path: string, method = 'GET', body?: unknown, headers?: Record<string, string>) =>
    t.request(path, { method, token: who, body, headers })
  const historyOf = async (who: string, path: string) => {
    const answer = await as(who, `/api/${path}/history`)
    expect(answer.status).toBe(200)
    return answer.body.data as Entry[]
  }
  const trailCount = async (resource: string, id: number) =>
    (
      await t.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(and(eq(auditLogs.resource, resource), eq(auditLogs.recordId, id)))
    ).length
  const restore = (who: string, path: string, entry: number, version: string, body: unknown) =>
    as(who, `/api/${path}`, 'PUT', body, { 'if-match': `"${version}"`, 'x-restored-from': String(entry) })

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
  })
  afterAll(() => t?.close())

  describe('a tag renamed and restored', () => {
    let tag: number
    let renamed: Entry
    const first = `Noir ${unique()}`
    const second = `Neo-noir ${unique()}`

    beforeAll(async () => {
      const made = await as(token, '/api/tags', 'POST', { name: first, type: 'genre' })
      expect(made.status).toBe(201)
      tag = made.body.data.id
      expect((await as(token, `/api/tags/${tag}`, 'PUT', { name: second })).status).toBe(200)
      ;[renamed] = (await historyOf(token, `tags/${tag}`)) as [Entry]
    })

    it("answers the tag's history to who may edit tags, and not to who only lists them", async () => {
      expect(renamed).toMatchObject({ action: 'update', changes: { name: [first, second] } })
      const editor = await t.createAdmin(['list-tags', 'edit-tags'])
      expect((await historyOf(editor.token, `tags/${tag}`)).map((entry) => entry.action)).toEqual([
        'update',
        'create',
      ])
      const lister = await t.createAdmin(['list-tags'])
      expect((await as(lister.token, `/api/tags/${tag}/history`)).status).toBe(403)
    })

    it('refuses a restore made from a version the tag has moved on from (412), writing nothing', async () => {
      const { version } = (await as(token, `/api/tags/${tag}`)).body.data
      expect((await as(token, `/api/tags/${tag}`, 'PUT', { type: 'model' })).status).toBe(200)
      const entries = await trailCount('tags', tag)
      const stale = await restore(token, `tags/${tag}`, renamed.id, version, { name: first })
      expect(stale.status).toBe(412)
      expect((await as(token, `/api/tags/${tag}`)).body.data.name).toBe(second)
      expect(await trailCount('tags', tag)).toBe(entries)
    })

    it('refuses a body naming a field the entry did not change, or an entry not of this record', async () => {
      const { version } = (await as(token, `/api/tags/${tag}`)).body.data
      const unchanged = await restore(token, `tags/${tag}`, renamed.id, version, {
        name: first,
        type: 'genre',
      })
      expect(unchanged.status).toBe(422)
      expect(unchanged.body.errors).toHaveProperty('type')
      const other = await as(token, '/api/tags', 'POST', { name: `Other ${unique()}`, type: 'genre' })
      const foreign = await restore(
        token,
        `tags/${other.body.data.id}`,
        renamed.id,
        other.body.data.version,
        {
          name: first,
        },
      )
      expect(foreign.status).toBe(422)
      expect(foreign.body.errors).toHaveProperty('restored_from')
      for (const header of ['abc', '0', '-1', '99999999999']) {
        const bad = await as(
          token,
          `/api/tags/${tag}`,
          'PUT',
          { name: first },
          {
            'x-restored-from': header,
          },
        )
        expect(bad.status).toBe(422)
      }
      expect((await as(token, `/api/tags/${tag}`)).body.data.name).toBe(second)
    })

    it("writes the entry's earlier values and audits it as a restore naming the entry", async () => {
      const { version } = (await as(token, `/api/tags/${tag}`)).body.data
      const restored = await restore(token, `tags/${tag}`, renamed.id, version, { name: first })
      expect(restored.status).toBe(200)
      expect(restored.body.data).toMatchObject({ name: first, type: 'model' })
      const [latest] = await historyOf(token, `tags/${tag}`)
      expect(latest).toMatchObject({
        action: 'restore-values',
        changes: { name: [second, first], restored_from: renamed.id },
      })
    })

    it('refuses a restore that breaks a rule (the name taken meanwhile): 422 on the field, nothing written', async () => {
      expect((await as(token, `/api/tags/${tag}`, 'PUT', { name: `Later ${unique()}` })).status).toBe(200)
      const [moved] = (await historyOf(token, `tags/${tag}`)) as [Entry]
      // Another genre takes the name the restore would bring back.
      const taker = await as(token, '/api/tags', 'POST', { name: first, type: 'model' })
      expect(taker.status).toBe(201)
      const before = (await as(token, `/api/tags/${tag}`)).body.data
      const entries = await trailCount('tags', tag)
      const refused = await restore(token, `tags/${tag}`, moved.id, before.version, {
        name: first,
      })
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toHaveProperty('name')
      expect((await as(token, `/api/tags/${tag}`)).body.data).toEqual(before)
      expect(await trailCount('tags', tag)).toBe(entries)
    })
  })

  describe("a member's fields the restorer may not read", () => {
    let member: number
    let narrowed: { token: string; id: number; username: string }
    let changed: Entry

    beforeAll(async () => {
      ;[{ id: member }] = (await t.db
        .insert(users)
        .values({
          username: `restore_${unique()}`,
          email: 'before@example.com',
          phone: '+1 555 0111',
          firstName: 'Ann',
        })
        .returning({ id: users.id })) as [{ id: number }]
      const edit = await as(token, `/api/users/${member}`, 'PUT', {
        email: 'after@example.com',
        phone: '+1 555 0222',
        first_name: 'Bob',
      })
      expect(edit.status).toBe(200)
      narrowed = await t.createAdmin(['list-users', 'edit-users', 'history-users', 'all-channels'])
      const [role] = await t.db
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.name, `role-of-${narrowed.username}`))
      const rules = { users: { email: 'masked', phone: 'none' } }
      expect((await as(token, `/api/roles/${role?.id}`, 'PUT', { field_rules: rules })).status).toBe(200)
      ;[changed] = (await historyOf(narrowed.token, `users/${member}`)) as [Entry]
    })

    it('shows them in the history masked or hidden, never as they were', () => {
      const text = JSON.stringify(changed)
      for (const secret of ['before@example.com', 'after@example.com', '0111', '0222'])
        expect(text).not.toContain(secret)
      expect(changed.changes).toMatchObject({ first_name: ['Ann', 'Bob'], phone: ['hidden', 'hidden'] })
    })

    it('restores the fields it may write, and refuses those it may not (403), writing nothing', async () => {
      const { version } = (await as(narrowed.token, `/api/users/${member}`)).body.data
      for (const body of [{ email: 'before@example.com' }, { phone: '+1 555 0111' }]) {
        const refused = await restore(narrowed.token, `users/${member}`, changed.id, version, body)
        expect(refused.status).toBe(403)
      }
      const restored = await restore(narrowed.token, `users/${member}`, changed.id, version, {
        first_name: 'Ann',
      })
      expect(restored.status).toBe(200)
      expect(JSON.stringify(restored.body)).not.toContain('0222')
      const [row] = await t.db.select().from(users).where(eq(users.id, member))
      expect(row).toMatchObject({ firstName: 'Ann', email: 'after@example.com', phone: '+1 555 0222' })
      const [latest] = await t.db
        .select({ action: auditLogs.action, changes: auditLogs.changes })
        .from(auditLogs)
        .where(and(eq(auditLogs.resource, 'users'), eq(auditLogs.recordId, member)))
        .orderBy(desc(auditLogs.id))
        .limit(1)
      expect(latest).toEqual({
        action: 'restore-values',
        changes: { first_name: ['Bob', 'Ann'], restored_from: changed.id },
      })
    })

    it('is refused to who may edit the member but not read its history', async () => {
      const editor = await t.createAdmin(['list-users', 'edit-users', 'all-channels'])
      const { version } = (await as(editor.token, `/api/users/${member}`)).body.data
      const refused = await restore(editor.token, `users/${member}`, changed.id, version, {
        first_name: 'Bob',
      })
      expect(refused.status).toBe(422)
      expect(refused.body.errors).toHaveProperty('restored_from')
    })
  })

  it("shows a plan's deals in the plan's history, a deleted one's too", async () => {
    const [plan] = await t.db
      .insert(plans)
      .values({
        name: `restore-${unique()}`,
        initialPeriodCount: 1,
        initialPeriodUnit: 'month',
        initialOriginalPrice: '20.00',
      })
      .returning({ id: plans.id })
    const deal = {
      name: 'Autumn',
      plan_id: plan?.id,
      price: '15.00',
      started_at: '2026-10-01T00:00:00.000Z',
      ended_at: '2026-12-01T00:00:00.000Z',
      status: 'enabled',
    }
    const made = await as(token, '/api/deals', 'POST', deal)
    expect(made.status).toBe(201)
    const gone = await as(token, '/api/deals', 'POST', { ...deal, name: 'Gone' })
    expect((await as(token, `/api/deals/${gone.body.data.id}`, 'DELETE')).status).toBe(204)
    const entries = await historyOf(token, `plans/${plan?.id}`)
    expect(entries.map((entry) => [entry.resource, entry.action, entry.record_id])).toEqual([
      ['deals', 'delete', gone.body.data.id],
      ['deals', 'create', gone.body.data.id],
      ['deals', 'create', made.body.data.id],
    ])
  })
})
