import type { axeChecks } from './axe.ts'
import { bothLanguages, loggedInContext, type Product } from './product.ts'
import { namingFaults } from './vocabulary.ts'

type Accessible = ReturnType<typeof axeChecks>

/**
 * A screen's card of the restatements of closed months (`hash`: its route and period), in both languages: its
 * title, its months said closed or not and its changes listed or said to be none; what it says named in the
 * language's vocabulary and accessible. Answers the faults found, none when it is right.
 */
export async function restatementsCardFaults(
  product: Product,
  hash: string,
  where: string,
  accessible: Accessible,
): Promise<string[]> {
  const found: string[] = []
  const within = '[data-testid="restatements"]'
  for (const { language, cookie } of bothLanguages) {
    const context = await loggedInContext(product, cookie, { bypassCSP: true })
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#${hash}`)
    const section = page.locator(within)
    const title = language === 'en' ? 'Restatements of closed months' : '已关账月份的重述'
    await section.getByText(title, { exact: true }).waitFor()
    await section
      .locator('[data-testid="restatements-closed"], [data-testid="restatements-none"]')
      .first()
      .waitFor()
    found.push(...(await namingFaults(page, within, language, where)))
    found.push(await accessible(page, `${language} ${where}`, { within }))
    await context.close()
  }
  return found.filter(Boolean)
}
