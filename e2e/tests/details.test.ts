import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { SECRET_PHRASE } from '../../web/src/shell/easter-egg/secret-phrase.ts'
import { loggedInContext, useProduct } from '../support/product.ts'
import { arrives, shows } from '../support/waits.ts'

const product = useProduct()

/** A page of a context logged in as the file's admin, in English, on `path`. */
async function logIn(path: string): Promise<Page> {
  const page = await (await loggedInContext(product, 'en')).newPage()
  await page.goto(`${product.server.url}/#${path}`)
  return page
}

const zIndex = (locator: Locator) =>
  locator.evaluate((element) => Number(element.ownerDocument.defaultView?.getComputedStyle(element).zIndex))

describe('details a walkthrough found, end to end in Chromium', () => {
  it('the create-admin form: the password is marked required; errors are Chinese, then English after a switch', async () => {
    const page = await logIn('/permissions/admins/create')
    await page.getByTestId('language-switch').selectOption('zh-cn')
    const passwordLabel = page.locator('.ant-form-item-label label', { hasText: /^密码$/ })
    await passwordLabel.waitFor()
    expect(await passwordLabel.getAttribute('class')).toContain('ant-form-item-required')

    const email = page.getByRole('textbox', { name: '邮箱' })
    await email.fill('not-an-email')
    await email.press('Tab')
    await page.getByText('邮箱不是有效的邮箱地址。', { exact: true }).waitFor()
    await page.getByTestId('language-switch').selectOption('en')
    await page.getByText('The E-mail field must be a valid email address.', { exact: true }).waitFor()
    // (The old message fades out.)
    await expect.poll(() => page.getByText('邮箱不是有效的邮箱地址。').count()).toBe(0)
    await page.context().close()
  })

  it('/auth-redirect typed in while logged in goes on to the app', async () => {
    const page = await logIn('/tags')
    await shows(page.getByTestId('sidebar'), "the app's sidebar")
    await page.goto(`${product.server.url}/#/auth-redirect`)
    await arrives(page, /#\/dashboard$/, 'the dashboard')
    await shows(page.getByTestId('sidebar'), "the app's sidebar")
    await page.context().close()
  })

  it('the easter egg plays under an open drawer, not over it', async () => {
    const page = await logIn('/tags')
    await page.getByTestId('settings-button').click()
    const drawer = page.locator('.ant-drawer:visible').first()
    await drawer.waitFor()
    await page.keyboard.type(SECRET_PHRASE)
    const canvas = page.getByTestId('easter-egg')
    await canvas.waitFor()
    expect(await zIndex(canvas)).toBeLessThan(await zIndex(drawer))
    await page.context().close()
  })
})
