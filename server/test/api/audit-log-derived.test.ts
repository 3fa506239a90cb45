import type { FieldRules } from '@vod/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { adminRoles, auditLogs, roles } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * The audit log narrows an entry as the record's own history does: with an order's transaction fee hidden,
 * its `fees` and `total_amount` (computed from it) are hidden in the log too.
 */
const hideFee: FieldRules = { orders: { transaction_fee: 'none' } }

describeEachEngine('audit log narrowing of derived fields', (engine) => {
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp(engine)
  })
  afterAll(() => t?.close())

  it('hides fees and total_amount beside a hidden transaction_fee in /api/audit-logs', async () => {
    const [entry] = await t.db
      .insert(auditLogs)
      .values({
        resource: 'orders',
        recordId: 1,
        action: 'update',
        changes: { transaction_fee: [1.5, 2.75], fees: [3.5, 4.75], total_amount: [96.5, 95.25] },
      })
      .returning({ id: auditLogs.id })
    const holder = await t.createAdmin(['list-audit-logs', 'list-orders', 'all-channels'])
    const [held] = await t.db.select().from(adminRoles).where(eq(adminRoles.adminId, holder.id))
    await t.db
      .update(roles)
      .set({ fieldRules: hideFee })
      .where(eq(roles.id, held?.roleId as number))
    const token = await t.login(holder.username, holder.password)
    const trail = await t.request<{ data: { id: number; changes: unknown }[] }>(
      '/api/audit-logs?resource=orders&record_id=1',
      { token },
    )
    expect(trail.status).toBe(200)
    const shown = trail.body.data.find((row) => row.id === entry?.id)
    expect(shown?.changes).toEqual({
      transaction_fee: ['hidden', 'hidden'],
      fees: ['hidden', 'hidden'],
      total_amount: ['hidden', 'hidden'],
    })
  })
})
