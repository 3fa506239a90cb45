import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUPER_ADMIN_ROLE } from '../../contract/src/permissions.ts'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

const product = useProduct()

interface Tag {
  id: number
  name: string
}

/** Another super-admin, with a display name apart from the login, and its token: the other editor. */
async function otherEditor(name: string) {
  const roles = await asAdmin<{ data: { id: number; name: string }[] }>(product, '/api/roles?per_page=100')
  const role = roles.data.find((each) => each.name === SUPER_ADMIN_ROLE)
  const credentials = { username: `olga-${randomBytes(3).toString('hex')}`, password: 'e2e-passw0rd' }
  await asAdmin(product, '/api/admins', {
    method: 'POST',
    body: { ...credentials, name, role_ids: [role?.id] },
  })
  const res = await fetch(`${product.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  })
  const { access_token: token } = (await res.json()) as { access_token: string }
  return { ...credentials, token }
}

/**
 * Issue 58 item 7: a save refused because someone saved first (412) is where the eye is: the form scrolls to
 * the change list and says so beside the save button; one line a field, named as the form names it (a video's
 * genres once, as 题材, where the record's `tags` and `tag_ids` gave two lines of 标签), the other editor by
 * name. In Chinese at 1920 px.
 */
describe('an edit conflict where the eye is', () => {
  let page: Page
  beforeAll(async () => {
    page = await (await loggedInContext(product)).newPage()
    await page.setViewportSize({ width: 1920, height: 1080 })
  })
  afterAll(() => page?.context().close())

  it('scrolls to their change, one line for the genres by name, and names them beside the save button', async () => {
    const genres = await asAdmin<{ data: Tag[] }>(product, '/api/tags?type=genre&per_page=2')
    const [before, after] = genres.data as [Tag, Tag]
    const serial = `E2E-CF-${randomBytes(3).toString('hex')}`
    const { data: video } = await asAdmin<{ data: { id: number } }>(product, '/api/videos', {
      method: 'POST',
      body: { title: 'E2E Conflict film', serial_number: serial, tag_ids: [before.id] },
    })
    const olga = await otherEditor('Olga Other')

    await page.goto(`${product.server.url}/#/videos/edit/${video.id}`)
    const title = page.getByRole('textbox', { name: '标题' })
    await expect.poll(() => title.inputValue()).toBe('E2E Conflict film')

    // Olga saves the genres while the form is open.
    const saved = await fetch(`${product.server.url}/api/videos/${video.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${olga.token}` },
      body: JSON.stringify({ tag_ids: [after.id] }),
    })
    expect(saved.status).toBe(200)

    await title.fill('E2E Conflict film, mine')
    const save = page.getByTestId('form-submit')
    await save.scrollIntoViewIfNeeded()
    await save.click()

    // Beside the save button, in words, naming Olga by her name.
    const note = page.getByTestId('edit-conflict-note')
    await shows(note, 'the note beside the save button')
    expect(await note.textContent()).toContain(`Olga Other（${olga.username}）`)
    expect(await note.textContent()).toContain('未保存')
    const [noteBox, saveBox] = [await note.boundingBox(), await save.boundingBox()]
    expect(noteBox && saveBox && Math.abs(noteBox.y - saveBox.y) < saveBox.height).toBe(true)

    // The change list scrolled into the window, not left above it.
    const changes = page.getByTestId('edit-conflict-changes')
    await shows(changes, 'the change list')
    await expect
      .poll(async () => {
        const box = await changes.boundingBox()
        return box !== null && box.y >= 0 && box.y + box.height <= 1080
      })
      .toBe(true)
    expect(await page.getByTestId('edit-conflict').textContent()).toContain('Olga Other')

    // One line, the genre picker's, by the tags' names; no "标签" line for `tags` and `tag_ids`.
    const lines = changes.locator('li')
    await expect.poll(() => lines.count()).toBe(1)
    await expect.poll(() => lines.first().textContent()).toBe(`题材: ${before.name} → ${after.name}`)

    // Theirs applied on top of mine saves both.
    await page.getByTestId('edit-conflict-apply').click()
    await save.click()
    await page.waitForURL(/#\/videos(\?.*)?$/)
    const { data: now } = await asAdmin<{ data: { title: string; tags: Tag[] } }>(
      product,
      `/api/videos/${video.id}`,
    )
    expect(now.title).toBe('E2E Conflict film, mine')
    expect(now.tags.map((tag) => tag.id)).toEqual([after.id])
  })
})
