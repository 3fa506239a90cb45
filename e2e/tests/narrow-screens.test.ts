import { describe, expect, it } from 'vitest'
import { loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

describe('lists on narrow screens, end to end in Chromium', () => {
  it('keeps every row action in view and uncovered, and the page from scrolling sideways, down to 375 px', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    for (const width of [1440, 800, 375]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${product.server.url}/#/permissions/admins`)
      const table = page.getByTestId('admins-table')
      await table.locator('tbody tr.ant-table-row').first().waitFor()
      // The page itself does not scroll sideways: a wide table scrolls inside its card.
      // (Strings: the root tsconfig has no DOM types.)
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      )
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0)
      // Each row's last action is on screen, and what is under its centre is the action, not the settings button.
      const links = table.locator('tbody tr [data-testid^="edit-"]')
      for (const link of await links.all()) {
        // Rows below the window are scrolled to first, as a person would.
        await link.scrollIntoViewIfNeeded()
        const box = await link.boundingBox()
        expect(box, `${width} px`).not.toBeNull()
        if (!box) continue
        expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width)
        const hit = await page.evaluate<boolean>(
          `document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2})?.closest('[data-testid^="edit-"]') != null`,
        )
        expect(hit, `${width} px: the edit action is covered`).toBe(true)
      }
      // The breadcrumb stays inside the navbar's one line.
      const navbar = await page.locator('.shell-navbar').boundingBox()
      const crumbs = await page.getByRole('navigation', { name: /breadcrumb/i }).boundingBox()
      if (navbar && crumbs) expect(crumbs.y + crumbs.height).toBeLessThanOrEqual(navbar.y + navbar.height + 1)
    }
    await context.close()
  })
})
