import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setBusinessZone } from '../src/base/business-zone.ts'
import { scheduledLocale } from '../src/components/scheduled/locale.ts'
import { ScheduleForm } from '../src/components/scheduled/ScheduleForm.tsx'
import { instantOfWallClock, wallClockIn } from '../src/components/scheduled/zone-clock.ts'
import { addLocales } from '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'
import { pendingChange } from './fixtures/scheduled-change.ts'

beforeAll(() => addLocales({ scheduled: scheduledLocale }))
afterEach(() => {
  cleanup()
  setBusinessZone('UTC')
})

const change = pendingChange({
  id: 7,
  resource: 'videos',
  record_id: 3,
  reason: 'Licence ends',
})

/** Issue 67 item 4: a schedule's time is entered on the business zone's clock and shown on the reader's too. */
describe("a schedule's time in the business zone and the reader's", () => {
  it('reads a wall clock of a zone as its instant, on days the offset changes too', () => {
    expect(instantOfWallClock('Asia/Shanghai', '2026-11-30 09:00')?.toISOString()).toBe(
      '2026-11-30T01:00:00.000Z',
    )
    // New York moves to summer time at 02:00 on 8 March 2026: noon that day is 16:00 UTC, the day before 17:00.
    expect(instantOfWallClock('America/New_York', '2026-03-08 12:00')?.toISOString()).toBe(
      '2026-03-08T16:00:00.000Z',
    )
    expect(instantOfWallClock('America/New_York', '2026-03-07 12:00')?.toISOString()).toBe(
      '2026-03-07T17:00:00.000Z',
    )
    expect(instantOfWallClock('Asia/Kathmandu', '2026-07-01 08:00')?.toISOString()).toBe(
      '2026-07-01T02:15:00.000Z',
    )
    expect(wallClockIn('Asia/Shanghai', new Date('2026-11-30T01:00:00Z'))).toBe('2026-11-30 09:00')
    expect(instantOfWallClock('UTC', 'tomorrow')).toBeNull()
  })

  it("shows the change's time on the business clock, names the zone, and says it on the reader's clock as it is typed", async () => {
    setBusinessZone('Asia/Shanghai')
    act(() => useApp.getState().setLanguage('en'))
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ScheduleForm
          resource="videos"
          recordId={3}
          change={change}
          reader="America/New_York"
          onClose={() => {}}
          onSaved={() => {}}
        />
      </QueryClientProvider>,
    )
    const picker = await screen.findByTestId('schedule-when')
    const input = (
      picker instanceof HTMLInputElement ? picker : picker.querySelector('input')
    ) as HTMLInputElement
    expect(input.value).toBe('2026-11-30 09:00')
    expect(screen.getByTestId('schedule-zone').textContent).toBe('Entered in UTC+08:00 Asia/Shanghai')
    expect(screen.getByTestId('schedule-your-time').textContent).toBe(
      'Your time: 2026-11-29 20:00 (America/New_York)',
    )
    // The take-down asks why, as the manual one does.
    expect((screen.getByTestId('schedule-reason') as HTMLTextAreaElement).value).toBe('Licence ends')

    // Typed as a person does: the picker takes what is typed once its input has the focus.
    fireEvent.mouseDown(input)
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: '2026-12-01 18:30' } })
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })
    expect(
      (await screen.findByText('Your time: 2026-12-01 05:30 (America/New_York)')).getAttribute('data-testid'),
    ).toBe('schedule-your-time')
  })
})
