import type { Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { englishContext, loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

const product = useProduct()

describe('while the app loads, end to end in Chromium', () => {
  it('an address typed opens that screen once the screens table arrives, not a blank page', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()

    // The screens table (in the shell's chunk, web/boot-chunk.ts) is held back as the app loads, logged in, at
    // one address, while another address is typed.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let asked = () => {}
    const requested = new Promise<void>((resolve) => {
      asked = resolve
    })
    await page.route(/\/assets\/shell-[\w-]+\.js$/, async (route) => {
      asked()
      await held
      await route.continue()
    })
    await page.goto(`${product.server.url}/#/tags`)
    await requested
    // (A string: the root tsconfig has no DOM types.)
    await page.evaluate("window.location.hash = '#/videos'")
    release()
    await shows(
      page.locator('[data-testid="videos-table"]:visible tbody tr.ant-table-row'),
      'the videos typed in while the screens table was held back',
    )
    await context.close()
  })

  it('a login sent on the prerendered form is sent once, as the app takes over', async () => {
    const context = await englishContext(product)
    const page = await context.newPage()
    // The app's code is held back: what shows is the login screen index.html carries.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    const logins: Request[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) logins.push(request)
    })
    await page.goto(`${product.server.url}/#/login`)
    await page.locator('.prerendered').getByLabel('Username').fill(product.admin.username)
    await page.locator('.prerendered').getByLabel('Password').fill(product.admin.password)
    await page.locator('.prerendered').getByRole('button', { name: 'Login' }).click()
    expect(page.url()).not.toContain('password')
    release()
    await page.waitForURL(/#\/dashboard$/)
    expect(logins).toHaveLength(1)
    await context.close()
  })
})
