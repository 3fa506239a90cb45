import { describe, it } from 'vitest'
import { englishContext, submitLogin, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

const product = useProduct()

describe('an address typed while the app loads, end to end in Chromium', () => {
  it('opens that screen once the screens table arrives, not a blank page', async () => {
    const context = await englishContext(product)
    const page = await context.newPage()
    await submitLogin(page, product)
    await page.waitForURL(/#\/dashboard$/)

    // The screens table (in the shell's chunk, web/boot-chunk.ts) is held back at the next load, while another
    // address is typed.
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
    await page.reload()
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
})
