import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, contextAs, elsewhere, loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

/**
 * Saved views between two people (issue 67): admin A lays out the tags list (a filter, a keyword, a column
 * moved, one hidden, compact rows), saves it as a view shared with B's role as that role's default, and copies
 * its link; B opening the tags list with nothing in the address gets that view, and B opening the link gets it.
 * A works through one server process, B through the other (PostgreSQL, global-setup.ts).
 */
const product = useProduct({}, { processes: 2 })
const PASSWORD = 'Views-passw0rd'
const suffix = Date.now().toString(36)

/** The list says which view it shows. */
async function applied(page: Page, text: string) {
  const notice = page.getByTestId('saved-view-applied')
  await shows(notice, text)
  expect(await notice.textContent()).toContain(text)
}

describe('saved views', () => {
  it("opens a view saved by one admin as the other's role default, and from its link", async () => {
    for (const [name, type] of [
      [`Noir ${suffix}`, 'genre'],
      [`Opera ${suffix}`, 'genre'],
      [`Studio ${suffix}`, 'studio'],
    ])
      await asAdmin(product, '/api/tags', { method: 'POST', body: { name, type } })
    const roleName = `Catalogue ${suffix}`
    const role = await asAdmin<{ data: { id: number } }>(product, '/api/roles', {
      method: 'POST',
      body: { name: roleName, permissions: ['list-tags'] },
    })
    const B = { username: `viewer-${suffix}`, password: PASSWORD }
    await asAdmin(product, '/api/admins', {
      method: 'POST',
      body: { ...B, name: `Viewer ${suffix}`, role_ids: [role.data.id] },
    })

    // A: the list as A wants it, saved for B's role as its default.
    const a = await loggedInContext(product, 'en')
    await a.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.server.url })
    const page = await a.newPage()
    await page.goto(`${product.server.url}/#/tags?type=genre&keyword=${suffix}`)
    const rows = page.getByTestId('tags-table').locator('tbody tr.ant-table-row')
    await expect.poll(() => rows.count()).toBe(2)
    await page.getByTestId('tags-columns').click()
    await page.getByTestId('tags-column-name-up').click()
    await page.getByTestId('tags-columns-choice').getByRole('checkbox', { name: 'Type' }).uncheck()
    await page.getByTestId('tags-density').click()
    await page.keyboard.press('Escape')
    await page.getByTestId('saved-views').click()
    await page.getByTestId('saved-views-save').click()
    const name = `Genres ${suffix}`
    await page.getByTestId('saved-views-name').fill(name)
    await page.getByTestId('saved-views-shared').getByText('Some roles').click()
    const roles = page.getByRole('combobox', { name: 'Roles' })
    await roles.click()
    await roles.pressSequentially(roleName)
    await page.locator('.ant-select-dropdown:visible').getByTitle(roleName, { exact: true }).click()
    await page.keyboard.press('Escape')
    await page.getByTestId('saved-views-role-default').check()
    await page.getByTestId('saved-views-submit').click()
    await applied(page, `View “${name}” is applied.`)
    const id = Number(new URL(page.url().replace('/#/', '/')).searchParams.get('view'))
    const saved = await asAdmin<{ data: Record<string, unknown> }>(product, `/api/saved-views/${id}`)
    expect(saved.data).toMatchObject({
      name,
      shared: 'roles',
      role_ids: [role.data.id],
      default_role_ids: [role.data.id],
      density: 'compact',
    })
    expect(new URLSearchParams(saved.data.query as string).get('type')).toBe('genre')
    expect((saved.data.columns as { key: string; shown: boolean }[]).slice(0, 3)).toEqual([
      { key: 'name', shown: true },
      { key: 'id', shown: true },
      { key: 'type', shown: false },
    ])
    await page.getByTestId('saved-views').click()
    await page.getByTestId('saved-views-copy-link').click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`view=${id}`)
    const link = await page.evaluate(() => navigator.clipboard.readText())
    await a.close()

    // B: the tags list with nothing in its address opens on the role's default view.
    const b = await contextAs(elsewhere(product), B, 'en')
    const other = await b.newPage()
    await other.goto(`${product.other.url}/#/tags`)
    await applied(other, `Your role’s default view “${name}” is applied.`)
    const theirRows = other.getByTestId('tags-table').locator('tbody tr.ant-table-row')
    await expect.poll(() => theirRows.count()).toBe(2)
    const fields = () =>
      other
        .getByTestId('tags-table')
        .locator('thead th[data-field]')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-field')))
    await expect.poll(fields).not.toContain('type')
    expect((await fields()).slice(0, 2)).toEqual(['name', 'id'])
    expect(await other.getByTestId('tags-table').getAttribute('data-density')).toBe('compact')

    // Left for the plain list, then the link A copied opens the view again.
    await other.getByTestId('saved-view-plain').click()
    await expect.poll(() => other.getByTestId('saved-view-applied').count()).toBe(0)
    // The link as the other process's address would carry it (one address behind a balancer).
    await other.goto(link.replace(product.server.url, product.other.url))
    await applied(other, `View “${name}” is applied.`)
    await expect.poll(() => theirRows.count()).toBe(2)
    expect(new URL(other.url().replace('/#/', '/')).searchParams.get('type')).toBe('genre')
    await b.close()
  })
})
