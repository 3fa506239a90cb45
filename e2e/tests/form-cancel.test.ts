import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

const tabPaths = (page: Page) =>
  page.getByTestId('view-tab').evaluateAll((items) => items.map((item) => item.getAttribute('data-path')))
// Other kept screens stay in the page, hidden: each screen's own field and buttons, by its path.
const screen = (page: Page) => page.locator(`[data-view="${new URL(page.url()).hash.slice(1)}"]`)
const nameField = (page: Page) => screen(page).getByRole('textbox', { name: 'Name' })
const button = (page: Page, testId: string) => screen(page).getByTestId(testId)

/** Opens a screen by its hash, as a link or the address bar would. */
async function open(page: Page, path: string) {
  await page.evaluate(`location.hash = ${JSON.stringify(`#${path}`)}`)
  await page.waitForURL(new RegExp(`#${path}$`))
}

/** A tag named `stored`, and an admin's page on another screen (the profile). */
async function tagAndPage(stored: string) {
  const tag = await asAdmin<{ data: { id: number } }>(product, '/api/tags', {
    method: 'POST',
    body: { name: stored, type: 'genre' },
  })
  const context = await loggedInContext(product, 'en')
  const page = await context.newPage()
  await page.goto(`${product.server.url}/#/profile/index`)
  await page.locator('form:visible').first().waitFor()
  return { id: tag.data.id, context, page }
}

describe('a resource form left with Cancel or saved', () => {
  it('closes its tab and drops its kept screen: reopened, it shows the record as stored', async () => {
    const stored = `Cancel ${Date.now()}`
    const { id, context, page } = await tagAndPage(stored)

    // Edit: the changed name is abandoned.
    await open(page, `/tags/edit/${id}`)
    await expect.poll(() => nameField(page).inputValue()).toBe(stored)
    await nameField(page).fill('Abandoned name')
    await button(page, 'form-cancel').click()
    // Typed and not saved: Cancel asks first.
    await page.locator('[data-testid="discard-confirm"]:visible').click()
    await page.waitForURL(/#\/tags$/)
    await expect.poll(() => tabPaths(page)).not.toContain(`/tags/edit/${id}`)
    await open(page, `/tags/edit/${id}`)
    await expect.poll(() => nameField(page).inputValue()).toBe(stored)

    // Create: the same, and its tab goes too.
    await open(page, '/tags/create')
    await nameField(page).fill('Never created')
    await button(page, 'form-cancel').click()
    await page.locator('[data-testid="discard-confirm"]:visible').click()
    await page.waitForURL(/#\/tags$/)
    await expect.poll(() => tabPaths(page)).not.toContain('/tags/create')
    await open(page, '/tags/create')
    await expect.poll(() => nameField(page).inputValue()).toBe('')

    // Saved: the tab goes, and reopening shows what was saved, not a kept screen.
    await open(page, `/tags/edit/${id}`)
    await nameField(page).fill(`${stored} saved`)
    await button(page, 'form-submit').click()
    await page.waitForURL(/#\/tags$/)
    await expect.poll(() => tabPaths(page)).not.toContain(`/tags/edit/${id}`)
    await open(page, `/tags/edit/${id}`)
    await expect.poll(() => nameField(page).inputValue()).toBe(`${stored} saved`)
    await context.close()
  })

  it('opened again before the list it left for has shown, builds it anew and gives it back its tab', async () => {
    const stored = `Again ${Date.now()}`
    const { id, context, page } = await tagAndPage(stored)
    const path = `/tags/edit/${id}`
    // The list renders in a transition, which the next address interrupts: to React, often no change at all.
    for (let round = 0; round < 8; round++) {
      await open(page, path)
      await expect.poll(() => nameField(page).inputValue()).toBe(stored)
      await nameField(page).fill('Abandoned name')
      await button(page, 'form-cancel').click()
      await page.locator('[data-testid="discard-confirm"]:visible').click()
      await page.waitForURL(/#\/tags$/)
      await open(page, path)
      await expect.poll(() => nameField(page).inputValue()).toBe(stored)
      await expect.poll(() => tabPaths(page)).toContain(path)
    }
    await context.close()
  })
})
