import type { Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { until } from '../../test/support/time.ts'
import { englishContext, useProduct } from '../support/product.ts'

const product = useProduct()

/** The prerendered login form never puts the password in an address or in the page's markup (issue 65). */
describe('the login form keeps the password safe, end to end in Chromium', () => {
  it('with a cookie that will not decode, the guard holds and the app sends the login once', async () => {
    const context = await englishContext(product)
    await context.addCookies([{ name: 'bad', value: '%E0%A4%A', url: product.server.url }])
    const page = await context.newPage()
    const requests: Request[] = []
    page.on('request', (request) => requests.push(request))
    await page.goto(`${product.server.url}/#/login`)
    await page.getByLabel('Username').first().fill(product.admin.username)
    await page.getByLabel('Password').first().fill(product.admin.password)
    expect(await page.content()).not.toContain(product.admin.password)
    await page.getByLabel('Password').first().press('Enter')
    await page.waitForURL(/#\/dashboard$/)
    expect(requests.filter((request) => request.url().endsWith('/api/login'))).toHaveLength(1)
    expect(requests.map((request) => request.url()).join(' ')).not.toContain(product.admin.password)
    expect(await page.content()).not.toContain(product.admin.password)
    await context.close()
  })

  it('with boot.js held back, a native submission carries no password in the address', async () => {
    const context = await englishContext(product)
    const page = await context.newPage()
    await page.route(/\/boot\.js$/, () => {
      // Never answered: the form stands alone, as when boot.js arrives late.
    })
    const requests: Request[] = []
    page.on('request', (request) => requests.push(request))
    await page.goto(`${product.server.url}/#/login`, { waitUntil: 'commit' })
    const form = page.locator('.prerendered form').first()
    expect(await form.getAttribute('method')).toBe('post')
    await page.locator('.prerendered').getByLabel('Username').first().fill(product.admin.username)
    const password = page.locator('.prerendered').getByLabel('Password').first()
    await password.fill(product.admin.password)
    expect(await page.content()).not.toContain(product.admin.password)
    await password.press('Enter')
    const submitted = await until(
      'the native submission',
      () => requests.filter((request) => request.isNavigationRequest()),
      (navigations) => navigations.length >= 2,
    )
    for (const request of submitted) expect(request.url()).not.toContain(product.admin.password)
    expect(submitted.at(-1)?.method()).toBe('POST')
    expect(page.url()).not.toContain('password')
    await context.close()
  })
})
