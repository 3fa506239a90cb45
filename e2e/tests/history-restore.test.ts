import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { asAdmin, elsewhere, loggedInContext, useProduct } from '../support/product.ts'
import { arrives, shows } from '../support/waits.ts'

/** The setup and the other person's edits through one server process, the page on the other (PostgreSQL). */
const product = useProduct({}, { processes: 2 })

interface Tag {
  id: number
  name: string
  version: string
}
interface Entry {
  id: number
  action: string
  changes: Record<string, unknown> | null
}

const tagOf = async (id: number) => (await asAdmin<{ data: Tag }>(product, `/api/tags/${id}`)).data
const historyOf = async (id: number) =>
  (await asAdmin<{ data: Entry[] }>(product, `/api/tags/${id}/history`)).data
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name' })

/** The tag's edit screen as the record is now, its form filled. */
async function openEdit(page: Page, id: number, name: string) {
  await page.goto(`${product.other.url}/#/tags/edit/${id}`)
  await page.reload()
  await expect.poll(() => nameField(page).inputValue()).toBe(name)
}

/** "Restore these values" on an entry, confirmed. */
async function restoreEntry(page: Page, entry: number) {
  const button = page.getByTestId(`history-restore-${entry}`)
  await shows(button, `the restore button of entry ${entry}`)
  await button.click()
  await page.getByRole('button', { name: 'Restore', exact: true }).click()
}

describe("a record's history on its edit screen (issue 67 item 2)", () => {
  it('restores the values an edit changed into the form, and says why a restore that breaks a rule is refused', async () => {
    const suffix = randomBytes(3).toString('hex')
    const first = `Restore noir ${suffix}`
    const second = `Restore neo-noir ${suffix}`
    const made = await asAdmin<{ data: Tag }>(product, '/api/tags', {
      method: 'POST',
      body: { name: first, type: 'genre' },
    })
    const id = made.data.id
    const page = await (await loggedInContext(elsewhere(product), 'en')).newPage()

    // An edit through the form.
    await openEdit(page, id, first)
    await nameField(page).fill(second)
    await page.getByTestId('form-submit').click()
    await arrives(page, /#\/tags(\?.*)?$/, 'the tags list after saving')
    await expect.poll(async () => (await tagOf(id)).name).toBe(second)

    // Its entry in the history, field by field, and restored from there into the form.
    await openEdit(page, id, second)
    const [edit] = (await historyOf(id)) as [Entry]
    expect(edit).toMatchObject({ action: 'update', changes: { name: [first, second] } })
    const history = page.getByTestId('tags-history')
    await expect.poll(() => history.textContent()).toContain(`Name: ${first} → ${second}`)
    await restoreEntry(page, edit.id)
    await expect.poll(() => nameField(page).inputValue()).toBe(first)
    expect((await tagOf(id)).name).toBe(first)
    await expect.poll(() => history.textContent()).toContain(`Restored from entry #${edit.id}`)

    // Renamed elsewhere, and the name it had taken by another genre meanwhile: the restore is refused.
    const third = `Restore later ${suffix}`
    await asAdmin(product, `/api/tags/${id}`, { method: 'PUT', body: { name: third } })
    await asAdmin(product, '/api/tags', { method: 'POST', body: { name: first, type: 'genre' } })
    await openEdit(page, id, third)
    await restoreEntry(page, edit.id)
    const refused = page.getByTestId('history-restore-refused')
    await shows(refused, 'why the restore was refused')
    expect(await refused.textContent()).toContain(`Entry #${edit.id} could not be restored`)
    // The rule's own words: the name is another tag's now.
    expect(await refused.textContent()).toContain('has already been taken')
    expect(await nameField(page).inputValue()).toBe(third)
    expect((await tagOf(id)).name).toBe(third)

    await page.context().close()
  })
})
