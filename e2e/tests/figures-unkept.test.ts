import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../server/test/support/databases.ts'
import { loggedInContext, useProduct } from '../support/product.ts'
import { shows } from '../support/waits.ts'

/**
 * The product on a PostgreSQL without logical decoding (the run's: wal_level replica) keeps no figures
 * (issue 64 item 9): the dashboard says why and which setting mends it, in the screen's language, and the
 * analytics screens the same, while the rest of the shell works.
 */
const database = await createTestDatabase('postgres')
const product = useProduct({
  DATABASE_URL: database.url as string,
  SEED_DEMO: '0',
  FIGURES_WITHOUT_STREAM: 'none',
})
afterAll(() => database.drop())

describe('figures on a PostgreSQL without logical decoding', () => {
  it('the dashboard and the analytics say why there are none, in both languages', async () => {
    const english = await (await loggedInContext(product, 'en')).newPage()
    await english.goto(`${product.server.url}/#/dashboard`)
    const said = english.getByTestId('dashboard-error')
    // The way is chosen once the server is up: until then the figures (none yet) answer as kept.
    await shows(said, 'the dashboard saying no figures are kept', 60_000)
    expect(await said.textContent()).toContain('wal_level = logical')
    expect(await said.textContent()).toContain('rds.logical_replication = 1')

    await english.goto(`${product.server.url}/#/analytics/daily/revenue`)
    const alert = english.getByRole('alert').filter({ hasText: 'No figures are kept' })
    await shows(alert, 'the revenue screen saying no figures are kept')

    const chinese = await (await loggedInContext(product)).newPage()
    await chinese.goto(`${product.server.url}/#/dashboard`)
    const chineseSaid = chinese.getByTestId('dashboard-error')
    await shows(chineseSaid, 'the dashboard saying no figures are kept, in Chinese')
    expect(await chineseSaid.textContent()).toContain('未保存任何统计数据')
  })
})
