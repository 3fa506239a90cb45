import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../../test/support/time.ts'
import { wallClockIn } from '../../web/src/components/scheduled/zone-clock.ts'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const ZONE = 'Asia/Shanghai'
// A server of its own: its runner looks every half second, and its business zone is not the browser's.
const product = useProduct({ SCHEDULED_CHANGES_INTERVAL_MS: '500', BUSINESS_TIME_ZONE: ZONE })

interface Row {
  id: number
  status: string
  state: string
}

/** The wall clock of the business zone at the start of the next minute, as the form takes it. */
const nextMinuteThere = () => wallClockIn(ZONE, new Date(Math.ceil((Date.now() + 1000) / 60_000) * 60_000))

/** Issue 67 item 4: a take-down scheduled from the record's page runs at its time and the page shows it. */
describe('a take-down scheduled ahead, end to end in Chromium', () => {
  let page: Page
  beforeAll(async () => {
    const context = await loggedInContext(product, 'en')
    page = await context.newPage()
    await page.setViewportSize({ width: 1440, height: 1000 })
  })
  afterAll(() => page?.context().close())

  it('schedules a take-down a minute ahead in the business zone, lists it, and shows the video taken down once it ran', async () => {
    const { data: video } = await asAdmin<{ data: Row }>(product, '/api/videos', {
      method: 'POST',
      body: { title: 'Scheduled launch', serial_number: 'E2E-SCHED-1' },
    })
    await asAdmin(product, `/api/videos/${video.id}/publish`, { method: 'POST' })

    await page.goto(`${product.server.url}/#/videos/show/${video.id}`)
    await page.getByTestId('schedule-open').click()
    await page.getByRole('dialog').getByText('Take down').click()
    const when = page.locator('input[data-testid="schedule-when"], [data-testid="schedule-when"] input')
    await when.click()
    await when.fill(nextMinuteThere())
    await when.press('Enter')
    // The zone it is entered in, and the same instant on the staff member's own clock.
    await page.getByTestId('schedule-zone').getByText(ZONE).waitFor()
    await page.getByTestId('schedule-your-time').waitFor()
    await page.getByTestId('schedule-reason').fill('Licence window closes')
    await page.getByTestId('schedule-save').click()

    const listed = async () =>
      (
        await asAdmin<{ data: Row[] }>(
          product,
          `/api/scheduled-changes?resource=videos&record_id=${video.id}`,
        )
      ).data
    await expect.poll(async () => (await listed()).length).toBe(1)
    const [change] = await listed()
    if (!change) throw new Error('nothing scheduled')
    await page.getByTestId(`schedule-state-${change.id}`).getByText('Pending').waitFor()

    // The Scheduled screen lists it among the pending ones.
    await page.goto(`${product.server.url}/#/scheduled`)
    await page.getByTestId(`schedule-row-${change.id}`).getByText('Scheduled launch').waitFor()

    // Back on the video's page, it shows taken down once the runner has made the change.
    await page.goto(`${product.server.url}/#/videos/show/${video.id}`)
    await page
      .getByTestId(`schedule-state-${change.id}`)
      .getByText('Done')
      .waitFor({ timeout: scaled(120_000) })
    await page.getByTestId('video-taken-down').waitFor()
    await page.getByTestId('video-takedown-reason').getByText('Licence window closes').waitFor()
    const done = await asAdmin<{ data: Row }>(product, `/api/videos/${video.id}`)
    expect(done.data.status).toBe('draft')
  })
})
