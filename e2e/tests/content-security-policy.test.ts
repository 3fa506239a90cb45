import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { asAdmin, englishContext, submitLogin, useProduct } from '../support/product.ts'

const product = useProduct()

/** Records every CSP violation a page reports, from its first script on (the root tsconfig has no DOM types). */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber + ' ' + location.hash);
  });
`
const violations = (page: Page) => page.evaluate<string[]>('window.__cspViolations')

it('the app and the API reference work under the Content Security Policy, violating none of it; stored markup stays text', async () => {
  const context = await englishContext(product)
  await context.addInitScript({ content: RECORD_VIOLATIONS })
  const page = await context.newPage()
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })

  const first = await page.goto(`${product.server.url}/#/login`)
  const policy = first?.headers()['content-security-policy'] ?? ''
  expect(policy).toContain("script-src 'self'")
  expect(policy).toContain("frame-ancestors 'none'")
  await submitLogin(page, product)
  await page.waitForURL(/#\/dashboard$/)
  // Screens with tables, forms, selects, tags, the profile with its authenticator card.
  for (const [path, ready] of [
    ['/#/tags', 'table'],
    ['/#/permissions/admins', 'table'],
    ['/#/permissions/roles/create', 'form'],
    ['/#/permissions/audit-logs', 'table'],
    ['/#/profile/index', 'form'],
  ] as const) {
    await page.goto(`${product.server.url}${path}`)
    await page.locator(`${ready}:visible`).first().waitFor()
  }
  expect(await violations(page)).toEqual([])

  // Stored markup stays text: React escapes it, and the policy would refuse its handler anyway.
  const payload = '<img src=x onerror="window.__xss=1">'
  await asAdmin(product, '/api/tags', { method: 'POST', body: { name: payload, type: 'genre' } })
  await page.goto(`${product.server.url}/#/tags?keyword=onerror`)
  await page.getByText(payload).first().waitFor()
  expect(await page.locator('img[src="x"]').count()).toBe(0)
  expect(await page.evaluate('window.__xss')).toBeUndefined()
  expect(await violations(page)).toEqual([])

  const docs = await page.goto(`${product.server.url}/api/docs/`)
  expect(docs?.headers()['content-security-policy']).toBe(policy)
  await page.locator('.swagger-ui .opblock').first().waitFor()
  expect(await violations(page)).toEqual([])
  expect(refused).toEqual([])
  await context.close()
})
