import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, contextAs, loggedInContext, useProduct } from '../support/product.ts'

/**
 * The walkthrough's jobs (issue 24), each as a role made in the role editor and an admin holding it, in both
 * languages: a marketer, finance, a support agent, an editor.
 */
const product = useProduct()
const PASSWORD = 'Jobs-passw0rd'

/** A context logged in as the file's admin or as one of the jobs' admins (all with PASSWORD). */
const contextOf = (username: string, zh = false) =>
  username === product.admin.username
    ? loggedInContext(product, zh ? undefined : 'en')
    : contextAs(product, { username, password: PASSWORD }, zh ? 'zh-cn' : 'en')

/** A role made in the role editor by ticking `ticks`, and an admin holding it; answers what the role holds. */
async function job(page: Page, name: string, ticks: string[], zh = false): Promise<string[]> {
  await page.goto(`${product.server.url}/#/permissions/roles/create`)
  await page.getByRole('textbox', { name: zh ? '角色名称' : 'Role name' }).fill(name)
  for (const tick of ticks) await page.getByTestId(`permission-${tick}`).check()
  await page.getByTestId('form-submit').click()
  await page.waitForURL(/#\/permissions\/roles(\?.*)?$/)
  const roles = await asAdmin<{ data: { id: number; name: string; permissions: string[] }[] }>(
    product,
    `/api/roles?keyword=${encodeURIComponent(name)}`,
  )
  const role = roles.data.find((r) => r.name === name)
  if (!role) throw new Error(`role ${name} not saved`)
  await asAdmin(product, '/api/admins', {
    method: 'POST',
    body: { username: name.toLowerCase(), password: PASSWORD, name, role_ids: [role.id] },
  })
  return role.permissions
}

describe("the walkthrough's jobs, as roles made in the role editor", () => {
  it('a marketer: the role editor ticks what deals and channels need, so the plan and admin pickers work', async () => {
    const superContext = await contextOf(product.admin.username)
    const page = await superContext.newPage()
    await page.goto(`${product.server.url}/#/permissions/roles/create`)
    await expect
      .poll(() => page.getByTestId('permission-needs-create-deals').textContent())
      .toBe('Needs Deals: List, Plans: List')
    const held = await job(page, 'Marketer', [
      'list-deals',
      'create-deals',
      'list-channels',
      'edit-channels',
      'all-channels',
    ])
    expect(held).toEqual(expect.arrayContaining(['list-plans', 'list-admins']))
    const [channel] = (await asAdmin<{ data: { id: number }[] }>(product, '/api/channels?per_page=1')).data
    await superContext.close()

    const context = await contextOf('marketer')
    const marketer = await context.newPage()
    await marketer.goto(`${product.server.url}/#/plans/deals/create`)
    await marketer.getByRole('combobox', { name: 'Plan' }).click()
    await marketer.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor()
    await marketer.goto(`${product.server.url}/#/channels/${channel?.id}`)
    const picker = marketer.getByRole('combobox', { name: 'Search admins' })
    await picker.click()
    await marketer.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor()
    await context.close()
  })

  it('finance (zh-cn): orders totalled with their currency, times with their zone, subscriptions in reach', async () => {
    const superContext = await contextOf(product.admin.username, true)
    const page = await superContext.newPage()
    const held = await job(
      page,
      'Finance',
      ['list-orders', 'export-orders', 'list-subscriptions', 'all-channels'],
      true,
    )
    expect(held).toEqual(expect.arrayContaining(['list-users', 'list-plans', 'list-channels']))
    const [order] = (await asAdmin<{ data: { user_id: number }[] }>(product, '/api/orders?per_page=1')).data
    await superContext.close()

    const context = await contextOf('finance', true)
    const finance = await context.newPage()
    await finance.goto(`${product.server.url}/#/orders`)
    const totals = finance.getByTestId('orders-totals')
    await expect.poll(() => totals.textContent()).toMatch(/共 [\d,]+ 条合计/)
    expect(await finance.getByTestId('orders-total-total_amount').textContent()).toMatch(/^USD [\d,]+\.\d\d$/)
    await finance.getByTestId('orders-export').waitFor()
    expect(await finance.getByTestId('orders-filter-paid_at').textContent()).toContain('支付时间')
    expect(await finance.getByRole('columnheader', { name: /支付时间 \(UTC[+-]\d\d:\d\d/ }).count()).toBe(1)
    // Subscriptions are in the menu, under the plans group.
    const sidebar = finance.getByTestId('sidebar')
    await sidebar.getByText('套餐管理', { exact: true }).click()
    await sidebar.getByRole('menuitem', { name: '订阅记录' }).waitFor()
    await finance.goto(`${product.server.url}/#/users/${order?.user_id}`)
    await finance.getByTestId('related-subscriptions').click()
    await finance.waitForURL(new RegExp(`#/plans/subscriptions\\?user_id=${order?.user_id}$`))
    await context.close()
  })

  it('a support agent (zh-cn): tickets and reported comments settled, a reset e-mail said plainly, no orders', async () => {
    const superContext = await contextOf(product.admin.username, true)
    const page = await superContext.newPage()
    const held = await job(
      page,
      'Support',
      [
        'list-supports',
        'solve-supports',
        'list-comments',
        'ban-comments',
        'send-reset-password-users',
        'all-channels',
      ],
      true,
    )
    // The comments queue names members and videos: the role editor ticked them with it.
    expect(held).toEqual(expect.arrayContaining(['list-users', 'list-videos']))
    const members = await asAdmin<{ data: { id: number; email: string | null }[] }>(
      product,
      '/api/users?sort=id&per_page=50',
    )
    const member = members.data.filter((row) => row.email).at(-1) as { id: number; email: string }
    const [ticket] = (
      await asAdmin<{ data: { id: number }[] }>(product, '/api/supports?status=open&per_page=1')
    ).data
    const [report] = (
      await asAdmin<{ data: { id: number }[] }>(
        product,
        '/api/comments/reports?report_status=pending&per_page=1',
      )
    ).data
    await superContext.close()

    const context = await contextOf('support', true)
    const agent = await context.newPage()
    await agent.goto(`${product.server.url}/#/profile/index`)
    const sidebar = agent.getByTestId('sidebar')
    await sidebar.getByText('问答与客服', { exact: true }).click()
    await sidebar.getByRole('menuitem', { name: '客服工单' }).waitFor()
    // The menu is drawn whole from the role: finance's group is not on it.
    expect(await sidebar.getByText('订单管理', { exact: true }).count()).toBe(0)

    // A member asks for a new password: the page asks to whom, and says plainly that nothing left.
    await agent.goto(`${product.server.url}/#/users/${member.id}`)
    await agent.getByTestId(`send-reset-password-${member.id}`).click()
    await agent.getByText(`确定向 ${member.email} 发送密码重置邮件？`).waitFor()
    await agent.locator('[data-testid="send-reset-password-confirm"]:visible').click()
    const result = agent.getByTestId('users-mail-result')
    await expect.poll(() => result.textContent()).toContain(`发给 ${member.email} 的邮件已留在发件箱`)
    expect(await result.getAttribute('class')).toContain('ant-alert-warning')

    // A ticket solved from the queue.
    await agent.goto(`${product.server.url}/#/questions/supports?status=open`)
    const row = agent.locator(`tr[data-row-key="${ticket?.id}"]:visible`)
    await row.getByTestId(`solve-${ticket?.id}`).click()
    await expect
      .poll(
        async () =>
          (await asAdmin<{ data: { status: string } }>(product, `/api/supports/${ticket?.id}`)).data,
      )
      .toMatchObject({ status: 'solved' })

    // A reported comment banned from the reports queue.
    await agent.goto(`${product.server.url}/#/comments/reports?report_status=pending`)
    await agent.locator(`tr[data-row-key="${report?.id}"]:visible`).getByTestId(`ban-${report?.id}`).click()
    await agent.locator('[data-testid="ban-confirm"]:visible').click()
    await expect
      .poll(
        async () =>
          (await asAdmin<{ data: { status: string } }>(product, `/api/comments/${report?.id}`)).data,
      )
      .toMatchObject({ status: 'banned' })
    await context.close()
  })

  it('an editor: unsaved input is not dropped by closing its tab, a reload or Cancel without asking', async () => {
    const superContext = await contextOf(product.admin.username)
    const page = await superContext.newPage()
    await job(page, 'Editor', ['list-tags', 'create-tags'])
    await superContext.close()

    const context = await contextOf('editor')
    const editor = await context.newPage()
    await editor.goto(`${product.server.url}/#/tags/create`)
    const name = editor.getByRole('textbox', { name: 'Name' })
    await name.fill('Half-typed tag')
    const question = editor.locator('.ant-modal-confirm-title', { hasText: 'Discard unsaved changes?' })

    // Closing the tab asks; keeping the changes keeps the tab and what was typed.
    await editor.locator('[data-path="/tags/create"] .tabs-bar-close').click()
    await question.waitFor()
    await editor.locator('[data-testid="discard-cancel"]:visible').click()
    await expect.poll(() => question.isVisible()).toBe(false)
    expect(await name.inputValue()).toBe('Half-typed tag')

    // A reload asks the browser's own question.
    const asked: string[] = []
    editor.once('dialog', (dialog) => {
      asked.push(dialog.type())
      void dialog.dismiss()
    })
    await editor.evaluate(() => setTimeout(() => location.reload(), 0))
    await expect.poll(() => asked).toEqual(['beforeunload'])
    expect(await name.inputValue()).toBe('Half-typed tag')

    // Cancel asks too; discarding returns to the list.
    await editor.getByTestId('form-cancel').click()
    await editor.locator('[data-testid="discard-confirm"]:visible').click()
    await editor.waitForURL(/#\/tags(\?.*)?$/)
    await context.close()
  })
})
