import type { FieldRules, PermissionName } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { adminRoles, roles, supports, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * A hidden field's value under another key (field-rules.ts carriedFields): with the members' e-mail hidden, a
 * member mail's recipient is in no answer of the mail routes, nor in the audit entries of the sends in the
 * member's history and the audit log; with the tickets' e-mail hidden, the same for a reply's recipient. The
 * super-admin reads them whole.
 */
const MEMBER = 'carried-member@example.com'
const TICKET = 'carried-ticket@example.com'

describeEachEngine('field rules on values carried under another key', (engine) => {
  let t: TestApp
  let superToken: string
  let member: number
  let ticket: number

  /** A new admin with `permissions`, its role narrowed by `rules`, logged in. */
  async function narrowed(permissions: PermissionName[], rules: FieldRules) {
    const admin = await t.createAdmin(permissions)
    const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, admin.id))
    await t.db
      .update(roles)
      .set({ fieldRules: rules })
      .where(eq(roles.id, held?.roleId as number))
    return t.login(admin.username, admin.password)
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await t.superToken()
    const [made] = await t.db
      .insert(users)
      .values({ username: 'carried', email: MEMBER })
      .returning({ id: users.id })
    member = made?.id as number
    const [opened] = await t.db
      .insert(supports)
      .values({ type: 'billing', subject: 'Charged twice', email: TICKET, message: 'Please help' })
      .returning({ id: supports.id })
    ticket = opened?.id as number
  })
  afterAll(() => t?.close())

  it("leaves a member mail's recipient out of every answer and audit entry where the e-mail is hidden", async () => {
    const token = await narrowed(
      ['list-users', 'send-reset-password-users', 'history-users', 'list-audit-logs', 'all-channels'],
      { users: { email: 'none' } },
    )
    const sent = await t.request(`/api/users/${member}/send-reset-password`, { token })
    expect(sent.status).toBe(200)
    const answers = [
      sent,
      await t.request(`/api/users/${member}/mails`, { token }),
      await t.request(`/api/users/${member}/history`, { token }),
      await t.request(`/api/audit-logs?resource=users&record_id=${member}`, { token }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(JSON.stringify(answer.body)).not.toContain('carried-member')
    }
    // The send is in the trail, its recipient hidden.
    expect(JSON.stringify(answers[3]?.body)).toContain('"recipient":"hidden"')
    const whole = await t.request(`/api/users/${member}/mails`, { token: superToken })
    expect(JSON.stringify(whole.body)).toContain(MEMBER)
  })

  it("leaves a ticket reply's recipient out of every answer and audit entry where the e-mail is hidden", async () => {
    const token = await narrowed(['list-supports', 'reply-supports', 'list-audit-logs'], {
      supports: { email: 'none' },
    })
    const replied = await t.request(`/api/supports/${ticket}/replies`, {
      token,
      method: 'POST',
      body: { body: 'We refunded the second charge.' },
    })
    expect(replied.status).toBe(201)
    const answers = [
      replied,
      await t.request(`/api/supports/${ticket}/replies`, { token }),
      await t.request(`/api/audit-logs?resource=supports&record_id=${ticket}`, { token }),
    ]
    for (const answer of answers) {
      expect([200, 201]).toContain(answer.status)
      expect(JSON.stringify(answer.body)).not.toContain('carried-ticket')
    }
    const whole = await t.request(`/api/supports/${ticket}/replies`, { token: superToken })
    expect(JSON.stringify(whole.body)).toContain(TICKET)
  })
})
