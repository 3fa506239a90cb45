import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { adminRoles, roles, users } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * Field-rule names that every JavaScript object answers to (`constructor`, `toString`) are no field of a
 * record: a role naming them is refused, and rules stored with them (a row written before this check)
 * narrow nothing instead of answering 500.
 */
const prototypeNames = { users: { constructor: 'masked', toString: 'none' } }

describeEachEngine('field-rule names', (engine) => {
  let t: TestApp
  let superToken: string

  beforeAll(async () => {
    t = await startTestApp(engine)
    superToken = await t.superToken()
  })
  afterAll(() => t?.close())

  it('refuses a rule named after an object prototype member with 422 fields.unknown', async () => {
    const res = await t.request<{ error: { code: string; message: string } }>('/api/roles', {
      method: 'POST',
      token: superToken,
      body: { name: 'prototype names', permissions: ['list-users'], field_rules: prototypeNames },
    })
    expect(res.status).toBe(422)
    expect(JSON.stringify(res.body)).toContain('users.constructor')
  })

  it('answers history and audit logs to a holder of such stored rules', async () => {
    const [member] = await t.db
      .insert(users)
      .values({ username: 'proto', email: 'proto@example.com' })
      .returning({ id: users.id })
    const id = member?.id as number
    expect(
      (
        await t.request(`/api/users/${id}`, {
          method: 'PUT',
          token: superToken,
          body: { first_name: 'Proto' },
        })
      ).status,
    ).toBe(200)
    const holder = await t.createAdmin(['list-users', 'history-users', 'list-audit-logs', 'all-channels'])
    const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, holder.id))
    await t.db
      .update(roles)
      .set({ fieldRules: prototypeNames as never })
      .where(eq(roles.id, held?.roleId as number))
    const token = await t.login(holder.username, holder.password)
    for (const path of [`/api/users/${id}/history`, '/api/audit-logs', `/api/users/${id}`]) {
      const res = await t.request(path, { token })
      expect(res.status, path).toBe(200)
    }
  })
})
