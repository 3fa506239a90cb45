import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SUPER_ADMIN_ROLE } from '../../contract/src/permissions.ts'
import { asAdmin, contextAs, elsewhere, loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

/** The records are made through one server process; Lin, in the last test, works through the other (PostgreSQL). */
const product = useProduct({}, { processes: 2 })

interface Member {
  id: number
  first_name: string | null
  last_name: string | null
  phone: string | null
}

const memberOf = async (id: number) => (await asAdmin<{ data: Member }>(product, `/api/users/${id}`)).data

/** The member's edit screen in a page of its own session, its record loaded into the form. */
async function editScreen(id: number): Promise<Page> {
  const page = await (await loggedInContext(product, 'en')).newPage()
  await page.goto(`${product.server.url}/#/users/edit/${id}`)
  await expect.poll(() => page.getByRole('textbox', { name: 'Username' }).inputValue()).not.toBe('')
  return page
}
const field = (page: Page, name: string) => page.getByRole('textbox', { name })

describe('two pages editing one member', () => {
  it('the later save is refused, keeps its input, shows the other change and saves both once applied', async () => {
    const username = `conflict_${randomBytes(3).toString('hex')}`
    const created = await asAdmin<{ data: { ids: number[] } }>(product, '/api/users/batch-create', {
      method: 'POST',
      body: { rows: [{ username }] },
    })
    const id = created.data.ids[0] as number
    const first = await editScreen(id)
    const second = await editScreen(id)

    // The second page saves first.
    await field(second, 'First name').fill('Theirs')
    await second.getByTestId('form-submit').click()
    await second.waitForURL(/#\/users(\?.*)?$/)
    await expect.poll(async () => (await memberOf(id)).first_name).toBe('Theirs')

    // The first page, opened before that save, saves a change of its own: refused, nothing written.
    await field(first, 'Last name').fill('Mine')
    await field(first, 'Phone').fill('+1 555 0100')
    await first.getByTestId('form-submit').click()
    const conflict = first.getByTestId('edit-conflict')
    await shows(conflict, 'the conflict panel')
    expect(await conflict.textContent()).toContain('saved this record at')
    // Their change, field by field, beside the input it kept.
    const theirs = first.getByTestId('edit-conflict-changes')
    expect(await theirs.textContent()).toMatch(/First name:.*Theirs/)
    expect(await field(first, 'Last name').inputValue()).toBe('Mine')
    expect(await field(first, 'First name').inputValue()).toBe('')
    expect((await memberOf(id)).last_name).toBeNull()
    expect(first.url()).toContain(`/users/edit/${id}`)

    // Theirs on top of mine, then saved: both changes are kept.
    await first.getByTestId('edit-conflict-apply').click()
    await expect.poll(() => field(first, 'First name').inputValue()).toBe('Theirs')
    expect(await field(first, 'Last name').inputValue()).toBe('Mine')
    await first.getByTestId('form-submit').click()
    await first.waitForURL(/#\/users(\?.*)?$/)
    expect(await memberOf(id)).toMatchObject({
      first_name: 'Theirs',
      last_name: 'Mine',
      phone: '+1 555 0100',
    })

    await first.context().close()
    await second.context().close()
  })

  it('reload drops the input and shows the record as the other page saved it', async () => {
    const username = `reload_${randomBytes(3).toString('hex')}`
    const created = await asAdmin<{ data: { ids: number[] } }>(product, '/api/users/batch-create', {
      method: 'POST',
      body: { rows: [{ username, first_name: 'Before' }] },
    })
    const id = created.data.ids[0] as number
    const first = await editScreen(id)
    await asAdmin(product, `/api/users/${id}`, { method: 'PUT', body: { first_name: 'Elsewhere' } })
    await field(first, 'Last name').fill('Dropped')
    await first.getByTestId('form-submit').click()
    await shows(first.getByTestId('edit-conflict'), 'the conflict panel')
    await first.getByTestId('edit-conflict-reload').click()
    await expect.poll(() => field(first, 'First name').inputValue()).toBe('Elsewhere')
    expect(await field(first, 'Last name').inputValue()).toBe('')
    expect(await first.getByTestId('edit-conflict').count()).toBe(0)
    expect((await memberOf(id)).last_name).toBeNull()
    await first.context().close()
  })

  it('a merged save that moves the record out of the list it came from says so, and clears the filters', async () => {
    const digits = String(randomBytes(3).readUIntBE(0, 3)).padStart(8, '7')
    const created = await asAdmin<{ data: { ids: number[] } }>(product, '/api/users/batch-create', {
      method: 'POST',
      body: { rows: [{ username: `moved_${digits}`, phone: `+1 555 ${digits}` }] },
    })
    const id = created.data.ids[0] as number
    const page = await (await loggedInContext(product, 'en')).newPage()
    await page.goto(`${product.server.url}/#/users?keyword=${digits}`)
    await page.getByTestId(`edit-${id}`).click()
    await expect.poll(() => field(page, 'Phone').inputValue()).toBe(`+1 555 ${digits}`)
    await asAdmin(product, `/api/users/${id}`, { method: 'PUT', body: { first_name: 'Elsewhere' } })

    // Refused, then saved on top of theirs with a phone the list's keyword no longer finds.
    await field(page, 'Phone').fill('+1 555 0199')
    await page.getByTestId('form-submit').click()
    await page.getByTestId('edit-conflict-apply').click()
    await expect.poll(() => field(page, 'First name').inputValue()).toBe('Elsewhere')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(new RegExp(`#/users\\?keyword=${digits}$`))
    const notice = page.getByTestId('saved-out-of-view')
    await shows(notice, 'the notice that the saved record is filtered away')
    expect(await notice.textContent()).toContain(`moved_${digits}`)

    await notice.getByRole('button', { name: 'Clear filters' }).click()
    await page.waitForURL(/#\/users$/)
    await shows(page.getByTestId(`edit-${id}`), 'the saved record on the list')
    expect(await notice.count()).toBe(0)
    await page.context().close()
  })

  it("another person's editing shows on the list's row and on the record, and their save before one's own", async () => {
    const roles = await asAdmin<{ data: { id: number; name: string }[] }>(product, '/api/roles?per_page=100')
    const lin = { username: `lin_${randomBytes(3).toString('hex')}`, password: 'e2e-passw0rd' }
    await asAdmin(product, '/api/admins', {
      method: 'POST',
      body: {
        ...lin,
        name: 'Lin',
        role_ids: [roles.data.find((role) => role.name === SUPER_ADMIN_ROLE)?.id],
      },
    })
    const username = `shared_${randomBytes(3).toString('hex')}`
    const created = await asAdmin<{ data: { ids: number[] } }>(product, '/api/users/batch-create', {
      method: 'POST',
      body: { rows: [{ username }] },
    })
    const id = created.data.ids[0] as number

    // Lin opens the member and starts typing.
    const theirs = await (await contextAs(elsewhere(product), lin)).newPage()
    await theirs.goto(`${product.other.url}/#/users/edit/${id}`)
    await expect.poll(() => field(theirs, 'Username').inputValue()).toBe(username)
    await field(theirs, 'First name').fill('Lin typed')
    await expect
      .poll(async () => (await asAdmin<{ data: unknown[] }>(product, `/api/presence/users?ids=${id}`)).data)
      .toHaveLength(1)

    // The list marks the row; the record says who is editing it.
    const mine = await (await loggedInContext(product, 'en')).newPage()
    await mine.goto(`${product.server.url}/#/users?keyword=${username}`)
    await shows(mine.getByTestId(`editing-${id}`), "the row's mark")
    expect(await mine.getByTestId(`editing-${id}`).getAttribute('aria-label')).toBe('Editing now: Lin')
    await mine.getByTestId(`edit-${id}`).click()
    await shows(mine.getByTestId('record-presence'), 'who else is on the record')
    expect(await mine.getByTestId('presence-summary').textContent()).toBe('Editing now: Lin')

    // Lin saves: this form shows their change before saving anything of its own.
    await field(mine, 'Last name').fill('Mine')
    await theirs.getByTestId('form-submit').click()
    const conflict = mine.getByTestId('edit-conflict')
    await shows(conflict, 'their save, told')
    expect(await conflict.textContent()).toContain('Lin saved a newer version of this record.')
    expect(await mine.getByTestId('edit-conflict-changes').textContent()).toMatch(/First name:.*Lin typed/)
    await mine.getByTestId('edit-conflict-apply').click()
    await mine.getByTestId('form-submit').click()
    await mine.waitForURL(/#\/users\?keyword=/)
    expect(await memberOf(id)).toMatchObject({ first_name: 'Lin typed', last_name: 'Mine' })
    await theirs.context().close()
    await mine.context().close()
  })
})
