import { presetPeriod, previousPeriod } from '@vod/contract/periods'
import { describe, expect, it } from 'vitest'
import { keepPeriod, periodOfView, searchOfView, viewFromSearch } from '../src/features/analytics/view.ts'

const view = (search: string) => viewFromSearch(new URLSearchParams(search))
/** No campaign or plan picked: what a view holds besides what a test names. */
const none = { campaign: null, plan: null }

describe("an analytics screen's view in its address (issue 36 item 7)", () => {
  it('reads a channel and a preset, a range, and the default for anything else', () => {
    expect(view('channel=3&preset=last30')).toEqual({ preset: 'last30', range: null, channel: 3, ...none })
    expect(view('start_date=2026-10-01&end_date=2026-10-10')).toEqual({
      preset: null,
      range: { start_date: '2026-10-01', end_date: '2026-10-10' },
      channel: null,
      ...none,
    })
    for (const wrong of [
      '',
      'preset=someday',
      'channel=x',
      'channel=0',
      'start_date=2026-10-10&end_date=2026-10-01',
    ])
      expect(view(wrong)).toEqual({ preset: 'last7', range: null, channel: null, ...none })
  })

  it('writes back what it reads, leaving the defaults out', () => {
    for (const search of [
      'channel=3&preset=last30',
      'channel=3&start_date=2026-10-01&end_date=2026-10-10',
      'channel=3&campaign=5&plan=2&preset=last30',
      '',
    ])
      expect(searchOfView(view(search)).toString()).toBe(search)
    expect(searchOfView({ preset: 'last7', range: null, channel: null, ...none }).toString()).toBe('')
  })

  it("gives a view's days, and the period of the same length before", () => {
    expect(periodOfView(view('preset=last7'), 'UTC')).toEqual(periodOfView(view(''), 'UTC'))
    const { start_date, end_date } = periodOfView(view('preset=last30'), 'Asia/Shanghai')
    expect((Date.parse(end_date) - Date.parse(start_date)) / 86_400_000).toBe(29)
    expect(periodOfView(view('start_date=2026-10-01&end_date=2026-10-10'), 'Asia/Shanghai')).toEqual({
      start_date: '2026-10-01',
      end_date: '2026-10-10',
    })
    expect(previousPeriod({ start_date: '2026-11-19', end_date: '2026-11-25' })).toEqual({
      start_date: '2026-11-12',
      end_date: '2026-11-18',
    })
    expect(previousPeriod({ start_date: '2026-03-01', end_date: '2026-03-31' })).toEqual({
      start_date: '2026-01-29',
      end_date: '2026-02-28',
    })
  })
})

describe('the period kept across analytics screens, and last month (issue 58 item 5)', () => {
  it('opens a screen whose address names no period on the one last shown, and a named one as named', () => {
    const range = { start_date: '2026-10-01', end_date: '2026-10-31' }
    keepPeriod({ preset: null, range })
    expect(view('channel=3')).toEqual({ preset: null, range, channel: 3, ...none })
    expect(view('preset=today')).toEqual({ preset: 'today', range: null, channel: null, ...none })
    keepPeriod({ preset: 'lastMonth', range: null })
    expect(view('')).toEqual({ preset: 'lastMonth', range: null, channel: null, ...none })
    keepPeriod({ preset: 'last7', range: null })
  })

  it("gives last month's days in the business zone", () => {
    expect(presetPeriod('lastMonth', 'UTC', new Date('2026-11-27T12:00:00Z'))).toEqual({
      start_date: '2026-10-01',
      end_date: '2026-10-31',
    })
    // At 01:00 on 1 March in Shanghai it is still February in UTC: last month is February there, January in UTC.
    const at = new Date('2026-02-28T17:00:00Z')
    expect(presetPeriod('lastMonth', 'Asia/Shanghai', at)).toEqual({
      start_date: '2026-02-01',
      end_date: '2026-02-28',
    })
    expect(presetPeriod('lastMonth', 'UTC', at)).toEqual({ start_date: '2026-01-01', end_date: '2026-01-31' })
  })
})
